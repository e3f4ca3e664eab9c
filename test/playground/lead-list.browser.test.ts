// Adding rows to an existing lead list from the page: a list made from the menu first (its name
// asked, its rows confirmed, the clock skipping the waits until it is done), then other rows
// added to it from the menu's "Add to an existing lead list…", which opens Run on lead lists.
// Every row ends with its result or a reason; no page or sidebar error on the way.
import {
  addonMenu,
  answerDialog,
  columnOf,
  connect,
  gridCell,
  hostGrid,
  openPage,
  openSidebar,
  selectRange,
  setSpeed,
  state,
  until,
  type PageWorld,
} from '../../playground/page-driver';

const LIST = 'Page list';
/** Rows of the sample sheet: the list is made from the first, the second are added to it. */
const FIRST = { from: 2, to: 21 };
const SECOND = { from: 22, to: 41 };
const FINAL = /^(Added to list|Not found|Removed for privacy|Skipped: .+|Error: .+)$/;

describe('adding to an existing lead list from the page', () => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage();
  });
  afterAll(async () => {
    await world?.close();
  });

  /** The lead-list status of rows `from` to `to` of the sample sheet, as the host holds them. */
  async function statuses(from: number, to: number): Promise<string[]> {
    const win = await hostGrid(world, 'Prospects');
    const column = columnOf(win, 'Lead list · Status').charCodeAt(0) - 65;
    return win.rows.filter((r) => r.n >= from && r.n <= to).map((r) => r.v[column] ?? '');
  }

  it('makes a list from the menu, then adds other rows to it from the sidebar', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');

    // A new list from the menu, its name typed into the add-on's prompt.
    await selectRange(page, `A1:G${FIRST.to}`);
    await addonMenu(page, 'Create a lead list');
    expect(await answerDialog(page, 'OK', LIST)).toContain('Name of the new lead list');
    expect(await answerDialog(page, 'YES')).toMatch(/Start now\?/);
    await setSpeed(page, 'Skip waits');
    await until(async () => (await state(world)).activity.executions.some((e) => e.functionName === 'createLeadList'), 'the list made');
    const status = columnOf(await hostGrid(world, 'Prospects'), 'Lead list · Status');
    await gridCell(page, FIRST.to, status).filter({ hasText: FINAL }).waitFor();
    await page.locator('#clock-next', { hasText: 'No trigger set' }).waitFor();
    await setSpeed(page, 'Pause');
    for (const s of await statuses(FIRST.from, FIRST.to)) expect(s).toMatch(FINAL);
    expect(await statuses(SECOND.from, SECOND.to)).toEqual(new Array(SECOND.to - SECOND.from + 1).fill(''));

    // Other rows, to the list just made: the menu opens Run on lead lists.
    await selectRange(page, `A${SECOND.from}:G${SECOND.to}`);
    const frame = await openSidebar(page, 'Add to an existing lead list…');
    await frame.getByRole('tab', { name: 'Run', selected: true }).waitFor();
    expect(await frame.getByLabel('Action on the selected rows').inputValue()).toBe('lead_list');
    const target = frame.getByLabel('Add the rows to');
    const made = target.locator('option', { hasText: LIST });
    await made.waitFor({ state: 'attached' });
    expect(await made.count()).toBe(1);
    await target.selectOption({ label: (await made.textContent())! });
    await frame
      .locator('#run-list-note')
      .filter({ hasText: /^Matches leads by .+\. Each row added costs .+\.$/ })
      .waitFor();
    expect(await frame.locator('#run-list-new').isHidden()).toBe(true);

    await frame.getByRole('button', { name: 'Check selection' }).click();
    await frame
      .locator('#run-summary')
      .filter({ hasText: `of "Prospects" to the lead list "${LIST}"` })
      .waitFor();
    await frame.getByRole('button', { name: 'Start and spend credits' }).click();
    await frame.getByRole('tab', { name: 'Jobs', selected: true }).waitFor();
    await setSpeed(page, 'Skip waits');
    await gridCell(page, SECOND.to, status).filter({ hasText: FINAL }).waitFor();
    await page.locator('#clock-next', { hasText: 'No trigger set' }).waitFor();
    await setSpeed(page, 'Pause');

    // Every added row ends with its result or a reason; the rows of the first run keep theirs.
    const ends = await statuses(SECOND.from, SECOND.to);
    for (const s of ends) expect(s).toMatch(FINAL);
    expect(ends).toContain('Added to list');
    for (const s of await statuses(FIRST.from, FIRST.to)) expect(s).toMatch(FINAL);
    // The rows went to the list made before, not to a new one.
    const requests = (await state(world)).activity.requests;
    const adds = requests.filter((r) => r.method === 'POST' && /^\/lead-lists\/[^/]+\/leads$/.test(r.path));
    expect(adds.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/lead-lists')).toHaveLength(1);
    await page.locator('#requests-body tr', { hasText: adds[0]!.path }).first().waitFor();

    expect(world.errors).toEqual([]);
  });
});
