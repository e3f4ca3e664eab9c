// The Auto tab in headless Chromium: the add-on in the local host opens it from the menu and
// connects; the automation calls are answered with fixed views, as their server side is written
// apart. The form reflects a view, Turn on and Turn off send the settings, a refused save is shown
// and keeps what the person typed, the history's retry, and hostile text kept as text.
import type { Browser, Locator, Page } from 'playwright-core';
import type { AutomationInput, AutomationView, AutoRunView } from '../../src/automation/automation-view';
import { launchBrowser } from '../../toolkit/chromium';
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';
import { openSidebar, type SidebarPage, type Stubs } from './harness';

const HOSTILE = '<img src=x onerror="document.body.dataset.pwned=1">';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const OFF: AutomationView = {
  on: false,
  sheetName: '',
  actions: [],
  capPerRun: 100,
  capPerDay: 500,
  staleDays: 0,
  spentToday: 0,
  status: 'Automation is off for this spreadsheet.',
  nextRunAt: '',
  timeZone: 'Etc/UTC',
  history: [],
  alerts: false,
  alertTo: OWNER,
  prices: {
    email: [{ what: 'validated', count: 1, rate: 1, kind: 'email' }],
    person: [{ what: 'found', count: 1, rate: 0.5, kind: 'email' }],
    company: [],
  },
};

const ON: AutomationView = {
  ...OFF,
  on: true,
  sheetName: 'Prospects',
  actions: ['email', 'company'],
  capPerRun: 200,
  capPerDay: 1500,
  staleDays: 30,
  spentToday: 240,
  status: 'Waiting for new or changed rows.',
  nextRunAt: '2026-11-02T10:00:00.000Z',
  alerts: true,
};

function run(id: string, at: string, failed: number, alerted = false): AutoRunView {
  return { id, at, action: 'Email validation', rows: 40, credits: 40, outcome: `Done: ${40 - failed} Deliverable`, failed, alerted };
}

/** A connected world, its sheet of one row. */
function world(): World {
  const w = addonWorld();
  w.host.sheet().load([['Email'], ['ann@prospects1.example']]);
  w.host.open();
  connect(w, 'demo-key-alpha');
  return w;
}

/** The sidebar opened by "Automate this sheet…", the automation calls answered by `stubs`. */
async function fromMenu(w: World, stubs: Stubs): Promise<SidebarPage> {
  expect(w.host.clickMenu('Automate this sheet…').ok).toBe(true);
  const sidebar = await openSidebar(browser, w, OWNER, w.host.ui.sidebars().at(-1)!.html, stubs);
  await sidebar.page.locator('#auto-body').waitFor();
  return sidebar;
}

/** The form's fields as the person sees them. */
async function fields(page: Page) {
  const field = (label: string) => auto(page).getByLabel(label, { exact: true });
  return {
    email: await field('Validate emails').isChecked(),
    person: await field('Enrich people').isChecked(),
    company: await field('Enrich companies').isChecked(),
    capPerRun: await field('Credits per run, at most').inputValue(),
    capPerDay: await field('Credits per day, at most').inputValue(),
    staleDays: await field('Check results again after (days)').inputValue(),
    alerts: await field('E-mail me when an automated run fails or pauses, or a long job ends').isChecked(),
  };
}

/** The history's runs, by id, in the order shown. */
async function runIds(page: Page): Promise<Array<string | null>> {
  return Promise.all((await page.locator('#auto-history > li').all()).map((li) => li.getAttribute('data-run')));
}

const text = (page: Page, selector: string) => page.locator(selector).textContent();
/** The Auto tab's panel: other tabs have fields of the same names. */
const auto = (page: Page) => page.locator('#view-automation');

test('from the menu: the Auto tab, in a tab bar that fits, shows the automation as the server tells it', async () => {
  const { page, calls } = await fromMenu(world(), { getAutomation: () => ON });
  expect(await page.getByRole('tab', { name: 'Auto' }).getAttribute('aria-selected')).toBe('true');
  expect(calls).toContain('getAutomation');
  // Six tabs in 300 px: none is cut, and the bar does not scroll.
  const bar = await page.evaluate(`(() => {
    const nav = document.querySelector('.tabs');
    return {
      overflow: nav.scrollWidth - nav.clientWidth,
      cut: Array.from(nav.children).filter((t) => t.scrollWidth > t.clientWidth).length,
      width: nav.clientWidth,
    };
  })()`);
  expect(bar).toEqual({ overflow: 0, cut: 0, width: 300 });

  expect(await text(page, '#auto-state')).toBe('On: watching "Prospects".');
  expect(await fields(page)).toEqual({
    email: true,
    person: false,
    company: true,
    capPerRun: '200',
    capPerDay: '1500',
    staleDays: '30',
    alerts: true,
  });
  // Each action's price per row, in its parts, beside its box; company enrichment is free.
  expect(await page.locator('#auto-form .price').allTextContents()).toEqual([
    '1 email credit per email validated',
    '0.5 email credits per person found',
    'free',
  ]);
  expect(await text(page, '#auto-alert-to')).toBe(`Sent to ${OWNER}, about all your spreadsheets.`);
  expect(await text(page, '#auto-today')).toBe('Today: 240 of 1,500 credits');
  expect(await text(page, '#auto-status')).toBe('Waiting for new or changed rows.');
  const next = page.locator('#auto-next time');
  expect(await next.getAttribute('datetime')).toBe(ON.nextRunAt);
  expect(await next.textContent()).toMatch(/^Nov \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
  for (const name of ['Save', 'Turn off', 'Run now']) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Turn on' }).count()).toBe(0);
  expect(await page.getByText('No automated run yet.').isVisible()).toBe(true);
  // The preview follows the daily cap typed, before it is saved.
  await auto(page).getByLabel('Credits per day, at most').fill('2000');
  expect(await text(page, '#auto-today')).toBe('Today: 240 of 2,000 credits');
  await page.close();
});

test("the next run is told in the spreadsheet's time zone, named", async () => {
  const w = world();
  w.host.spreadsheet.timeZone = 'Asia/Tokyo';
  w.host.select('Sheet1!A1:A2');
  expect(
    w.host.callFromSidebar('saveAutomation', [
      { on: true, actions: ['email'], capPerRun: 100, capPerDay: 500, staleDays: 0, alerts: false },
    ]).ok,
  ).toBe(true);
  const { page } = await fromMenu(w, {});
  const next = page.locator('#auto-next');
  await next.waitFor();
  const at = (await next.locator('time').getAttribute('datetime'))!;
  const shown = (timeZone: string) =>
    new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
  // Tokyo is 9 hours from UTC: the same instant reads differently there.
  expect(shown('Asia/Tokyo')).not.toBe(shown('Etc/UTC'));
  expect(await next.textContent()).toBe(`Next run: ${shown('Asia/Tokyo')} (Asia/Tokyo time)`);
  await page.close();
});

test('without a key the menu opens Connect, with the Auto tab closed and nothing asked', async () => {
  const w = addonWorld();
  w.host.open();
  expect(w.host.clickMenu('Automate this sheet…').ok).toBe(true);
  const { page, calls } = await openSidebar(browser, w, OWNER, w.host.ui.sidebars().at(-1)!.html, { getAutomation: () => ON });
  await page.getByRole('tab', { name: 'Connect', selected: true }).waitFor();
  expect(await page.getByRole('tab', { name: 'Auto' }).isDisabled()).toBe(true);
  expect(calls).not.toContain('getAutomation');
  await page.close();
});

test('Turn on sends the actions, caps, re-check age and alerts chosen; Turn off sends the saved ones back, off', async () => {
  let shown = OFF;
  const saved: AutomationInput[] = [];
  const w = world();
  const { page } = await openSidebar(browser, w, OWNER, undefined, {
    getAutomation: () => shown,
    saveAutomation: (input) => {
      saved.push(input as AutomationInput);
      const { on, actions, capPerRun, capPerDay, staleDays, alerts } = input as AutomationInput;
      shown = { ...shown, on, sheetName: on ? 'Sheet1' : '', actions, capPerRun, capPerDay, staleDays, alerts };
      return shown;
    },
  });
  await page.getByRole('tab', { name: 'Run', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Auto' }).click();
  await page.locator('#auto-state').filter({ hasText: 'Off. Turning it on watches the active sheet.' }).waitFor();
  expect(await page.getByRole('button', { name: 'Run now' }).isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Turn off' }).isVisible()).toBe(false);
  await auto(page).getByLabel('Validate emails').check();
  await auto(page).getByLabel('Enrich people').check();
  await auto(page).getByLabel('Credits per run, at most').fill('50');
  await auto(page).getByLabel('Credits per day, at most').fill('300');
  await auto(page).getByLabel('Check results again after (days)').fill('14');
  // Enter in a field turns nothing on: only the button does.
  await auto(page).getByLabel('Check results again after (days)').press('Enter');
  await auto(page).getByLabel('E-mail me when an automated run fails or pauses, or a long job ends').check();
  expect(saved).toEqual([]);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.locator('#auto-state').filter({ hasText: 'On: watching "Sheet1".' }).waitFor();
  expect(saved).toEqual([{ on: true, actions: ['email', 'person'], capPerRun: 50, capPerDay: 300, staleDays: 14, alerts: true }]);
  expect(await page.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);

  // An unsaved change stays in the form; Turn off sends the settings as saved.
  await auto(page).getByLabel('Credits per run, at most').fill('75');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.locator('#auto-state').filter({ hasText: 'Off.' }).waitFor();
  expect(saved[1]).toEqual({ on: false, actions: ['email', 'person'], capPerRun: 50, capPerDay: 300, staleDays: 14, alerts: true });
  expect(await auto(page).getByLabel('Credits per run, at most').inputValue()).toBe('75');
  expect(await page.getByRole('button', { name: 'Turn on' }).isVisible()).toBe(true);
  await page.close();
});

test("a refused save shows the server's sentence as an alert and keeps what the person typed", async () => {
  const { page, calls } = await fromMenu(world(), {
    getAutomation: () => ON,
    saveAutomation: () => {
      throw new Error('Credits per day must be at least the credits per run.');
    },
  });
  await auto(page).getByLabel('Credits per run, at most').fill('900');
  await auto(page).getByLabel('Credits per day, at most').fill('800');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: 'Credits per day must be at least the credits per run.' }).waitFor();
  expect(await fields(page)).toMatchObject({ capPerRun: '900', capPerDay: '800' });
  expect(await page.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
  // A field that holds no number is named before anything is sent.
  await auto(page).getByLabel('Check results again after (days)').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await alert.filter({ hasText: '"Check results again after (days)" needs a whole number, 0 or more.' }).waitFor();
  expect(calls.filter((c) => c === 'saveAutomation')).toHaveLength(1);
  await page.close();
});

test("while a save is out, the person's values stay, even when the tab is shown again meanwhile", async () => {
  const saved: AutomationInput[] = [];
  const sidebar = await fromMenu(world(), {
    getAutomation: () => ON,
    saveAutomation: (input) => {
      saved.push(input as AutomationInput);
      return { ...ON, capPerRun: (input as AutomationInput).capPerRun, status: 'Saved.' };
    },
  });
  const { page } = sidebar;
  await auto(page).getByLabel('Credits per run, at most').fill('120');
  await auto(page).getByLabel('Enrich people').check();
  const held = sidebar.hold('saveAutomation');
  await page.getByRole('button', { name: 'Save' }).click();
  await held.answered;
  expect(await auto(page).getByLabel('Credits per run, at most').isDisabled()).toBe(true);
  // The tab shown again asks for the automation; its answer (the values before the save) leaves the form alone.
  await page.getByRole('tab', { name: 'Run' }).click();
  await page.getByRole('tab', { name: 'Auto' }).click();
  await sidebar.answersHandled('getAutomation', 2);
  expect(await fields(page)).toMatchObject({ capPerRun: '120', person: true });
  held.release();
  await page.locator('#auto-status').filter({ hasText: 'Saved.' }).waitFor();
  expect(saved).toEqual([
    { on: true, actions: ['email', 'person', 'company'], capPerRun: 120, capPerDay: 1500, staleDays: 30, alerts: true },
  ]);
  // The save's answer is the form now: Enrich people is not among ON's actions.
  expect(await fields(page)).toMatchObject({ capPerRun: '120', person: false, email: true });
  expect(await auto(page).getByLabel('Credits per run, at most').isEnabled()).toBe(true);
  await page.close();
});

test('history: newest first, e-mailed marked, Retry only where rows failed, and it retries that run; Run now', async () => {
  const retried: unknown[] = [];
  const history = [
    run('r3', '2026-11-02T09:00:00.000Z', 0, true),
    run('r2', '2026-11-02T08:00:00.000Z', 3),
    run('r1', '2026-11-02T07:00:00.000Z', 1, true),
  ];
  const sidebar = await fromMenu(world(), {
    getAutomation: () => ({ ...ON, history }),
    retryFailedRows: (id) => {
      retried.push(id);
      return { ...ON, history: [{ ...run('r4', '2026-11-02T09:30:00.000Z', 0), rows: 3, credits: 3, outcome: 'Running' }, ...history] };
    },
    runAutomationNow: () => ({
      ...ON,
      status: 'Running now.',
      history: [{ ...run('r5', '2026-11-02T09:40:00.000Z', 0), outcome: 'Running' }],
    }),
  });
  const { page, calls } = sidebar;
  const items = page.locator('#auto-history > li');
  expect(await runIds(page)).toEqual(['r3', 'r2', 'r1']);
  const r2 = items.nth(1);
  expect(await r2.locator('strong').textContent()).toBe('Email validation');
  expect(await r2.locator('time').getAttribute('datetime')).toBe('2026-11-02T08:00:00.000Z');
  expect(await r2.textContent()).toContain('40 rows · up to 40 credits');
  expect(await r2.textContent()).toContain('Done: 37 Deliverable');
  expect(await r2.textContent()).toContain('3 rows failed.');
  const each = async <T>(of: (li: Locator) => Promise<T>) => Promise.all((await items.all()).map(of));
  expect(await each((li) => li.locator('.tag').allTextContents())).toEqual([['e-mailed'], [], ['e-mailed']]);
  expect(await each((li) => li.getByRole('button').allTextContents())).toEqual([[], ['Retry the failed rows'], ['Retry the failed rows']]);
  expect(await page.getByText('No automated run yet.').isVisible()).toBe(false);

  await r2.getByRole('button', { name: 'Retry the failed rows' }).click();
  await items.first().filter({ hasText: 'Running' }).waitFor();
  expect(retried).toEqual(['r2']);
  expect(await items.count()).toBe(4);

  await page.getByRole('button', { name: 'Run now' }).click();
  await page.locator('#auto-run-ask').getByRole('button', { name: 'Run now' }).click();
  await page.locator('#auto-status').filter({ hasText: 'Running now.' }).waitFor();
  expect(calls.filter((c) => c === 'runAutomationNow')).toHaveLength(1);
  expect(await runIds(page)).toEqual(['r5']);
  await page.close();
});

test('Run now asks first, saying the most it can spend: the cap per run, or what is left of the day', async () => {
  const sidebar = await fromMenu(world(), {
    getAutomation: () => ON,
    runAutomationNow: () => ({ ...ON, status: 'Running now.' }),
  });
  const { page, calls } = sidebar;
  const ask = page.locator('#auto-run-ask');
  await page.locator('#auto-run-now').click();
  await ask.waitFor();
  expect(await text(page, '#auto-run-ask-text')).toBe(
    'Run now on the new and changed rows of "Prospects"? It can spend up to 200 credits (the cap per run).',
  );
  expect(await page.locator('#auto-run-go:focus').count()).toBe(1);
  // Cancel: nothing is run.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect(await ask.isHidden()).toBe(true);
  expect(calls).not.toContain('runAutomationNow');

  // With 1,400 of today's 1,500 spent, a run can spend only the 100 left.
  sidebar.amendNext('getAutomation', () => ({ ...ON, spentToday: 1400 }));
  await page.getByRole('tab', { name: 'Run' }).click();
  await page.getByRole('tab', { name: 'Auto' }).click();
  await sidebar.answersHandled('getAutomation', 2);
  await page.locator('#auto-run-now').click();
  expect(await text(page, '#auto-run-ask-text')).toBe(
    'Run now on the new and changed rows of "Prospects"? It can spend up to 100 credits (what is left of today\'s 1,500).',
  );
  await ask.getByRole('button', { name: 'Run now' }).click();
  await page.locator('#auto-status').filter({ hasText: 'Running now.' }).waitFor();
  expect(calls.filter((c) => c === 'runAutomationNow')).toHaveLength(1);

  // Only free company enrichment: nothing to spend, and it says so.
  sidebar.amendNext('getAutomation', () => ({ ...ON, actions: ['company'] }));
  await page.getByRole('tab', { name: 'Run' }).click();
  await page.getByRole('tab', { name: 'Auto' }).click();
  await sidebar.answersHandled('getAutomation', 3);
  await page.locator('#auto-run-now').click();
  expect(await text(page, '#auto-run-ask-text')).toBe(
    'Run now on the new and changed rows of "Prospects"? Enriching companies spends no credits.',
  );
  await page.close();
});

test('text from the server shows as text and runs nothing', async () => {
  const hostile: AutomationView = {
    ...ON,
    sheetName: HOSTILE,
    status: HOSTILE,
    alertTo: HOSTILE,
    history: [{ id: HOSTILE, at: HOSTILE, action: HOSTILE, rows: 1, credits: 1, outcome: HOSTILE, failed: 1, alerted: true }],
  };
  const retried: unknown[] = [];
  const sidebar = await fromMenu(world(), {
    getAutomation: () => hostile,
    retryFailedRows: (id) => {
      retried.push(id);
      return hostile;
    },
  });
  const { page } = sidebar;
  expect(await text(page, '#auto-state')).toBe(`On: watching "${HOSTILE}".`);
  expect(await text(page, '#auto-status')).toBe(HOSTILE);
  expect(await text(page, '#auto-alert-to')).toContain(HOSTILE);
  const item = page.locator('#auto-history > li');
  expect(await item.locator('strong').textContent()).toBe(HOSTILE);
  expect(await item.locator('time').textContent()).toBe(HOSTILE);
  expect(await item.textContent()).toContain(HOSTILE);
  await item.getByRole('button', { name: 'Retry the failed rows' }).click();
  await sidebar.answersHandled('retryFailedRows', 1);
  expect(retried).toEqual([HOSTILE]);
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.evaluate('document.body.dataset.pwned')).toBeUndefined();
  await page.close();
});
