// Every word a row's status cell can show, and the one reading of a status cell: which words
// mean waiting, in a part, done, or ended with a reason. Nothing else spells these words.
import { isString } from '../base/is-string';

export const OUTCOMES = {
  enriched: 'Enriched',
  not_found: 'Not found',
  gdpr_removed: 'Removed for privacy',
  deliverable: 'Deliverable',
  risky: 'Risky',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  added: 'Added to list',
  logged: 'Logged',
  reviewed: 'Reviewed',
  linked: 'Recording linked',
  no_recording: 'No recording',
  applied: 'Applied',
} as const;

export const QUEUED = 'Queued';
/** A row-action row whose request is going out: never sent again without the person's say. */
export const SENDING = 'Sending';
const PROCESSING = 'Processing';
const PAUSED = 'Paused';
/** A paid answer in a word this add-on does not know yet: written as given, and done. */
const ANSWERED = 'Answered: ';
/** How a row told its key was paid for, with no answer to show, begins after ANSWERED. */
const TOLD = 'paid for on this sheet on ';
const ERROR = 'Error: ';
const SKIPPED = 'Skipped: ';
const CANCELED = 'Canceled';
/** A queued row of a job canceled before it was sent. */
export const CANCELED_UNSENT = `${CANCELED} before it was sent`;
/** A row of a part its batch was canceled before it processed. */
export const CANCELED_UNREAD = `${CANCELED} before it was processed`;
/** A row an existing lead list had no room for (a list holds at most 60,000 leads): sent again on a rerun. */
export const LIST_FULL = 'List full';
/** Why a job stopped sending when its list filled up; the rows it left say LIST_FULL. */
export const LIST_FULL_WHY = 'The lead list is full: a list holds at most 60,000 leads.';
/** `Added to <sequence>`, a row whose lead a sequence took: done, whichever sequence (`OUTCOMES.added` reads the same way). */
export const ADDED_TO = 'Added to ';

const DONE = new Set<string>(Object.values(OUTCOMES));
const PART = /^Processing(?: \(part (\d+)\))?$/;
const PAUSED_MARK = /^Paused(?: \(part (\d+)\))?:/;
const REUSED = ' · reused, paid ';
const REUSED_MARK = /^(.+) · reused, paid (\d{4}-\d\d-\d\d)$/;

/** What a status cell says, read the same way by planning, stepping and counting. */
export type RowStatus =
  | { kind: 'empty' }
  | { kind: 'queued' }
  | { kind: 'sending' }
  | { kind: 'processing'; part: number }
  /** Waiting in a paused job: sent in a part (its answer not read yet), or queued when no part. */
  | { kind: 'paused'; part?: number }
  /** `reusedAt`: the day the answer was paid for, when it was copied from where the spreadsheet held it. */
  | { kind: 'done'; outcome: string; reusedAt?: string }
  | { kind: 'error'; text: string }
  | { kind: 'skipped'; text: string }
  | { kind: 'canceled'; text: string }
  /** Text the add-on did not write (a person typed it): treated as no status. */
  | { kind: 'other'; text: string };

export const readStatus = (cell: unknown): RowStatus => {
  const text = isString(cell) ? cell.trim() : cell === null || cell === undefined ? '' : String(cell);
  if (text === '') return { kind: 'empty' };
  if (text === QUEUED) return { kind: 'queued' };
  if (text === SENDING) return { kind: 'sending' };
  const part = PART.exec(text);
  if (part) return { kind: 'processing', part: Number(part[1] ?? 1) };
  const paused = PAUSED_MARK.exec(text);
  if (paused) return paused[1] === undefined ? { kind: 'paused' } : { kind: 'paused', part: Number(paused[1]) };
  const reused = REUSED_MARK.exec(text);
  if (reused && readStatus(reused[1]).kind === 'done') return { kind: 'done', outcome: reused[1]!, reusedAt: reused[2]! };
  if (DONE.has(text) || text.startsWith(ANSWERED) || text.startsWith(ADDED_TO)) return { kind: 'done', outcome: text };
  if (text.startsWith(ERROR) || text === LIST_FULL) return { kind: 'error', text };
  if (text.startsWith(SKIPPED)) return { kind: 'skipped', text };
  if (text.startsWith(CANCELED)) return { kind: 'canceled', text };
  return { kind: 'other', text };
};

/** The mark of a row sent in part `n`: every row of a job names its part. */
export const processingStatus = (part: number): string => `${PROCESSING} (part ${part})`;

/** The part a row was sent in, whether its job runs or is paused. */
export const partOfStatus = (cell: unknown): number | undefined => {
  const s = readStatus(cell);
  return s.kind === 'processing' || s.kind === 'paused' ? s.part : undefined;
};

/** A row to send: queued, or queued when its job paused (it says so until the job goes on). */
export const isQueued = (cell: unknown): boolean => {
  const s = readStatus(cell);
  return s.kind === 'queued' || (s.kind === 'paused' && s.part === undefined);
};

/** `Paused (part n): why` or `Paused: why`: a waiting row of a paused job, its part kept. */
export const pausedStatus = (part: number | undefined, why: string): string =>
  `${PAUSED}${part === undefined ? '' : ` (part ${part})`}: ${why}`;

/** A paid answer in a word the add-on does not know: kept as the service gave it. */
export const answeredStatus = (value: unknown): string => `${ANSWERED}${isString(value) ? value : JSON.stringify(value)}`;

/** A row whose status says it has its answer; it is skipped unless the person asks to run again. */
export const isDone = (cell: unknown): boolean => readStatus(cell).kind === 'done';

/** A row waiting in a job: queued, or sent in a part whose answer has not been written. */
export const isPending = (cell: unknown): boolean => {
  const kind = readStatus(cell).kind;
  return kind === 'queued' || kind === 'processing' || kind === 'paused';
};

export const errorStatus = (message: string): string => `${ERROR}${message}`;

/** A row whose key was paid for on this sheet while its own cell shows no answer: done, never bought again unasked. */
export const answeredBeforeStatus = (at: number): string =>
  answeredStatus(`${TOLD}${dayOf(at)}; its result is in another row or was removed. Select the row and run again to buy it again.`);

/** The day (UTC) of a time, as status words name it. */
const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** `Deliverable · reused, paid 2026-11-02`: an answer paid for before, copied onto the row, costing nothing. */
export const reusedStatus = (outcome: string, at: number): string => `${outcome}${REUSED}${dayOf(at)}`;

/**
 * The outcome a status cell shows as an answer of its row's key, or undefined: a reused answer
 * reads as its outcome; a row told its key was paid for elsewhere shows no answer to copy.
 */
export const shownOutcome = (cell: unknown): string | undefined => {
  const s = readStatus(cell);
  return s.kind === 'done' && !s.outcome.startsWith(ANSWERED + TOLD) ? s.outcome : undefined;
};

/** What a row the job stopped before sending says: the list is full, or why the job stopped. */
export const unsentStatus = (why: string | undefined): string =>
  why === LIST_FULL_WHY ? LIST_FULL : errorStatus(why ? `Not sent: ${why}` : 'the job ended before this row was sent. Run again for it.');

/** `Skipped: <reason>`: a row that is not sent, and why. */
export const skippedStatus = (reason: string): string => `${SKIPPED}${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;

/** Why a sequence left a lead out, by the list of its answer that names it (`<key>_and_skipped`). */
export const SEQUENCE_SKIPS: Record<string, string> = {
  already_in_sequence: 'already in this sequence',
  in_exclusion_list: 'on the exclusion list',
  recently_contacted: 'contacted in the last 30 days',
  in_other_active_sequences: 'in another active sequence',
  in_other_draft_sequences: 'in another draft sequence',
};
export const REPEATED = 'repeated in the selection';
/** Why a row marked to send was not: its inputs were cleared meanwhile. */
export const EMPTIED = 'the row was emptied before it was sent';

/** The label each kind of status is counted under, where the kind alone decides it (none: not counted). */
const LABELS: Partial<Record<RowStatus['kind'], string>> = {
  queued: QUEUED,
  processing: PROCESSING,
  sending: PROCESSING,
  paused: PAUSED,
  skipped: 'Skipped',
  canceled: CANCELED,
};

/** The label a status is counted under in a job's summary. */
export const countLabel = (cell: unknown): string | undefined => {
  const s = readStatus(cell);
  if (s.kind === 'done') return s.outcome.startsWith(ANSWERED) ? 'Answered' : s.outcome;
  if (s.kind === 'error') return s.text === LIST_FULL ? LIST_FULL : 'Error';
  return LABELS[s.kind];
};

/** Rows by counted label in a status column, the header row left out. */
export const statusCounts = (
  grid: { readonly rows: ReadonlyArray<ReadonlyArray<unknown>> },
  header: number | undefined,
  status: number,
): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (let i = 0; i < grid.rows.length; i++) {
    if (i === header) continue;
    const label = countLabel(grid.rows[i]![status]);
    if (label) counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
};

/** Whether a counted label means the row is finished (with a result or a reason). */
export const isFinishedLabel = (label: string): boolean => label !== QUEUED && label !== PROCESSING && label !== PAUSED;
