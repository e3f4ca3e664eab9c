// Sending a job's queued rows, one part at a time. Each part is planned from a fresh read of
// the sheet, its rows marked, the record saved, then the request sent; what the service says
// is written to the rows after another fresh read, since rows may move while it answers.
import { ProspectingError } from '../api/errors';
import { PART_SIZE, rowInput, type Payload } from './actions';
import { BATCH_KINDS } from './batch-kinds';
import type { JobRecord } from './job';
import { dataRows, isLost, locateJob, type JobLayout } from './job-layout';
import { move, type JobPart } from './part-state';
import { errorStatus, partOfStatus, processingStatus, QUEUED, readStatus, skippedStatus } from './row-status';
import { isKeyRefused, isPassing, isWait, message, rowReason, noteProgress, noteTrouble, waitMs, type StepDeps } from './step-context';

interface PickedPart {
  payloads: Map<string, Payload>;
  rows: number[];
  /** Distinct keys of every queued row, this part's included. */
  queuedKeys: number;
}

/** Marks whose part the record does not hold (a step cut off before saving it): nothing was sent. */
function releaseOrphanMarks(job: JobRecord, layout: JobLayout): void {
  const known = new Set(job.parts.map((p) => p.n));
  for (const i of dataRows(layout)) {
    const n = partOfStatus(layout.grid.get(i, layout.status));
    if (n !== undefined && !known.has(n)) layout.grid.set(i, layout.status, QUEUED);
  }
}

/** The next part: distinct keys of queued rows, in sheet order, up to the part size. */
function pickPart(job: JobRecord, layout: JobLayout): PickedPart {
  const size = job.partSize || PART_SIZE[job.action];
  const payloads = new Map<string, Payload>();
  const all = new Set<string>();
  const rows: number[] = [];
  for (const i of dataRows(layout)) {
    if (readStatus(layout.grid.get(i, layout.status)).kind !== 'queued') continue;
    const input = rowInput(job.action, layout.grid.row(i), layout.mapping, job.options);
    if (!('key' in input)) {
      // Emptied or edited since it was queued: it says why instead of being sent.
      layout.grid.set(i, layout.status, 'reason' in input ? skippedStatus(input.reason) : errorStatus('the row was emptied before it was sent'));
      continue;
    }
    all.add(input.key);
    if (!payloads.has(input.key)) {
      if (payloads.size >= size) continue;
      payloads.set(input.key, input.payload);
    }
    rows.push(i);
  }
  return { payloads, rows, queuedKeys: all.size };
}

/** Writes one word to every row of part `n`, after reading the sheet again. */
export function setPartRows(job: JobRecord, deps: StepDeps, n: number, word: string): void {
  const layout = locateJob(job, deps.sheet);
  if (isLost(layout)) return;
  for (const i of dataRows(layout)) if (partOfStatus(layout.grid.get(i, layout.status)) === n) layout.grid.set(i, layout.status, word);
  layout.grid.flush();
}

function nextPartNumber(job: JobRecord): number {
  return job.parts.reduce((m, p) => Math.max(m, p.n), 0) + 1;
}

/** Puts a part that the service refused for now back to Queued: it goes out again later. */
function unsend(job: JobRecord, part: JobPart, deps: StepDeps): void {
  move(part, { s: 'planned' });
  job.parts.splice(job.parts.indexOf(part), 1);
  setPartRows(job, deps, part.n, QUEUED);
}

/**
 * Sends parts while there are queued rows, time, and the service's leave. Stops when the job's
 * rows can no longer be told apart: the engine finds that at write time and ends sending.
 */
export function sendParts(job: JobRecord, deps: StepDeps): void {
  // Once a part went out, each step counts the queued rows it leaves: with none, the sheet need
  // not be read for sending. A step cut off before counting leaves the previous count.
  if (job.parts.length > 0 && !job.counts[QUEUED]) return;
  const kind = BATCH_KINDS[job.action];
  while (deps.now() < deps.deadline && job.state === 'running' && !job.canceled && !job.stopSending && (job.sendAfter ?? 0) <= deps.now()) {
    const layout = locateJob(job, deps.sheet);
    if (isLost(layout)) return;
    releaseOrphanMarks(job, layout);
    const pick = pickPart(job, layout);
    if (pick.payloads.size === 0) {
      layout.grid.flush();
      return;
    }
    const part: JobPart = { n: nextPartNumber(job), state: { s: 'planned' } };
    move(part, { s: 'marked' });
    for (const i of pick.rows) layout.grid.set(i, layout.status, processingStatus(part.n));
    layout.grid.flush();
    move(part, { s: 'sending' });
    job.parts.push(part);
    deps.save(job);
    const size = job.partSize || PART_SIZE[job.action];
    // A lead list is named "part n of N": N counts the parts that went out and those to come.
    const sent = job.parts.filter((p) => p.state.s !== 'failed' && p.state.s !== 'ambiguous').length;
    try {
      const started = kind.start(deps.client, [...pick.payloads.values()], {
        options: job.options,
        list: job.list,
        part: part.n,
        parts: sent - 1 + Math.ceil(pick.queuedKeys / size),
      });
      move(part, { s: 'accepted', id: started.id });
      part.readAfter = deps.now();
      job.sendAfter = undefined;
      noteProgress(job, deps.now());
      deps.save(job);
    } catch (e) {
      if (!(e instanceof ProspectingError)) throw e;
      if (isWait(e)) {
        // Refused before anything started (a rate or usage limit): the rows wait.
        unsend(job, part, deps);
        job.sendAfter = deps.now() + waitMs(e);
        deps.save(job);
        return;
      }
      if (isKeyRefused(e)) {
        unsend(job, part, deps);
        pauseForKey(job);
        deps.save(job);
        return;
      }
      if (e.ambiguous) {
        const reason = `${message(e)} It may have started; nothing was re-sent so no credit is spent twice. Run again to retry.`;
        move(part, { s: 'ambiguous', reason });
        setPartRows(job, deps, part.n, errorStatus(reason));
        job.sendAfter = noteTrouble(job, deps.now());
        deps.save(job);
        return;
      }
      if (isPassing(e)) {
        // Known not to have started: like a wait, with a growing pause.
        unsend(job, part, deps);
        job.sendAfter = noteTrouble(job, deps.now());
        deps.save(job);
        return;
      }
      const reason = rowReason(e);
      move(part, { s: 'failed', reason });
      setPartRows(job, deps, part.n, errorStatus(`Not sent: ${reason}`));
      // No credits: nothing more can go out. A refused request: the other parts still can.
      if (e.kind === 'insufficient_credits') job.stopSending = reason;
      deps.save(job);
    }
  }
}

const KEY_REFUSED =
  'The API key was not accepted. Connect a valid key in the sidebar: the job then goes on, collecting the results already paid for and sending the rest.';

/** Pauses a job until the person connects again; its parts keep their batch ids. */
export function pauseForKey(job: JobRecord, reason = KEY_REFUSED): void {
  job.state = 'paused';
  job.message = reason;
}

