// The sidebar's Jobs view on the page follows a job the menu started, on the host's clock: at 600×
// the card shows up and its rows finished climb without Refresh, as the frame's timers wait the
// host's seconds (its polls come minutes apart in the host's time, not hours).
import { connect, runMenu, selectRange, setSpeed, state, until } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

const SHEET = '50,000 prospects';

describe('the Jobs view on the page', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage();

  it('shows a job started from the menu and its progress at 600×, without Refresh', async () => {
    const { page } = world;
    const frame = await connect(page, 'demo-key-alpha');
    await frame.getByRole('tab', { name: 'Jobs' }).click();
    await frame.locator('#jobs-empty').waitFor();
    await page.getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: /Load 50,000 rows/ }).click();
    await page.locator('#tabs .tab.active', { hasText: SHEET }).waitFor();
    await selectRange(page, 'A1:E50001');
    await runMenu(page, 'Validate emails', 'validateEmails');

    const fast = (await state(world)).clock.now;
    await setSpeed(page, '600×');
    const hint = frame.locator('#jobs-list .job div.hint');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(/of 50,000 rows/);
    // The first part's results come in some minutes of the host's time: seconds here.
    const finished = async () => Number(/· ([\d,]+) of/.exec((await hint.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0);
    await until(async () => (await finished()) > 0, 'the card to count finished rows', 60000);
    const first = await finished();
    await until(async () => (await finished()) > first, 'the count to climb', 60000);
    await setSpeed(page, 'Pause');
    // Over the hour or more of the host's time the count took to climb, the sidebar polled many
    // times an hour; waiting its 30 s in real time, it would have polled once in five hours.
    const now = await state(world);
    const polls = now.activity.executions.filter((e) => e.functionName === 'pollJobs' && e.startedAt >= fast).length;
    const hours = (now.clock.now - fast) / 3600000;
    expect(hours).toBeGreaterThan(0.5);
    expect(polls / hours).toBeGreaterThan(6);
  }, 180000);
});
