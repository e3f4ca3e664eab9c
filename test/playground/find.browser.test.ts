// Find people from the page: the menu opens the sidebar on Find, the count and its words, the rows
// written into a new sheet whose tab the page shows and switches to, then "Enrich these people"
// on those rows with their emails revealed, as Find promised, their status filling the grid. No
// page or sidebar error on the way.
import { columnOf, connect, gridCell, hostGrid, openPage, openSidebar, state, type PageWorld } from '../../playground/page-driver';

const ROWS = 20;
const SHEET = 'Search: people';
const HEADERS = ['Name', 'Title', 'Company', 'Company website', 'Location', 'Profile URL'];
const FINAL = /^(Enriched|Not found|Removed for privacy|Skipped: .+|Error: .+)$/;

describe('finding people from the page', () => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('writes the people found into a new sheet, then enriches them', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    const frame = await openSidebar(page, 'Find people or companies…');
    await frame.getByRole('tab', { name: 'Find', selected: true }).waitFor();

    await frame.getByLabel('Titles').fill('manager');
    await frame.getByRole('button', { name: 'Count matches' }).click();
    const matches = frame.locator('#find-matches');
    await matches.filter({ hasText: 'Searching costs no credits and reveals no emails or phone numbers.' }).waitFor();
    const n = Number((await matches.textContent())!.replace(/ match.*$/, '').replace(/,/g, ''));
    expect(n).toBeGreaterThan(ROWS);
    await frame.getByLabel('Rows to write').fill(String(ROWS));
    await frame.getByRole('radio', { name: 'A new sheet' }).check();
    await frame.getByRole('button', { name: 'Start', exact: true }).click();
    await frame
      .locator('#find-progress')
      .filter({ hasText: `Done: ${ROWS} rows written to "${SHEET}".` })
      .waitFor();

    // The new sheet's tab shows, active, and the grid shows its rows.
    await page.locator('#tabs .tab.active', { hasText: SHEET }).waitFor();
    await page.locator(`#grid[data-sheet="${SHEET}"]`).waitFor();
    for (const [i, header] of HEADERS.entries())
      await gridCell(page, 1, String.fromCharCode(65 + i))
        .filter({ hasText: header })
        .waitFor();
    await gridCell(page, ROWS + 1, 'F')
      .filter({ hasText: /^https:\/\/.+/ })
      .waitFor();
    const win = await hostGrid(world, SHEET);
    const written = win.rows.filter((r) => r.n > 1 && r.v.some((v) => v !== ''));
    expect(written).toHaveLength(ROWS);
    // Every row found holds a manager, as the filter asked.
    for (const r of written) expect(r.v[1]).toMatch(/manager/i);
    await page.locator('#requests-body tr', { hasText: '/people/search' }).first().waitFor();

    // Enrich these people: the rows written are selected and Run opens on Enrich people.
    await frame.getByRole('button', { name: 'Enrich these people' }).click();
    await frame.getByRole('tab', { name: 'Run', selected: true }).waitFor();
    expect(await frame.getByLabel('Action on the selected rows').inputValue()).toBe('person');
    // Find said the emails come from enriching the people kept: the reveal is ticked, and priced.
    expect(await frame.locator('#run-reveal-email').isChecked()).toBe(true);
    await frame
      .locator('#run-summary')
      .filter({ hasText: `of ${ROWS} distinct rows on "${SHEET}"` })
      .waitFor();
    expect(await frame.locator('#run-summary').textContent()).toMatch(new RegExp(`\\b${ROWS * 1.5} email credits`));
    // The rows written, whole, are the selection, and the page's name box shows it.
    const [selected] = (await state(world)).selection;
    expect(selected).toMatch(new RegExp(`^'${SHEET}'!A2:[A-Z]+${ROWS + 1}$`));
    expect(await page.locator('#name-box').inputValue()).toBe(selected!.replace(/^.*!/, ''));
    await frame.locator('#run-start').click();
    await frame.getByRole('tab', { name: 'Jobs', selected: true }).waitFor();

    // The person status column fills in the grid, every row with a result or a reason.
    const status = columnOf(await hostGrid(world, SHEET), 'Person · Status');
    await gridCell(page, 2, status).filter({ hasText: FINAL }).waitFor();
    await gridCell(page, ROWS + 1, status)
      .filter({ hasText: FINAL })
      .waitFor();
    const column = status.charCodeAt(0) - 65;
    const ends = (await hostGrid(world, SHEET)).rows.filter((r) => r.n > 1 && r.n <= ROWS + 1).map((r) => r.v[column] ?? '');
    expect(ends).toHaveLength(ROWS);
    for (const s of ends) expect(s).toMatch(FINAL);
    // The emails Find promised are written, not an empty column.
    const emails = columnOf(await hostGrid(world, SHEET), 'Person · Email').charCodeAt(0) - 65;
    const revealed = (await hostGrid(world, SHEET)).rows.filter((r) => r.n > 1 && /@/.test(r.v[emails] ?? ''));
    expect(revealed.length).toBeGreaterThan(0);
    await page.locator('#requests-body tr', { hasText: '/people/enrichment' }).first().waitFor();

    expect(world.errors).toEqual([]);
  });
});
