// The page with the keyboard alone, as Sheets has it: the menus open and move with the arrows, run
// an item with Enter and close with Escape, the focus back on their button; a newly opened sidebar
// takes the focus; the add-on's dialogs keep Tab inside, answer Escape as their × (CLOSE, which the
// add-on takes for no) and Enter as their default; the import dialog asks for a file and cancels.
import type { Page } from 'playwright-core';
import { hostGrid, selectRange, state, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

/** What has the focus: the element's id, else its text ('' for the page's body). */
const focused = (page: Page) =>
  page.evaluate<string>("(e => e === document.body ? '' : e.id || e.textContent.trim())(document.activeElement)");

/** Opens Extensions › Prospecting for Sheets with the keyboard, the focus on its first item. */
async function openAddonMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).focus();
  await page.keyboard.press('Enter');
  expect(await focused(page)).toBe('Prospecting for Sheets');
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toBe('Open sidebar');
}

/** Runs an item of the add-on's menu with the keyboard alone. */
async function runWithKeys(page: Page, caption: string): Promise<void> {
  await openAddonMenu(page);
  for (let i = 0; i < 20 && (await focused(page)) !== caption; i++) await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toBe(caption);
  await page.keyboard.press('Enter');
}

/** Whether the focus is inside the add-on's dialog. */
const focusInDialog = async (page: Page) => (await page.locator('#addon-dialog :focus').count()) === 1;

describe('the page with the keyboard', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  it('moves through the menus with the arrows and closes them with Escape', async () => {
    const { page } = world;
    await openAddonMenu(page);
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Settings');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Open sidebar');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('Settings');
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe('Open sidebar');
    // ← and Escape close the submenu, back on its item; Escape again closes the menu, back on its button.
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('Prospecting for Sheets');
    await page.getByRole('menuitem', { name: 'Open sidebar' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('Prospecting for Sheets');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('Extensions');
    await page.getByRole('menuitem', { name: 'Prospecting for Sheets' }).waitFor({ state: 'hidden' });
    // → from a menu opens the next one; ↓ on a menu button opens it.
    await page.getByRole('button', { name: 'File' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Import CSV…');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatch(/^Sort sheet by the selected column/);
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('Data');
  });

  it('opens the sidebar with Enter on its item, and the focus goes to its first field', async () => {
    const { page } = world;
    await runWithKeys(page, 'Open sidebar');
    await until(async () => (await focused(page)) === 'sidebar-frame', 'the focus in the sidebar');
    const frame = (await (await page.locator('#sidebar-frame').elementHandle()).contentFrame())!;
    // The keys go to the sidebar's first field now: the key is typed there at once.
    await until(async () => (await frame.locator('#api-key:focus').count()) === 1, 'the focus on the key field');
    // Connect by typing into the sidebar, for the runs below.
    await page.keyboard.type('demo-key-alpha');
    await page.keyboard.press('Enter');
    await frame.locator('#account-name').filter({ hasText: /\S/ }).waitFor();
  });

  it("answers the add-on's confirm: Tab stays inside, Escape closes it (the add-on does nothing), Enter confirms", async () => {
    const { page } = world;
    await selectRange(page, 'A1:G20');
    const headers = async () => (await hostGrid(world, 'Prospects')).rows.find((r) => r.n === 1)!.v;
    expect(await headers()).not.toContain('Person · Status');

    await runWithKeys(page, 'Enrich people');
    const dialog = page.locator('#addon-dialog');
    await dialog.waitFor({ state: 'visible' });
    // The focus is on the default button, Yes, and Tab goes round the dialog's buttons, never out.
    await until(async () => (await focused(page)) === 'Yes', 'the focus on Yes');
    const seen = new Set<string>();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page)).toBe(true);
      seen.add(await focused(page));
    }
    expect([...seen].sort()).toEqual(['No', 'Yes', 'addon-dialog-close']);

    // Escape: the dialog goes, the add-on got CLOSE and started nothing, and the focus is back on the menu.
    const ran = page.locator('#executions-body tr', { hasText: 'enrichPeople' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await ran.first().waitFor();
    expect(await focused(page)).toBe('Extensions');
    await until(async () => (await state(world)).busy === null, 'enrichPeople to end');
    expect(await headers()).not.toContain('Person · Status');

    // Enter on the same confirm says Yes: the run starts and adds its columns.
    await runWithKeys(page, 'Enrich people');
    await dialog.waitFor({ state: 'visible' });
    await until(async () => (await focused(page)) === 'Yes', 'the focus on Yes');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await until(async () => (await headers()).includes('Person · Status'), 'the run to add its columns');
  });

  it('asks for a file when the import dialog is confirmed without one, and Escape cancels it', async () => {
    const { page } = world;
    const sheets = (await state(world)).sheets.length;
    await page.getByRole('button', { name: 'File' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const dialog = page.locator('#import-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await focused(page)).toBe('import-file');
    await page.getByRole('button', { name: 'Import data' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a CSV file first.' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('File');
    expect((await state(world)).sheets.length).toBe(sheets);
  });
});
