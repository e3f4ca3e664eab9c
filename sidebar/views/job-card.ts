// One job's card in the Jobs view, built once and then updated in place on every answer, so its
// buttons keep their focus and a click on its way is not lost to a redraw.
import { clear, h } from '../dom';
import { creditText, thousands } from '../numbers';
import type { ServerResult } from '../server';

export type JobView = ServerResult<'pollJobs'>['jobs'][number];

const LABELS: Record<string, string> = {
  person: 'Person enrichment',
  company: 'Company enrichment',
  email: 'Email validation',
  lead_list: 'Lead list',
};

/** The label rows a cancel ended are counted under (src/jobs/row-status.ts). */
const CANCELED = 'Canceled';

export interface JobCard {
  readonly node: HTMLLIElement;
  update(job: JobView): void;
  /** A cancel is on its way (or not any more): the button says so and cannot be clicked twice. */
  setCanceling(on: boolean): void;
  /** An undo was refused: its confirm can be answered again. */
  undoFailed(): void;
}

function safeLink(url: string): HTMLAnchorElement {
  const ok = /^https?:\/\//i.test(url);
  const a = h('a', { target: '_blank', rel: 'noopener noreferrer', text: ok ? 'Open the lead list' : url });
  if (ok) a.href = url;
  return a;
}

export function jobCard(job: JobView, onCancel: (id: string) => void, onUndo: (id: string) => void = () => undefined): JobCard {
  const name = h('strong');
  const state = h('span', { class: 'state' });
  const hint = h('div', { class: 'hint' });
  const bar = h('progress');
  const counts = h('ul', { class: 'counts' });
  const spent = h('p', { class: 'hint spent' });
  const message = h('p');
  const links = h('div', { class: 'links' });
  const cancel = h('button', { type: 'button', class: 'cancel', text: 'Cancel' });
  const actions = h('div', { class: 'actions' }, cancel);
  // Undo asks first, in the card, saying what is put back and that credits are not returned.
  const undo = h('button', { type: 'button', class: 'undo', text: 'Undo this run' });
  const ask = h('p', { class: 'hint' });
  const yes = h('button', { type: 'button', text: 'Put back' });
  const no = h('button', { type: 'button', text: 'Keep' });
  const asking = h('div', { class: 'undo-confirm', role: 'group', 'aria-label': 'Undo this run?' }, ask, yes, no);
  const undoing = h('div', { class: 'actions' }, undo, asking);
  asking.hidden = true;
  const node = h(
    'li',
    { 'data-job': job.id },
    h('div', { class: 'job-head' }, name, state),
    hint,
    bar,
    counts,
    message,
    links,
    actions,
    undoing,
  );
  // What it spent, under its counts.
  counts.after(spent);
  let canceling = false;
  let canCancel = false;
  let shownLinks = '';
  let spentNow = job.spent;
  cancel.addEventListener('click', () => onCancel(job.id));
  undo.addEventListener('click', () => {
    ask.textContent = `Put back what this run's status and result cells held before it, on its rows that still hold what it wrote? Rows edited since or run again are left as they are. Credits spent are not returned${spentNow ? ` (${creditText(spentNow)})` : ''}.`;
    asking.hidden = false;
    undo.hidden = true;
  });
  no.addEventListener('click', () => {
    asking.hidden = true;
    undo.hidden = false;
  });
  yes.addEventListener('click', () => {
    yes.disabled = true;
    onUndo(job.id);
  });

  function showCancel(): void {
    actions.hidden = !(canCancel || canceling);
    cancel.disabled = canceling;
    cancel.textContent = canceling ? 'Canceling…' : 'Cancel';
  }

  function update(next: JobView): void {
    // Two lead lists' cards are told apart by the list, and by whether it is made or added to.
    const label = next.list
      ? `${next.list.adds ? 'Adds to' : 'Creates'} lead list "${next.list.name}"`
      : (LABELS[next.action] ?? next.action);
    // Rows a cancel ended count as finished, but they are not done: a canceled job says which is which.
    const canceled = next.state === 'canceled' ? (next.counts[CANCELED] ?? 0) : 0;
    const done = next.finished - canceled;
    // Rounded down: 100% only once every row is finished.
    const percent = next.total ? Math.floor((100 * done) / next.total) : 100;
    const rows = `${thousands(done)} of ${thousands(next.total)} row${next.total === 1 ? '' : 's'}`;
    node.className = `job ${next.state}`;
    name.textContent = label;
    state.textContent = next.state;
    hint.textContent = `${next.sheetName} · ${canceled ? `${rows} done, ${thousands(canceled)} canceled` : `${rows} (${percent}%)`}`;
    bar.max = next.total || 1;
    bar.value = done;
    bar.setAttribute('aria-label', `${label} progress`);
    clear(counts);
    for (const [status, n] of Object.entries(next.counts)) counts.append(h('li', { text: `${status}: ${thousands(n)}` }));
    // A job from before jobs counted their spend says nothing rather than a wrong figure.
    // Answers copied from where the spreadsheet held them are said beside what was spent: they cost nothing.
    const reused = next.reused ? `${thousands(next.reused)} answer${next.reused === 1 ? '' : 's'} reused, 0 credits` : '';
    spent.hidden = !next.spent && !reused;
    spent.textContent = [next.spent && `Spent: ${creditText(next.spent)}`, reused].filter(Boolean).join(' · ');
    message.textContent = next.message;
    message.className = next.state === 'failed' ? 'job-error' : 'hint';
    message.hidden = !next.message;
    // Links are only redrawn when they change: one may hold the keyboard focus.
    if (next.links.join('\n') !== shownLinks) {
      shownLinks = next.links.join('\n');
      clear(links);
      for (const link of next.links) links.append(safeLink(link));
    }
    links.hidden = next.links.length === 0;
    canCancel = next.canCancel;
    showCancel();
    spentNow = next.spent;
    undoing.hidden = !next.undo;
    if (!next.undo) [asking.hidden, undo.hidden, yes.disabled] = [true, false, false];
  }

  update(job);
  return {
    node,
    update,
    setCanceling(on) {
      canceling = on;
      showCancel();
    },
    undoFailed() {
      yes.disabled = false;
    },
  };
}
