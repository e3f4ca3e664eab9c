// The page at 1280×720, where the sidebar's frame is about 530 px tall: the Run view's estimate
// and Start stay inside the frame, flashing as the estimate arrives; "Add to a sequence…" lands
// on the sequence part with its Send in view once checked; "Add to an existing lead list…" lands
// on the list's choice; a large free run asks first, from the menu and in the sidebar.
import type { Frame, Locator, Page } from 'playwright-core';
import { answerDialog, connect, hostGrid, openSidebar, selectRange } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const WINDOW = { width: 1280, height: 720 };
const SHEET = '50,000 prospects';

/** Whether `node` shows whole inside the sidebar's frame, as the page shows it now. */
async function inFrame(page: Page, node: Locator): Promise<boolean> {
  const box = (await node.boundingBox())!;
  const frame = (await page.locator('#sidebar-frame').boundingBox())!;
  return box.height > 0 && box.y >= frame.y && box.y + box.height <= frame.y + frame.height;
}

describe('the decision in view at 1280×720', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage({}, WINDOW);
  let frame: Frame;

  it('keeps the estimate and Start inside the frame, and flashes them when an estimate arrives', async () => {
    const { page } = world;
    frame = await connect(page, 'demo-key-alpha');
    expect((await page.locator('#sidebar-frame').boundingBox())!.height).toBeLessThan(600);
    await selectRange(page, 'A1:G20');
    await frame.getByRole('tab', { name: 'Run' }).click();
    await frame.getByLabel('Action on the selected rows').selectOption('company');
    await frame.locator('#run-check').click();
    await frame
      .locator('#run-summary')
      .filter({ hasText: /^Company enrichment of \d+ distinct rows on "Prospects"/ })
      .waitFor();
    // Nine column mappings above them, yet no scrolling is needed to see the estimate and Start.
    expect(await frame.locator('#run-mapping select').count()).toBe(9);
    expect(await inFrame(page, frame.locator('#run-summary'))).toBe(true);
    expect(await inFrame(page, frame.locator('#run-start'))).toBe(true);
    expect(await frame.locator('#run-foot.fresh').count()).toBe(1);
    // Scrolled to the top of the form, they stay at the bottom of the frame.
    await frame.getByLabel('Action on the selected rows').scrollIntoViewIfNeeded();
    expect(await inFrame(page, frame.getByLabel('Action on the selected rows'))).toBe(true);
    expect(await inFrame(page, frame.locator('#run-start'))).toBe(true);
  });

  it('lands "Add to a sequence…" on the sequence part, and keeps its Send in view once checked', async () => {
    const { page } = world;
    await selectRange(page, 'A1:G10');
    frame = await openSidebar(page, 'Add to a sequence…');
    await frame.getByRole('tab', { name: 'Tools', selected: true }).waitFor();
    const sequence = frame.getByLabel('Sequence', { exact: true });
    await frame.locator('#seq-sequence:focus').waitFor();
    expect(await inFrame(page, frame.locator('#seq-title'))).toBe(true);
    expect(await inFrame(page, sequence)).toBe(true);
    await frame.locator('#seq-check').click();
    await frame
      .locator('#seq-summary')
      .filter({ hasText: /to send to/ })
      .waitFor();
    expect(await frame.locator('#seq-mapping input[type="checkbox"]').count()).toBeGreaterThan(2);
    expect(await inFrame(page, frame.locator('#seq-summary'))).toBe(true);
    expect(await inFrame(page, frame.locator('#seq-send'))).toBe(true);
  });

  it('lands "Add to an existing lead list…" on the choice of the list, not a new list', async () => {
    const { page } = world;
    frame = await openSidebar(page, 'Add to an existing lead list…');
    await frame.getByRole('tab', { name: 'Run', selected: true }).waitFor();
    const target = frame.getByLabel('Add the rows to');
    await frame.locator('#run-list-target:focus').waitFor();
    expect(await target.inputValue()).not.toBe('');
    expect(await inFrame(page, target)).toBe(true);
    expect(await inFrame(page, frame.locator('#run-list-note'))).toBe(true);
  });

  it('asks before a large free run, from the menu and in the sidebar, naming the rows and the new columns', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: /Load 50,000 rows/ }).click();
    await page.locator('#tabs .tab.active', { hasText: SHEET }).waitFor();
    await selectRange(page, 'A1:E50001');
    await page.getByRole('button', { name: 'Extensions' }).click();
    await page.getByRole('menuitem', { name: 'Prospecting for Sheets' }).click();
    await page.getByRole('menuitem', { name: 'Enrich companies', exact: true }).click();
    const asked = await answerDialog(page, 'NO');
    expect(asked).toMatch(/^Company enrichment of [\d,]+ distinct rows on "50,000 prospects"/);
    expect(asked).toMatch(
      /Results go into 50,000 rows\. \d+ columns will be added to the sheet for the results\. Company enrichment is free\./,
    );
    // Answered no: the sheet keeps its columns.
    const win = await hostGrid(world, SHEET);
    expect(win.rows.find((r) => r.n === 1)!.v.filter(Boolean)).toHaveLength(5);

    await frame.getByRole('tab', { name: 'Run' }).click();
    await frame.getByLabel('Action on the selected rows').selectOption('company');
    await frame.locator('#run-check').click();
    await frame.locator('#run-summary').filter({ hasText: 'columns will be added' }).waitFor({ timeout: 60000 });
    expect(await frame.locator('#run-start').textContent()).toBe('Start 50,000 rows');
    expect(await inFrame(page, frame.locator('#run-start'))).toBe(true);
    // Room for the waits on 50,000 rows above on a machine whose cores the other test files share.
  }, 180000);
});
