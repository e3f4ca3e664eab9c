// Moving about the page's grid as in Sheets: clicks, drags, header clicks and arrow keys select
// with no error or warning, the formula bar always showing the active cell; the name box goes to
// a far row (the grid pages and scrolls there, the last row in a full window) or refuses a cell the
// sheet does not have, as the server does; paged away from the active cell, the formula bar keeps
// it and an arrow brings it back; Ctrl+arrows go to the data's edge across windows, PageDown and
// PageUp a screenful, Home, Ctrl+Home and Ctrl+End where Sheets' do; the tab strip keeps the active
// sheet in view; an imported CSV keeps phone numbers as text; and two pages keep their own
// selections, each seen by the add-on's calls from it.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { DIST, gridCell, hostGrid, openPage, openSidebar, state, until, type PageWorld } from '../../playground/page-driver';

/** The built add-on plus one function a sidebar can call: the active range as the add-on sees it. */
function bundleWithProbe(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'probe-bundle-'));
  const code = readFileSync(path.join(DIST, 'Code.js'), 'utf8');
  writeFileSync(
    path.join(dir, 'Code.js'),
    `${code}\nfunction activeRangeForTest() {\n  const r = SpreadsheetApp.getActiveRange();\n  return r.getSheet().getName() + '!' + r.getA1Notation();\n}\n`,
  );
  for (const file of ['Sidebar.html', 'appsscript.json']) copyFileSync(path.join(DIST, file), path.join(dir, file));
  return dir;
}

describe('moving about the grid', () => {
  let world: PageWorld;
  const warnings: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
  beforeAll(async () => {
    world = await openPage({ bundleDir: bundleWithProbe() });
    watch(world.page);
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => {
    // No console warning (Tabulator's included), uncaught error or console error in the pages or their sidebars.
    expect(warnings).toEqual([]);
    expect(world.errors).toEqual([]);
  });

  const selected = (a1: string) => until(async () => (await state(world)).selection.join() === a1, `the selection ${a1}`);
  const formulaBar = (page = world.page) => page.locator('#formula-input').inputValue();
  const nameBox = async (text: string, page = world.page) => {
    await page.locator('#name-box').fill(text);
    await page.locator('#name-box').press('Enter');
  };
  const post = (name: string, body: unknown) =>
    fetch(`${world.playground.url}api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('selects by click, arrows, drag and headers, the formula bar showing the active cell', async () => {
    const { page } = world;
    const prospects = await hostGrid(world, 'Prospects');
    const value = (row: number, column: number) => prospects.rows.find((r) => r.n === row)!.v[column - 1]!;

    await gridCell(page, 3, 'C').click();
    await selected('Prospects!C3');
    expect(await formulaBar()).toBe(value(3, 3));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await selected('Prospects!D4');
    expect(await formulaBar()).toBe(value(4, 4));
    await page.keyboard.press('Shift+ArrowDown');
    await selected('Prospects!D4:D5');

    const [from, to] = [await gridCell(page, 8, 'D').boundingBox(), await gridCell(page, 4, 'B').boundingBox()];
    await page.mouse.move(from!.x + 10, from!.y + 5);
    await page.mouse.down();
    await page.mouse.move(to!.x + 10, to!.y + 5, { steps: 4 });
    await page.mouse.up();
    await selected('Prospects!B4:D8');
    // The drag started on D8: that is the active cell.
    expect(await formulaBar()).toBe(value(8, 4));

    await page.locator('.tabulator-col[tabulator-field="E"]').click({ position: { x: 12, y: 10 } });
    await selected('Prospects!E1:E1000');
    expect(await formulaBar()).toBe('Website');
    await page.locator('.tabulator-row .tabulator-cell[tabulator-field="_n"]', { hasText: /^6$/ }).click();
    await selected('Prospects!A6:Z6');
    expect(await formulaBar()).toBe(value(6, 1));
  });

  it('refuses a reference the sheet does not have, in the name box and at the server, with the reason', async () => {
    const { page } = world;
    const error = page.locator('#page-error');
    await nameBox('AA5');
    await error.filter({ hasText: 'AA5 is outside the sheet "Prospects": it has 1,000 rows and columns A to Z.' }).waitFor();
    await nameBox('C0');
    await error.filter({ hasText: '"C0" is not a cell or a range' }).waitFor();
    expect((await state(world)).selection).toEqual(['Prospects!A6:Z6']);

    const edit = await post('edit', { sheet: 'Prospects', a1: 'AA5', value: 'x' });
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { error: string }).error).toBe(
      'AA5 is outside the sheet "Prospects": it has 1,000 rows and columns A to Z.',
    );
    expect((await post('edit', { sheet: 'Prospects', a1: 'B2:C3', value: 'x' })).status).toBe(400);
    expect((await post('select', { ranges: ['Prospects!A1', 'Nowhere!B2'] })).status).toBe(400);
  });

  it('keeps an imported phone number as text, and scrolls the tab strip to the active sheet past the seventh', async () => {
    const { page } = world;
    const csv = 'Name,Phone,Zip,Account\nAda,+14155550100,02139,12345678901234567\nBen,+1 415 555 0101,94105,42\n';
    for (let i = 1; i <= 8; i++)
      expect((await post('importCsv', { name: `Imported prospects list ${i}.csv`, csv, mode: 'new-sheet' })).status).toBe(200);
    const imported = await hostGrid(world, 'Imported prospects list 1');
    expect(imported.rows.find((r) => r.n === 2)!.v).toEqual(['Ada', '+14155550100', '02139', '12345678901234567']);
    expect(imported.rows.find((r) => r.n === 3)!.v).toEqual(['Ben', '+1 415 555 0101', '94105', '42']);
    expect(imported.rows.find((r) => r.n === 3)!.f).toBeUndefined();

    const inView = async () => {
      const [strip, tab] = [await page.locator('#tabs').boundingBox(), await page.locator('#tabs .tab.active').boundingBox()];
      return tab!.x >= strip!.x - 1 && tab!.x + tab!.width <= strip!.x + strip!.width + 1;
    };
    await nameBox("'Imported prospects list 8'!B2");
    await page.locator('#tabs .tab.active', { hasText: 'Imported prospects list 8' }).waitFor();
    await until(inView, 'the active tab in view');
    expect(await page.locator('#tabs .tab').count()).toBe(9);
    await nameBox("'Imported prospects list 1'!B2");
    await page.locator('#tabs .tab.active', { hasText: 'Imported prospects list 1' }).waitFor();
    await until(inView, 'the active tab in view');
    await gridCell(page, 2, 'B').filter({ hasText: '+14155550100' }).waitFor();
    await until(async () => (await formulaBar()) === '+14155550100', 'the phone number in the formula bar');
  });

  it('goes to a far row typed in the name box: the grid pages and scrolls there, the formula bar shows the cell', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: 'Load 50,000 rows (new sheet)' }).click();
    await page.locator('#grid[data-sheet="50,000 prospects"]').waitFor();

    await nameBox('c12345');
    const cell = gridCell(page, 12345, 'C');
    await cell.waitFor();
    await until(async () => (await page.locator('#name-box').inputValue()) === 'C12345', 'the name box');
    expect(await page.locator('#pager-text').textContent()).toBe('Rows 12,001–13,000 of 50,001 shown');
    const shown = await page.locator('#grid .tabulator-tableholder').boundingBox();
    const box = await cell.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(shown!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(shown!.y + shown!.height);
    await until(async () => (await formulaBar()) === (await cell.textContent()), 'the cell in the formula bar');
    expect(await formulaBar()).toMatch(/@/);

    await page.keyboard.press('ArrowDown');
    await until(async () => (await formulaBar()) === (await gridCell(page, 12346, 'C').textContent()), 'the next cell in the formula bar');
  });

  const large = "'50,000 prospects'";
  const rowsShown = (text: string) =>
    until(async () => (await world.page.locator('#pager-text').textContent()) === `Rows ${text} of 50,001 shown`, `rows ${text}`);
  /** The large sheet's active cell in the host, and in view in the grid's scrolled part with its content in the formula bar. */
  const activeCell = async (a1: string) => {
    const { page } = world;
    const [, column, row] = /^([A-Z]+)(\d+)$/.exec(a1)!;
    await selected(`${large}!${a1}`);
    const cell = gridCell(page, Number(row), column!);
    await cell.waitFor();
    const [shown, box] = [await page.locator('#grid .tabulator-tableholder').boundingBox(), await cell.boundingBox()];
    // Within a pixel: rows are laid out at fractions of one.
    expect(box!.y).toBeGreaterThanOrEqual(shown!.y - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(shown!.y + shown!.height + 1);
    await until(async () => (await formulaBar()) === (await cell.textContent()), `${a1} in the formula bar`);
  };

  it('keeps the active cell in the formula bar when paged away from it, and an arrow brings its window back', async () => {
    const { page } = world;
    await selected(`${large}!C12346`);
    const c12346 = await formulaBar();
    expect(c12346).toMatch(/@/);
    await page.locator('#pager-next').click();
    await rowsShown('13,001–14,000');
    expect(await formulaBar()).toBe(c12346);
    await page.keyboard.press('ArrowDown');
    await rowsShown('12,001–13,000');
    await activeCell('C12347');
  });

  it('shows the last row in a full window', async () => {
    await nameBox('A50001');
    await rowsShown('49,002–50,001');
    await activeCell('A50001');
  });

  it('goes to the edge of the data with Ctrl+arrows, across windows', async () => {
    const { page } = world;
    await nameBox('A50001');
    await activeCell('A50001');
    await page.keyboard.press('Control+ArrowUp');
    await rowsShown('1–1,000');
    await activeCell('A1');
    await page.keyboard.press('Control+ArrowDown');
    await rowsShown('49,002–50,001');
    await activeCell('A50001');
    await page.keyboard.press('Control+ArrowRight');
    await activeCell('E50001');
  });

  it('moves a screenful with PageDown and PageUp, to column A with Home, A1 with Ctrl+Home, the last data with Ctrl+End', async () => {
    const { page } = world;
    await nameBox('C20');
    await activeCell('C20');
    await page.keyboard.press('Home');
    await activeCell('A20');
    await page.keyboard.press('Control+End');
    await rowsShown('49,002–50,001');
    await activeCell('E50001');
    await page.keyboard.press('Control+Home');
    await rowsShown('1–1,000');
    await activeCell('A1');

    // As many rows as the grid shows at once.
    const size = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => [
          (e as unknown as { clientHeight: number }).clientHeight,
          (e as unknown as { offsetHeight: number }).offsetHeight,
        ]);
    const screen = Math.floor((await size('#grid .tabulator-tableholder'))[0]! / (await size('#grid .tabulator-row'))[1]!);
    expect(screen).toBeGreaterThan(5);
    await page.keyboard.press('PageDown');
    await activeCell(`A${1 + screen}`);
    await page.keyboard.press('PageDown');
    await activeCell(`A${1 + 2 * screen}`);
    await page.keyboard.press('PageUp');
    await activeCell(`A${1 + screen}`);
  });

  it("keeps each page's own selection, and a sidebar call from a page sees that page's", async () => {
    const a = world.page;
    const b = await world.browser.newPage({ viewport: { width: 1400, height: 900 } });
    watch(b);
    b.on('pageerror', (e) => world.errors.push(e.stack ?? e.message));
    b.on('console', (m) => {
      if (m.type() === 'error') world.errors.push(`console: ${m.text()}`);
    });
    await b.goto(world.playground.url);
    await b.locator('#grid .tabulator-row').first().waitFor();

    const frameA = await openSidebar(a);
    await until(async () => ((await b.locator('#sidebar-frame').getAttribute('src')) ?? '') !== '', 'the sidebar in the second page');
    const frameB = (await (await b.locator('#sidebar-frame').elementHandle()).contentFrame())!;
    await frameB.waitForLoadState();

    await nameBox('Prospects!B3:C4', a);
    await until(async () => (await a.locator('#name-box').inputValue()) === 'B3:C4', 'the first page selected');
    await nameBox('Prospects!D7', b);
    await until(async () => (await b.locator('#name-box').inputValue()) === 'D7', 'the second page selected');
    expect(await a.locator('#name-box').inputValue()).toBe('B3:C4');

    type Run = { withSuccessHandler(ok: (value: unknown) => void): { activeRangeForTest(): void } };
    // google.script.run in the sidebar's frame, as the sidebar's own script calls it.
    const probe = (frame: Frame) =>
      frame.evaluate(
        () =>
          new Promise((resolve) => {
            (globalThis as unknown as { google: { script: { run: Run } } }).google.script.run
              .withSuccessHandler(resolve)
              .activeRangeForTest();
          }),
      );
    expect(await probe(frameA)).toBe('Prospects!B3:C4');
    expect(await probe(frameB)).toBe('Prospects!D7');
    expect(await probe(frameA)).toBe('Prospects!B3:C4');
    await b.close();
  });
});
