// The add-on's sidebar in a 300 px side panel: the real dist/Sidebar.html as the add-on showed it,
// in a sandboxed frame whose google.script.run calls come here and go to the host, with the focus
// moved into it once it loaded and its timers on the host's clock; and the local service's demo
// keys under it, for the connect screen. Closing the panel ends its sidebar, as in Sheets; each
// sidebar loaded has a name of its own, so the calls of one closed or replaced (the frame is the
// same window whatever it shows) are neither run nor answered into the next.
import type { SidebarView, Speed } from '../protocol';
import { byId, clear, make } from './dom';

export type RunCall = (name: string, args: unknown[]) => Promise<{ ok: true; value: unknown } | { ok: false; message: string }>;

export class SidebarPanel {
  private shown = -1;
  /** Where the focus was before the sidebar took it, to give it back when the sidebar closes. */
  private before: HTMLElement | null = null;
  private speed: Speed = 1;
  /** The name of the sidebar the frame shows (in its address's #), '' when closed. */
  private doc = '';

  constructor(private readonly run: RunCall) {
    window.addEventListener('message', (event) => {
      const frame = byId<HTMLIFrameElement>('sidebar-frame');
      if (event.source !== frame.contentWindow || !frame.contentWindow) return;
      const m = event.data as { type?: string; doc?: string; id?: number; name?: string; args?: unknown[] };
      const doc = this.doc;
      if (!doc || m?.doc !== doc) return;
      if (m.type === 'gas-close') this.hide();
      if (m.type !== 'gas-run' || typeof m.name !== 'string') return;
      const target = frame.contentWindow;
      void this.run(m.name, Array.isArray(m.args) ? m.args : []).then((r) => {
        // Closed or replaced meanwhile: the answer is for nobody.
        if (this.doc !== doc) return;
        // The frame is sandboxed (its origin is opaque), so only '*' reaches it; it is the frame we made.
        target.postMessage(
          r.ok
            ? { type: 'gas-result', doc, id: m.id, ok: true, value: r.value }
            : { type: 'gas-result', doc, id: m.id, ok: false, message: r.message },
          '*',
        );
      });
    });
    byId('sidebar-close').addEventListener('click', () => this.hide());
    // A newly loaded frame learns the clock's speed, and takes the focus, as a panel the person just opened.
    byId('sidebar-frame').addEventListener('load', () => {
      this.postSpeed();
      // Not from an open dialog: a modal keeps the focus until answered.
      if (byId('sidebar').hidden || document.querySelector('.overlay:not([hidden])')) return;
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.id !== 'sidebar-frame') this.before = active;
      byId('sidebar-frame').focus();
    });
  }

  /** The host's clock speed, which the frame's timers follow (see sidebar-shim.ts). */
  followClock(speed: Speed): void {
    if (speed === this.speed) return;
    this.speed = speed;
    this.postSpeed();
  }

  private postSpeed(): void {
    byId<HTMLIFrameElement>('sidebar-frame').contentWindow?.postMessage({ type: 'gas-clock', speed: this.speed }, '*');
  }

  private hide(): void {
    byId('sidebar').hidden = true;
    this.doc = '';
    byId<HTMLIFrameElement>('sidebar-frame').src = 'about:blank';
    if (this.before?.isConnected) this.before.focus();
    this.before = null;
  }

  /** Opens the newest sidebar the add-on showed, once. */
  update(sidebars: SidebarView[]): void {
    const last = sidebars[sidebars.length - 1];
    if (!last || last.index === this.shown) return;
    this.shown = last.index;
    byId('sidebar-title').textContent = last.title;
    this.doc = crypto.randomUUID();
    byId<HTMLIFrameElement>('sidebar-frame').src = `/sidebar/${last.index}#${this.doc}`;
    byId('sidebar').hidden = false;
  }

  /** The demo keys with their credits left, drawn again when the credits change (a run spent some). */
  showDemoKeys(keys: Array<{ key: string; account: string; credits: string }>): void {
    const box = byId('demo-keys-list');
    const key = JSON.stringify(keys);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    clear(box);
    for (const k of keys) {
      const copy = make('button', { text: 'Copy', attrs: { type: 'button' } });
      copy.addEventListener('click', () => {
        void navigator.clipboard?.writeText(k.key).then(() => (copy.textContent = 'Copied'));
      });
      box.appendChild(
        make('li', {}, [make('code', { text: k.key }), make('span', { cls: 'demo-account', text: `${k.account}: ${k.credits}` }), copy]),
      );
    }
  }
}
