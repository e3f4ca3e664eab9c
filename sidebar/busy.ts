// The busy state of one action: while its server call runs, only that action's own controls are
// disabled and a busy label shows; a failure becomes a readable message of the action's own view,
// never a silent freeze.
import { el } from './dom';
import { clearError, showError } from './error-banner';
import type { Tab } from './tabs';

type Control = HTMLButtonElement | HTMLInputElement | HTMLSelectElement;

let pending = 0;

/** The sentence a failed server call carries, or a generic one. */
export function errorMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : e && typeof e === 'object' && 'message' in e ? String(e.message) : '';
  return message || 'Something went wrong. Try again.';
}

/** The view (tab) an element of the sidebar belongs to. */
function viewOf(node: Element): Tab {
  return (node.closest('[role="tabpanel"]')?.id.replace(/^view-/, '') ?? 'connect') as Tab;
}

/**
 * Runs one action's server call with the controls inside `scope` (the action's own form or
 * view) disabled until it returns; everything else on the sidebar stays usable. A person acting
 * again takes the view's last failure away; a new failure is the view's own. `opening`: the view
 * loading what it shows as it opens, which is no one acting, so a failure waiting there stays.
 */
export async function busy<T>(label: string, work: () => Promise<T>, scope: Element, opening = false): Promise<T | undefined> {
  const controls = Array.from(scope.querySelectorAll<Control>('button, input, select')).filter((c) => !c.disabled);
  const view = viewOf(scope);
  pending++;
  el('busy-text').textContent = label;
  el('busy').hidden = false;
  if (!opening) clearError(view);
  controls.forEach((c) => (c.disabled = true));
  try {
    return await work();
  } catch (e) {
    showError(errorMessage(e), view);
    return undefined;
  } finally {
    controls.forEach((c) => (c.disabled = false));
    if (--pending === 0) el('busy').hidden = true;
  }
}
