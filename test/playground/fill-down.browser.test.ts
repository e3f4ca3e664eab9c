// Fill-down in the page's grid as in Sheets, each change made in the host's sheet as typing is:
// Ctrl+D copies a range's first row down it (formulas with their relative references moved),
// Ctrl+Enter types the edit into every selected cell, Ctrl+C and Ctrl+V carry a range as
// tab-separated text (a pasted "=…" is a formula, as Sheets takes it), and the fill handle dragged
// down repeats the selected rows.
import { gridCell, hostGrid, openPage, state, until, type PageWorld } from '../../playground/page-driver';

describe('fill-down in the grid', () => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage();
    await world.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.playground.url.replace(/\/$/, '') });
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => {
    expect(world.errors).toEqual([]);
  });

  const hostRow = async (n: number) => (await hostGrid(world, 'Prospects')).rows.find((r) => r.n === n)!;
  /** Column letter to its index in a grid row. */
  const at = (column: string) => column.charCodeAt(0) - 65;
  const selected = (a1: string) => until(async () => (await state(world)).selection.join() === a1, `the selection ${a1}`);
  /** Selects from `from` by Shift+arrows, as a person does with the keys. */
  const selectFrom = async (row: number, column: string, down: number, right = 0) => {
    const { page } = world;
    await gridCell(page, row, column).click();
    for (let i = 0; i < down; i++) await page.keyboard.press('Shift+ArrowDown');
    for (let i = 0; i < right; i++) await page.keyboard.press('Shift+ArrowRight');
  };

  it('copies the first row of the selection down it on Ctrl+D, formulas moved with their rows', async () => {
    const { page } = world;
    await gridCell(page, 2, 'K').click();
    await page.keyboard.type('alpha');
    await page.keyboard.press('Tab');
    await page.keyboard.type('=A2');
    await page.keyboard.press('Enter');
    await until(async () => (await hostRow(2)).f?.[at('L')] === '=A2', 'L2 typed');
    await selectFrom(2, 'K', 3, 1);
    await selected('Prospects!K2:L5');
    await page.keyboard.press('Control+d');
    for (const n of [3, 4, 5]) {
      await until(async () => (await hostRow(n)).f?.[at('L')] === `=A${n}`, `L${n} filled`);
      const row = await hostRow(n);
      expect(row.v[at('K')]).toBe('alpha');
      // The formula's answer, as the page shows it.
      expect(row.v[at('L')]).toBe(row.v[at('A')]);
    }
    await gridCell(page, 5, 'K').filter({ hasText: 'alpha' }).waitFor();
    // Below the range, nothing.
    expect((await hostRow(6)).v[at('K')] ?? '').toBe('');
  });

  it('types the edit into every selected cell on Ctrl+Enter', async () => {
    const { page } = world;
    await selectFrom(2, 'M', 2);
    await selected('Prospects!M2:M4');
    await page.keyboard.type('=B2');
    await page.keyboard.press('Control+Enter');
    for (const n of [2, 3, 4]) await until(async () => (await hostRow(n)).f?.[at('M')] === `=B${n}`, `M${n} filled`);
    expect((await hostRow(5)).f?.[at('M')]).toBeUndefined();
    // The active cell stays where it was, the range still selected.
    await selected('Prospects!M2:M4');
  });

  it('copies a range as tab-separated text and pastes it elsewhere, and pastes a formula from the clipboard as Sheets does', async () => {
    const { page } = world;
    await selectFrom(2, 'K', 1, 1);
    await selected('Prospects!K2:L3');
    await page.keyboard.press('Control+c');
    const [two, three] = [await hostRow(2), await hostRow(3)];
    const copied = `alpha\t${two.v[at('A')]}\nalpha\t${three.v[at('A')]}`;
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(copied);
    await gridCell(page, 2, 'N').click();
    // The click's selection reaches the host before the paste does, as a person's would.
    await selected('Prospects!N2');
    await page.keyboard.press('Control+v');
    await until(async () => (await hostRow(3)).v[at('O')] === three.v[at('A')], 'the range pasted');
    expect((await hostRow(2)).v.slice(at('N'), at('O') + 1)).toEqual(['alpha', two.v[at('A')]]);
    // Shown values are pasted as values: no formula came along.
    expect((await hostRow(2)).f?.[at('O')]).toBeUndefined();
    // The pasted range is the selection.
    await selected('Prospects!N2:O3');

    // Text from elsewhere: "=…" typed by the person into another program is a formula here too.
    await page.evaluate(`navigator.clipboard.writeText('=1+1\\tplain\\n3\\t')`);
    await gridCell(page, 2, 'P').click();
    await selected('Prospects!P2');
    await page.keyboard.press('Control+v');
    await until(async () => (await hostRow(3)).v[at('P')] === '3', 'the text pasted');
    const row = await hostRow(2);
    expect(row.f?.[at('P')]).toBe('=1+1');
    expect(row.v.slice(at('P'), at('Q') + 1)).toEqual(['2', 'plain']);
  });

  it('repeats the selected rows down to where the fill handle is dragged', async () => {
    const { page } = world;
    await gridCell(page, 2, 'R').click();
    await page.keyboard.type('x1');
    await page.keyboard.press('Enter');
    await page.keyboard.type('x2');
    await page.keyboard.press('Enter');
    await until(async () => (await hostRow(3)).v[at('R')] === 'x2', 'R2:R3 typed');
    await selectFrom(2, 'R', 1);
    await selected('Prospects!R2:R3');
    const handle = page.locator('#grid .fill-handle');
    await handle.waitFor();
    const from = (await handle.boundingBox())!;
    const to = (await gridCell(page, 7, 'R').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await until(async () => (await hostRow(7)).v[at('R')] === 'x2', 'R4:R7 filled');
    const column = await Promise.all([4, 5, 6, 7, 8].map(async (n) => (await hostRow(n)).v[at('R')] ?? ''));
    expect(column).toEqual(['x1', 'x2', 'x1', 'x2', '']);
    // The range takes in the rows filled, as in Sheets.
    await selected('Prospects!R2:R7');
  });
});
