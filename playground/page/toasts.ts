// Toasts as Sheets shows them: a box at the bottom right with a title and a message, gone after
// its timeout (or when closed).
import type { ToastView } from '../protocol';
import { byId, make } from './dom';

export class Toasts {
  private seen = -1;
  private first = true;

  update(toasts: ToastView[]): void {
    const fresh = toasts.filter((t) => t.index > this.seen);
    if (toasts.length) this.seen = Math.max(this.seen, ...toasts.map((t) => t.index));
    // Toasts shown before the page opened are old news.
    if (this.first) {
      this.first = false;
      return;
    }
    for (const t of fresh) this.show(t);
  }

  private show(t: ToastView): void {
    const close = make('button', { cls: 'toast-close', text: '×', attrs: { type: 'button', 'aria-label': 'Close' } });
    const box = make('div', { cls: 'toast', attrs: { role: 'status' } }, [
      make('div', { cls: 'toast-title', text: t.title }),
      make('div', { cls: 'toast-message', text: t.message }),
      close,
    ]);
    byId('toasts').appendChild(box);
    close.addEventListener('click', () => box.remove());
    if (t.timeoutSeconds >= 0) setTimeout(() => box.remove(), Math.max(3, t.timeoutSeconds) * 1000);
  }
}
