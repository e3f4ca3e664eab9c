// Editing in the page's grid as in Sheets: a key typed on a selected cell starts an edit with that
// key (any character: "(", '"', "!" and "$" too), Enter commits and moves down, Tab commits and
// moves right, Escape cancels, F2 and a double-click keep the content, Delete clears the selection;
// columns inserted or deleted from a column's header menu shift the host's sheet; the column and
// row-number menus work with the keyboard, the grid behind them untouched; the formula bar commits
// on Enter, Tab or a click elsewhere and puts the cell back on Escape; each refusal shown stays its
// whole time.
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
  /** What has the focus: the element's id, else its text. */
  const focused = () => world.page.evaluate<string>('(e => e.id || e.textContent.trim())(document.activeElement)');

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

  it("moves through a column's menu and a row number's with the keys, the grid behind them left alone", async () => {
    const { page } = world;
    const menu = page.locator('.tabulator-menu');
    const editor = page.locator('#grid input.cell-editor');
    await gridCell(page, 2, 'B').click();
    await selected('Prospects!B2');

    await page.locator('.tabulator-col[tabulator-field="C"] .tabulator-header-popup-button').click();
    await menu.waitFor();
    expect(await focused()).toBe('Sort sheet A → Z');
    // The arrows go through the items, over the separators; none of it moves the grid's selection.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Insert 1 column left');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Sort sheet Z → A');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused()).toBe('grid');
    expect((await state(world)).selection).toEqual(['Prospects!B2']);
    await page.keyboard.press('ArrowDown');
    await selected('Prospects!B3');
    // Shift+F10 opens the active cell's column menu from the keyboard.
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    expect(await focused()).toBe('Sort sheet A → Z');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused()).toBe('grid');

    // The row number's menu: Enter runs the focused item, and opens no editor behind it.
    const fifth = (await hostRow(5)).v;
    const rowNumber = page.locator('.tabulator-row .tabulator-cell[tabulator-field="_n"]', { hasText: /^5$/ });
    await rowNumber.click({ button: 'right' });
    await menu.waitFor();
    expect(await focused()).toBe('Insert 1 row above');
    await page.keyboard.press('Enter');
    await until(async () => (await hostRow(6)).v.join() === fifth.join(), 'a row inserted above row 5');
    await menu.waitFor({ state: 'detached' });
    expect(await editor.count()).toBe(0);
    expect(await focused()).toBe('grid');
    expect((await hostRow(5)).v.join('')).toBe('');
    // Space runs an item too.
    await rowNumber.click({ button: 'right' });
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Delete row');
    await page.keyboard.press(' ');
    await until(async () => (await hostRow(5)).v.join() === fifth.join(), 'the blank row deleted');
    expect(await editor.count()).toBe(0);
  });

  it('commits the formula bar on Enter, Tab or a click elsewhere, and puts the cell back on Escape', async () => {
    const { page } = world;
    const bar = page.locator('#formula-input');
    const typeInBar = async (text: string) => {
      await bar.click();
      await page.keyboard.press('End');
      await page.keyboard.type(text);
    };
    await gridCell(page, 3, 'A').click();
    await until(async () => (await formulaBar()) === 'Fatimah', 'A3 in the formula bar');
    await typeInBar('XYZ');
    await page.keyboard.press('Escape');
    expect(await formulaBar()).toBe('Fatimah');
    expect(await focused()).toBe('grid');
    // The keys are the grid's again.
    await page.keyboard.press('ArrowDown');
    await selected('Prospects!A4');
    await page.keyboard.press('ArrowUp');
    await selected('Prospects!A3');
    expect((await hostRow(3)).v[0]).toBe('Fatimah');

    await typeInBar('2');
    await page.keyboard.press('Enter');
    await selected('Prospects!A4');
    await until(async () => (await hostRow(3)).v[0] === 'Fatimah2', 'A3 committed on Enter');
    const [a4, b4] = (await hostRow(4)).v;
    expect(await formulaBar()).toBe(a4);
    await typeInBar('!');
    await page.keyboard.press('Tab');
    await selected('Prospects!B4');
    await until(async () => (await hostRow(4)).v[0] === `${a4}!`, 'A4 committed on Tab');
    expect(await formulaBar()).toBe(b4);
    await typeInBar('~');
    await gridCell(page, 6, 'C').click();
    await selected('Prospects!C6');
    await until(async () => (await hostRow(4)).v[1] === `${b4}~`, 'B4 committed on a click elsewhere');
    expect(await formulaBar()).toBe((await hostRow(6)).v[2]);
  });

  it('shows each refusal its whole time, a newer one not hidden by the older timer', async () => {
    const { page } = world;
    const error = page.locator('#page-error');
    const nameBox = async (text: string) => {
      await page.locator('#name-box').fill(text);
      await page.locator('#name-box').press('Enter');
    };
    // The page's timers on a clock the test moves.
    await page.clock.install();
    await nameBox('AA5');
    await error.filter({ hasText: 'AA5 is outside the sheet' }).waitFor();
    await page.clock.fastForward(4000);
    await nameBox('C0');
    await error.filter({ hasText: '"C0" is not a cell or a range' }).waitFor();
    await page.clock.fastForward(3000);
    expect(await error.isVisible()).toBe(true);
    await page.clock.fastForward(3500);
    await error.waitFor({ state: 'hidden' });
  });
});
