// Sending a job's queued rows in parts. The parts are planned from a fresh read of the sheet,
// their rows marked, the record saved, then each request sent; what the service says is
// written to the rows after another fresh read, since rows may move while it answers.
import { max } from '../base/numbers';
import { throwUnlessProspecting } from '../api/errors';
import { classify } from '../api/failure';
import { PART_SIZE, rowInput, type Payload } from './action-catalog';
import { BATCH_KINDS, listFullAt } from './batch-kinds';
import type { JobRecord } from './job';
import { isSending, pause, stopSending } from './job-life';
import { dataRows, isLost, locateJob, needInputs, restatus, type JobLayout } from './job-layout';
import { move, partNumbers, type JobPart } from './part-state';
import { firstReadAt } from './read-pace';
import {
  EMPTIED,
  errorStatus,
  isQueued,
  LIST_FULL,
  LIST_FULL_WHY,
  partOfStatus,
  processingStatus,
  QUEUED,
  readStatus,
  skippedStatus,
} from './row-status';
import {
  goneReason,
  isGone,
  keyOfRow,
  message,
  NOT_RESENT,
  rowReason,
  noteProgress,
  noteTrouble,
  quotaWait,
  timeUp,
  waitMs,
  type StepDeps,
} from './step-context';

interface PickedPart {
  payloads: Map<string, Payload>;
  rows: number[];
}

/** Marks whose part the record does not hold (a step cut off before saving it): nothing was sent. */
const releaseOrphanMarks = (job: JobRecord, layout: JobLayout): void => {
  const known = partNumbers(job);
  restatus(layout, (cell) => {
    const n = partOfStatus(cell);
    return n !== undefined && !known.has(n) && QUEUED;
  });
};

/**
 * The next parts: distinct keys of queued rows, in sheet order, up to the part size each; a key
 * and all its rows go in one part. Also how many distinct keys are queued in all.
 */
const pickParts = (job: JobRecord, layout: JobLayout, size: number, othersMarks?: boolean): { parts: PickedPart[]; queuedKeys: number } => {
  const parts: PickedPart[] = [];
  const partOfKey = new Map<string, PickedPart>();
  // With another editor's job in the column, a paused queued row may be theirs: only Queued is ours.
  const queued = dataRows(layout).filter((i) => {
    const cell = layout.grid.get(i, layout.status);
    return othersMarks ? readStatus(cell).kind === 'queued' : isQueued(cell);
  });
  needInputs(layout, queued);
  for (const i of queued) {
    const input = rowInput(job.action, layout.grid.row(i), layout.mapping, job.options);
    if (!('key' in input)) {
      // Emptied or edited since it was queued: it says why instead of being sent.
      layout.grid.set(i, layout.status, 'reason' in input ? skippedStatus(input.reason) : errorStatus(EMPTIED));
      continue;
    }
    let part = partOfKey.get(input.key);
    if (!part) {
      part = parts[parts.length - 1];
      if (!part || part.payloads.size >= size) parts.push((part = { payloads: new Map(), rows: [] }));
      part.payloads.set(input.key, input.payload);
      partOfKey.set(input.key, part);
    }
    part.rows.push(i);
  }
  return { parts, queuedKeys: partOfKey.size };
};

/**
 * Writes a word to every row of each part named, after reading the sheet again: one read, one
 * write. Answers the layout it wrote.
 */
export const setPartRows = (
  job: JobRecord,
  deps: StepDeps,
  words: ReadonlyMap<number, string>,
  full?: Set<string>,
): JobLayout | undefined => {
  if (words.size === 0 && !full?.size) return undefined;
  const layout = locateJob(job, deps.sheet);
  if (isLost(layout)) return undefined;
  // Rows whose lead a full list refused are found by their key, among the rows of their part.
  if (full?.size) needInputs(layout, dataRows(layout));
  restatus(layout, (cell, i) => {
    const n = partOfStatus(cell);
    return n === undefined ? undefined : full?.has(`${n} ${keyOfRow(job, layout, i)}`) ? LIST_FULL : words.get(n);
  });
  layout.grid.flush();
  return layout;
};

/** Parts not sent after all: out of the record, their rows Queued again (in the caller's write). */
export const unsend = (job: JobRecord, parts: ReadonlyArray<JobPart>, words: Map<number, string>): void => {
  for (const part of parts) {
    move(part, { s: 'planned' });
    job.parts.splice(job.parts.indexOf(part), 1);
    words.set(part.n, QUEUED);
  }
};

/** The sheet as a step's sending left it: the rows it marked, and whether requests went out since it was read. */
export interface SentLayout {
  layout: JobLayout;
  afterRequests: boolean;
}

/**
 * Sends the queued rows in parts. One read plans every part, one write marks their rows and the
 * record is saved; then each part is sent in turn. Parts not sent after all go back to Queued in
 * one more read and write. Answers the layout last read, if any.
 */
export const sendParts = (job: JobRecord, deps: StepDeps): SentLayout | undefined => {
  // Once a part went out, each step counts the queued rows it leaves: with none, the sheet need
  // not be read for sending. A step cut off before counting leaves the previous count.
  if (job.parts.length > 0 && !job.counts[QUEUED]) return undefined;
  if (timeUp(deps) || !isSending(job) || (job.sendAfter ?? 0) > deps.now()) return undefined;
  const layout = locateJob(job, deps.sheet);
  if (isLost(layout)) return undefined;
  // Marks of a part the record does not hold are this job's cut-off step's, unless another
  // editor's job holds marks in this column too: then they may be that job's, and stay.
  if (!deps.othersMarks) releaseOrphanMarks(job, layout);
  const size = job.partSize || PART_SIZE[job.action];
  const pick = pickParts(job, layout, size, deps.othersMarks);
  // Part numbers start above the marks already in the column when the job began (another job's).
  let n = job.parts.reduce((m, p) => max(m, p.n), (job.firstPart ?? 1) - 1) + 1;
  const marked = pick.parts.map(({ rows }) => {
    const part: JobPart = { n: n++, state: { s: 'planned' }, rows: rows.length, sheetRows: layout.grid.rows.length };
    move(part, { s: 'marked' });
    for (const i of rows) layout.grid.set(i, layout.status, processingStatus(part.n));
    return part;
  });
  layout.grid.flush();
  if (marked.length === 0) return { layout, afterRequests: false };
  job.parts.push(...marked);
  deps.save(job);
  // A lead list is named "part n of N": N counts the parts that went out and those to come.
  const before = job.parts.filter((p) => p.state.s !== 'failed' && p.state.s !== 'ambiguous' && p.state.s !== 'marked').length;
  const total = before + Math.ceil(pick.queuedKeys / size);
  const kind = BATCH_KINDS[job.action];
  const words = new Map<number, string>();
  // `part key` of each lead a full list refused.
  const full = new Set<string>();
  for (let k = 0; k < marked.length; k++) {
    const part = marked[k]!;
    const payloads = pick.parts[k]!.payloads;
    const rest = marked.slice(k);
    if (timeUp(deps) || !isSending(job)) {
      unsend(job, rest, words);
      break;
    }
    move(part, { s: 'sending' });
    deps.save(job);
    try {
      const tag = `${job.id.slice(0, 8)}.${part.n}`;
      const started = kind.start(deps.client, [...payloads.values()], {
        options: job.options,
        list: job.list,
        part: part.n,
        parts: total,
        tag,
      });
      move(part, { s: 'accepted', id: started.id });
      const now = deps.now();
      const took = started.refusedFrom ?? payloads.size;
      deps.paid?.(job, [...payloads.keys()].slice(0, took), now);
      part.size = took;
      part.sentAt = now;
      part.readAfter = firstReadAt(took, now);
      job.sendAfter = undefined;
      noteProgress(job, now);
      if (started.refusedFrom === undefined) {
        deps.save(job);
        continue;
      }
      for (const key of [...payloads.keys()].slice(took)) full.add(`${part.n} ${key}`);
      stopSending(job, LIST_FULL_WHY);
      unsend(job, rest.slice(1), words);
      deps.save(job);
      break;
    } catch (e) {
      throwUnlessProspecting(e);
      const later = rest.slice(1);
      const failure = classify(e);
      const now = deps.now();
      if (listFullAt(e) === 0) {
        // Nothing was added: the part's rows, and every row still to send, say the list is full.
        move(part, { s: 'failed', reason: LIST_FULL_WHY });
        words.set(part.n, LIST_FULL);
        stopSending(job, LIST_FULL_WHY);
        unsend(job, later, words);
      } else if (failure === 'wait' || failure === 'quota' || failure === 'key' || (failure === 'trouble' && !e.ambiguous)) {
        // Refused before anything started (a rate or usage limit, Apps Script's quota, the key, or
        // a passing fault known not to have started): the rows wait, after a fault with a growing pause.
        unsend(job, rest, words);
        if (failure === 'key') pause(job, 'key', now);
        else job.sendAfter = failure === 'wait' ? now + waitMs(e) : failure === 'quota' ? quotaWait(job, now) : noteTrouble(job, now);
      } else if (e.ambiguous) {
        const reason = `${message(e)} It may have started; ${NOT_RESENT}`;
        deps.paid?.(job, [...payloads.keys()], now);
        move(part, { s: 'ambiguous', reason });
        words.set(part.n, errorStatus(reason));
        unsend(job, later, words);
        job.sendAfter = noteTrouble(job, now);
      } else {
        const gone = isGone(e, deps);
        const reason = gone ? goneReason(job) : rowReason(e);
        move(part, { s: 'failed', reason });
        words.set(part.n, errorStatus(`Not sent: ${reason}`));
        // No credits, or the list deleted: nothing more can go out. A refused request: the other parts still can.
        if (failure === 'credits' || gone) {
          stopSending(job, reason);
          unsend(job, later, words);
        } else {
          deps.save(job);
          continue;
        }
      }
      deps.save(job);
      break;
    }
  }
  const after = setPartRows(job, deps, words, full);
  return after ? { layout: after, afterRequests: false } : { layout, afterRequests: true };
};
