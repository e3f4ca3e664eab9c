// "Skip waits" ends with the work it skipped for: automation on the sample sheet, the clock skips
// to its runs, which validate the rows, and once a run finds nothing left to do the clock is back
// at the speed chosen before (paused here) instead of leaping on from beat to beat for days.
import { columnOf, connect, gridCell, hostGrid, openSidebar, setSpeed, state, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const DAY_MS = 24 * 3600_000;

describe('Skip waits on the page', () => {
  const world = sharedPage();

  it('turns itself off at once when no trigger is set', async () => {
    const { page } = world;
    const before = await state(world);
    expect(before.clock.nextTriggerAt).toBeNull();
    await page.locator('#speeds button', { hasText: 'Skip waits' }).click();
    await until(async () => (await state(world)).clock.speed === 0, 'the clock back to Pause');
    await page.locator('#speeds button.active', { hasText: 'Pause' }).waitFor();
    expect((await state(world)).clock.now).toBe(before.clock.now);
  });

  it('turns itself off once automation has nothing left to do, the clock paused where the work ended', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    const frame = await openSidebar(page, 'Automate this sheet…');
    await frame.locator('#auto-body').waitFor();
    await frame.locator('#auto-email').check();
    await frame.locator('#auto-save').click();
    await frame
      .locator('#auto-status')
      .filter({ hasText: /^Watching "Prospects"/ })
      .waitFor();
    const start = await state(world);
    expect(start.clock.nextTriggerAt).not.toBeNull();

    await setSpeed(page, 'Skip waits');
    // The host ends the skipping by itself: until it does, the page may still show the Pause it
    // showed before the click (its next state not drawn yet on a busy machine).
    await until(async () => (await state(world)).clock.speed !== 'skip', 'the skipping to end', 60000);
    // Back to Pause by itself: the button the person chose before is pressed again.
    await page.locator('#speeds button.active', { hasText: 'Pause' }).waitFor({ timeout: 60000 });
    const ended = await state(world);
    expect(ended.clock.speed).toBe(0);
    // The automation's runs did their work: the rows are validated and stamped.
    const win = await hostGrid(world, 'Prospects');
    await gridCell(page, 2, columnOf(win, 'Email · Checked'))
      .filter({ hasText: /UTC · / })
      .waitFor();
    // Not days of beats with nothing to do.
    expect(ended.clock.now - start.clock.now).toBeLessThan(DAY_MS);
    // And it stays where it ended: the clock is paused, the beat still set for later.
    await new Promise((r) => setTimeout(r, 1500));
    const later = await state(world);
    expect(later.clock.now).toBe(ended.clock.now);
    expect(later.clock.nextTriggerAt).not.toBeNull();
  }, 120000);
});
