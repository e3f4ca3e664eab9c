// Moving a job on by one step: send queued rows in parts, read what the service finished,
// write it to the rows that hold each key, and end the job clearly. Every write follows a fresh
// read of the sheet; the record holds only parts and cursors, so any step can be resumed. The
// job's state is moved only through job-life.ts.
import type { JobRecord } from './job';
import { finish, isCanceling, isLive, isPaused, isRunning, isSending, stopReason, stopSending } from './job-life';
import { dataRows, headerStands, isLost, locateJob, needInputs, restatus, type JobLayout, type LostLayout } from './job-layout';
import { countRows, markPaused, ownsRow, settle } from './job-rows';
import { LOST_ANSWER, LOST_HEADER, REMADE_STATUS, TROUBLE_NOTE, unplacedNote } from './job-view';
import { applyReadings, keepUnplaced, readParts, type PartReading } from './part-read';
import { sendParts, setPartRows, unsend, type SentLayout } from './part-send';
import { allSettled, isOpen, move } from './part-state';
import { schedule } from './read-pace';
import { CANCELED_UNSENT, errorStatus, LIST_FULL, partOfStatus, QUEUED, readStatus, unsentStatus } from './row-status';
import { keyOfRow, NOT_RESENT, QUOTA_NOTE, saveAt, type StepDeps } from './step-context';

/** Passing faults for this long, with nothing read or accepted meanwhile, end a job. */
const TROUBLE_LIMIT_MS = 2 * 60 * 60 * 1000;
/** No progress at all for this long (the service only ever asks to wait) ends a job. */
const STALL_LIMIT_MS = 24 * 60 * 60 * 1000;

/** What sending left: the sheet as it read it, when it sent. */
type Sent = SentLayout | undefined;

/**
 * A part cut off while being sent may or may not have started: it is never sent again. A part
 * saved as marked was cut off before it went out: its rows are Queued again.
 */
const settleCutOffSends = (job: JobRecord, deps: StepDeps): void => {
  const words = new Map<number, string>();
  unsend(
    job,
    job.parts.filter((p) => p.state.s === 'marked'),
    words,
  );
  const reason = `the run was interrupted while sending; ${NOT_RESENT}`;
  for (const part of job.parts) {
    if (part.state.s !== 'sending') continue;
    move(part, { s: 'ambiguous', reason });
    words.set(part.n, errorStatus(reason));
  }
  setPartRows(job, deps, words);
};

/** A running job that goes on: what it says meanwhile, and when it is next worth a step. */
const goOn = (job: JobRecord, queued: number, now: number): void => {
  if (job.troubleSince !== undefined) job.message = TROUBLE_NOTE;
  else if (job.message !== QUOTA_NOTE) job.message = unplacedNote(job);
  schedule(job, queued, now);
};

/**
 * Ends the job: failed when a part failed or rows were left unsent, saying why; else done. It
 * then says `note`, if any.
 */
const end = (job: JobRecord, note?: string): void => {
  const failed = job.parts.some((p) => p.state.s === 'failed' || p.state.s === 'ambiguous');
  const why = stopReason(job);
  const unsent = why !== undefined && (job.counts.Error ?? 0) + (job.counts[LIST_FULL] ?? 0) > 0;
  finish(job, unsent || failed ? (why ?? 'Some rows could not be processed.') : undefined);
  job.message = note;
};

/** What a queued row says that the job will not send: canceled, or why it stopped. */
const notSent = (job: JobRecord): string => (isCanceling(job) ? CANCELED_UNSENT : unsentStatus(stopReason(job)));

/** The service is answering and the job still sends and reads: nothing to end or settle. */
const isCalm = (job: JobRecord): boolean => isSending(job) && job.troubleSince === undefined && !allSettled(job);

/**
 * A calm step that sent nothing and read nothing new, not stalled: it writes nothing, and the
 * sheet is asked only whether the job's columns still stand where it left them.
 */
const isIdle = (job: JobRecord, sent: Sent, readings: PartReading[], now: number): boolean =>
  !sent && readings.every((r) => !r.results.length && !r.leftover) && isCalm(job) && now - job.lastProgressAt < STALL_LIMIT_MS;

/**
 * The sheet to write to, read again so rows moved while the service answered are found. A step
 * that only sent keeps the sheet as sending left it when no request went out since that read (a
 * read of results is a request, during which rows may move) or it has nothing to end or settle:
 * the read that marked its rows counts them.
 */
const sheetToWrite = (job: JobRecord, deps: StepDeps, sent: Sent, readings: PartReading[]): JobLayout | LostLayout =>
  sent && !readings.length && (!sent.afterRequests || isCalm(job)) ? sent.layout : locateJob(job, deps.sheet);

/** A job sending no more: it ends once its parts have settled, saying `note`, else waits for them. */
export const endOnceSettled = (job: JobRecord, now: number, note?: string): void => {
  if (!isRunning(job)) return;
  if (allSettled(job)) end(job, note);
  else schedule(job, 0, now);
};

/**
 * The header row is gone, so no row can be found: nothing more is sent, what was read is kept in
 * the unplaced sheet, and the job ends once its parts have settled.
 */
const stopLost = (job: JobRecord, deps: StepDeps, readings: PartReading[], now: number): void => {
  keepUnplaced(job, deps, readings);
  stopSending(job, LOST_HEADER);
  job.message = unplacedNote(job);
  endOnceSettled(job, now);
};

/**
 * Input columns deleted or renamed: nothing more is sent, and rows whose key can no longer be read
 * end now (their results go to the unplaced sheet); rows whose key still reads go on as they were.
 */
const endKeylessRows = (job: JobRecord, layout: JobLayout, gone: string[], owns: (cell: unknown) => boolean): void => {
  const many = gone.length > 1;
  const what = `column${many ? 's' : ''} ${gone.map((h) => `"${h}"`).join(', ')} ${many ? 'were' : 'was'} deleted or renamed while the job ran`;
  stopSending(job, `The ${what}, so its rows can no longer be matched; results already paid for are kept in a sheet of their own.`);
  restatus(layout, (cell, i) =>
    !owns(cell) || keyOfRow(job, layout, i) !== undefined
      ? undefined
      : errorStatus(
          partOfStatus(cell) === undefined
            ? `Not sent: the ${what}.`
            : `the ${what}; a result paid for is kept in the sheet of unplaced results.`,
        ),
  );
};

/** A job that is canceling or stopped sending: its queued rows say they will not be sent. */
const unsendQueued = (job: JobRecord, layout: JobLayout): void => {
  const word = (isCanceling(job) || stopReason(job)) && notSent(job);
  if (word) restatus(layout, (cell) => readStatus(cell).kind === 'queued' && word);
};

/**
 * A job stops when the service kept failing, or never let it progress, for too long: its open
 * parts fail with it (what they finished is not read), and its waiting rows say why.
 */
const giveUpWhenStuck = (job: JobRecord, layout: JobLayout, owns: (cell: unknown) => boolean, now: number): void => {
  const troubled =
    job.troubleSince !== undefined && now - job.troubleSince >= TROUBLE_LIMIT_MS && now - job.lastProgressAt >= TROUBLE_LIMIT_MS;
  if (troubled || now - job.lastProgressAt >= STALL_LIMIT_MS) {
    const reason = `The service ${troubled ? 'kept failing for two hours' : 'let nothing progress for a day'}, so the job stopped. Run again for these rows.`;
    for (const part of job.parts) if (isOpen(part)) move(part, { s: 'failed', id: part.state.id, reason });
    stopSending(job, reason);
    settle(layout, errorStatus(reason), owns);
  }
};

/**
 * The rows are counted; a running job whose parts have all settled and that has nothing left to
 * send ends, its waiting rows settled; another goes on.
 */
const endOrGoOn = (job: JobRecord, layout: JobLayout, deps: StepDeps, owns: (cell: unknown) => boolean, now: number): void => {
  const queued = countRows(job, layout);
  if (!allSettled(job) || (queued > 0 && isSending(job))) return goOn(job, queued, now);
  if (job.marksLost) sayLost(job, layout, deps);
  settle(layout, notSent(job), owns);
  countRows(job, layout);
  end(job, unplacedNote(job));
};

/**
 * Writes the step to its sheet: what was read goes to the rows that hold each key, and rows and
 * job say what the step decided. A paused job's rows say why, keeping their part.
 */
const writeStep = (job: JobRecord, deps: StepDeps, layout: JobLayout | LostLayout, readings: PartReading[], now: number): void => {
  if (isLost(layout)) return stopLost(job, deps, readings, now);
  if (layout.remade) {
    job.marksLost = true;
    stopSending(job, REMADE_STATUS);
  }
  const owns = ownsRow(job, deps);
  if (layout.inputsGone) endKeylessRows(job, layout, layout.inputsGone, owns);
  if (readings.length) keepUnplaced(job, deps, undefined, applyReadings(job, readings, layout));
  if (isPaused(job)) return markPaused(job, layout, deps, job.life.why);
  // From here the job runs: sending and reading only pause it or stop its sending.
  unsendQueued(job, layout);
  giveUpWhenStuck(job, layout, owns, now);
  endOrGoOn(job, layout, deps, owns, now);
  layout.grid.flush();
  // Results written to a sheet deleted meanwhile reached no one: they were paid for, so kept.
  if (readings.some((r) => r.results.length) && deps.sheetGone?.()) keepUnplaced(job, deps, readings);
};

/**
 * Runs one step of a job: parts cut off while sent are settled, rows are sent, results read, then
 * written. Returns when the job ended, is waiting for the service, paused, or the deadline came.
 * Sheet changes are written before the record that relies on them is saved.
 */
export const advanceJob = (job: JobRecord, deps: StepDeps): void => {
  if (!isRunning(job)) return;
  settleCutOffSends(job, deps);
  const sent = sendParts(job, deps);
  const readings = isRunning(job) ? readParts(job, deps) : [];
  const now = deps.now();
  let layout: JobLayout | LostLayout | undefined;
  if (isIdle(job, sent, readings, now) && headerStands(job, deps.sheet)) goOn(job, job.counts[QUEUED] ?? 0, now);
  else writeStep(job, deps, (layout = sheetToWrite(job, deps, sent, readings)), readings, now);
  // A paused job has not ended; an idle step goes on: a job ends only in a step that wrote its sheet.
  if (!isLive(job) && layout) deps.ended?.(job, layout.grid);
  saveAt(job, deps, now);
};

/**
 * At the end of a job whose status column was deleted: rows it answered before then are blank,
 * their key in the paid ledger since the job began. They say so, and count as answered: no row
 * of the job ends blank, and none is bought again unasked.
 */
const sayLost = (job: JobRecord, layout: JobLayout, deps: StepDeps): void => {
  const paid = deps.ledger?.(job);
  if (!paid) return;
  needInputs(layout, dataRows(layout));
  restatus(layout, (cell, i) => {
    const key = readStatus(cell).kind === 'empty' ? keyOfRow(job, layout, i) : undefined;
    return key !== undefined && (paid.get(key) ?? -1) >= job.createdAt && LOST_ANSWER;
  });
};
