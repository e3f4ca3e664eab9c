// google.script.run inside the sidebar's frame, as Apps Script provides it: each call is posted to
// the page holding the frame, which runs it in the host, and its answer comes back to the handlers.

/** Runs in the sidebar's sandboxed frame before the sidebar's own script. */
const SIDEBAR_SHIM = `
(() => {
  let next = 1;
  const waiting = new Map();
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (!m || m.type !== 'gas-result') return;
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
        window.parent.postMessage({ type: 'gas-run', id, name: String(name), args: JSON.parse(JSON.stringify(args)) }, '*');
      };
    },
  });
  window.google = { script: { run: runner(), host: { close() { window.parent.postMessage({ type: 'gas-close' }, '*'); }, editor: { focus() {} } } } };
})();
`;

/** The add-on's sidebar HTML with the shim put first in its head. */
export function withShim(html: string): string {
  const script = `<script>${SIDEBAR_SHIM}</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  return script + html;
}
