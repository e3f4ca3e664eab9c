// Editing in the page's grid as in Sheets: a key typed on a selected cell starts an edit with that
// key (any character: "(", '"', "!" and "$" too), Enter commits and moves down, Tab commits and
// moves right, Escape cancels, F2 and a double-click keep the content, Delete clears the selection;
// and columns inserted or deleted from a column's header menu shift the host's sheet.
import { connect, gridCell, hostGrid, openPage, state, until, type PageWorld } from '../../playground/page-driver';

describe('editing in the grid', () => {
  let world: PageWorld;
  const warnings: string[] = [];
  beforeAll(async () => {
    world = await openPage();
    world.page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => {
    // No console warning (Tabulator's included), uncaught error or console error in the page or its sidebar.
    expect(warnings).toEqual([]);
    expect(world.errors).toEqual([]);
  });

  const hostRow = async (n: number) => (await hostGrid(world, 'Prospects')).rows.find((r) => r.n === n)!;
  const selected = (a1: string) => until(async () => (await state(world)).selection.join() === a1, `the selection ${a1}`);
  const formulaBar = () => world.page.locator('#formula-input').inputValue();

  it('takes a formula typed key by key into a selected cell; Enter commits it, moves down, and the answer spills', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    await gridCell(page, 2, 'I').click();
    const formula = `=ENRICH_COMPANY(Prospects!$E$2, "name, website")`;
    await page.keyboard.type(formula);
    await page.keyboard.press('Enter');
    await selected('Prospects!I3');
    await gridCell(page, 2, 'J')
      .filter({ hasText: /pioneerfreight/i })
      .waitFor();
    expect((await hostRow(2)).f?.[8]).toBe(formula);
    expect(await gridCell(page, 2, 'I').textContent()).toMatch(/\S/);
    // Back on the formula's cell, the formula bar shows the formula, not its answer.
    await page.keyboard.press('ArrowUp');
    await until(async () => (await formulaBar()) === formula, 'the formula in the formula bar');
  });

  it('moves right on Tab, cancels on Escape, keeps the content on F2 and double-click, and clears on Delete', async () => {
    const { page } = world;
    await gridCell(page, 3, 'K').click();
    await page.keyboard.type('one');
    await page.keyboard.press('Tab');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await selected('Prospects!L4');
    await until(async () => (await hostRow(3)).v.slice(10, 12).join() === 'one,two', 'K3 and L3 typed');

    // F2 opens the editor on the content; Escape leaves the cell as it was.
    await gridCell(page, 2, 'A').click();
    await page.keyboard.press('F2');
    const editor = page.locator('#grid input.cell-editor');
    expect(await editor.inputValue()).toBe('Emily');
    await page.keyboard.type(' Rose');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    // A double-click keeps the content too, and Enter sends it as typed.
    await gridCell(page, 3, 'A').dblclick();
    expect(await editor.inputValue()).toBe('Fatima');
    await page.keyboard.type('h');
    await page.keyboard.press('Enter');
    await until(async () => (await hostRow(3)).v[0] === 'Fatimah', 'A3 edited');
    expect((await hostRow(2)).v[0]).toBe('Emily');

    // Delete on K3:L3 (a click and a Shift-click) clears both cells.
    await gridCell(page, 3, 'K').click();
    await gridCell(page, 3, 'L').click({ modifiers: ['Shift'] });
    await selected('Prospects!K3:L3');
    await page.keyboard.press('Delete');
    await until(async () => (await hostRow(3)).v.slice(10, 12).join() === '', 'K3:L3 cleared');
  });

  it("inserts and deletes columns from a column's header menu, the host's sheet shifting with them", async () => {
    const { page } = world;
    const header = async () => (await hostRow(1)).v;
    const before = await header();
    const { maxColumns } = await hostGrid(world, 'Prospects');
    const menu = async (column: string, item: string) => {
      await page.locator(`.tabulator-col[tabulator-field="${column}"] .tabulator-header-popup-button`).click();
      await page.locator('.tabulator-menu .tabulator-menu-item', { hasText: item }).click();
    };

    await menu('A', 'Insert 1 column right');
    await until(async () => (await header())[1] === '', 'a blank column B');
    expect(await header()).toEqual([before[0], '', ...before.slice(1)]);
    expect((await hostGrid(world, 'Prospects')).maxColumns).toBe(maxColumns + 1);
    await gridCell(page, 1, 'C').filter({ hasText: before[1]! }).waitFor();

    await menu('C', 'Insert 1 column left');
    await until(async () => (await header()).length > before.length + 1, 'a second blank column');
    expect(await header()).toEqual([before[0], '', '', ...before.slice(1)]);

    await menu('B', 'Delete column');
    await menu('B', 'Delete column');
    await until(async () => (await header()).join() === before.join(), 'the columns deleted');
    expect((await hostGrid(world, 'Prospects')).maxColumns).toBe(maxColumns);
    await gridCell(page, 1, 'B').filter({ hasText: before[1]! }).waitFor();
  });
});
