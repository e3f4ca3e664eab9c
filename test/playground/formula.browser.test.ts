// A formula typed into a cell of the page runs the add-on's own custom function in the host and
// spills its row of fields into the cells to the right, as in Sheets; data in the way gives #REF!
// with Sheets' message on hover.
import { connect, gridCell, hostGrid, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

describe('formulas typed in the grid', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  async function typeInto(row: number, column: string, text: string): Promise<void> {
    const { page } = world;
    await gridCell(page, row, column).dblclick();
    const editor = page.locator('#grid input.cell-editor');
    await editor.fill(text);
    await editor.press('Enter');
  }

  it('computes =ENRICH_COMPANY(E2) with the add-on and spills the answer to the right', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    await typeInto(2, 'I', '=ENRICH_COMPANY(E2, "name, website")');
    // The answer's first field in I2, the next spilled into J2.
    await gridCell(page, 2, 'J').filter({ hasText: /\S/ }).waitFor();
    const win = await hostGrid(world, 'Prospects');
    const row2 = win.rows.find((r) => r.n === 2)!;
    expect(row2.f?.[8]).toBe('=ENRICH_COMPANY(E2, "name, website")');
    expect(row2.f?.[9]).toBeUndefined();
    expect(row2.v[8]).toMatch(/\S/);
    expect(row2.v[9]).toMatch(/pioneerfreight/i);
    expect(row2.v[10] ?? '').toBe('');
    expect(await gridCell(page, 2, 'J').textContent()).toBe(row2.v[9]);
    // The custom function ran as Sheets runs one: in the activity panel, CUSTOM_FUNCTION mode.
    await page.locator('#executions-body tr', { hasText: 'ENRICH_COMPANY' }).filter({ hasText: 'CUSTOM_FUNCTION' }).first().waitFor();
  });

  it('shows #REF! when the cells to the right hold data, and spills once they are cleared', async () => {
    const { page } = world;
    await typeInto(3, 'J', 'mine');
    await typeInto(3, 'I', '=ENRICH_COMPANY(E3, "name, website")');
    const ref = gridCell(page, 3, 'I');
    await ref.filter({ hasText: '#REF!' }).waitFor();
    expect(await ref.getAttribute('title')).toBe('Array result was not expanded because it would overwrite data in J3.');
    await typeInto(3, 'J', '');
    await gridCell(page, 3, 'J')
      .filter({ hasText: /orchidbio/i })
      .waitFor();
    expect(await ref.textContent()).not.toBe('#REF!');
  });

  it("hints =ENRICH_COMPANY on the sheet's column of websites, in the active cell's row; without one, the column it needs", async () => {
    const { page } = world;
    const bar = page.getByLabel('Formula bar');
    const hint = () => bar.getAttribute('placeholder');
    // Column D holds company names, E the websites ENRICH_COMPANY reads.
    expect(await gridCell(page, 1, 'D').textContent()).toBe('Company');
    expect(await gridCell(page, 1, 'E').textContent()).toBe('Website');
    await gridCell(page, 5, 'B').click();
    await until(async () => (await hint())?.endsWith('=ENRICH_COMPANY(E5)') ?? false, 'the hint on row 5');
    await typeInto(1, 'E', 'Notes');
    await until(async () => !(await hint())?.includes('(E'), 'the hint without a website column');
    expect(await hint()).toBe("Select a cell, then type a value, or =ENRICH_COMPANY( ) on a cell holding a company's domain or website");
    await typeInto(1, 'E', 'Company website');
    await until(async () => (await hint())?.endsWith('=ENRICH_COMPANY(E2)') ?? false, 'the hint back on the renamed column');
  });
});
