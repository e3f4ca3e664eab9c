// Runs the built dist/Sidebar.html in headless Chromium with its google.script.run answered by
// the add-on in the local host against the local service, as in Sheets.
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OWNER, type World } from '../support/addon-world';

const SIDEBAR = `file://${join(__dirname, '../../dist/Sidebar.html')}`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** google.script.run in the page: every call goes to `__gasCall` and back to its handlers. */
const SHIM = `
(() => {
  const runner = (ok, fail) => new Proxy({}, {
    get(_t, name) {
      if (name === 'withSuccessHandler') return (fn) => runner(fn, fail);
      if (name === 'withFailureHandler') return (fn) => runner(ok, fn);
      return (...args) => {
        window.__gasCall(String(name), JSON.stringify(args)).then((r) => {
          if (r.ok) { if (ok) ok(r.value); }
          else if (fail) { const e = new Error(r.message); fail(e); }
        });
      };
    },
  });
  window.google = { script: { run: runner() } };
})();
`;

export interface SidebarPage {
  page: Page;
  /** Server calls made by the sidebar, by name, in order. */
  calls: string[];
}

/**
 * Opens the sidebar for a user. Time: the host runs on a virtual clock, so when the sidebar is
 * told to poll again in N seconds, the clock is moved on N seconds and the sidebar waits 50 ms.
 */
export async function openSidebar(browser: Browser, world: World, user = OWNER): Promise<SidebarPage> {
  const page = await browser.newPage({ viewport: { width: 300, height: 900 } });
  const calls: string[] = [];
  await page.exposeFunction('__gasCall', (name: string, argsJson: string) => {
    calls.push(name);
    const r = world.host.callFromSidebar(name, JSON.parse(argsJson) as unknown[], user);
    if (!r.ok) return { ok: false, message: r.error?.message ?? 'failed' };
    const value = r.value as { nextPollSeconds?: number } | undefined;
    if (name === 'pollJobs' && value && (value.nextPollSeconds ?? 0) > 0) {
      world.host.clock.advance(value.nextPollSeconds! * 1000);
      value.nextPollSeconds = 0.05;
    }
    return { ok: true, value };
  });
  await page.addInitScript(SHIM);
  await page.goto(SIDEBAR);
  return { page, calls };
}
