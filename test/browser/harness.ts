// Runs the built dist/Sidebar.html in headless Chromium with its google.script.run answered by
// the add-on in the local host against the local service, as in Sheets.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OWNER, type World } from '../support/addon-world';

const SIDEBAR = `file://${join(__dirname, '../../dist/Sidebar.html')}`;
/** Where a sidebar page the host showed is served from, to the page alone. */
const SHOWN = 'https://sidebar.invalid/';

const PAGE_CLOCK_START = Date.UTC(2026, 10, 2, 9, 0, 0);
/**
 * Longer than any wait between two polls the sidebar schedules: the server's figure, at most a
 * part's longest quiet time between reads (5 minutes), a little more.
 */
const PAST_NEXT_POLL_MS = (5 * 60 + 10) * 1000;

/**
 * google.script.run in the page: every call goes to `__gasCall` and back to its handlers.
 * `__gasSent` and `__gasDone` count, by name, the calls made and the answers handed to the page.
 */
const SHIM = `
(() => {
  window.__gasSent = {};
  window.__gasDone = {};
  const runner = (ok, fail) => new Proxy({}, {
    get(_t, name) {
      if (name === 'withSuccessHandler') return (fn) => runner(fn, fail);
      if (name === 'withFailureHandler') return (fn) => runner(ok, fn);
      return (...args) => {
        const key = String(name);
        window.__gasSent[key] = (window.__gasSent[key] || 0) + 1;
        window.__gasCall(key, JSON.stringify(args)).then((r) => {
          if (r.ok) { if (ok) ok(r.value); }
          else if (fail) { const e = new Error(r.message); fail(e); }
          window.__gasDone[key] = (window.__gasDone[key] || 0) + 1;
        });
      };
    },
  });
  window.google = { script: { run: runner() } };
})();
`;

type Answer = { ok: true; value: unknown } | { ok: false; message: string };

/** Uncaught errors and console errors of every sidebar page opened in the current test. */
const pageErrors: string[] = [];

// Every test that opens a sidebar fails on an uncaught error or a console error in its page (the
// screenshot script, run outside jest, has no tests to fail).
if (typeof afterEach === 'function')
  afterEach(() => {
    const seen = pageErrors.splice(0);
    expect(seen).toEqual([]);
  });

/**
 * Server functions answered in the test instead of the host (for those not written yet), by name:
 * called with the call's arguments; what it returns is the answer, what it throws the failure.
 */
export type Stubs = Record<string, (...args: unknown[]) => unknown>;

/** A call whose answer is kept from the page until released. */
export interface Held {
  /** Resolves once the call has reached the host and its answer is ready (and kept). */
  readonly answered: Promise<void>;
  /** Hands the answer to the page. */
  release(): void;
}

export interface SidebarPage {
  page: Page;
  /** Uncaught errors and console errors of the page, as they came. */
  errors: string[];
  /** Server calls made by the sidebar, by name, in order. */
  calls: string[];
  /** The next call of `name` is run on the host at once, but its answer waits for `release()`. */
  hold(name: string): Held;
  /** The next call of `name` fails with `message` instead of reaching the host. */
  failNext(name: string, message: string): void;
  /** The next answer of `name` is changed by `change` on its way to the page. */
  amendNext(name: string, change: (value: unknown) => unknown): void;
  /** How many calls of `name` the page has made. */
  sent(name: string): Promise<number>;
  /** Moves the page's clock (only) on by `ms`, firing the timers due on the way. */
  pageTime(ms: number): Promise<void>;
  /** Waits until the page has been handed the answers to `count` calls of `name`. */
  answersHandled(name: string, count: number): Promise<void>;
  /** Waits until every call of `name` made so far has its answer handed to the page. */
  settled(name: string): Promise<void>;
  /**
   * Moves the host's clock and the page's on past the next poll the sidebar has scheduled, so
   * that poll is made (its answer is not waited for).
   */
  advance(): Promise<void>;
  /** `advance()` once every poll has its answer, then waits for the new poll's answer. */
  nextPoll(): Promise<void>;
}

/**
 * Opens the sidebar for a user (the built file, or the `html` the host showed), the calls named
 * in `stubs` answered by them. Time: the host runs on a virtual clock and the page's timers on
 * Playwright's, installed before the sidebar loads; both move only when a test moves them
 * (`nextPoll`), so no wait races real time.
 */
export async function openSidebar(browser: Browser, world: World, user = OWNER, html?: string, stubs: Stubs = {}): Promise<SidebarPage> {
  const page = await browser.newPage({ viewport: { width: 300, height: 900 } });
  const errors: string[] = [];
  const note = (text: string) => {
    errors.push(text);
    pageErrors.push(text);
  };
  page.on('pageerror', (e) => note(e.stack ?? `${e.name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console: ${m.text()}`);
  });
  const calls: string[] = [];
  const holds = new Map<string, Array<{ ready: () => void; gate: Promise<void> }>>();
  const failures = new Map<string, string>();
  const amends = new Map<string, (value: unknown) => unknown>();
  await page.exposeFunction('__gasCall', async (name: string, argsJson: string): Promise<Answer> => {
    calls.push(name);
    const failure = failures.get(name);
    failures.delete(name);
    let answer: Answer;
    const stub = stubs[name];
    if (failure !== undefined) answer = { ok: false, message: failure };
    else if (stub) {
      try {
        answer = { ok: true, value: stub(...(JSON.parse(argsJson) as unknown[])) };
      } catch (e) {
        answer = { ok: false, message: e instanceof Error ? e.message : String(e) };
      }
    } else {
      const r = world.host.callFromSidebar(name, JSON.parse(argsJson) as unknown[], user);
      answer = r.ok ? { ok: true, value: r.value } : { ok: false, message: r.error?.message ?? 'failed' };
    }
    const amend = amends.get(name);
    amends.delete(name);
    if (amend && answer.ok) answer = { ok: true, value: amend(answer.value) };
    const held = holds.get(name)?.shift();
    if (held) {
      held.ready();
      await held.gate;
    }
    return answer;
  });
  // The page's clock stands still (paused) from the start: timers fire only in `nextPoll`.
  await page.clock.install({ time: PAGE_CLOCK_START });
  await page.clock.pauseAt(PAGE_CLOCK_START + 1000);
  await page.addInitScript(SHIM);
  // The page as the host showed it (`html`, e.g. opened by a menu item on a view), else the built file.
  if (html === undefined) await page.goto(SIDEBAR);
  else {
    await page.route(SHOWN, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(SHOWN);
  }

  // Expressions evaluated in the page, which reads the shim's counters.
  const counter = (which: '__gasSent' | '__gasDone', name: string) => `(window.${which}[${JSON.stringify(name)}] || 0)`;
  const answersHandled = async (name: string, n: number) => {
    await page.waitForFunction(`${counter('__gasDone', name)} >= ${n}`);
  };
  const settled = async (name: string) => {
    await page.waitForFunction(`${counter('__gasSent', name)} === ${counter('__gasDone', name)}`);
  };
  const advance = async () => {
    world.host.clock.advance(PAST_NEXT_POLL_MS);
    await page.clock.runFor(PAST_NEXT_POLL_MS);
  };
  return {
    page,
    errors,
    calls,
    hold(name) {
      let ready!: () => void;
      let release!: () => void;
      const answered = new Promise<void>((r) => (ready = r));
      const gate = new Promise<void>((r) => (release = r));
      holds.set(name, [...(holds.get(name) ?? []), { ready, gate }]);
      return { answered, release };
    },
    failNext(name, message) {
      failures.set(name, message);
    },
    amendNext(name, change) {
      amends.set(name, change);
    },
    sent: (name) => page.evaluate<number>(counter('__gasSent', name)),
    pageTime: (ms) => page.clock.runFor(ms),
    answersHandled,
    settled,
    advance,
    async nextPoll() {
      await settled('pollJobs');
      const before = await page.evaluate<number>(counter('__gasDone', 'pollJobs'));
      await advance();
      await answersHandled('pollJobs', before + 1);
    },
  };
}

/** Lets the sidebar poll, one scheduled poll at a time, until `selector` is on the page. */
export async function pollUntil(sidebar: SidebarPage, selector: string, maxPolls = 30): Promise<void> {
  for (let i = 0; i < maxPolls; i++) {
    await sidebar.settled('pollJobs');
    if ((await sidebar.page.locator(selector).count()) > 0) return;
    await sidebar.nextPoll();
  }
  throw new Error(`${selector} did not appear after ${maxPolls} polls`);
}
