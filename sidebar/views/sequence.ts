// "Add to a sequence" in the Tools view: the account's sequences (those that take no leads shown
// disabled, with why), the selection's columns as the sequence's fields, the overrides, a check of
// the selected rows, and the sending, call after call until every row has its answer.
import { busy } from '../busy';
import { checked, clear, el, freshen, h, value } from '../dom';
import { thousands } from '../numbers';
import { server, type ServerResult } from '../server';

type Input = Parameters<typeof server.runSequenceAdd>[0];
type Preview = ServerResult<'previewSequenceAdd'>;

const STATUS = 'Sequence · Status';
const OVERRIDES = [
  'ignore_recently_contacted',
  'ignore_exclusion_list',
  'ignore_duplicate_leads_in_other_draft_sequences',
  'ignore_duplicate_leads_in_other_active_sequences',
] as const;
/** A call again continues what the last one had no time for; this many at most per click. */
const MAX_CALLS = 20;

/** Why a sequence takes no leads, in words. */
const CLOSED: Record<string, string> = {
  draft: 'draft: not started',
  archived: 'archived',
  archiving: 'being archived',
  pausing: 'being paused',
  resuming: 'being resumed',
};

let names: Record<string, string> = {};
/** The data columns shown, with their checkbox and field name. */
let fields: Array<{ header: string; use: HTMLInputElement; name: HTMLInputElement }> = [];

/** A column's default field name: its header in snake case ("First name" -> first_name). */
function fieldName(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function input(): Input {
  const mapping: Record<string, string> = {};
  for (const f of fields) if (f.use.checked) mapping[f.header] = f.name.value.trim() || fieldName(f.header);
  const overrides: Record<string, boolean> = {};
  for (const o of OVERRIDES) if (checked(`seq-${o}`)) overrides[o] = true;
  const mailboxId = value('seq-mailbox');
  return { sequenceId: value('seq-sequence'), mapping, overrides, ...(mailboxId ? { mailboxId } : {}) };
}

/** The read of the sequences under way, if any. */
let loading: Promise<void> | undefined;

/**
 * Loads the account's sequences into the picker; the first that takes leads is chosen. `opening`:
 * as the Tools view opens, not at the person's asking.
 */
export function loadSequences(opening = false): Promise<void> {
  // One read at a time: the menu's landing waits for the one the tab's opening asked for.
  return (loading ??= readSequences(opening).finally(() => (loading = undefined)));
}

/** The menu's "Add to a sequence…": the sequence part in view, its picker focused once it holds the sequences. */
export function landOnSequences(): void {
  el('seq-form').scrollIntoView();
  void loadSequences(true).then(() => el('seq-sequence').focus());
}

async function readSequences(opening: boolean): Promise<void> {
  const list = await busy('Reading your sequences…', () => server.listSequences(), el('seq-form'), opening);
  if (!list) return;
  const select = el<HTMLSelectElement>('seq-sequence');
  const keep = select.value;
  clear(select);
  names = {};
  for (const s of list) {
    names[s.id] = s.name;
    const why = s.accepts ? '' : ` (${CLOSED[s.status] ?? s.status})`;
    select.append(h('option', { value: s.id, disabled: !s.accepts, text: `${s.name}${why}` }));
  }
  const open = list.filter((s) => s.accepts);
  select.value = open.some((s) => s.id === keep) ? keep : (open[0]?.id ?? '');
  el('seq-none').hidden = open.length > 0;
  await readMailboxes();
}

/**
 * The account's active mailboxes to send from; the sequence's own stays the first choice. Read
 * quietly, after the sequences: no banner shown or cleared (the sequence's own mailboxes remain).
 */
async function readMailboxes(): Promise<void> {
  const list = await server.listSendingMailboxes().catch(() => undefined);
  if (!list) return;
  const select = el<HTMLSelectElement>('seq-mailbox');
  const keep = select.value;
  clear(select);
  select.append(h('option', { value: '', text: "The sequence's own mailboxes" }));
  for (const m of list) select.append(h('option', { value: m.id, text: m.email }));
  select.value = list.some((m) => m.id === keep) ? keep : '';
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}

function renderPreview(p: Preview): void {
  const email = p.mapping.email === undefined ? '' : p.headers[p.mapping.email];
  const profile = p.mapping.profile_url === undefined ? '' : p.headers[p.mapping.profile_url];
  const box = el('seq-mapping');
  clear(box);
  const shown = new Set(fields.filter((f) => f.use.checked).map((f) => f.header));
  fields = [];
  p.headers.forEach((header, i) => {
    if (!header || header === STATUS || header === email || header === profile || fields.some((f) => f.header === header)) return;
    const use = h('input', { type: 'checkbox', id: `seq-use-${i}`, 'aria-label': `Send ${header}` });
    use.checked = shown.has(header);
    const name = h('input', { type: 'text', id: `seq-field-${i}`, value: fieldName(header), 'aria-label': `Field for ${header}` });
    fields.push({ header, use, name });
    box.append(h('div', { class: 'map-row' }, h('label', { class: 'check', for: `seq-use-${i}` }, use, header), name));
  });
  el('seq-fields-none').hidden = fields.length > 0;
  const left = [
    p.done ? `${count(p.done, 'row')} already added to a sequence` : '',
    ...Object.entries(p.reasons).map(([reason, n]) => `${count(n, 'row')}: ${reason}`),
  ].filter(Boolean);
  const columns =
    email || profile
      ? `Leads are found by ${[email && `"${email}" (email)`, profile && `"${profile}" (profile URL)`].filter(Boolean).join(' and ')}.`
      : 'No column is headed Email or Profile URL: no row can be sent.';
  el('seq-summary').textContent =
    `${count(p.queued, 'row')} of ${count(p.rows, 'selected row')} to send to "${names[value('seq-sequence')] ?? ''}". ${columns}` +
    (left.length ? ` Left out: ${left.join('; ')}.` : '') +
    (p.queued ? '' : ' Nothing to send: select rows to add and check again.');
  // Send waits for a check that finds rows to send.
  el<HTMLButtonElement>('seq-send').disabled = !p.queued;
  el('seq-preview').hidden = el('seq-send').hidden = false;
  freshen(el('seq-foot'));
}

async function send(): Promise<void> {
  const result = el('seq-result');
  result.textContent = '';
  const request = input();
  for (let calls = 1; calls <= MAX_CALLS; calls++) {
    const step = await busy(calls === 1 ? 'Sending…' : `Sending (part ${calls})…`, () => server.runSequenceAdd(request), el('seq-form'));
    if (!step) return;
    result.textContent = step.message;
    if (!step.stoppedEarly) return;
  }
}

export function initSequence(): void {
  el('seq-sequence').addEventListener('change', () => {
    el('seq-preview').hidden = el('seq-send').hidden = true;
    el('seq-summary').textContent = '';
  });
  el('seq-reload').addEventListener('click', () => void loadSequences());
  el('seq-check').addEventListener('click', () => {
    el('seq-result').textContent = '';
    void busy('Reading the selection…', () => server.previewSequenceAdd(input()), el('seq-form')).then((p) => p && renderPreview(p));
  });
  el<HTMLFormElement>('seq-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
}
