// Moving a job on by one step: send queued rows in parts, read what the service finished,
// write it to the rows that hold each key, and end the job clearly. Every write follows a fresh
// read of the sheet; the record holds only parts and cursors, so any step can be resumed.
import { ProspectingError } from '../api/errors';
import { BATCH_KINDS } from './batch-kinds';
import { isLive, type JobRecord, type JobView } from './job';
import { isLost, locateJob, type JobLayout } from './job-layout';
import { applyReadings, readParts, settleWaiting, unplacedHeaders, unplacedRow, type PartReading } from './part-read';
import { sendParts, setPartRows } from './part-send';
import { batchId, isOpen, isSettled, move } from './part-state';
import { canceledStatus, errorStatus, isFinishedLabel, QUEUED, readStatus, statusCounts } from './row-status';
import type { StepDeps } from './step-context';

export type { StepDeps } from './step-context';

/** Passing faults for this long, with nothing read or accepted meanwhile, end a job. */
const TROUBLE_LIMIT_MS = 2 * 60 * 60 * 1000;
/** No progress at all for this long (the service only ever asks to wait) ends a job. */
const STALL_LIMIT_MS = 24 * 60 * 60 * 1000;

const LOST_STATUS =
  'The status column was deleted or renamed while the job ran, so its rows can no longer be told apart; nothing more was sent.';
const LOST_HEADER =
  'The header row was deleted or its column names changed while the job ran, so its rows can no longer be found; nothing more was sent.';

/**
 * A part cut off while being sent may or may not have started: it is never sent again. A part
 * saved as marked was cut off before it went out: its rows are Queued again.
 */
function settleCutOffSends(job: JobRecord, deps: StepDeps): void {
  const words = new Map<number, string>();
  for (const part of [...job.parts]) {
    if (part.state.s === 'marked') {
      move(part, { s: 'planned' });
      job.parts.splice(job.parts.indexOf(part), 1);
      words.set(part.n, QUEUED);
    }
    if (part.state.s !== 'sending') continue;
    const reason = 'the run was interrupted while sending; nothing was re-sent so no credit is spent twice. Run again to retry.';
    move(part, { s: 'ambiguous', reason });
    words.set(part.n, errorStatus(reason));
  }
  setPartRows(job, deps, words);
}

function keepUnplaced(
  job: JobRecord,
  deps: StepDeps,
  readings: ReadonlyArray<PartReading> | undefined,
  cells = readings?.flatMap((r) => r.results) ?? [],
): void {
  if (cells.length === 0) return;
  const sheet = deps.keepUnplaced(
    job,
    unplacedHeaders(job),
    cells.map((c) => unplacedRow(job, c)),
  );
  job.unplaced = { count: (job.unplaced?.count ?? 0) + cells.length, sheet };
}

function failOpenParts(job: JobRecord, reason: string): void {
  for (const part of job.parts) if (isOpen(part)) move(part, { s: 'failed', id: batchId(part), reason });
}

function countRows(job: JobRecord, layout: JobLayout): { queued: number } {
  const all = statusCounts(layout.grid, layout.header, layout.status);
  // Rows that had ended before the job began are not its own: without them, finished ≤ total.
  const counts: Record<string, number> = {};
  for (const [label, n] of Object.entries(all)) {
    const own = n - (job.before?.[label] ?? 0);
    if (own > 0) counts[label] = own;
  }
  job.counts = counts;
  return { queued: all[QUEUED] ?? 0 };
}

/** When the job is next worth a step: its earliest due part, or the next send. */
function schedule(job: JobRecord, queued: number, now: number): void {
  const times = job.parts.filter(isOpen).map((p) => p.readAfter ?? now);
  if (queued > 0 && !job.stopSending && !job.canceled) times.push(job.sendAfter ?? now);
  job.nextCheckAt = times.length ? Math.max(now, Math.min(...times)) : now;
}

function end(job: JobRecord): void {
  const failed = job.parts.some((p) => p.state.s === 'failed' || p.state.s === 'ambiguous') || Boolean(job.stopSending && !job.canceled);
  job.state = job.canceled ? 'canceled' : failed ? 'failed' : 'done';
  if (job.state === 'done') job.message = job.unplaced ? unplacedNote(job) : undefined;
  else job.message ??= job.state === 'canceled' ? 'Canceled.' : 'Some rows could not be processed.';
}

function unplacedNote(job: JobRecord): string {
  const u = job.unplaced!;
  return `${u.count.toLocaleString('en-US')} result${u.count === 1 ? '' : 's'} already paid for found no row (rows deleted or edited meanwhile): see the sheet "${u.sheet}".`;
}

/**
 * Runs one step of a job. Returns when the job ended, is waiting for the service, paused, or
 * the deadline came. Sheet changes are written before the record that relies on them is saved.
 */
export function advanceJob(job: JobRecord, deps: StepDeps): void {
  if (job.state !== 'running') return;
  settleCutOffSends(job, deps);
  const sent = sendParts(job, deps);
  const readings = job.state === 'running' ? readParts(job, deps) : [];
  const now = deps.now();

  // Write time: the sheet is read again, so rows moved while the service answered are found.
  // A step that only sent and has nothing to read or end writes nothing more: the read that
  // marked its rows counts them.
  const quiet =
    readings.length === 0 &&
    job.state === 'running' &&
    !job.canceled &&
    !job.stopSending &&
    job.troubleSince === undefined &&
    !job.parts.every(isSettled);
  const layout = sent && (!sent.afterRequests || quiet) ? sent.layout : locateJob(job, deps.sheet);
  if (isLost(layout)) {
    keepUnplaced(job, deps, readings);
    job.stopSending = layout.lost === 'status' ? LOST_STATUS : LOST_HEADER;
    job.message = `${job.stopSending}${job.unplaced ? ` ${unplacedNote(job)}` : ''}`;
    if (job.state === 'running' && job.parts.every(isSettled)) job.state = 'failed';
    else if (job.state === 'running') schedule(job, 0, now);
    job.updatedAt = now;
    deps.save(job);
    return;
  }
  if (readings.length) keepUnplaced(job, deps, undefined, applyReadings(job, readings, layout));
  if (job.canceled) {
    for (let i = 0; i < layout.grid.rows.length; i++) {
      if (i !== layout.header && readStatus(layout.grid.get(i, layout.status)).kind === 'queued')
        layout.grid.set(i, layout.status, canceledStatus('before it was sent'));
    }
  } else if (job.stopSending) {
    for (let i = 0; i < layout.grid.rows.length; i++) {
      if (i !== layout.header && readStatus(layout.grid.get(i, layout.status)).kind === 'queued')
        layout.grid.set(i, layout.status, errorStatus(`Not sent: ${job.stopSending}`));
    }
    job.message = job.stopSending;
  }

  // A job ends when the service kept failing, or never let it progress, for too long.
  if (job.state === 'running') {
    const troubled =
      job.troubleSince !== undefined && now - job.troubleSince >= TROUBLE_LIMIT_MS && now - job.lastProgressAt >= TROUBLE_LIMIT_MS;
    const stalled = now - job.lastProgressAt >= STALL_LIMIT_MS;
    if (troubled || stalled) {
      const reason = troubled
        ? 'The service kept failing for two hours, so the job stopped. Run again for these rows.'
        : 'The service let nothing progress for a day, so the job stopped. Run again for these rows.';
      failOpenParts(job, reason);
      job.stopSending = reason;
      job.message = reason;
      settleWaiting(layout, errorStatus(reason));
    }
  }

  const { queued } = countRows(job, layout);
  if (job.state === 'running' && job.parts.every(isSettled) && (queued === 0 || job.stopSending || job.canceled)) {
    settleWaiting(
      layout,
      job.canceled
        ? canceledStatus('before it was sent')
        : errorStatus(job.stopSending ?? 'the job ended before this row was sent. Run again for it.'),
    );
    countRows(job, layout);
    end(job);
  } else if (job.state === 'running') {
    if (job.troubleSince !== undefined) job.message = 'The service is having trouble; the job will try again shortly.';
    else if (!job.stopSending && !job.canceled) job.message = job.unplaced ? unplacedNote(job) : undefined;
  }
  if (job.state === 'running') schedule(job, queued, now);
  layout.grid.flush();
  job.updatedAt = now;
  deps.save(job);
}

/**
 * Cancels a job: its open parts are canceled at the service, queued rows are not sent, and
 * this step and the next write what finished before the cancel, then end the job as canceled.
 */
export function cancelJob(job: JobRecord, deps: StepDeps): void {
  if (job.state !== 'running') return;
  const kind = BATCH_KINDS[job.action];
  for (const part of job.parts) {
    if (!isOpen(part) || !kind.cancel) continue;
    try {
      kind.cancel(deps.client, part.state.id);
    } catch (e) {
      if (!(e instanceof ProspectingError && e.kind === 'invalid_state')) throw e;
    }
  }
  job.canceled = true;
  job.message = 'Canceled.';
  job.nextCheckAt = deps.now();
  // The cancel ended the parts at the service: they are read now, not when their pace said.
  for (const part of job.parts) if (isOpen(part)) part.readAfter = undefined;
  advanceJob(job, deps);
}

/** Ends a job at once, without the service: its waiting rows say why. Results already written stay. */
export function abandonJob(job: JobRecord, deps: Pick<StepDeps, 'sheet' | 'now' | 'save'>, reason: string): void {
  if (!isLive(job)) return;
  const layout = locateJob(job, deps.sheet);
  if (!isLost(layout)) {
    settleWaiting(layout, canceledStatus(`: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`));
    countRows(job, layout);
    layout.grid.flush();
  }
  for (const part of job.parts) if (!isSettled(part)) part.state = { s: 'canceled' };
  job.state = 'canceled';
  job.message = reason;
  job.updatedAt = deps.now();
  deps.save(job);
}

/** A paused job goes on: the person connected again. */
export function resumeJob(job: JobRecord, now: number): void {
  if (job.state !== 'paused') return;
  job.state = 'running';
  job.message = undefined;
  job.nextCheckAt = now;
  job.lastProgressAt = now;
}

export function jobView(job: JobRecord): JobView {
  const finished = Object.keys(job.counts)
    .filter(isFinishedLabel)
    .reduce((n, s) => n + (job.counts[s] ?? 0), 0);
  return {
    id: job.id,
    action: job.action,
    sheetName: job.sheetName,
    state: job.state,
    message: job.message ?? '',
    total: job.total,
    finished,
    counts: { ...job.counts },
    canCancel: isLive(job) && !job.canceled,
    links: job.parts.map((p) => p.url).filter((u): u is string => Boolean(u)),
  };
}
