// Reading a job's accepted parts page by page, and writing what was read to the rows that hold
// each result's key and still wait for that part, found after a fresh read of the sheet.
import { addTo } from '../base/lists';
import { max } from '../base/numbers';
import { throwUnlessProspecting } from '../api/errors';
import { classify } from '../api/failure';
import { BATCH_KINDS, type ResultCell } from './batch-kinds';
import { addTally, type Tally } from './credit-parts';
import type { JobRecord } from './job';
import { isRunning, pause, stopSending } from './job-life';
import { dataRows, needInputs, needOutputs, outputHeaders, type JobLayout } from './job-layout';
import { cursor, isOpen, move, type JobPart } from './part-state';
import { CANCELED_UNREAD, errorStatus, isPending, OUTCOMES, partOfStatus, readStatus } from './row-status';
import { dueForRead, nextReadAt, type PartPace } from './read-pace';
import { UNPLACED_LEAD, unplacedKey } from './reused-answers';
import {
  goneReason,
  isGone,
  keyOfRow,
  rowReason,
  noteProgress,
  noteTrouble,
  quotaWait,
  timeUp,
  waitMs,
  type StepDeps,
} from './step-context';

/** Reading needs no sheet: a job whose sheet was deleted still collects what it paid for. */
type ReadDeps = Omit<StepDeps, 'sheet'>;

/** What reading one part gave in this step: results to write, and how the part ended if it did. */
export interface PartReading {
  part: JobPart;
  results: ResultCell[];
  /** The status of the part's rows that got no result, once the part ended. */
  leftover?: string;
  /** The rows the part marked, and the sheet's rows then, as known before reading settled it. */
  rows?: number;
  sheetRows?: number;
}

/** What a part's pace is judged from; parts saved before the pace was kept have none. */
const paceOf = (part: JobPart): PartPace | undefined =>
  part.size === undefined || part.sentAt === undefined ? undefined : { size: part.size, got: part.got ?? 0, sentAt: part.sentAt };

/** A part's reading before anything is read: no results yet, and the rows it marked. */
const readingOf = (part: JobPart): PartReading => ({ part, results: [], rows: part.rows, sheetRows: part.sheetRows });

/** Reads pages of one part while time allows; the cursor moves past results kept in `reading`. */
const readPart = (job: JobRecord, part: JobPart & { state: { id: string } }, deps: ReadDeps): PartReading => {
  const kind = BATCH_KINDS[job.action];
  const reading = readingOf(part);
  const id = part.state.id;
  while (deps.now() < deps.deadline) {
    const { href, skip } = cursor(part);
    // The page comes without the results already used: each result is parsed once.
    const page = kind.read(deps.client, id, href, { size: deps.pageSize ?? 1000, skip, fields: job.fields });
    if (page.url) part.url = page.url;
    const fresh = page.items;
    const paid: Tally = {};
    for (const item of fresh) {
      reading.results.push(kind.toCell(item, job.options, job.fields));
      if (kind.paid) addTally(paid, kind.paid(item, job.options));
    }
    // A record from before jobs counted their spend keeps none: a part of it would read as the whole.
    if (job.spent) addTally(job.spent, paid);
    deps.spent?.(paid);
    if (fresh.length) {
      part.got = (part.got ?? 0) + fresh.length;
      noteProgress(job, deps.now());
    }
    // The cursor moves to the next page, or past what this page used.
    const next = page.nextHref;
    move(part, { s: 'reading', id, href: next ?? href, skip: next ? 0 : skip + (page.used ?? fresh.length) });
    if (next) continue;
    if (!page.finished) {
      const pace = paceOf(part);
      part.readAfter = pace ? nextReadAt(pace, deps.now(), page.retryAfter) : deps.now() + max(1, page.retryAfter ?? 5) * 1000;
    } else if (page.endedAs === 'canceled') {
      move(part, { s: 'canceled' });
      reading.leftover = CANCELED_UNREAD;
    } else if (page.endedAs === 'error') {
      move(part, { s: 'failed', id, reason: 'the service could not process it' });
      reading.leftover = errorStatus('the service could not process this row. Run again to retry.');
    } else {
      move(part, { s: 'done' });
      // A lead list lists only the leads it matched; a batch answers every item.
      reading.leftover =
        job.action === 'lead_list'
          ? OUTCOMES.not_found
          : errorStatus('the row changed while it ran, so its result was not written. Run again for it.');
    }
    break;
  }
  return reading;
};

/**
 * Reads every open part that is due. A 429, a spent quota or a passing fault makes a part wait;
 * a refused key, or a batch the connected account does not know (another account's key was
 * connected), pauses the job: its batches are still there for the account that paid for them.
 */
export const readParts = (job: JobRecord, deps: ReadDeps): PartReading[] => {
  const readings: PartReading[] = [];
  for (const part of job.parts) {
    if (!isOpen(part) || !dueForRead(part, deps.now())) continue;
    if (timeUp(deps) || !isRunning(job)) break;
    try {
      readings.push(readPart(job, part, deps));
    } catch (e) {
      throwUnlessProspecting(e);
      // Results read before the failure are kept: the cursor moved only past them.
      const partial = readingOf(part);
      const gone = isGone(e, deps);
      const failure = gone ? 'lasting' : classify(e, true);
      const now = deps.now();
      if (failure === 'wait') part.readAfter = now + waitMs(e);
      else if (failure === 'quota') part.readAfter = quotaWait(job, now);
      else if (failure === 'trouble') part.readAfter = noteTrouble(job, now);
      else if (failure === 'key' || failure === 'foreign') pause(job, failure === 'key' ? 'key' : 'account', now);
      else {
        const reason = gone ? goneReason(job) : rowReason(e);
        move(part, { s: 'failed', id: part.state.id, reason });
        partial.leftover = errorStatus(gone ? reason : `${reason.replace(/\.$/, '')}. Run again to retry.`);
        // Gone for good: the rows not sent yet say so too, once.
        if (gone) stopSending(job, reason);
      }
      readings.push(partial);
    }
  }
  return readings;
};

/** A paid result that found no row, as a row of the unplaced-results sheet. */
const unplacedRow = (job: JobRecord, cell: ResultCell): unknown[] => [
  // The key without its kind, a name or title `at` its company.
  cell.key === undefined ? '' : unplacedKey(cell.key),
  cell.status,
  ...job.fields.map((id) => cell.values[id] ?? ''),
];

const unplacedHeaders = (job: JobRecord): string[] => [...UNPLACED_LEAD, ...outputHeaders(job)];

/**
 * Keeps paid results that found no row (`cells`, else every result of `readings`) in a sheet of
 * their own, and counts them on the job.
 */
export const keepUnplaced = (
  job: JobRecord,
  deps: Pick<StepDeps, 'keepUnplaced'>,
  readings: ReadonlyArray<PartReading> | undefined,
  cells = readings?.flatMap((r) => r.results) ?? [],
): void => {
  if (cells.length === 0) return;
  const sheet = deps.keepUnplaced(
    job,
    unplacedHeaders(job),
    cells.map((c) => unplacedRow(job, c)),
  );
  job.unplaced = { count: (job.unplaced?.count ?? 0) + cells.length, sheet };
};

/**
 * Writes results to the rows of their part that hold their key. When no row of the job is
 * marked any more (its status column was cleared, or deleted and put back), the rows holding the
 * key with no status of their own get it, if they are no more than the part marked; while other
 * rows keep their marks, a row that lost its
 * own was deleted or edited, and another row holding the same key is not this job's to write. A result that reaches no row, and whose key no row shows an answer for (the
 * row deleted, its key edited, its mark overwritten), is returned, to be kept elsewhere: it was
 * paid for.
 */
export const applyReadings = (job: JobRecord, readings: ReadonlyArray<PartReading>, layout: JobLayout): ResultCell[] => {
  const { grid } = layout;
  const read = new Set(readings.map((r) => r.part.n));
  // The status column sorts the rows first, so keys are read only for the rows that can need them.
  const mine: number[] = [];
  const done: number[] = [];
  const loose: number[] = [];
  let marked = false;
  for (const i of dataRows(layout)) {
    const cell = grid.get(i, layout.status);
    if (isPending(cell)) marked = true;
    const n = partOfStatus(cell);
    if (n !== undefined) {
      if (read.has(n)) mine.push(i);
      continue;
    }
    const kind = readStatus(cell).kind;
    if (kind === 'done') done.push(i);
    else if (kind === 'empty' || kind === 'other') loose.push(i);
  }
  const byKey = (rows: number[]) => {
    needInputs(layout, rows);
    const out = new Map<string, number[]>();
    for (const i of rows) {
      const key = keyOfRow(job, layout, i);
      if (key !== undefined) addTo(out, key, i);
    }
    return out;
  };
  // A reading without results writes no key's rows: their keys are not read.
  const results = readings.some((r) => r.results.length > 0);
  const byPart = new Map<number, Map<string, number[]>>();
  for (const [key, rows] of byKey(results ? mine : [])) {
    for (const i of rows) {
      const n = partOfStatus(grid.get(i, layout.status))!;
      const part = byPart.get(n) ?? byPart.set(n, new Map()).get(n)!;
      addTo(part, key, i);
    }
  }
  /** Rows holding a key whose mark is gone (a cleared status cell, or text a person typed): only when no row is marked. */
  const unmarked = byKey(marked || !results ? [] : loose);
  /** Keys a row already shows an answer for: a result that finds no row of its part is not lost. */
  let answered: Map<string, number[]> | undefined;
  const unplaced: ResultCell[] = [];
  const writes: Array<[number, ResultCell]> = [];
  for (const reading of readings) {
    const rows = byPart.get(reading.part.n);
    // Rows with no status that hold its keys are the part's own (their marks cleared) only while
    // they are no more than the rows it marked: more, and some were never selected (the marked
    // rows deleted), so its results are kept elsewhere instead.
    let loose = 0;
    for (const cell of reading.results) if (cell.key !== undefined && !rows?.has(cell.key)) loose += unmarked.get(cell.key)?.length ?? 0;
    // Rows deleted since the part was marked may have been its own: then a loose row holding one of
    // its keys may never have been selected, and its results are kept elsewhere too.
    const own = loose <= (reading.rows ?? Infinity) && grid.rows.length >= (reading.sheetRows ?? 0);
    for (const cell of reading.results) {
      const targets = cell.key === undefined ? undefined : (rows?.get(cell.key) ?? (own ? unmarked.get(cell.key) : undefined));
      if (!targets) {
        if (cell.key === undefined || !(answered ??= byKey(done)).has(cell.key)) unplaced.push(cell);
        continue;
      }
      for (const i of targets) writes.push([i, cell]);
      rows?.delete(cell.key!);
      unmarked.delete(cell.key!);
    }
  }
  needOutputs(
    layout,
    writes.map(([i]) => i),
  );
  for (const [i, cell] of writes) {
    grid.set(i, layout.status, cell.status);
    job.fields.forEach((id, k) => grid.set(i, layout.outputs[k]!, cell.values[id] ?? ''));
  }
  for (const reading of readings) {
    if (!reading.leftover) continue;
    for (const i of mine) if (partOfStatus(grid.get(i, layout.status)) === reading.part.n) grid.set(i, layout.status, reading.leftover);
  }
  return unplaced;
};
