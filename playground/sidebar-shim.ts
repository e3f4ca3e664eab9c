// google.script.run inside the sidebar's frame, as Apps Script provides it: each call is posted to
// the page holding the frame, which runs it in the host, and its answer comes back to the handlers.
// Each document the frame loads has its own name (the page gives it in the address's #), which its
// messages carry: a call of a sidebar closed or replaced, answered late, never answers the next one's.
// And the frame's timers on the host's clock: the sidebar waits in the host's seconds (a poll "in
// 30 s" is 30 s of the host's time), so at 600× it waits a six-hundredth as long in real time.

/**
 * The shortest real wait a timer is shortened to: at 600× or skipping, polls come this often at
 * most, so the host's thread is never flooded. A shorter timer keeps its own delay.
 */
const MIN_REAL_MS = 250;

/** Runs in the sidebar's sandboxed frame before the sidebar's own script. */
const SIDEBAR_SHIM = `
(() => {
  // Host milliseconds per real millisecond. Paused, the frame keeps real time (the host stands
  // still, so a poll finds nothing new, and the sidebar stays usable); skipping, it is unbounded.
  let rate = 1;
  const rateOf = (speed) => (speed === 'skip' ? Infinity : typeof speed === 'number' && speed > 0 ? speed : 1);
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  const timers = new Map();
  let nextTimer = 1;
  const realMs = (hostMs) => Math.max(Math.min(hostMs, ${MIN_REAL_MS}), hostMs / rate);
  const arm = (id, t) => {
    t.since = Date.now();
    t.real = realSet(() => fire(id), realMs(t.left));
  };
  const fire = (id) => {
    const t = timers.get(id);
    if (!t) return;
    if (t.every === undefined) timers.delete(id);
    else {
      t.left = t.every;
      arm(id, t);
    }
    t.fn(...t.args);
  };
  const start = (fn, ms, args, repeat) => {
    const id = nextTimer++;
    const delay = Math.max(0, Number(ms) || 0);
    const t = { fn: typeof fn === 'function' ? fn : () => {}, args, left: delay, every: repeat ? delay : undefined };
    timers.set(id, t);
    arm(id, t);
    return id;
  };
  const stop = (id) => {
    const t = timers.get(id);
    if (!t) return;
    realClear(t.real);
    timers.delete(id);
  };
  window.setTimeout = (fn, ms, ...args) => start(fn, ms, args, false);
  window.setInterval = (fn, ms, ...args) => start(fn, ms, args, true);
  window.clearTimeout = stop;
  window.clearInterval = stop;
  // A new speed: each waiting timer keeps the host time it has left, counted at the new rate.
  const follow = (speed) => {
    const now = Date.now();
    for (const t of timers.values()) {
      realClear(t.real);
      t.left = Math.max(0, t.left - (now - t.since) * rate);
    }
    rate = rateOf(speed);
    for (const [id, t] of timers) arm(id, t);
  };

  // The frame first given the focus (a sidebar just opened) passes it to its first visible field, as a
  // panel the person opened takes their keys there; its views may show a moment after it loads,
  // so a button holds the focus meanwhile, unless the person moved it.
  const seen = (selector) => Array.from(document.querySelectorAll(selector)).find((c) => !c.disabled && c.getClientRects().length > 0);
  let holder = null;
  const toField = (tries) => {
    const at = document.activeElement;
    if (at && at !== document.body && at !== holder) return;
    const field = seen('input:not([type=hidden]), select, textarea');
    if (field) return field.focus();
    if (!holder && (holder = seen('button'))) holder.focus();
    if (tries > 0) realSet(() => toField(tries - 1), 100);
  };
  window.addEventListener('focus', () => toField(30), { once: true });

  const doc = location.hash.slice(1);
  let next = 1;
  const waiting = new Map();
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (m && m.type === 'gas-clock') follow(m.speed);
    if (!m || m.type !== 'gas-result' || m.doc !== doc) return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) { if (w.ok) w.ok(m.value, w.user); }
    else if (w.fail) { const e = new Error(m.message); e.name = 'ScriptError'; w.fail(e, w.user); }
  });
  const runner = (ok, fail, user) => new Proxy({}, {
    get(_t, name) {
      if (name === 'withSuccessHandler') return (fn) => runner(fn, fail, user);
      if (name === 'withFailureHandler') return (fn) => runner(ok, fn, user);
      if (name === 'withUserObject') return (o) => runner(ok, fail, o);
      return (...args) => {
        const id = next++;
        waiting.set(id, { ok, fail, user });
        window.parent.postMessage({ type: 'gas-run', doc, id, name: String(name), args: JSON.parse(JSON.stringify(args)) }, '*');
      };
    },
  });
  window.google = { script: { run: runner(), host: { close() { window.parent.postMessage({ type: 'gas-close', doc }, '*'); }, editor: { focus() {} } } } };
})();
`;

/** The add-on's sidebar HTML with the shim put first in its head. */
export function withShim(html: string): string {
  const script = `<script>${SIDEBAR_SHIM}</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  return script + html;
}
