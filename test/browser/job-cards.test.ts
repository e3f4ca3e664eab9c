// Job cards in headless Chromium, answered by the add-on in the local host: two lead lists' cards
// name their list and whether it is created or added to, and a canceled job's card says how many
// rows were done and how many the cancel ended, never 100%.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../toolkit/chromium';
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';
import { openSidebar } from './harness';

const KEY = 'demo-key-alpha';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

function started(w: World, input: Record<string, unknown>): void {
  const r = w.host.callFromSidebar('startRun', [{ confirmed: true, ...input }]);
  if (!r.ok) throw new Error(r.error?.message);
}

/** The Jobs view, opened once its first poll is answered: each card's title and its progress line. */
async function cards(w: World): Promise<{ page: Page; titles: string[]; hints: string[] }> {
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  await page.locator('#jobs-list .job').first().waitFor();
  expect(sidebar.errors).toEqual([]);
  return {
    page,
    titles: await page.locator('#jobs-list .job .job-head strong').allTextContents(),
    hints: await page.locator('#jobs-list .job > div.hint').allTextContents(),
  };
}

test("two lead lists' cards name their lists, one created and one added to", async () => {
  const w = addonWorld();
  const people = (sheet: string, n: number) =>
    w.host
      .sheet(sheet)
      .load([['Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`P${i}`, `${sheet.toLowerCase()}${i}@example.com`])]);
  people('Sheet1', 3);
  people('Fair', 2);
  w.host.open();
  connect(w, KEY);
  const made = w.service.handle({
    method: 'POST',
    path: '/lead-lists',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Customers 2026', owner: OWNER, type: 'email', leads: [{ email: 'x@notfound.example' }] }),
  });
  const id = String((JSON.parse(made.body) as { id: string }).id);
  w.host.select('Sheet1!A1:B4');
  started(w, { action: 'lead_list', listId: id, options: {} });
  w.host.select('Fair!A1:B3');
  started(w, { action: 'lead_list', list: { name: 'Spring fair', owner: OWNER }, options: { enrich: true } });

  const { page, titles } = await cards(w);
  expect(titles.sort()).toEqual(['Adds to lead list "Customers 2026"', 'Creates lead list "Spring fair"']);
  await page.close();
});

test('a canceled job says how many rows were done and how many were canceled', async () => {
  const rows = 200;
  const w = addonWorld({ service: { processingRate: 2 } });
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: rows }, (_, k) => [`Person ${k}`, `person${k}@company${k % 50}.com`])]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  started(w, { action: 'email' });
  w.host.clock.advance(20000);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ id: string }>;
  expect((w.host.callFromSidebar('cancelJob', [jobs[0]!.id]).value as { state: string }).state).toBe('canceled');
  const results = w.host
    .sheet()
    .values()
    .slice(1)
    .map((r) => String(r[2]));
  const canceled = results.filter((r) => r.startsWith('Canceled')).length;
  expect(canceled).toBeGreaterThan(0);
  expect(canceled).toBeLessThan(rows);

  const { page, hints } = await cards(w);
  expect(hints).toEqual([`Sheet1 · ${rows - canceled} of ${rows} rows done, ${canceled} canceled`]);
  expect(await page.locator('#jobs-list .job progress').getAttribute('value')).toBe(String(rows - canceled));
  await page.close();

  // The menu's Check running jobs now counts the same way, not "200 of 200 rows".
  expect(w.host.clickMenu('Check running jobs now').ok).toBe(true);
  expect(w.host.spreadsheet.toasts.at(-1)?.message).toContain(
    `Email validation on "Sheet1": canceled, ${rows - canceled} of ${rows} rows (${canceled} canceled)`,
  );
});

test("a finished job's card offers Undo this run, asks first naming the credits not returned, then says what was put back", async () => {
  const rows = 4;
  const w = addonWorld();
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: rows }, (_, k) => [`Person ${k}`, `person${k}@company${k}.com`])]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  started(w, { action: 'email' });
  for (let k = 0; k < 20 && w.host.sheet().values()[1]![2] === 'Queued'; k++) w.host.fireNextTrigger();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  const card = page.locator('#jobs-list .job').first();
  await card.getByRole('button', { name: 'Undo this run' }).click();
  const ask = card.getByRole('group', { name: 'Undo this run?' });
  expect(await ask.locator('p').textContent()).toMatch(
    /^Put back what this run's status and result cells held before it.*Credits spent are not returned \(4 email credits/,
  );
  await ask.getByRole('button', { name: 'Put back' }).click();
  await sidebar.answersHandled('undoRun', 1);
  await card.locator('p', { hasText: 'Undone:' }).waitFor();
  expect(await card.locator('p', { hasText: 'Undone:' }).textContent()).toMatch(
    /^Undone: 4 rows put back as before the run\. Credits spent are not returned: this run spent 4 email credits/,
  );
  expect(
    w.host
      .sheet()
      .values()
      .slice(1)
      .every((r) => r.slice(2).every((v) => v === '')),
  ).toBe(true);
  expect(await card.getByRole('button', { name: 'Undo this run' }).isHidden()).toBe(true);
  expect(sidebar.errors).toEqual([]);
  await page.close();
});
