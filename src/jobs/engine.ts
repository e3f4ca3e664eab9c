// Moving a job on by one step: send queued rows in parts, read what the service finished,
// write it to the rows that hold each key, and end the job clearly. Every write follows a fresh
// read of the sheet; the record holds only parts and cursors, so any step can be resumed. The
// job's state is moved only through job-life.ts.
import { max, min } from '../base/numbers';
import { throwUnlessProspecting } from '../api/errors';
import { classify } from '../api/failure';
import { BATCH_KINDS } from './batch-kinds';
import type { JobRecord, JobView } from './job';
import {
  finish,
  isCanceling,
  isLive,
  isPaused,
  isRunning,
  isSending,
  pause,
  resume,
  startCanceling,
  stopReason,
  stopSending,
  type JobLife,
  type PauseWhy,
} from './job-life';
import { dataRows, headerStands, isLost, locateJob, needInputs, restatus, type JobLayout } from './job-layout';
import { applyReadings, readParts, unplacedHeaders, unplacedRow, type PartReading } from './part-read';
import { sendParts, setPartRows, unsend } from './part-send';
import { abandonPart, isOpen, isSettled, move } from './part-state';
import {
  answeredStatus,
  CANCELED_UNSENT,
  errorStatus,
  isFinishedLabel,
  isPending,
  LIST_FULL,
  partOfStatus,
  pausedStatus,
  processingStatus,
  QUEUED,
  readStatus,
  statusCounts,
  unsentStatus,
} from './row-status';
import { keyOfRow, NOT_RESENT, QUOTA_NOTE, type StepDeps } from './step-context';
import { plural } from './words';
import { creditParts } from './credit-parts';

export type { StepDeps } from './step-context';

/** Passing faults for this long, with nothing read or accepted meanwhile, end a job. */
const TROUBLE_LIMIT_MS = 2 * 60 * 60 * 1000;
/** No progress at all for this long (the service only ever asks to wait) ends a job. */
const STALL_LIMIT_MS = 24 * 60 * 60 * 1000;

const LOST_HEADER =
  'The header row was deleted or its column names changed while the job ran, so its rows can no longer be found; nothing more was sent.';
const REMADE_STATUS =
  'The status column was deleted or cleared while the job ran: results go to the rows that still hold their key, and rows not sent by then were not sent. Run again for them.';
const TROUBLE_NOTE = 'The service is having trouble; the job will try again shortly.';

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

const keepUnplaced = (
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

/** Every part of the job has settled: nothing more will be read. */
const allSettled = (job: JobRecord): boolean => job.parts.every(isSettled);

/** Counts the job's rows by status; answers how many are Queued. */
const countRows = (job: JobRecord, layout: JobLayout): number => {
  const all = statusCounts(layout.grid, layout.header, layout.status);
  // Rows that had ended before the job began are not its own: without them, finished ≤ total.
  const counts: Record<string, number> = {};
  for (const [label, n] of Object.entries(all)) {
    const own = n - (job.before?.[label] ?? 0);
    if (own > 0) counts[label] = own;
  }
  job.counts = counts;
  return all[QUEUED] ?? 0;
};

/** When the job is next worth a step: its earliest due part, or the next send. */
const schedule = (job: JobRecord, queued: number, now: number): void => {
  const times = job.parts.filter(isOpen).map((p) => p.readAfter ?? now);
  if (queued > 0 && isSending(job)) times.push(job.sendAfter ?? now);
  job.nextCheckAt = times.length ? max(now, min(...times)) : now;
};

/** A running job that goes on: what it says meanwhile, and when it is next worth a step. */
const goOn = (job: JobRecord, queued: number, now: number): void => {
  if (job.troubleSince !== undefined) job.message = TROUBLE_NOTE;
  else if (job.message !== QUOTA_NOTE) job.message = unplacedNote(job);
  schedule(job, queued, now);
};

/** Ends the job: failed when a part failed or rows were left unsent, saying why; else done. */
const end = (job: JobRecord): void => {
  const failed = job.parts.some((p) => p.state.s === 'failed' || p.state.s === 'ambiguous');
  const why = stopReason(job);
  const unsent = why !== undefined && (job.counts.Error ?? 0) + (job.counts[LIST_FULL] ?? 0) > 0;
  finish(job, unsent || failed ? (why ?? 'Some rows could not be processed.') : undefined);
  job.message = undefined;
};

/** Where the paid results that found no row went, when some did not. */
const unplacedNote = ({ unplaced: u }: JobRecord): string | undefined =>
  u && `${plural(u.count, 'result')} already paid for found no row (rows deleted or edited meanwhile): see the sheet "${u.sheet}".`;

/** Saves the record, touched at `now`. */
const saveAt = (job: JobRecord, deps: Pick<StepDeps, 'save'>, now: number): void => {
  job.updatedAt = now;
  deps.save(job);
};

/**
 * Which waiting rows are this job's: every one, unless another editor's job holds marks in the
 * same column (its claim lapsed while it waited), then only this job's parts and plain Queued rows.
 */
const ownsRow = (job: JobRecord, othersMarks: boolean | undefined): ((cell: unknown) => boolean) => {
  if (!othersMarks) return isPending;
  const parts = new Set(job.parts.map((p) => p.n));
  return (cell) => {
    const n = partOfStatus(cell);
    return n === undefined ? readStatus(cell).kind === 'queued' : parts.has(n);
  };
};

/** Every row still waiting in this job gets `word`, given its part; the rows are counted and written. */
const markWaiting = (
  job: JobRecord,
  layout: JobLayout,
  othersMarks: boolean | undefined,
  word: (part: number | undefined) => string,
): void => {
  const owns = ownsRow(job, othersMarks);
  restatus(layout, (cell) => owns(cell) && word(partOfStatus(cell)));
  countRows(job, layout);
  layout.grid.flush();
};

/** What a queued row says that the job will not send: canceled, or why it stopped. */
const notSent = (job: JobRecord): string => (isCanceling(job) ? CANCELED_UNSENT : unsentStatus(stopReason(job)));

/** The job's layout, when its sheet is in reach and its rows can be told apart. */
const reachable = (job: JobRecord, sheet: StepDeps['sheet'] | undefined): JobLayout | undefined => {
  const layout = sheet && locateJob(job, sheet);
  return layout && !isLost(layout) ? layout : undefined;
};

/**
 * Runs one step of a job. Returns when the job ended, is waiting for the service, paused, or
 * the deadline came. Sheet changes are written before the record that relies on them is saved.
 */
export const advanceJob = (job: JobRecord, deps: StepDeps): void => {
  if (!isRunning(job)) return;
  settleCutOffSends(job, deps);
  const sent = sendParts(job, deps);
  const readings = isRunning(job) ? readParts(job, deps) : [];
  const now = deps.now();
  // A step that read nothing new, with nothing to end or settle, writes nothing: the sheet is
  // asked only whether the job's columns still stand where it left them.
  const calm = isSending(job) && job.troubleSince === undefined && !allSettled(job);
  const idle = !sent && readings.every((r) => r.results.length === 0 && !r.leftover) && calm && now - job.lastProgressAt < STALL_LIMIT_MS;
  if (idle && headerStands(job, deps.sheet)) {
    goOn(job, job.counts[QUEUED] ?? 0, now);
    saveAt(job, deps, now);
    return;
  }

  // Write time: the sheet is read again, so rows moved while the service answered are found.
  // A step that only sent and has nothing to read or end writes nothing more: the read that
  // marked its rows counts them.
  const quiet = readings.length === 0 && calm;
  // The sheet as sending left it serves only when no request went out since it was read: a read
  // of results is a request, during which rows may move.
  const layout = sent && readings.length === 0 && (!sent.afterRequests || quiet) ? sent.layout : locateJob(job, deps.sheet);
  if (isLost(layout)) {
    keepUnplaced(job, deps, readings);
    stopSending(job, LOST_HEADER);
    job.message = unplacedNote(job);
    if (isRunning(job) && allSettled(job)) end(job);
    else if (isRunning(job)) schedule(job, 0, now);
    saveAt(job, deps, now);
    return;
  }
  if (layout.remade) {
    job.marksLost = true;
    stopSending(job, REMADE_STATUS);
  }
  const owns = ownsRow(job, deps.othersMarks);
  const gone = layout.inputsGone;
  if (gone) {
    // Inputs deleted: no row's key can be read, so results go to the unplaced sheet and rows end now.
    const many = gone.length > 1;
    const what = `column${many ? 's' : ''} ${gone.map((h) => `"${h}"`).join(', ')} ${many ? 'were' : 'was'} deleted or renamed while the job ran`;
    stopSending(job, `The ${what}, so its rows can no longer be matched; results already paid for are kept in a sheet of their own.`);
    // Rows whose key can no longer be read end now; rows whose key still reads go on as they were.
    restatus(layout, (cell, i) =>
      !owns(cell) || keyOfRow(job, layout, i) !== undefined
        ? undefined
        : errorStatus(
            partOfStatus(cell) === undefined
              ? `Not sent: the ${what}.`
              : `the ${what}; a result paid for is kept in the sheet of unplaced results.`,
          ),
    );
  }
  if (readings.length) keepUnplaced(job, deps, undefined, applyReadings(job, readings, layout));
  const life: JobLife = job.life;
  if (life.s === 'paused') {
    // The rows say why nothing moves, keeping their part, until the job goes on.
    markPaused(job, layout, deps.othersMarks, life.why);
    saveAt(job, deps, now);
    return;
  }
  if (isCanceling(job) || stopReason(job)) {
    const word = notSent(job);
    restatus(layout, (cell) => readStatus(cell).kind === 'queued' && word);
  }

  // A job ends when the service kept failing, or never let it progress, for too long.
  if (isRunning(job)) {
    const troubled =
      job.troubleSince !== undefined && now - job.troubleSince >= TROUBLE_LIMIT_MS && now - job.lastProgressAt >= TROUBLE_LIMIT_MS;
    const stalled = now - job.lastProgressAt >= STALL_LIMIT_MS;
    if (troubled || stalled) {
      const reason = `The service ${troubled ? 'kept failing for two hours' : 'let nothing progress for a day'}, so the job stopped. Run again for these rows.`;
      // Its open parts fail with it: what they finished is not read.
      for (const part of job.parts) if (isOpen(part)) move(part, { s: 'failed', id: part.state.id, reason });
      stopSending(job, reason);
      settle(layout, errorStatus(reason), owns);
    }
  }

  const queued = countRows(job, layout);
  if (isRunning(job) && allSettled(job) && (queued === 0 || !isSending(job))) {
    if (job.marksLost) sayLost(job, layout, deps);
    settle(layout, notSent(job), owns);
    countRows(job, layout);
    end(job);
    job.message = unplacedNote(job);
  } else if (isRunning(job)) goOn(job, queued, now);
  layout.grid.flush();
  // Results written to a sheet deleted meanwhile reached no one: they were paid for, so kept.
  if (readings.some((r) => r.results.length) && deps.sheetGone?.()) keepUnplaced(job, deps, readings);
  saveAt(job, deps, now);
};

/** What a row says whose paid answer went with the status column deleted while its job ran. */
export const LOST_ANSWER = answeredStatus(
  'its answer was paid for, then lost with the status column deleted while the job ran. Select the row and run again to buy it again.',
);

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

/** Rows still waiting when their job ends get this reason: no row is left Processing. */
const settle = (layout: JobLayout, status: string, owns: (cell: unknown) => boolean): void =>
  restatus(layout, (cell) => owns(cell) && status);

/** The account a paused job's batches belong to, in words. */
const theAccount = (account: string | undefined): string => (account ? `the account "${account}"` : 'another account');

/** What a paused job's rows say: why nothing moves, and what ends the wait. */
const pausedRowWords = (why: PauseWhy, account: string | undefined): string =>
  ({
    key: 'the API key was refused; connect a valid key in the sidebar',
    no_key: 'no API key is connected; connect in the sidebar',
    account: `its batches belong to ${theAccount(account)}; connect its key in the sidebar`,
  })[why];

/** A paused job's waiting rows say why, keeping their part; the rows are counted and written. */
const markPaused = (job: JobRecord, layout: JobLayout, othersMarks: boolean | undefined, why: PauseWhy): void => {
  const words = pausedRowWords(why, job.account?.name);
  markWaiting(job, layout, othersMarks, (part) => pausedStatus(part, words));
};

/** What a paused job says in the job list. */
const pauseNote = (why: PauseWhy, account: string | undefined): string => {
  const collect = 'to collect the results already paid for and send the rest';
  return {
    key: `Paused: the API key was refused. Connect a valid key in the sidebar ${collect}; the job also tries the key again by itself every so often.`,
    no_key: `Paused: no API key is connected. Connect again ${collect}.`,
    account: `Paused: this job was started with ${theAccount(account)}, and only that account's key can read its batches. Connect that account again ${collect}.`,
  }[why];
};

/**
 * Pauses a job until its owner acts (or its key works again): it keeps its batch ids, and its
 * waiting rows say why. `deps.sheet` is undefined when the sheet is out of reach.
 */
export const pauseJob = (
  job: JobRecord,
  deps: Pick<StepDeps, 'now' | 'save' | 'othersMarks'> & { sheet?: StepDeps['sheet'] },
  why: PauseWhy,
): void => {
  if (!isLive(job)) return;
  // A retry that finds the same reason changes no row: the sheet is not read again.
  const same = isPaused(job) && job.life.why === why;
  pause(job, why, deps.now());
  const layout = same ? undefined : reachable(job, deps.sheet);
  if (layout) markPaused(job, layout, deps.othersMarks, why);
  saveAt(job, deps, deps.now());
};

/**
 * A paused job goes on: its rows say Processing or Queued again, and the record is touched, so a
 * job resumed after a long pause is not taken for one long left.
 */
export const resumeJob = (
  job: JobRecord,
  deps: Pick<StepDeps, 'now' | 'save' | 'client' | 'othersMarks'> & { sheet?: StepDeps['sheet'] },
): void => {
  if (!isPaused(job)) return;
  resume(job);
  // Canceled while paused: the service is told now that a key works.
  if (isCanceling(job) && !cancelAtService(job, deps)) {
    pause(job, 'key', deps.now());
    deps.save(job);
    return;
  }
  const now = deps.now();
  const layout = reachable(job, deps.sheet);
  if (layout) {
    const parts = new Set(job.parts.map((p) => p.n));
    restatus(layout, (cell) => {
      const s = readStatus(cell);
      // A queued row that paused is whose it says only while no other editor's job has marks here.
      if (s.kind !== 'paused' || (s.part === undefined ? deps.othersMarks : !parts.has(s.part))) return undefined;
      return s.part === undefined ? QUEUED : processingStatus(s.part);
    });
    countRows(job, layout);
    layout.grid.flush();
  }
  job.message = undefined;
  job.nextCheckAt = now;
  job.lastProgressAt = now;
  job.troubleSince = undefined;
  saveAt(job, deps, now);
};

/** Tells the service to cancel the job's open parts; false when the key was refused. */
const cancelAtService = (job: JobRecord, deps: Pick<StepDeps, 'client'>): boolean => {
  const kind = BATCH_KINDS[job.action];
  for (const part of job.parts) {
    if (!isOpen(part) || !kind.cancel) continue;
    try {
      kind.cancel(deps.client, part.state.id);
    } catch (e) {
      // Already ended (409) or a passing fault: what it finished is still read.
      throwUnlessProspecting(e);
      if (classify(e, true) === 'key') return false;
    }
  }
  // The cancel ended the parts at the service: they are read now, not when their pace said.
  for (const part of job.parts) if (isOpen(part)) part.readAfter = undefined;
  return true;
};

/**
 * Cancels a job: its open parts are canceled at the service, queued rows are not sent, and
 * this step and the next write what finished before the cancel, then end the job as canceled.
 */
export const cancelJob = (job: JobRecord, deps: StepDeps): void => {
  if (!isRunning(job)) return;
  if (!cancelAtService(job, deps)) {
    pauseJob(job, deps, 'key');
    return;
  }
  startCanceling(job, 'Canceled.');
  job.nextCheckAt = deps.now();
  advanceJob(job, deps);
};

/**
 * The job's sheet was deleted: its open parts are canceled at the service, and what they
 * finished is read into a sheet of its own (paid for, so kept). The job ends canceled, saying where.
 */
export const advanceWithoutSheet = (job: JobRecord, deps: Omit<StepDeps, 'sheet'>): void => {
  if (!isRunning(job)) return;
  const why = `The sheet "${job.sheetName}" was deleted, so the job was canceled.`;
  if (!isCanceling(job)) {
    if (!cancelAtService(job, deps)) {
      pauseJob(job, deps, 'key');
      return;
    }
    startCanceling(job, why);
  }
  for (const part of job.parts)
    if (part.state.s === 'marked' || part.state.s === 'sending') abandonPart(part, 'the sheet was deleted while it was sent');
  const readings = readParts(job, deps);
  keepUnplaced(job, deps, readings);
  const now = deps.now();
  if (isRunning(job) && allSettled(job)) {
    finish(job, undefined);
    job.message = unplacedNote(job);
  } else if (isRunning(job)) schedule(job, 0, now);
  saveAt(job, deps, now);
};

/**
 * Cancels a paused job: nothing more is sent (its queued rows say so at once), and its batches
 * are canceled at the service, and what they finished collected, once its key is back. Without
 * a key the service cannot be told, and results it finishes meanwhile are paid for.
 */
export const cancelPausedJob = (
  job: JobRecord,
  deps: Pick<StepDeps, 'now' | 'save' | 'othersMarks'> & { sheet?: StepDeps['sheet'] },
): void => {
  if (!isPaused(job)) return;
  startCanceling(job, 'Canceled.');
  const layout = reachable(job, deps.sheet);
  if (layout)
    markWaiting(job, layout, deps.othersMarks, (part) =>
      part === undefined ? CANCELED_UNSENT : pausedStatus(part, 'canceled; connect the key again to collect what was paid'),
    );
  saveAt(job, deps, deps.now());
};

/** What the sidebar shows of a job; `sheetName` is the sheet's name now, when it still exists. */
export const jobView = (job: JobRecord, sheetName = job.sheetName): JobView => {
  const finished = Object.entries(job.counts).reduce((n, [label, count]) => (isFinishedLabel(label) ? n + count : n), 0);
  const life = job.life;
  const message =
    life.s === 'paused'
      ? pauseNote(life.why, job.account?.name)
      : life.s === 'failed' || life.s === 'canceled'
        ? [life.why, unplacedNote(job)].filter(Boolean).join(' ')
        : (job.message ?? stopReason(job) ?? (isCanceling(job) ? 'Canceling.' : ''));
  return {
    id: job.id,
    action: job.action,
    sheetName,
    state: life.s,
    message,
    total: job.total,
    finished,
    counts: { ...job.counts },
    canCancel: isLive(job) && !isCanceling(job),
    links: job.parts.map((p) => p.url).filter((u): u is string => Boolean(u)),
    ...(job.list && { list: { name: job.list.name, adds: Boolean(job.list.id) } }),
    spent: job.spent && creditParts(job.spent),
  };
};
