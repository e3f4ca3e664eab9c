// The error banner: a failure belongs to the view whose action raised it. It shows while the
// person is on that view, and goes when they move to another view, act there again, or when
// what it said is no longer true; one raised while they were elsewhere waits for them there.
import { el } from './dom';
import { onTab, shownTab, type Tab } from './tabs';

/** The message on show, and whose it is. */
let shown: { view: Tab; message: string } | undefined;
/** Failures raised in views the person was not on, not seen yet. */
const waiting = new Map<Tab, string>();

function render(): void {
  const box = el('error');
  box.textContent = shown?.message ?? '';
  box.hidden = !shown;
}

/** `view`'s action failed with `message`: shown now on that view, else when the person opens it. */
export function showError(message: string, view: Tab): void {
  if (view !== shownTab()) {
    waiting.set(view, message);
    return;
  }
  shown = { view, message };
  render();
}

/** `view`'s failure (only if it says `message`, when given) is over: the person acted again, or it is no longer true. */
export function clearError(view: Tab, message?: string): void {
  if (message === undefined || waiting.get(view) === message) waiting.delete(view);
  if (shown?.view === view && (message === undefined || shown.message === message)) {
    shown = undefined;
    render();
  }
}

/** Moving to another view takes the banner away, and shows that view's failure not seen yet. */
export function initErrors(): void {
  let on = shownTab();
  onTab((tab) => {
    if (tab === on) return;
    on = tab;
    const message = waiting.get(tab);
    waiting.delete(tab);
    shown = message === undefined ? undefined : { view: tab, message };
    render();
  });
}
