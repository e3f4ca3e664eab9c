// The Automation view: the actions run hourly on the watched sheet's new and changed rows, the
// credit caps and re-check age, e-mail alerts, today's spend, and the automated runs' history.
import type { AutoAction } from '../../src/automation/automation-view';
import { busy } from '../busy';
import { clear, el, h } from '../dom';
import { creditText, halves, priceText, thousands } from '../numbers';
import { server, type ServerResult } from '../server';

type View = ServerResult<'getAutomation'>;
type Input = Parameters<typeof server.saveAutomation>[0];
type Run = View['history'][number];

/** Each action's checkbox, in the order the server lists the actions. */
const ACTION_BOXES: Record<AutoAction, string> = { email: 'auto-email', person: 'auto-person', company: 'auto-company' };

/** The number fields, with their labels (for a message about a bad value). */
const NUMBERS = {
  capPerRun: ['auto-cap-run', 'Credits per run, at most'],
  capPerDay: ['auto-cap-day', 'Credits per day, at most'],
  staleDays: ['auto-stale', 'Check results again after (days)'],
} as const;

/** The view last shown: Turn off sends its settings back, with `on: false`. */
let current: View | undefined;
/** Loads are numbered as sent; those numbered up to `stale` were sent before an action's answer and may predate it. */
let sent = 0;
let stale = 0;
/** The person changed the form since it was last filled: only their own save (or Turn off) refills it. */
let edited = false;
let saving = false;

/** A time zone the browser knows, or undefined (the browser's own) for one it does not. */
function knownZone(zone: string | undefined): string | undefined {
  try {
    return zone && new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A time the server gives (ISO 8601) in the spreadsheet's time zone (the one its daily cap counts
 * days in), the exact value kept in `datetime`. Anything else is shown as it came: Date would
 * read a date into most strings.
 */
function when(iso: string, node: HTMLTimeElement = h('time')): HTMLTimeElement {
  const date = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? new Date(iso) : undefined;
  node.dateTime = iso;
  node.textContent =
    date && !Number.isNaN(date.getTime())
      ? date.toLocaleString('en-US', {
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: knownZone(current?.timeZone),
        })
      : iso;
  return node;
}

/** A number field's value; a field that holds no whole number is named in the message. */
function whole(field: keyof typeof NUMBERS): number {
  const [id, name] = NUMBERS[field];
  const raw = el<HTMLInputElement>(id).value.trim();
  const n = Number(raw);
  if (raw === '' || !Number.isInteger(n) || n < 0) throw new Error(`"${name}" needs a whole number, 0 or more.`);
  return n;
}

/** The settings as the form says them. */
function input(on: boolean): Input {
  return {
    on,
    actions: (Object.keys(ACTION_BOXES) as AutoAction[]).filter((a) => el<HTMLInputElement>(ACTION_BOXES[a]).checked),
    capPerRun: whole('capPerRun'),
    capPerDay: whole('capPerDay'),
    staleDays: whole('staleDays'),
    alerts: el<HTMLInputElement>('auto-alerts').checked,
  };
}

/** "Today: X of Y credits", Y as the form says it now, so a new daily cap is previewed before saving. */
function showToday(): void {
  if (!current) return;
  let cap = current.capPerDay;
  try {
    cap = whole('capPerDay');
  } catch {
    // A field being typed in: the saved cap stands until it holds a number.
  }
  el('auto-today').textContent = `Today: ${thousands(current.spentToday)} of ${thousands(cap)} credits${halves(current.spentToday)}`;
}

/** Each action's price per row beside its checkbox, with the options automation sends. */
function showPrices(view: View): void {
  for (const [action, id] of Object.entries(ACTION_BOXES)) {
    // Beside the label, not in it: the box keeps its own name.
    const label = el(id).parentElement!;
    let price = label.nextElementSibling;
    if (!price?.classList.contains('price')) label.after((price = h('p', { class: 'hint price' })));
    price.textContent = priceText(view.prices[action as AutoAction]);
  }
}

function fill(view: View): void {
  for (const [action, id] of Object.entries(ACTION_BOXES)) el<HTMLInputElement>(id).checked = view.actions.some((a) => a === action);
  for (const [field, [id]] of Object.entries(NUMBERS)) el<HTMLInputElement>(id).value = String(view[field as keyof typeof NUMBERS]);
  el<HTMLInputElement>('auto-alerts').checked = view.alerts;
}

function runItem(run: Run): HTMLLIElement {
  const item = h(
    'li',
    { class: 'run', 'data-run': run.id },
    h('div', { class: 'run-head' }, h('strong', { text: run.action }), when(run.at)),
    h('p', {
      class: 'hint',
      text: `${thousands(run.rows)} row${run.rows === 1 ? '' : 's'} · up to ${thousands(run.credits)} credits${halves(run.credits)}`,
    }),
    h('p', { class: 'outcome', text: run.outcome }),
  );
  if (run.spent) item.append(h('p', { class: 'hint spent', text: `Spent: ${creditText(run.spent)}` }));
  if (run.alerted) item.append(h('p', { class: 'tag', title: 'An alert about this run was e-mailed to you', text: 'e-mailed' }));
  if (run.failed > 0) {
    const retry = h('button', { type: 'button', text: 'Retry the failed rows' });
    retry.addEventListener('click', () => void act('Retrying the failed rows…', () => server.retryFailedRows(run.id)));
    item.append(
      h('p', { class: 'hint', text: `${thousands(run.failed)} row${run.failed === 1 ? '' : 's'} failed.` }),
      h('div', { class: 'actions' }, retry),
    );
  }
  const said = undone.get(run.id);
  if (said) item.append(h('p', { class: 'hint', text: said }));
  const job = run.undo;
  if (job) {
    // Asked first, in the item: what is put back, and that credits spent are not returned.
    const undo = h('button', { type: 'button', text: 'Undo this run' });
    const yes = h('button', { type: 'button', text: 'Put back' });
    const ask = h('div', { role: 'group', 'aria-label': 'Undo this run?' }, h('p', { class: 'hint', text: UNDO_ASK }), yes);
    ask.hidden = true;
    undo.addEventListener('click', () => [(ask.hidden = false), (undo.hidden = true)]);
    yes.addEventListener(
      'click',
      () =>
        void act('Undoing the run…', async () => {
          undone.set(run.id, (await server.undoRun(job)).message);
          return server.getAutomation();
        }),
    );
    item.append(h('div', { class: 'actions' }, undo, ask));
  }
  return item;
}

/** What an undo put back and left, by run, once answered. */
const undone = new Map<string, string>();
const UNDO_ASK =
  "Put back what this run's status, result and stamp cells held before it, on its rows that still hold what it wrote? Rows edited since or run again are left as they are. Credits spent are not returned.";

/** Shows a view; the form's fields only when `withFields` (they may hold the person's unsaved changes). */
function render(view: View, withFields: boolean): void {
  current = view;
  el('auto-body').hidden = false;
  el('auto-state').textContent = view.on ? `On: watching "${view.sheetName}".` : 'Off. Turning it on watches the active sheet.';
  if (withFields) fill(view);
  el('auto-alert-to').textContent = view.alertTo ? `Sent to ${view.alertTo}, about all your spreadsheets.` : '';
  showToday();
  showPrices(view);
  el('auto-status').textContent = view.status;
  el('auto-next').hidden = !view.nextRunAt;
  if (view.nextRunAt) when(view.nextRunAt, el<HTMLTimeElement>('auto-next-at'));
  el('auto-next-zone').textContent = ` (${knownZone(view.timeZone) ?? 'your'} time)`;
  el('auto-save').textContent = view.on ? 'Save' : 'Turn on';
  el('auto-off').hidden = !view.on;
  el('auto-run-now').hidden = !view.on;
  const list = el('auto-history');
  clear(list);
  for (const run of view.history) list.append(runItem(run));
  el('auto-history-empty').hidden = view.history.length > 0;
}

/** Shows the answer to a call; the form's fields only if they hold no unsaved change and no save is out. */
function show(view: View, refill: boolean): void {
  if (refill) edited = false;
  render(view, refill || (!edited && !saving));
}

/**
 * An action (save, retry, run now) with the view's controls held. Its answer is its outcome, so
 * it is shown and loads already sent are not. `refill`: the answer is to the person's own save,
 * so it replaces their changes.
 */
async function act(label: string, call: () => Promise<View>, refill = false): Promise<void> {
  const view = await busy(label, call, el('view-automation'));
  if (!view) return;
  stale = sent;
  show(view, refill);
}

/** A save: while it is out, answers to other calls leave the form's fields alone. */
async function save(label: string, on: () => Input, refill: boolean): Promise<void> {
  saving = true;
  try {
    await act(label, () => server.saveAutomation(on()), refill);
  } finally {
    saving = false;
  }
}

/** On showing the tab: the spreadsheet's automation as it is now. */
export function loadAutomation(): void {
  const number = ++sent;
  void busy('Loading automation…', () => server.getAutomation(), el('view-automation'), true).then((view) => {
    if (view && number > stale) show(view, false);
  });
}

export function initAutomation(): void {
  const form = el<HTMLFormElement>('auto-form');
  for (const event of ['input', 'change']) form.addEventListener(event, () => (edited = true));
  el('auto-cap-day').addEventListener('input', showToday);
  // Enter in a field turns nothing on: automation spends credits, so only the button does.
  form.addEventListener('submit', (event) => event.preventDefault());
  el('auto-save').addEventListener('click', () => void save(current?.on ? 'Saving…' : 'Turning on…', () => input(true), true));
  el('auto-off').addEventListener('click', () => {
    if (!current) return;
    const { actions, capPerRun, capPerDay, staleDays, alerts } = current;
    // Only on/off changes: the settings go back as last saved, and unsaved changes stay in the form.
    void save('Turning off…', () => ({ on: false, actions, capPerRun, capPerDay, staleDays, alerts }), !edited);
  });
  // Run now spends up to the run's cap at once: it asks first, saying the most it can spend.
  el('auto-run-now').addEventListener('click', () => {
    if (!current) return;
    const { capPerRun, capPerDay, spentToday, actions, sheetName } = current;
    const most = Math.max(0, Math.min(capPerRun, capPerDay - spentToday));
    const ask = `Run now on the new and changed rows of "${sheetName}"?`;
    // Enriching companies is free: a run of that alone spends nothing.
    el('auto-run-ask-text').textContent = !actions.some((a) => a !== 'company')
      ? `${ask} Enriching companies spends no credits.`
      : most > 0
        ? `${ask} It can spend up to ${thousands(most)} credits (${
            most < capPerRun ? `what is left of today's ${thousands(capPerDay)}` : 'the cap per run'
          }).`
        : `Today's cap of ${thousands(capPerDay)} credits is reached: a run now spends nothing. ${ask}`;
    el('auto-run-ask').hidden = false;
    el('auto-run-go').focus();
  });
  el('auto-run-back').addEventListener('click', () => {
    el('auto-run-ask').hidden = true;
    el('auto-run-now').focus();
  });
  el('auto-run-go').addEventListener('click', () => {
    el('auto-run-ask').hidden = true;
    void act('Running…', () => server.runAutomationNow());
  });
}
