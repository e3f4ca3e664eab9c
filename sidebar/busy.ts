// Every server call goes through here: a busy indicator, the affected controls disabled, and a
// readable message when it fails, so the sidebar never freezes or fails silently.
import { el } from './dom';

let pending = 0;

export function showError(message: string | undefined): void {
  const box = el('error');
  box.textContent = message ?? '';
  box.hidden = !message;
}

export async function busy<T>(label: string, work: () => Promise<T>, scope: ParentNode = document): Promise<T | undefined> {
  const controls = Array.from(scope.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>('button, input, select')).filter((c) => !c.disabled);
  pending++;
  el('busy-text').textContent = label;
  el('busy').hidden = false;
  showError(undefined);
  controls.forEach((c) => (c.disabled = true));
  try {
    return await work();
  } catch (e) {
    const message = e instanceof Error ? e.message : e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : '';
    showError(message || 'Something went wrong. Try again.');
    return undefined;
  } finally {
    controls.forEach((c) => (c.disabled = false));
    if (--pending === 0) el('busy').hidden = true;
  }
}
