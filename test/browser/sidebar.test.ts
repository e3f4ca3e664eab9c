// The sidebar in headless Chromium, answered by the add-on in the local host: connect, run a
// job and watch it finish, cancel one, and hostile strings shown as text that runs nothing.
import type { Browser } from 'playwright-core';
import { addonWorld, column, connect, OWNER, type World } from '../support/addon-world';
import { launchBrowser, openSidebar } from './harness';

const HOSTILE = '<img src=x onerror="document.body.dataset.pwned=1">';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

function sheetWorld(rows: number, opts: Parameters<typeof addonWorld>[0] = {}): World {
  const w = addonWorld(opts);
  w.host.sheet().load([['Name', 'Email', 'Website'], ...Array.from({ length: rows }, (_, i) => [`Person ${i}`, `person${i}@company${i % 7}.com`, `company${i % 7}.com`])]);
  w.host.select(`Sheet1!A1:C${rows + 1}`);
  w.host.open();
  return w;
}

test('connect: the key is checked, then only the account name and a masked key are shown', async () => {
  const w = sheetWorld(3);
  const { page } = await openSidebar(browser, w);
  await page.getByLabel('API key').fill('demo-key-alpha');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.locator('#account-name').filter({ hasText: 'Alpha Outbound (demo)' }).waitFor();
  expect(await page.locator('#masked-key').textContent()).toBe('••••••••lpha');
  expect(await page.content()).not.toContain('demo-key-alpha');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByLabel('API key').waitFor();
  expect(w.host.userProperties()).toEqual({});
  await page.close();
});

test('a wrong key gets a readable message', async () => {
  const w = sheetWorld(1);
  const { page } = await openSidebar(browser, w);
  await page.getByLabel('API key').fill('not-a-real-key-123');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('alert').filter({ hasText: 'did not accept this API key' }).waitFor();
  await page.close();
});

test('run: the mapping and the estimate, start, and the job watched to the end', async () => {
  const w = sheetWorld(12, { service: { processingRate: 0.5 } });
  connect(w, 'demo-key-alpha');
  const { page, calls } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('email');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Email validation of 12 distinct rows' }).waitFor();
  expect(await page.locator('#run-summary').textContent()).toContain('up to 12 email credits');
  expect(await page.locator('#map-email').inputValue()).toBe('Email');
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  await page.locator('#jobs-list .job.done').waitFor({ timeout: 30000 });
  const bar = page.locator('#jobs-list .job progress');
  expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
  expect(await page.locator('#jobs-list .job').textContent()).toContain('12 of 12 rows');
  expect(calls.filter((c) => c === 'pollJobs').length).toBeGreaterThan(1);
  expect(column(w, 'Email · Result').every((r) => r !== '' && r !== 'Processing')).toBe(true);
  await page.close();
});

test('cancel a running job from the job list', async () => {
  const w = sheetWorld(300, { service: { processingRate: 0.2 } });
  connect(w, 'demo-key-alpha');
  w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('#jobs-list .job.canceled').waitFor();
  expect(column(w, 'Email · Result').filter((r) => r === 'Canceled before it was processed').length).toBeGreaterThan(0);
  await page.close();
});

test('hostile strings from the sheet and the service appear as text and run nothing', async () => {
  const w = addonWorld({ accounts: [{ key: 'hostile-key-1234', name: HOSTILE, credits: { email: 10, phone: 0 } }] });
  w.host.sheet().load([['Email', HOSTILE], ['a@b.com', 'x']]);
  w.host.select('Sheet1!A1:B2');
  w.host.open();
  connect(w, 'hostile-key-1234');
  const { page } = await openSidebar(browser, w, OWNER);
  await page.getByRole('tab', { name: 'Connect' }).click();
  await page.locator('#account-name').filter({ hasText: HOSTILE }).waitFor();
  await page.getByRole('tab', { name: 'Run' }).click();
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#map-email').waitFor();
  const options = await page.locator('#map-title option').allTextContents();
  expect(options).toContain(HOSTILE);
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.evaluate('document.body.dataset.pwned')).toBeUndefined();
  await page.close();
});

test('tools: the tabs answer the arrow keys, and an import fills a new sheet with progress', async () => {
  const w = sheetWorld(2);
  connect(w, 'demo-key-alpha');
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Run' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: 'Tools', selected: true }).waitFor();
  expect(await page.evaluate('document.activeElement.id')).toBe('tab-tools');
  await page.getByLabel('What').selectOption('territories');
  await page.getByRole('button', { name: 'Import' }).click();
  await page.locator('#import-progress').filter({ hasText: 'rows written to "Territories"' }).waitFor();
  const rows = w.host.sheet('Territories').values();
  expect(await page.locator('#import-progress').textContent()).toContain(`${rows.length - 1} rows`);
  await page.close();
});

test('Enter in a field never starts a paid run unseen: it shows the estimate first', async () => {
  const w = sheetWorld(4);
  connect(w, 'demo-key-alpha');
  const { page, calls } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('lead_list');
  await page.getByLabel('Name', { exact: true }).fill('Q4');
  await page.getByLabel('Name', { exact: true }).press('Enter');
  await page.locator('#run-summary').filter({ hasText: 'Lead list of 4 distinct rows' }).waitFor();
  expect(calls).not.toContain('startRun');
  // The preview filled in the person's own address as the list's owner.
  expect(await page.locator('#run-list-owner').inputValue()).toBe(OWNER);
  await page.close();
});
