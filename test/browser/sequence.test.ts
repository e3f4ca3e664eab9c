// "Add to a sequence" in headless Chromium, answered by the add-on in the local host: opened from
// the menu on its section, the sequences that take no leads disabled with why, the columns sent
// as fields, an override, a mailbox to send from, the check of the selection, the sending, its Send in view above many
// columns, and hostile text kept as text.
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../toolkit/chromium';
import { KEY, sequenceWorld } from '../support/sequence-world';
import { openSidebar } from './harness';

const HOSTILE = '<img src=x onerror="document.body.dataset.pwned=1">';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

test('from the menu: pick a sequence, choose fields and an override, check, send', async () => {
  const w = sequenceWorld();
  const contacted = w.service.sequences(KEY)!.lead_examples.recently_contacted[0]!;
  w.host.sheet().load([
    ['First name', 'Email', 'Company', HOSTILE],
    ['Ann', 'ann@prospects1.example', 'Acme', 'x'],
    ['Ann again', 'ANN@prospects1.example', 'Acme', 'x'],
    ['Nobody', '', 'Acme', 'x'],
    ['Lately', contacted, 'Initech', 'x'],
  ]);
  w.host.select('Sheet1!A1:D5');
  expect(w.host.clickMenu('Add to a sequence…').ok).toBe(true);
  const { page } = await openSidebar(browser, w, undefined, w.host.ui.sidebars().at(-1)!.html);
  const form = page.locator('#seq-form');
  const picker = page.getByLabel('Sequence', { exact: true });
  await page.locator('#seq-sequence option').nth(7).waitFor({ state: 'attached' });
  expect(await page.getByRole('tab', { name: 'Tools' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.locator('#seq-sequence option:disabled').allTextContents()).toEqual(
    expect.arrayContaining(['Webinar Invitations (draft: not started)', 'Trial Nurture 2024 (being archived)']),
  );
  expect(await page.locator('#seq-sequence option:not(:disabled)').count()).toBe(3);
  await picker.selectOption({ label: 'Inbound Follow-up' });
  await page.getByLabel('Add people contacted in the last 30 days').check();
  await form.getByRole('button', { name: 'Check selection' }).click();
  const summary = page.locator('#seq-summary');
  await summary.filter({ hasText: 'to send to "Inbound Follow-up"' }).waitFor();
  expect(await summary.textContent()).toBe(
    '2 rows of 4 selected rows to send to "Inbound Follow-up". Leads are found by "Email" (email).' +
      ' Left out: 1 row: repeated in the selection; 1 row: no email or profile URL.',
  );
  // The other columns, each to tick, with a field name to change; the hostile header as text.
  await page.getByLabel('Send Company').check();
  await page.getByLabel('Field for Company').fill('company_name');
  expect(await page.locator('#seq-mapping').textContent()).toContain(HOSTILE);
  expect(await page.getByLabel('Send First name').isChecked()).toBe(false);
  // Sent from one of the account's active mailboxes, listed by address after the sequence's own.
  const from = page.getByLabel('Send from');
  await page.locator('#seq-mailbox option', { hasText: 'jordan@sales.example' }).waitFor({ state: 'attached' });
  expect(await page.locator('#seq-mailbox option').first().textContent()).toBe("The sequence's own mailboxes");
  expect(await page.locator('#seq-mailbox option').count()).toBe(17);
  await from.selectOption({ label: 'jordan@sales.example' });
  await form.getByRole('button', { name: 'Send' }).click();
  await page.locator('#seq-result').filter({ hasText: 'done' }).waitFor();
  expect(await page.locator('#seq-result').textContent()).toBe(
    'Add to "Inbound Follow-up": 2 done, 2 skipped: repeated in the selection (1 row); no email or profile URL (1 row).',
  );
  expect(w.taken.map((l) => [l.email, l.data, l.overrides])).toEqual([
    ['ann@prospects1.example', { company_name: 'Acme' }, { ignore_recently_contacted: true }],
    [contacted, { company_name: 'Initech' }, { ignore_recently_contacted: true }],
  ]);
  const posted = w.host.requests.filter((q) => q.method === 'POST' && q.url.endsWith('/leads')).map((q) => JSON.parse(q.body).settings);
  expect(posted.length).toBeGreaterThan(0);
  expect(posted.every((x) => typeof x?.mailbox_id === 'string')).toBe(true);
  expect(await page.evaluate('document.body.dataset.pwned')).toBeUndefined();
  await page.close();
});

test('in a frame 533 px tall, the estimate and Send of 30 columns stay in view, the footer flashing', async () => {
  const w = sequenceWorld();
  const headers = ['Email', ...Array.from({ length: 30 }, (_, i) => `Field ${i + 1}`)];
  w.host.sheet().load([headers, ['ann@prospects1.example', ...headers.slice(1).map((h) => `${h} of Ann`)]]);
  w.host.select('Sheet1!A1:AE2');
  expect(w.host.clickMenu('Add to a sequence…').ok).toBe(true);
  const { page } = await openSidebar(browser, w, undefined, w.host.ui.sidebars().at(-1)!.html);
  await page.setViewportSize({ width: 300, height: 533 });
  await page.locator('#seq-sequence option').nth(7).waitFor({ state: 'attached' });
  await page.locator('#seq-check').click();
  await page.locator('#seq-summary').filter({ hasText: 'to send to' }).waitFor();
  expect(await page.locator('#seq-mapping input[type="checkbox"]').count()).toBe(30);
  for (const id of ['#seq-summary', '#seq-send']) {
    const box = (await page.locator(id).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(533);
  }
  expect(await page.locator('#seq-foot.fresh').count()).toBe(1);
  await page.close();
});

test('Send is off, saying why, when the checked selection has no row to send; on again once a check finds one', async () => {
  const w = sequenceWorld();
  w.host.sheet().load([
    ['First name', 'Email'],
    ['Nobody', ''],
    ['Ann', 'ann@prospects1.example'],
  ]);
  w.host.select('Sheet1!A2:B2');
  expect(w.host.clickMenu('Add to a sequence…').ok).toBe(true);
  const { page } = await openSidebar(browser, w, undefined, w.host.ui.sidebars().at(-1)!.html);
  const form = page.locator('#seq-form');
  await page.locator('#seq-sequence option:not(:disabled)').first().waitFor({ state: 'attached' });
  const summary = page.locator('#seq-summary');
  await form.getByRole('button', { name: 'Check selection' }).click();
  await summary.filter({ hasText: 'Nothing to send' }).waitFor();
  expect(await summary.textContent()).toMatch(
    /^0 rows of 1 selected row to send to ".+"\. .* Nothing to send: select rows to add and check again\.$/,
  );
  expect(await form.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);

  w.host.select('Sheet1!A2:B3');
  await form.getByRole('button', { name: 'Check selection' }).click();
  await summary.filter({ hasText: /^1 row of 2 selected rows/ }).waitFor();
  expect(await summary.textContent()).not.toContain('Nothing to send');
  expect(await form.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
  await page.close();
});
