// Dialogs as Sheets shows them: the add-on's alerts and prompts (a modal box with its buttons, a
// text field for a prompt), and the page's own: filter by values, import a CSV file. Each is modal
// for the keyboard too: Tab stays inside, Escape cancels, Enter confirms, focus goes back after.
import type { ImportMode, PendingDialog } from '../protocol';
import { byId, clear, make } from './dom';

const LABELS: Record<string, string> = { OK: 'OK', CANCEL: 'Cancel', YES: 'Yes', NO: 'No' };

function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>('button, input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (e) => !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0,
  );
}

/**
 * Shows a modal overlay with the focus on `first`: Tab cycles inside it, Escape calls `cancel`,
 * Enter (outside a button, where it presses the button) calls `confirm`. Returns what hides it
 * and gives the focus back to where it was.
 */
function showModal(overlay: HTMLElement, first: HTMLElement, keys: { cancel: () => void; confirm: () => void }): () => void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const box = overlay.querySelector<HTMLElement>('[role="dialog"]')!;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') keys.cancel();
    else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement) && (e.target as HTMLInputElement).type !== 'file')
      keys.confirm();
    else if (e.key === 'Tab') {
      const all = focusables(box);
      const at = all.indexOf(document.activeElement as HTMLElement);
      // From the last to the first, from the first back to the last, and in from anywhere outside.
      if (at === -1) all[0]?.focus();
      else if (!e.shiftKey && at === all.length - 1) all[0]?.focus();
      else if (e.shiftKey && at === 0) all[all.length - 1]?.focus();
      else return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  // On the document, so the keys work wherever the focus was when the dialog came up.
  document.addEventListener('keydown', onKey, true);
  overlay.hidden = false;
  first.focus();
  return () => {
    document.removeEventListener('keydown', onKey, true);
    overlay.hidden = true;
    if (before?.isConnected) before.focus();
  };
}

export class AddonDialog {
  private shown: number | null = null;
  private hide: (() => void) | null = null;

  constructor(private readonly answer: (id: number, button: string, text?: string) => void) {}

  private close(): void {
    this.hide?.();
    this.hide = null;
  }

  /** Shows the host's open dialog, or hides the box when none is open. */
  update(dialog: PendingDialog | null): void {
    if (!dialog) {
      this.close();
      this.shown = null;
      return;
    }
    if (this.shown === dialog.id) return;
    this.close();
    this.shown = dialog.id;
    byId('addon-dialog-title').textContent = dialog.title;
    byId('addon-dialog-title').hidden = dialog.title === '';
    byId('addon-dialog-text').textContent = dialog.prompt;
    const input = byId<HTMLInputElement>('addon-dialog-input');
    input.hidden = dialog.kind !== 'prompt';
    input.value = '';
    const buttons = byId('addon-dialog-buttons');
    clear(buttons);
    const reply = (button: string) => {
      this.close();
      this.answer(dialog.id, button, dialog.kind === 'prompt' ? input.value : undefined);
    };
    const primary = dialog.buttons.find((b) => b === 'OK' || b === 'YES') ?? dialog.buttons[0]!;
    for (const b of dialog.buttons) {
      const el = make('button', {
        text: LABELS[b] ?? b,
        cls: b === primary ? 'primary' : '',
        attrs: { type: 'button', 'data-button': b },
      });
      el.addEventListener('click', () => reply(b));
      buttons.appendChild(el);
    }
    // Escape closes the dialog as its × does: Apps Script's ui.alert and prompt answer CLOSE.
    byId('addon-dialog-close').onclick = () => reply('CLOSE');
    this.hide = showModal(byId('addon-dialog'), dialog.kind === 'prompt' ? input : buttons.querySelector<HTMLElement>('button.primary')!, {
      cancel: () => reply('CLOSE'),
      confirm: () => reply(primary),
    });
  }
}

/** Asks which values of a column to show; resolves with the values to hide, or null when canceled. */
export function askFilter(column: string, values: string[], hidden: string[]): Promise<string[] | null> {
  byId('filter-dialog-title').textContent = `Filter by values: column ${column}`;
  const listEl = byId('filter-dialog-values');
  clear(listEl);
  const boxes = values.map((v) => {
    const box = make('input', { attrs: { type: 'checkbox' } });
    box.checked = !hidden.includes(v);
    listEl.appendChild(make('label', { cls: 'filter-value' }, [box, make('span', { text: v === '' ? '(Blanks)' : v })]));
    return { v, box };
  });
  return new Promise((resolve) => {
    const ok = () => done(boxes.filter((b) => !b.box.checked).map((b) => b.v));
    const cancel = () => done(null);
    const hide = showModal(byId('filter-dialog'), byId('filter-dialog-ok'), { cancel, confirm: ok });
    const done = (result: string[] | null) => {
      hide();
      resolve(result);
    };
    byId('filter-dialog-ok').onclick = ok;
    byId('filter-dialog-cancel').onclick = cancel;
    byId('filter-dialog-all').onclick = () => boxes.forEach((b) => (b.box.checked = true));
    byId('filter-dialog-none').onclick = () => boxes.forEach((b) => (b.box.checked = false));
  });
}

/** Asks for a CSV file and where it goes; resolves with its name, text and mode, or null. */
export function askImport(): Promise<{ name: string; csv: string; mode: ImportMode } | null> {
  const file = byId<HTMLInputElement>('import-file');
  const error = byId('import-error');
  file.value = '';
  error.hidden = true;
  file.onchange = () => (error.hidden = true);
  return new Promise((resolve) => {
    const ok = async () => {
      const f = file.files?.[0];
      if (!f) {
        // Said in the dialog, where the person is looking, with the focus on what is missing.
        error.textContent = 'Choose a CSV file first.';
        error.hidden = false;
        file.focus();
        return;
      }
      const mode =
        document.querySelector<HTMLInputElement>('input[name="import-mode"]:checked')?.value === 'replace' ? 'replace' : 'new-sheet';
      done({ name: f.name, csv: await f.text(), mode });
    };
    const cancel = () => done(null);
    const hide = showModal(byId('import-dialog'), file, { cancel, confirm: () => void ok() });
    const done = (r: { name: string; csv: string; mode: ImportMode } | null) => {
      hide();
      resolve(r);
    };
    byId('import-cancel').onclick = cancel;
    byId('import-ok').onclick = () => void ok();
  });
}
