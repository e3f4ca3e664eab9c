// The sidebar in headless Chromium, answered by the add-on in the local host: connect, run a job
// and watch it finish, cancel one (also while a poll is out), polls that disable nothing, keep
// cards in place and keep their pace, and hostile strings shown as text that runs nothing.
import type { Browser } from 'playwright-core';
import { addonWorld, column, connect, OWNER, type World } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar, pollUntil } from './harness';

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
  w.host
    .sheet()
    .load([
      ['Name', 'Email', 'Website'],
      ...Array.from({ length: rows }, (_, i) => [`Person ${i}`, `person${i}@company${i % 7}.com`, `company${i % 7}.com`]),
    ]);
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
  const sidebar = await openSidebar(browser, w);
  const { page, calls } = sidebar;
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('email');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Email validation of 12 distinct rows' }).waitFor();
  expect(await page.locator('#run-summary').textContent()).toContain('up to 12 email credits');
  expect(await page.locator('#map-email').inputValue()).toBe('Email');
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  await page.locator('#jobs-list .job').waitFor();
  await pollUntil(sidebar, '#jobs-list .job.done');
  const bar = page.locator('#jobs-list .job progress');
  expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
  expect(await page.locator('#jobs-list .job').textContent()).toContain('12 of 12 rows');
  expect(calls.filter((c) => c === 'pollJobs').length).toBeGreaterThan(1);
  expect(column(w, 'Email · Result').every((r) => r !== '' && r !== 'Processing')).toBe(true);
  await page.close();
});

test('run: rows selected after the estimate are refused in view with the new estimate, then started on it', async () => {
  const w = sheetWorld(30);
  connect(w, 'demo-key-alpha');
  w.host.select('Sheet1!A1:C5');
  const { page } = await openSidebar(browser, w);
  await page.setViewportSize({ width: 300, height: 400 });
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('email');
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Email validation of 4 distinct rows' }).waitFor();
  // The person selects more rows in the sheet, then presses Start under the old estimate.
  w.host.select('Sheet1!A1:C31');
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'changed since the estimate you saw' });
  await refusal.waitFor();
  // Shown where the person is (the view scrolled down to Start), with the estimate read again.
  await page.locator('#run-summary').filter({ hasText: 'Email validation of 30 distinct rows' }).waitFor();
  const box = await refusal.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(400);
  expect(w.host.sheet().values()[0]).toEqual(['Name', 'Email', 'Website']);
  // Start now spends on what it shows.
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  await page.locator('#jobs-list .job').filter({ hasText: 'of 30 rows' }).waitFor();
  await page.close();
});

test('lead lists: an existing list is offered with how it matches and costs, and the rows are added to it', async () => {
  const w = sheetWorld(5);
  connect(w, 'demo-key-alpha');
  const made = w.service.handle({
    method: 'POST',
    path: '/lead-lists',
    headers: { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Q4 outreach',
      owner: OWNER,
      type: 'email',
      leads: [{ email: 'someone@else.example' }],
      options: { enrich: true },
    }),
  });
  const id = (JSON.parse(made.body) as { id: string }).id;
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('lead_list');
  await page.locator('#run-list-target option', { hasText: 'Q4 outreach (email)' }).waitFor({ state: 'attached' });
  await page.getByLabel('Add the rows to').selectOption(id);
  await page
    .locator('#run-list-note')
    .filter({ hasText: 'Matches leads by email. Each row added costs 0.5 email credits (0.5 for 1 person found).' })
    .waitFor();
  expect(await page.locator('#run-list-new').isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Adding 5 distinct rows of "Sheet1" to the lead list "Q4 outreach"' }).waitFor();
  await page.getByRole('button', { name: 'Start and spend credits' }).click();
  await page.locator('#jobs-list .job').waitFor();
  expect(w.host.requests.filter((q) => q.url.endsWith(`/lead-lists/${id}/leads`))).toHaveLength(1);
  expect(w.host.requests.filter((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/lead-lists'))).toHaveLength(0);
  await page.getByRole('tab', { name: 'Run' }).click();
  await page.getByLabel('Add the rows to').selectOption('');
  expect(await page.locator('#run-list-new').isHidden()).toBe(false);
  await page.close();
});

test('cancel a running job from the job list', async () => {
  const w = sheetWorld(300, { service: { processingRate: 0.2 } });
  connect(w, 'demo-key-alpha');
  w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await pollUntil(sidebar, '#jobs-list .job.canceled');
  expect(column(w, 'Email · Result').filter((r) => r === 'Canceled before it was processed').length).toBeGreaterThan(0);
  await page.close();
});

test('hostile strings from the sheet and the service appear as text and run nothing', async () => {
  const w = addonWorld({ accounts: [{ key: 'hostile-key-1234', name: HOSTILE, credits: { email: 10, phone: 0 } }] });
  w.host.sheet().load([
    ['Email', HOSTILE],
    ['a@b.com', 'x'],
  ]);
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

/** A sheet of 300 rows with an email validation started on it: still running for many polls. */
function runningJobWorld(): World {
  const w = sheetWorld(300, { service: { processingRate: 0.2 } });
  connect(w, 'demo-key-alpha');
  const started = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect((started.value as { state: string }).state).toBe('running');
  return w;
}

test('a cancel clicked while a poll is out goes through, and the late answer brings no Cancel back', async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page, calls } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.waitFor();
  await sidebar.settled('pollJobs');

  // The next scheduled poll reads the job as running; its answer is kept back while Cancel is clicked.
  const early = sidebar.hold('pollJobs');
  const late = sidebar.hold('pollJobs');
  const canceling = sidebar.hold('cancelJob');
  await sidebar.advance();
  await early.answered;
  expect(await page.locator('#jobs-checking').isVisible()).toBe(true);
  expect(await cancel.isEnabled()).toBe(true);
  await cancel.click();
  await canceling.answered;
  // While the cancel is out, only its own button waits.
  const button = page.locator('#jobs-list .job .cancel');
  expect(await button.textContent()).toBe('Canceling…');
  expect(await button.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
  canceling.release();
  await sidebar.answersHandled('cancelJob', 1);
  expect(await button.isVisible()).toBe(false);

  // The poll that read the job before the cancel answers now; the poll made after the cancel is held.
  early.release();
  await late.answered;
  await sidebar.answersHandled('pollJobs', 2);
  expect(await button.isVisible()).toBe(false);
  expect(await page.locator('#jobs-list .job').textContent()).toContain('Canceled');
  late.release();
  await pollUntil(sidebar, '#jobs-list .job.canceled');
  expect(await cancel.count()).toBe(0);
  expect(calls.filter((c) => c === 'pollJobs' || c === 'cancelJob').slice(0, 4)).toEqual(['pollJobs', 'pollJobs', 'cancelJob', 'pollJobs']);
  expect(column(w, 'Email · Result').filter((r) => r === 'Canceled before it was processed').length).toBeGreaterThan(0);
  await page.close();
});

/** The page's form controls that are disabled, named by id or text. */
const DISABLED = `Array.from(document.querySelectorAll('button, input, select')).filter((c) => c.disabled).map((c) => c.id || c.textContent)`;

test('a poll disables no control: it only shows that it is checking', async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.getByRole('button', { name: 'Cancel' }).waitFor();
  await sidebar.settled('pollJobs');
  const before = await page.evaluate(DISABLED);
  expect(await page.locator('#jobs-checking').isVisible()).toBe(false);

  const held = sidebar.hold('pollJobs');
  await sidebar.advance();
  await held.answered;
  expect(await page.locator('#jobs-checking').isVisible()).toBe(true);
  expect(await page.evaluate(DISABLED)).toEqual(before);
  expect(await page.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
  expect(await page.locator('#busy').isVisible()).toBe(false);
  held.release();
  await sidebar.settled('pollJobs');
  expect(await page.locator('#jobs-checking').isVisible()).toBe(false);
  await page.close();
});

test('job cards are updated in place: the same node, new numbers, the focus kept', async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.waitFor();
  await sidebar.settled('pollJobs');
  const card = page.locator('#jobs-list .job');
  const hint = card.locator('.hint').first();
  const before = { card: await card.elementHandle(), button: await cancel.elementHandle(), text: await hint.textContent() };
  await cancel.focus();

  await sidebar.nextPoll();
  await sidebar.nextPoll();
  expect(await hint.textContent()).not.toBe(before.text);
  const after = {
    card: await card.elementHandle(),
    button: await cancel.elementHandle(),
    focused: await page.evaluateHandle('document.activeElement'),
  };
  expect(await page.evaluate(([a, b]) => a === b, [before.card, after.card])).toBe(true);
  expect(await page.evaluate(([a, b]) => a === b, [before.button, after.button])).toBe(true);
  expect(await page.evaluate(([a, b]) => a === b, [before.button, after.focused])).toBe(true);
  expect(await page.locator('#jobs-list .job').count()).toBe(1);
  await page.close();
});

test('a failed poll shows its message and is tried again later; Refresh polls at once', async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page, calls } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.getByRole('button', { name: 'Cancel' }).waitFor();

  sidebar.failNext('pollJobs', 'The service is busy. Try again in a minute.');
  await sidebar.nextPoll();
  await page.getByRole('alert').filter({ hasText: 'The service is busy' }).waitFor();
  // Still watched: the next scheduled poll comes, succeeds, and takes the message away.
  const polls = calls.filter((c) => c === 'pollJobs').length;
  await sidebar.nextPoll();
  expect(calls.filter((c) => c === 'pollJobs').length).toBe(polls + 1);
  expect(await page.getByRole('alert').isVisible()).toBe(false);

  sidebar.failNext('pollJobs', 'The service is busy. Try again in a minute.');
  await sidebar.nextPoll();
  await page.getByRole('alert').filter({ hasText: 'The service is busy' }).waitFor();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await sidebar.answersHandled('pollJobs', polls + 3);
  expect(await page.getByRole('alert').isVisible()).toBe(false);
  await page.close();
});

test("the server's word that jobs only go on while the sidebar is open is shown, and only then", async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  const notice = 'Background steps are off: jobs go on only while this sidebar is open. Keep it open or use Check running jobs now.';
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  sidebar.amendNext('pollJobs', (answer) => ({ ...(answer as object), background: `${notice}${HOSTILE}` }));
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.locator('#jobs-background').filter({ hasText: notice }).waitFor();
  expect(await page.locator('#jobs-background').textContent()).toBe(`${notice}${HOSTILE}`);
  expect(await page.locator('img').count()).toBe(0);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await sidebar.answersHandled('pollJobs', 2);
  expect(await page.locator('#jobs-background').isVisible()).toBe(false);
  await page.close();
});

test('polls come no sooner than 5 s apart, slower while nothing changes, at once on Refresh', async () => {
  // The host's clock stands still here, so the job cannot move: every answer is "no change".
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  const soon = (answer: unknown) => ({ ...(answer as object), nextPollSeconds: 2 });
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  sidebar.amendNext('pollJobs', soon);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  // The server says 2 s; the sidebar waits 5 s, then 7.5 s, then 11.25 s.
  let polls = 1;
  for (const wait of [5000, 7500, 11250]) {
    sidebar.amendNext('pollJobs', soon);
    await sidebar.pageTime(wait - 1);
    expect(await sidebar.sent('pollJobs')).toBe(polls);
    await sidebar.pageTime(1);
    expect(await sidebar.sent('pollJobs')).toBe(++polls);
    await sidebar.answersHandled('pollJobs', polls);
  }
  // A person acting brings the pace back to the server's figure.
  sidebar.amendNext('pollJobs', soon);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await sidebar.answersHandled('pollJobs', ++polls);
  await sidebar.pageTime(4999);
  expect(await sidebar.sent('pollJobs')).toBe(polls);
  await sidebar.pageTime(1);
  expect(await sidebar.sent('pollJobs')).toBe(polls + 1);
  await page.close();
});

test('no polling while the sidebar is hidden; seen again, it polls at once', async () => {
  const w = runningJobWorld();
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  const setHidden = (hidden: boolean) =>
    page.evaluate(
      `Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} }); document.dispatchEvent(new Event('visibilitychange'))`,
    );
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  await setHidden(true);
  await sidebar.advance();
  await sidebar.advance();
  expect(await sidebar.sent('pollJobs')).toBe(1);
  await setHidden(false);
  expect(await sidebar.sent('pollJobs')).toBe(2);
  await sidebar.answersHandled('pollJobs', 2);
  await sidebar.nextPoll();
  expect(await sidebar.sent('pollJobs')).toBe(3);
  await page.close();
});
