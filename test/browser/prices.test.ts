// Prices and spend in their parts, as the sidebar shows them: the Run tab's estimate names what a
// lead list pays for (people found and the emails validated, ticked by default), a job card says
// what its job spent, and the Connected view the day's and month's spend.
import type { Browser } from 'playwright-core';
import { addonWorld, column, connect, runTriggers, type World } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar, pollUntil } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

function sheetWorld(rows: number): World {
  const w = addonWorld({ service: { processingRate: 0.5 } });
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: rows }, (_, i) => [`Person ${i}`, `person${i}@company${i % 7}.com`])]);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  w.host.open();
  connect(w, 'demo-key-alpha');
  return w;
}

test("a new lead list's estimate names the people found and the emails validated; its card, what it spent", async () => {
  const w = sheetWorld(9);
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('lead_list');
  await page.locator('#run-list-name').fill('Priced');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'It can spend' }).waitFor();
  expect(await page.locator('#run-summary').textContent()).toContain(
    'It can spend up to 13.5 email credits (up to 9 people found at 0.5, up to 9 emails validated at 1).',
  );
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  await page.locator('#jobs-list .job').waitFor();
  await pollUntil(sidebar, '#jobs-list .job.done');
  const added = column(w, 'Lead list · Status').filter((s) => s === 'Added to list').length;
  expect(added).toBeGreaterThan(0);
  const spent = await page.locator('#jobs-list .job .spent').textContent();
  expect(spent).toBe(`Spent: ${added * 1.5} email credits (${added} people found at 0.5, ${added} emails validated at 1)`);
  expect(w.service.account('demo-key-alpha')!.spent.email).toBe(added * 1.5);

  // The Connected view, shown again, has the day's and the month's spend.
  await page.getByRole('tab', { name: 'Connect' }).click();
  await page.locator('#spent-today').filter({ hasText: 'people found' }).waitFor();
  expect(await page.locator('#spent-today').textContent()).toBe(spent!.replace('Spent: ', ''));
  expect(await page.locator('#spent-month').textContent()).toBe(spent!.replace('Spent: ', ''));
  await page.close();
});

test('company enrichment says it is free', async () => {
  const w = sheetWorld(3);
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('company');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Company enrichment is free.' }).waitFor();
  await page.close();
});

test('a run from the menu while the Connected view shows: coming back to the sidebar shows what it spent', async () => {
  const w = sheetWorld(3);
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Connect' }).click();
  await page.locator('#spent-today', { hasText: 'Nothing yet' }).waitFor();
  // The menu's Validate emails runs in its own executions, the sidebar unaware.
  w.host.ui.answer('YES');
  expect(w.host.clickMenu('Validate emails').ok).toBe(true);
  runTriggers(w);
  expect(w.service.account('demo-key-alpha')!.spent.email).toBe(3);
  await page.evaluate('window.dispatchEvent(new Event("focus"))');
  await page.locator('#spent-today').filter({ hasText: '3 email credits (3 emails validated at 1)' }).waitFor();
  await page.close();
});

test('answers already paid for: the estimate says how many are reused for 0 credits, the age can be set, and a run of reused rows alone starts', async () => {
  const w = sheetWorld(4);
  w.host.ui.answer('YES');
  expect(w.host.clickMenu('Validate emails').ok).toBe(true);
  runTriggers(w);
  // The same addresses on another sheet.
  w.host.sheet('Again').load([
    ['Name', 'Email'],
    ...w.host
      .sheet()
      .values()
      .slice(1, 5)
      .map((r) => [r[0], r[1]]),
  ]);
  w.host.select('Again!A1:B5');
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('email');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'reused' }).waitFor();
  expect(await page.locator('#run-summary').textContent()).toContain('4 answers reused, 0 credits.');
  expect(await page.getByLabel(/Reuse answers this spreadsheet paid for/).inputValue()).toBe('30');
  // Reuse off: the four are bought again, and the estimate says so.
  await page.getByLabel(/Reuse answers this spreadsheet paid for/).fill('0');
  await page.getByLabel(/Reuse answers this spreadsheet paid for/).dispatchEvent('change');
  await page.locator('#run-summary').filter({ hasText: 'It can spend up to 4' }).waitFor();
  expect(await page.locator('#run-summary').textContent()).not.toContain('reused');
  await page.getByLabel(/Reuse answers this spreadsheet paid for/).fill('30');
  await page.getByLabel(/Reuse answers this spreadsheet paid for/).dispatchEvent('change');
  await page.locator('#run-summary').filter({ hasText: 'reused' }).waitFor();
  const requests = w.host.requests.length;
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.locator('#jobs-list .job .spent').filter({ hasText: '4 answers reused, 0 credits' }).waitFor();
  expect(w.host.requests.length).toBe(requests);
  expect(column(w, 'Email · Result', 'Again').every((s) => / · reused, paid \d{4}-\d\d-\d\d$/.test(String(s)))).toBe(true);
  await page.close();
});
