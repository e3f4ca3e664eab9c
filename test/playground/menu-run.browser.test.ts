// The page as a person first uses it: open the sidebar, connect with the local service's demo key,
// select the sample rows, run Enrich people from the menu, confirm its dialog, and watch the
// results fill the grid, every row ending with its result or a reason.
import { addonMenu, answerDialog, columnOf, connect, gridCell, hostGrid, selectRange, state, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const FINAL = /^(Enriched|Not found|Removed for privacy|Skipped: .+|Error: .+)$/;

describe('running the add-on from the page', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  it('connects in the sidebar, enriches the selected rows from the menu and fills the grid', async () => {
    const { page } = world;
    const frame = await connect(page, 'demo-key-alpha');
    // The connect screen offers the demo keys under the sidebar, in a strip that opens.
    await page.locator('#demo-keys summary').click();
    await page.locator('#demo-keys-list code', { hasText: 'demo-key-alpha' }).waitFor();
    // Each with its account and the credits it has left, so the empty one is known before a run.
    await page.locator('#demo-keys-list li', { hasText: 'demo-key-empty' }).filter({ hasText: '0 email · 0 phone credits' }).waitFor();
    const alphaBefore = (await page.locator('#demo-keys-list li', { hasText: 'demo-key-alpha' }).textContent()) ?? '';
    expect(alphaBefore).toMatch(/Alpha Outbound \(demo\): [\d,]+ email · [\d,]+ phone credits/);
    await frame.locator('#account-name', { hasText: 'Alpha Outbound (demo)' }).waitFor();
    expect(await frame.locator('#masked-key').textContent()).not.toContain('demo-key-alpha');

    await selectRange(page, 'A1:G227');
    expect((await state(world)).selection).toEqual(['Prospects!A1:G227']);

    await addonMenu(page, 'Enrich people');
    const asked = await answerDialog(page, 'YES');
    expect(asked).toMatch(/226|rows/);

    // Results fill the grid: row 2's status cell shows a final word.
    await page.locator('#busy').waitFor({ state: 'hidden' });
    const win = await hostGrid(world, 'Prospects');
    const status = columnOf(win, 'Person · Status');
    // Emails and phones were not asked for (the menu's settings reveal neither): no empty columns for them.
    expect(win.rows.find((r) => r.n === 1)!.v).toEqual(expect.arrayContaining(['Person · Name', 'Person · Title']));
    expect(() => columnOf(win, 'Person · Email')).toThrow();
    expect(() => columnOf(win, 'Person · Phones')).toThrow();
    await gridCell(page, 2, status).filter({ hasText: FINAL }).waitFor();
    // Every selected row of the host's sheet ended with its result or a reason.
    const column = status.charCodeAt(0) - 65;
    const ends = win.rows.filter((r) => r.n >= 2 && r.n <= 227 && r.v.some((v) => v !== '')).map((r) => r.v[column] ?? '');
    expect(ends.length).toBeGreaterThan(200);
    // A result or a reason on every row: none left queued or in a part.
    for (const s of ends) {
      expect(s).toMatch(/\S/);
      expect(s).not.toMatch(/^(Queued|Processing|Sending)/);
    }
    // The run shows in the activity panel, with its requests and the quota it used.
    await page.locator('#executions-body tr', { hasText: 'enrichPeople' }).first().waitFor();
    await page.locator('#requests-body tr', { hasText: '/people/enrichment' }).first().waitFor();
    const quota = (await state(world)).activity.quota;
    expect(quota.urlFetch).toBeGreaterThan(0);
    expect(await page.locator('#quota').textContent()).toContain(`${quota.urlFetch} of 20,000`);
    // The add-on's paid ledger is a hidden sheet: it has no tab, as in Sheets.
    expect(await page.locator('#tabs .tab').allTextContents()).toEqual(['Prospects']);
    expect((await state(world)).sheets.map((s) => s.name)).toEqual(['Prospects']);
    // The credits the run spent show beside its key.
    await until(
      async () => ((await page.locator('#demo-keys-list li', { hasText: 'demo-key-alpha' }).textContent()) ?? '') !== alphaBefore,
      "the demo key's credits to change",
    );
  });
});
