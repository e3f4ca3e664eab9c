// The sidebar closed and opened again, ten times over, its Jobs view polling often (the clock at
// 600×): each time its frame takes the panel's size and draws the add-on's sidebar, whose tabs
// answer at once. A call of the sidebar closed, still on its way, is not the new sidebar's answer.
import { connect, openSidebar, setSpeed } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

describe('the sidebar reopened', () => {
  const world = sharedPage();

  it('draws and answers every time it is closed and opened again', async () => {
    const { page } = world;
    // Connected, so that every tab is open to a click.
    await connect(page, 'demo-key-alpha');
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    await setSpeed(page, '600×');
    for (let cycle = 1; cycle <= 10; cycle++) {
      const frame = await openSidebar(page);
      const box = await page.locator('#sidebar-frame').boundingBox();
      expect([cycle, box && box.width > 200 && box.height > 200]).toEqual([cycle, true]);
      // The add-on's sidebar drew inside it: its tab strip has a size...
      const jobs = frame.getByRole('tab', { name: 'Jobs' });
      await jobs.waitFor({ timeout: 5000 });
      const tab = await jobs.boundingBox();
      expect(tab?.width).toBeGreaterThan(0);
      expect(tab?.height).toBeGreaterThan(0);
      // ...and its tabs answer a click at once.
      await jobs.click({ timeout: 5000 });
      await frame.getByRole('tab', { name: 'Jobs', selected: true }).waitFor({ timeout: 5000 });
      await page.getByRole('button', { name: 'Close sidebar' }).click();
      await page.locator('#sidebar').waitFor({ state: 'hidden' });
    }
    await setSpeed(page, 'Pause');
  }, 180000);
});
