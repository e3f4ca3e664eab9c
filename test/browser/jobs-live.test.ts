// The Jobs view follows jobs it did not start: a job started from the spreadsheet's menu shows
// without Refresh, its card moves with the results the triggers write, and it shows finished at
// the next poll after it ends; and an error banner goes when the person moves to another view.
import type { Browser } from 'playwright-core';
import { IDLE_DELAY_S } from '../../sidebar/poll-cadence';
import { addonWorld, connect, type World } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar, type SidebarPage } from './harness';

const ROWS = 12000;
const KEY = 'jobs-live-key-0001';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** `rows` emails selected, connected; the service validates 5 a second, so a large job takes many steps. */
function emailsWorld(rows: number): World {
  const w = addonWorld({
    accounts: [{ key: KEY, name: 'Jobs live', credits: { email: 2 * ROWS, phone: 0 } }],
    service: { processingRate: 5 },
  });
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: rows }, (_, i) => [`Person ${i}`, `person${i}@company${i % 97}.com`])]);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  w.host.open();
  connect(w, KEY);
  return w;
}

/** The job's state as its record in the host says, whatever the sidebar shows. */
function recordState(w: World): string | undefined {
  const raw = Object.entries(w.host.userProperties()).find(([k]) => k.startsWith('job.'))?.[1];
  return raw === undefined ? undefined : (JSON.parse(raw) as { life: { s: string } }).life.s;
}

/**
 * `ms` passes: the host's triggers fire as they come due, then the page's timers run for as long,
 * and every poll sent has its answer shown. Meanwhile the spreadsheet is held, as by a background
 * step, so the polls step nothing: the card can only show what the triggers did. Answers how many
 * triggers fired.
 */
async function pass(w: World, sidebar: SidebarPage, ms: number): Promise<number> {
  const target = w.host.clock.now() + ms;
  let fired = 0;
  while (w.host.fireNextTrigger(target)) fired++;
  w.host.clock.advanceTo(Math.max(target, w.host.clock.now()));
  const held = w.host.holdLock('document');
  await sidebar.pageTime(ms);
  await sidebar.settled('pollJobs');
  held.release();
  return fired;
}

/** The finished rows the card shows, read from "Sheet1 · 5,000 of 12,000 rows (41%)". */
async function shownFinished(sidebar: SidebarPage): Promise<number | undefined> {
  const hint = await sidebar.page.locator('#jobs-list .job .hint').first().textContent();
  const m = /· ([\d,]+) of ([\d,]+) rows/.exec(hint ?? '');
  if (!m) return undefined;
  expect(m[2]).toBe('12,000');
  return Number(m[1]!.replace(/,/g, ''));
}

test('a job started from the menu shows without Refresh, moves with the triggers, and shows finished at the next poll', async () => {
  const w = emailsWorld(ROWS);
  const sidebar = await openSidebar(browser, w);
  const { page, calls } = sidebar;
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  await page.locator('#jobs-empty').waitFor();

  // Started from the spreadsheet's menu: nothing tells the sidebar.
  w.host.ui.answer('YES');
  expect(w.host.clickMenu('Validate emails').ok).toBe(true);
  await pass(w, sidebar, IDLE_DELAY_S * 1000);
  await page.locator('#jobs-list .job.running').waitFor();
  expect(await page.locator('#jobs-empty').isVisible()).toBe(false);

  // The triggers step the job; the polls, never more than the idle pace apart, show where it is.
  const seen: number[] = [];
  let triggers = 0;
  for (let i = 0; i < 400 && recordState(w) === 'running'; i++) {
    const before = calls.filter((c) => c === 'pollJobs').length;
    triggers += await pass(w, sidebar, IDLE_DELAY_S * 1000);
    expect(calls.filter((c) => c === 'pollJobs').length).toBeGreaterThan(before);
    seen.push((await shownFinished(sidebar))!);
  }
  expect(triggers).toBeGreaterThan(1);
  // Progress moved with the results, never back, through values between none and all.
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.some((n) => n > 0 && n < ROWS)).toBe(true);
  // The trigger that ended the job ran in the last pass, before its polls: they show it finished.
  expect(recordState(w)).toBe('done');
  expect(await page.locator('#jobs-list .job.done').count()).toBe(1);
  expect(await shownFinished(sidebar)).toBe(ROWS);
  expect(await page.locator('#jobs-list .job .counts').textContent()).toMatch(/\d,\d{3}/);
  expect(sidebar.errors).toEqual([]);
  await page.close();
});

test('an error banner goes when the person moves to another view or acts again; one raised elsewhere waits for its view', async () => {
  const w = emailsWorld(2);
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  const banner = page.getByRole('alert');
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByLabel('What').selectOption('territories');

  // A failed import says so on Tools, and the banner goes with the move to Jobs; back on Tools, it is gone.
  sidebar.failNext('runTool', 'The contact was not found.');
  await page.getByRole('button', { name: 'Import' }).click();
  await banner.filter({ hasText: 'The contact was not found.' }).waitFor();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await sidebar.answersHandled('pollJobs', 1);
  expect(await banner.isVisible()).toBe(false);
  await page.getByRole('tab', { name: 'Tools' }).click();
  expect(await banner.isVisible()).toBe(false);

  // Acting again takes it away.
  sidebar.failNext('runTool', 'The contact was not found.');
  await page.getByRole('button', { name: 'Import' }).click();
  await banner.filter({ hasText: 'The contact was not found.' }).waitFor();
  await page.getByRole('button', { name: 'Import' }).click();
  await page.locator('#import-progress').filter({ hasText: 'rows written to "Territories"' }).waitFor();
  expect(await banner.isVisible()).toBe(false);

  // An import that fails after the person moved on is not shown on Jobs, but on Tools once they come back.
  const held = sidebar.hold('runTool');
  sidebar.failNext('runTool', 'The service is busy.');
  await page.getByRole('button', { name: 'Import' }).click();
  await held.answered;
  await page.getByRole('tab', { name: 'Jobs' }).click();
  held.release();
  await sidebar.settled('runTool');
  expect(await banner.isVisible()).toBe(false);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await banner.filter({ hasText: 'The service is busy.' }).waitFor();
  expect(sidebar.errors).toEqual([]);
  await page.close();
});
