// The mailboxes tool on the local page: import the account's mailboxes from the sidebar's Tools,
// edit one mailbox's daily limit in the grid, and apply it from the menu: only the changed row is
// sent, and it ends "Applied" with the limit the service now holds.
import { addonMenu, answerDialog, columnOf, connect, gridCell, hostGrid, selectRange, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

describe('mailboxes from the page', () => {
  const world = sharedPage();

  it('imports the mailboxes, applies an edited limit from the menu, and that row alone says Applied', async () => {
    const { page } = world;
    const frame = await connect(page, 'demo-key-alpha');
    await frame.locator('#tab-tools').click();
    await frame.locator('#import-kind').selectOption('mailboxes');
    await frame.locator('#import-start').click();
    await frame.locator('#import-progress', { hasText: 'rows written to "Mailboxes"' }).waitFor();
    await page.locator('#tabs .tab.active', { hasText: 'Mailboxes' }).waitFor();
    const before = await hostGrid(world, 'Mailboxes');
    const limit = columnOf(before, 'Daily email limit');
    const row2 = before.rows.find((r) => r.n === 2)!.v;
    expect(row2[2]).toBe('active');
    // The grid holds what each cell shows.
    const newLimit = Number(row2[limit.charCodeAt(0) - 65]) === 480 ? 470 : 480;
    await gridCell(page, 2, limit).click();
    await page.keyboard.type(String(newLimit));
    await page.keyboard.press('Enter');
    await until(
      async () => (await hostGrid(world, 'Mailboxes')).rows.find((r) => r.n === 2)!.v[limit.charCodeAt(0) - 65] === String(newLimit),
      'the new limit in the host',
    );
    await selectRange(page, 'A1:G25');
    await addonMenu(page, 'Apply mailbox limits from selected rows');
    const asked = await answerDialog(page, 'YES');
    expect(asked).toMatch(/24 selected rows on "Mailboxes", 1 to send/);
    const win = await hostGrid(world, 'Mailboxes');
    const status = columnOf(win, 'Mailbox · Status');
    await gridCell(page, 2, status).filter({ hasText: 'Applied' }).waitFor();
    const after = await hostGrid(world, 'Mailboxes');
    const statuses = after.rows.filter((r) => r.n >= 3 && r.n <= 25).map((r) => r.v[status.charCodeAt(0) - 65] ?? '');
    expect(statuses.every((s) => s === '')).toBe(true);
    expect(after.rows.find((r) => r.n === 2)!.v[columnOf(after, 'Limit · Applied').charCodeAt(0) - 65]).toBe(String(newLimit));
  });
});
