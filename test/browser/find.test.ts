// The Find tab in headless Chromium, answered by the add-on in the local host: the count with its
// words, a search written with its progress, Cancel while a step is out, and "Enrich these
// people" opening Run on the rows written.
import type { Browser } from 'playwright-core';
import { addonWorld, connect, type World, type WorldOptions } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

function world(opts: WorldOptions = {}): World {
  const w = addonWorld(opts);
  w.host.open();
  connect(w, 'demo-key-alpha');
  return w;
}

test('find people: the count and that it is free, the rows written, then Enrich these people on them', async () => {
  const w = world();
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Find' }).click();
  await page.getByLabel('Titles').fill('manager, director');
  await page.getByRole('button', { name: 'Count matches' }).click();
  const matches = page.locator('#find-matches');
  await matches.filter({ hasText: 'Searching costs no credits and reveals no emails or phone numbers.' }).waitFor();
  const n = Number((await matches.textContent())!.replace(/ match.*$/, '').replace(/,/g, ''));
  expect(n).toBeGreaterThan(25);
  expect(await page.getByLabel('Rows to write').inputValue()).toBe(String(Math.min(1000, n)));
  await page.getByLabel('Rows to write').fill('25');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.locator('#find-progress').filter({ hasText: 'Done: 25 rows written to "Search: people".' }).waitFor();
  expect(w.host.sheet('Search: people').values()).toHaveLength(26);
  await page.getByRole('button', { name: 'Enrich these people' }).click();
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  expect(await page.getByLabel('Action on the selected rows').inputValue()).toBe('person');
  await page.locator('#run-summary').filter({ hasText: 'of 25 distinct rows on "Search: people"' }).waitFor();
  await page.close();
});

test('Cancel while a step is out: that step ends, the next one cancels, and the rows written stay', async () => {
  const w = world({ service: { faults: { slowRate: 1, slowMs: 5000 } } });
  const sidebar = await openSidebar(browser, w);
  const { page } = sidebar;
  await page.getByRole('tab', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Count matches' }).click();
  await page.locator('#find-start-box').waitFor();
  const step = sidebar.hold('runSearch');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await step.answered;
  await page.getByRole('button', { name: 'Cancel' }).click();
  step.release();
  const progress = page.locator('#find-progress');
  await progress.filter({ hasText: /^Canceled: the \d+ rows written to "Search: people" stay\.$/ }).waitFor();
  const written = Number((await progress.textContent())!.replace(/\D+/g, ''));
  expect(w.host.sheet('Search: people').values()).toHaveLength(written + 1);
  expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  await page.close();
});
