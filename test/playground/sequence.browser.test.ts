// Adding rows to a sequence from the page: the menu opens the sidebar on "Add to a sequence", the
// sequences that take no leads are listed but disabled, a column is ticked as a field, the check
// says how the rows stand, and Send leaves every row added or skipped with why, in the grid.
// No page or sidebar error on the way.
import {
  columnOf,
  connect,
  gridCell,
  hostGrid,
  openPage,
  openSidebar,
  selectRange,
  state,
  type PageWorld,
} from '../../playground/page-driver';

const LAST = 31;
const FINAL = /^(Added to .+|Skipped: .+|Error: .+)$/;

describe('adding rows to a sequence from the page', () => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('sends the selected rows to an active sequence and marks each row', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    await selectRange(page, `A1:G${LAST}`);
    const frame = await openSidebar(page, 'Add to a sequence…');
    await frame.getByRole('tab', { name: 'Tools', selected: true }).waitFor();

    const select = frame.getByLabel('Sequence', { exact: true });
    await select.locator('option').first().waitFor({ state: 'attached' });
    // Sequences that take no leads are there, disabled, saying why.
    expect(await select.locator('option[disabled]').count()).toBeGreaterThan(0);
    const open = select.locator('option:not([disabled])').first();
    const name = ((await open.textContent()) ?? '').replace(/ \(.*\)$/, '');
    await select.selectOption({ label: (await open.textContent())! });

    await frame.locator('#seq-check').click();
    await frame
      .locator('#seq-summary')
      .filter({ hasText: /rows? of \d+ selected rows? to send to/ })
      .waitFor();
    const first = frame.locator('#seq-mapping input[type="checkbox"]').first();
    await first.check();
    await frame.locator('#seq-send').click();
    await frame.locator('#seq-result').filter({ hasText: /\S/ }).waitFor({ timeout: 60000 });

    const win = await hostGrid(world, 'Prospects');
    const status = columnOf(win, 'Sequence · Status');
    await gridCell(page, 2, status).filter({ hasText: FINAL }).waitFor();
    const column = status.charCodeAt(0) - 65;
    const ends = (await hostGrid(world, 'Prospects')).rows.filter((r) => r.n >= 2 && r.n <= LAST && r.v.some((v) => v !== ''));
    const words = ends.map((r) => r.v[column] ?? '');
    for (const w of words) expect(w === '' || FINAL.test(w)).toBe(true);
    expect(words).toContain(`Added to ${name}`);
    // The rows went out in one request of at most 250 leads, shown in the activity panel.
    const posts = (await state(world)).activity.requests.filter((r) => r.method === 'POST' && /^\/sequences\/[^/]+\/leads$/.test(r.path));
    expect(posts).toHaveLength(1);
    await page.locator('#requests-body tr', { hasText: posts[0]!.path }).first().waitFor();

    expect(world.errors).toEqual([]);
  });
});
