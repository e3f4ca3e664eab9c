// A large job from the page while the person sorts the sheet: a CSV imported into a new sheet,
// Enrich companies from the menu, the sheet sorted from a column's menu while the job runs, then
// the clock at 600× until the job ends. Every row gets the result of its own company, as the same
// job gives without sorting (run headless in a twin world).
import { formatCsv, parseCsv } from '../../emulator';
import { largeSheet } from '../../playground/sample-rows';
import { createWorld, USER } from '../../playground/world';
import { CLOCK_START, runMenu, connect, DIST, gridCell, hostGrid, selectRange, setSpeed, state } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const ROWS = 3000;
const CSV = formatCsv(largeSheet(ROWS));

/** Company columns by email, from a sheet's CSV. */
function companyResults(csv: string): Map<string, string[]> {
  const [header, ...rows] = parseCsv(csv);
  const email = header!.indexOf('Email');
  const cols = header!.flatMap((h, i) => (h.startsWith('Company · ') ? [i] : []));
  expect(cols.length).toBeGreaterThan(1);
  return new Map(rows.map((r) => [r[email]!, cols.map((i) => r[i] ?? '')]));
}

/** The same job, headless, with nobody sorting: what every row should end with. */
function twinResults(): Map<string, string[]> {
  const { host } = createWorld({ bundleDir: DIST, clockStart: CLOCK_START, sample: false });
  host.sheet('Sheet1').loadCsv(CSV);
  const connected = host.callFromSidebar('connect', ['demo-key-alpha'], USER);
  expect(connected.ok).toBe(true);
  host.select(`Sheet1!A1:E${ROWS + 1}`);
  host.ui.responder = (d) => ({ button: d.offered.includes('YES') ? 'YES' : 'OK' });
  expect(host.clickMenu('Enrich companies', { user: USER }).ok).toBe(true);
  while (host.fireNextTrigger());
  return companyResults(host.sheet('Sheet1').csv());
}

describe('sorting while a job runs', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  it('puts every result on its own row, and 600× runs the job to its end', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');

    await page.getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: 'Import CSV…' }).click();
    await page.locator('#import-file').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.locator('#import-ok').click();
    await page.locator('#tabs .tab.active', { hasText: 'leads' }).waitFor();
    await page.locator('#grid[data-sheet="leads"]').waitFor();

    await selectRange(page, `A1:E${ROWS + 1}`);
    await runMenu(page, 'Enrich companies', 'enrichCompanies');

    // The job goes on in the background: a trigger is set and rows are still queued.
    const running = await state(world);
    expect(running.clock.nextTriggerAt).not.toBeNull();
    await page.locator('#clock-next', { hasText: 'Next trigger' }).waitFor();

    // Sort the sheet Z → A by Company from the column's menu, while the job runs.
    await page.locator('.tabulator-col[tabulator-field="D"] .tabulator-header-popup-button').click();
    await page.locator('.tabulator-menu-item', { hasText: 'Sort sheet Z → A' }).click();
    // Z → A puts companies starting N (Notfound-…) right under the frozen header.
    await gridCell(page, 2, 'D').filter({ hasText: /^N/ }).waitFor();

    await setSpeed(page, '600×');
    await page.locator('#clock-next', { hasText: 'No trigger set' }).waitFor({ timeout: 120000 });
    await setSpeed(page, 'Pause');

    const win = await hostGrid(world, 'leads');
    const header = win.rows[0]!.v;
    const status = String.fromCharCode(65 + header.indexOf('Company · Status'));
    await gridCell(page, 2, status)
      .filter({ hasText: /^(Enriched|Not found)$/ })
      .waitFor();

    const csv = await (await fetch(`${world.playground.url}api/export?sheet=leads`)).text();
    const got = companyResults(csv);
    const want = twinResults();
    expect(got.size).toBe(ROWS);
    let compared = 0;
    for (const [email, values] of want) {
      expect([email, got.get(email)]).toEqual([email, values]);
      compared++;
    }
    expect(compared).toBe(ROWS);
  });
});
