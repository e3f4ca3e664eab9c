// Drives the local page in headless Chromium as a person would: the page served by the playground
// over the built add-on, its menus, dialogs, sidebar frame, name box and grid. Reads what the page
// shows, and the host's truth through the page's own API.
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { startPlayground, type Playground } from './server';
import type { GridWindow, PageState } from './protocol';
import type { WorldOptions } from './world';
import { launchBrowser } from '../toolkit/chromium';

export const DIST = join(__dirname, '../dist');
/** A fixed start, so dates in the sheet and the quota day are the same from run to run. */
export const CLOCK_START = Date.UTC(2026, 10, 2, 9, 0, 0);

export interface PageWorld {
  playground: Playground;
  browser: Browser;
  page: Page;
  /** Uncaught errors and console errors of the page and its frames (the sidebar's too), as they came. */
  errors: string[];
  close(): Promise<void>;
}

/** Polls `check` until it holds (the page's CSP forbids evaluating strings there, so waits poll from here). */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Serves the page (its clock paused, so only the test moves time) and opens it; `world` changes
 * the world's options, e.g. a bundle folder other than the built dist/; `viewport`, the window's size.
 */
export async function openPage(world: Partial<WorldOptions> = {}, viewport = { width: 1400, height: 900 }): Promise<PageWorld> {
  const playground = await startPlayground({ world: { bundleDir: DIST, clockStart: CLOCK_START, ...world }, port: 0 });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? `${e.name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(playground.url);
  await page.locator('#grid .tabulator-row').first().waitFor();
  await setSpeed(page, 'Pause');
  return {
    playground,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await playground.stop();
    },
  };
}

/**
 * Sets the clock's speed from its bar and waits until the host took it. Skipping the waits may end
 * before the page shows it on (no trigger left, or the work done at once): it waits for the host's
 * answer to the click then, its state's version past the one before.
 */
export async function setSpeed(page: Page, label: 'Pause' | '1×' | '60×' | '600×' | 'Skip waits'): Promise<void> {
  const button = page.locator('#speeds button', { hasText: label });
  const version = async () => ((await (await fetch(new URL('/api/state?after=-1', page.url()))).json()) as PageState).version;
  const before = label === 'Skip waits' ? await version() : 0;
  await button.click();
  const on = page.locator('#speeds button.active', { hasText: label });
  if (label !== 'Skip waits') return on.waitFor();
  await until(async () => (await on.isVisible()) || (await version()) > before, 'the clock to skip the waits');
}

/** The host's state as the page sees it. */
export async function state(world: PageWorld): Promise<PageState> {
  return (await (await fetch(`${world.playground.url}api/state?after=-1`)).json()) as PageState;
}

/** The host's sheet (a window of it), through the page's API. */
export async function hostGrid(world: PageWorld, sheet: string): Promise<GridWindow> {
  return (await (await fetch(`${world.playground.url}api/grid?sheet=${encodeURIComponent(sheet)}&offset=0`)).json()) as GridWindow;
}

/** Clicks Extensions › Prospecting for Sheets › `caption`. */
export async function addonMenu(page: Page, caption: string): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'Prospecting for Sheets' }).click();
  await page.getByRole('menuitem', { name: caption, exact: true }).click();
}

/**
 * Runs a menu item and waits until its execution ended (it shows in the activity panel),
 * confirming the add-on's dialog with its first button (OK or Yes) if it asks.
 */
export async function runMenu(page: Page, caption: string, handler: string): Promise<void> {
  const done = page.locator('#executions-body tr', { hasText: handler });
  const before = await done.count();
  await addonMenu(page, caption);
  for (;;) {
    // The dialog is up, or one more execution of the handler is listed.
    await until(
      async () => (await page.locator('#addon-dialog').isVisible()) || (await done.count()) > before,
      `${handler} to end`,
      120000,
    );
    if (await page.locator('#addon-dialog').isVisible()) await page.locator('#addon-dialog button.primary').click();
    else return;
  }
}

/** Waits for the add-on's dialog, returns its text, and answers it with `button` (a prompt with `typed` typed in). */
export async function answerDialog(page: Page, button: 'OK' | 'CANCEL' | 'YES' | 'NO', typed?: string): Promise<string> {
  const dialog = page.locator('#addon-dialog');
  // As long as runMenu waits: a handler may read 50,000 rows before it asks, on a busy machine for long.
  await dialog.waitFor({ state: 'visible', timeout: 120000 });
  const text = (await page.locator('#addon-dialog-text').textContent()) ?? '';
  if (typed !== undefined) await page.locator('#addon-dialog-input').fill(typed);
  await dialog.locator(`button[data-button="${button}"]`).click();
  // Answered: the dialog goes, or the handler's next dialog takes its place before the page
  // shows it gone (a busy machine makes that likelier).
  await until(
    async () => !(await dialog.isVisible()) || ((await page.locator('#addon-dialog-text').textContent()) ?? '') !== text,
    'the dialog answered',
    60000,
  );
  return text;
}

/** Opens the sidebar from a menu item and returns its frame once the newly shown sidebar has loaded. */
export async function openSidebar(page: Page, caption = 'Open sidebar'): Promise<Frame> {
  const before = (await page.locator('#sidebar-frame').getAttribute('src')) ?? '';
  await addonMenu(page, caption);
  await until(async () => ((await page.locator('#sidebar-frame').getAttribute('src')) ?? '') !== before, 'the new sidebar');
  const frame = await (await page.locator('#sidebar-frame').elementHandle()).contentFrame();
  await frame!.waitForLoadState();
  return frame!;
}

/** Opens the sidebar from the menu and connects with `key`, typed into the sidebar's own field. */
export async function connect(page: Page, key: string): Promise<Frame> {
  const frame = await openSidebar(page);
  await frame.locator('#api-key').fill(key);
  // Enter submits the sidebar's form, as a click on Connect does.
  await frame.locator('#api-key').press('Enter');
  await frame.locator('#account-name').filter({ hasText: /\S/ }).waitFor();
  return frame;
}

/** Selects a range by typing it into the name box, as in Sheets. */
export async function selectRange(page: Page, a1: string): Promise<void> {
  await page.locator('#name-box').fill(a1);
  await page.locator('#name-box').press('Enter');
  await page.locator('#name-box').blur();
  await until(async () => (await page.locator('#name-box').inputValue()) === a1, `the selection ${a1}`);
}

/** What the page's grid shows in a cell of a row on screen, by the sheet's row number and column letter. */
export function gridCell(page: Page, row: number, column: string) {
  return page
    .locator('#grid .tabulator-row')
    .filter({ has: page.locator('.tabulator-cell[tabulator-field="_n"]', { hasText: new RegExp(`^${row}$`) }) })
    .locator(`.tabulator-cell[tabulator-field="${column}"]`);
}

/** The column letter of a header in the sheet's first row, read from the host. */
export function columnOf(win: GridWindow, header: string): string {
  const i = win.rows.find((r) => r.n === 1)!.v.indexOf(header);
  if (i < 0) throw new Error(`no column "${header}"`);
  return String.fromCharCode(65 + i);
}
