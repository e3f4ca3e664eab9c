// Automation from the page: the menu's "Automate this sheet…" opens the sidebar on Auto, the form
// turns it on for the sample sheet with its caps and alerts, "Run now" sends the rows its caps
// allow and lists each run, and once the day's cap is reached the alert e-mail shows in the
// activity panel. Everything through the built add-on in the local host; no page or sidebar error.
import { columnOf, connect, gridCell, hostGrid, openPage, openSidebar, state, type PageWorld } from '../../playground/page-driver';

describe('automating a sheet from the page', () => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('turns automation on, runs it, lists its runs and shows the alert it e-mails', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    const frame = await openSidebar(page, 'Automate this sheet…');
    await frame.getByRole('tab', { name: /Auto/, selected: true }).waitFor();
    await frame.locator('#auto-body').waitFor();
    await frame.locator('#auto-email').check();
    await frame.locator('#auto-cap-run').fill('40');
    await frame.locator('#auto-cap-day').fill('80');
    await frame.locator('#auto-stale').fill('30');
    await frame.locator('#auto-alerts').check();
    await frame.locator('#auto-save').click();
    await frame
      .locator('#auto-status')
      .filter({ hasText: /^Watching "Prospects"/ })
      .waitFor();

    // Each run sends what its cap pays for; the third finds the day's cap reached.
    for (let run = 1; run <= 3; run++) {
      await frame.locator('#auto-run-now').click();
      await frame.locator('#auto-run-go').click();
      await frame.locator('#auto-run-now:not([disabled])').waitFor({ timeout: 60000 });
    }
    await frame.locator('#auto-history li').nth(1).waitFor();
    expect(await frame.locator('#auto-history li').count()).toBe(2);
    await frame
      .locator('#auto-history li')
      .first()
      .filter({ hasText: /Email validation/ })
      .waitFor();
    await frame
      .locator('#auto-status')
      .filter({ hasText: /cap of 80 credits is reached/ })
      .waitFor();
    await frame
      .locator('#auto-today')
      .filter({ hasText: /80 of 80/ })
      .waitFor();

    // The rows sent have their results and stamps in the grid.
    const win = await hostGrid(world, 'Prospects');
    await gridCell(page, 2, columnOf(win, 'Email · Checked'))
      .filter({ hasText: /UTC · / })
      .waitFor();
    const posts = (await state(world)).activity.requests.filter((r) => r.method === 'POST' && r.path === '/email-validations');
    expect(posts).toHaveLength(2);

    // The alert, e-mailed once, in the activity panel's e-mail list.
    await page.locator('#mail-list li', { hasText: /automation on "Prospects" is waiting/ }).waitFor();
    expect(await page.locator('#mail-list li', { hasText: /is waiting/ }).count()).toBe(1);
    expect(world.errors).toEqual([]);
  });
});
