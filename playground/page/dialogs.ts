// Dialogs as Sheets shows them: the add-on's alerts and prompts (a modal box with its buttons, a
// text field for a prompt), and the page's own: filter by values, import a CSV file.
import type { ImportMode, PendingDialog } from '../protocol';
import { byId, clear, make } from './dom';

const LABELS: Record<string, string> = { OK: 'OK', CANCEL: 'Cancel', YES: 'Yes', NO: 'No' };

export class AddonDialog {
  private shown: number | null = null;

  constructor(private readonly answer: (id: number, button: string, text?: string) => void) {}

  /** Shows the host's open dialog, or hides the box when none is open. */
  update(dialog: PendingDialog | null): void {
    const overlay = byId('addon-dialog');
    if (!dialog) {
      overlay.hidden = true;
      this.shown = null;
      return;
    }
    if (this.shown === dialog.id) return;
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
      overlay.hidden = true;
      this.answer(dialog.id, button, dialog.kind === 'prompt' ? input.value : undefined);
    };
    for (const b of dialog.buttons) {
      const el = make('button', {
        text: LABELS[b] ?? b,
        cls: b === 'OK' || b === 'YES' ? 'primary' : '',
        attrs: { type: 'button', 'data-button': b },
      });
      el.addEventListener('click', () => reply(b));
      buttons.appendChild(el);
    }
    byId('addon-dialog-close').onclick = () => reply('CLOSE');
    input.onkeydown = (e) => {
      if (e.key === 'Enter') reply(dialog.buttons.includes('OK') ? 'OK' : dialog.buttons[0]!);
    };
    overlay.hidden = false;
    if (dialog.kind === 'prompt') input.focus();
    else buttons.querySelector<HTMLButtonElement>('button.primary')?.focus();
  }
}

/** Asks which values of a column to show; resolves with the values to hide, or null when canceled. */
export function askFilter(column: string, values: string[], hidden: string[]): Promise<string[] | null> {
  const overlay = byId('filter-dialog');
  byId('filter-dialog-title').textContent = `Filter by values: column ${column}`;
  const listEl = byId('filter-dialog-values');
  clear(listEl);
  const boxes = values.map((v) => {
    const box = make('input', { attrs: { type: 'checkbox' } });
    box.checked = !hidden.includes(v);
    listEl.appendChild(make('label', { cls: 'filter-value' }, [box, make('span', { text: v === '' ? '(Blanks)' : v })]));
    return { v, box };
  });
  overlay.hidden = false;
  return new Promise((resolve) => {
    const done = (result: string[] | null) => {
      overlay.hidden = true;
      resolve(result);
    };
    byId('filter-dialog-ok').onclick = () => done(boxes.filter((b) => !b.box.checked).map((b) => b.v));
    byId('filter-dialog-cancel').onclick = () => done(null);
    byId('filter-dialog-all').onclick = () => boxes.forEach((b) => (b.box.checked = true));
    byId('filter-dialog-none').onclick = () => boxes.forEach((b) => (b.box.checked = false));
  });
}

/** Asks for a CSV file and where it goes; resolves with its name, text and mode, or null. */
export function askImport(): Promise<{ name: string; csv: string; mode: ImportMode } | null> {
  const overlay = byId('import-dialog');
  const file = byId<HTMLInputElement>('import-file');
  file.value = '';
  overlay.hidden = false;
  return new Promise((resolve) => {
    const done = (r: { name: string; csv: string; mode: ImportMode } | null) => {
      overlay.hidden = true;
      resolve(r);
    };
    byId('import-cancel').onclick = () => done(null);
    byId('import-ok').onclick = async () => {
      const f = file.files?.[0];
      if (!f) return;
      const mode =
        document.querySelector<HTMLInputElement>('input[name="import-mode"]:checked')?.value === 'replace' ? 'replace' : 'new-sheet';
      done({ name: f.name, csv: await f.text(), mode });
    };
  });
}
