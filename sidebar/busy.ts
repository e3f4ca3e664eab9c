// The busy state of one action: while its server call runs, only that action's own controls are
// disabled and a busy label shows; a failure becomes a readable message, never a silent freeze.
import { el } from './dom';

type Control = HTMLButtonElement | HTMLInputElement | HTMLSelectElement;

let pending = 0;

export function showError(message: string | undefined): void {
  const box = el('error');
  box.textContent = message ?? '';
  box.hidden = !message;
}

/** The sentence a failed server call carries, or a generic one. */
export function errorMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : e && typeof e === 'object' && 'message' in e ? String(e.message) : '';
  return message || 'Something went wrong. Try again.';
}

/**
 * Runs one action's server call with the controls inside `scope` (the action's own form or
 * view) disabled until it returns; everything else on the sidebar stays usable.
 */
export async function busy<T>(label: string, work: () => Promise<T>, scope: ParentNode): Promise<T | undefined> {
  const controls = Array.from(scope.querySelectorAll<Control>('button, input, select')).filter((c) => !c.disabled);
  pending++;
  el('busy-text').textContent = label;
  el('busy').hidden = false;
  showError(undefined);
  controls.forEach((c) => (c.disabled = true));
  try {
    return await work();
  } catch (e) {
    showError(errorMessage(e));
    return undefined;
  } finally {
    controls.forEach((c) => (c.disabled = false));
    if (--pending === 0) el('busy').hidden = true;
  }
}
