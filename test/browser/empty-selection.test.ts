// Check selection in headless Chromium, answered by the add-on in the local host, when there is
// nothing to send: a sheet of a header row alone, and a selected cell below the sheet's rows, each
// said as it is instead of asking to select rows below the header.
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../toolkit/chromium';
import { addonWorld, connect } from '../support/addon-world';
import { openSidebar } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** What the Run view says when Check selection is pressed on `rows`, `a1` selected. */
async function checked(rows: string[][], a1: string): Promise<string> {
  const w = addonWorld();
  w.host.sheet().load(rows);
  w.host.open();
  connect(w, 'demo-key-alpha');
  w.host.select(a1);
  const { page } = await openSidebar(browser, w);
  await page.getByRole('tab', { name: 'Run' }).waitFor();
  await page.getByLabel('Action on the selected rows').selectOption('email');
  await page.getByRole('button', { name: 'Check selection' }).click();
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: /\S/ }).waitFor();
  const text = (await alert.textContent())!;
  await page.close();
  return text;
}

test('a sheet of a header row alone says it has no rows yet', async () => {
  expect(await checked([['Name', 'Email']], 'Sheet1!A1:B1')).toContain('This sheet has no rows below its header row (row 1) yet.');
});

test('an empty cell below the rows says the selection is empty and where the rows are', async () => {
  const rows = [['Name', 'Email'], ...Array.from({ length: 4 }, (_, i) => [`P${i}`, `p${i}@example.com`])];
  expect(await checked(rows, 'Sheet1!B9')).toContain("The selection is empty: this sheet's rows are 2 to 5.");
});
