// A 50,000-row job watched to its end from the page: the sheet loaded from the File menu, Validate
// emails (50,000 distinct addresses, over three hours of the service's hourly limit) from the
// add-on's menu, then the clock skipping from trigger to trigger until no trigger is left; every
// row ends with its result, none left queued or running.
import { parseCsv } from '../../emulator';
import { OUTCOMES } from '../../src/jobs/row-status';
import { CLOCK_START, connect, runMenu, selectRange, setSpeed, state } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const SHEET = '50,000 prospects';

describe('a 50,000-row job on the page', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  it('runs from the menu to its end with the clock skipping the waits', async () => {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    await page.getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: /Load 50,000 rows/ }).click();
    await page.locator('#tabs .tab.active', { hasText: SHEET }).waitFor();

    await selectRange(page, 'A1:E50001');
    await runMenu(page, 'Validate emails', 'validateEmails');
    expect((await state(world)).clock.nextTriggerAt).not.toBeNull();

    await setSpeed(page, 'Skip waits');
    await page.locator('#clock-next', { hasText: 'No trigger set' }).waitFor({ timeout: 120000 });
    await setSpeed(page, 'Pause');

    const [header, ...rows] = parseCsv(await (await fetch(`${world.playground.url}api/export?sheet=${encodeURIComponent(SHEET)}`)).text());
    const result = header!.indexOf('Email · Result');
    expect(rows).toHaveLength(50000);
    const outcomes = new Map<string, number>();
    for (const r of rows) outcomes.set(r[result]!, (outcomes.get(r[result]!) ?? 0) + 1);
    // Validation results only: no row queued, processing or in error.
    for (const outcome of outcomes.keys())
      expect([OUTCOMES.deliverable, OUTCOMES.undeliverable, OUTCOMES.risky, OUTCOMES.unknown]).toContain(outcome);
    expect(outcomes.get(OUTCOMES.deliverable)).toBeGreaterThan(25000);
    // Over three virtual hours: the service's 15,000 validations an hour paced it.
    expect((await state(world)).clock.now - CLOCK_START).toBeGreaterThan(3 * 3600 * 1000);
    // Room for the two-minute wait above on a machine whose cores the other test files share.
  }, 180000);
});
