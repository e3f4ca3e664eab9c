// Carrying jobs on: each step runs the due jobs of this spreadsheet under the document lock,
// then leaves the one continuation trigger right (unless told to leave it: see `leaveContinuation`).
// Called by a start, the sidebar's polls, "check now", automation and the time-driven trigger.
import { max, min } from '../base/numbers';
import type { ProspectingClient } from '../api/client';
import { backgroundNote, EARLY_TOLERANCE_MS, planContinuation } from '../gas/continuation';
import { expectedNextCheck } from '../jobs/read-pace';
import { advanceJob } from '../jobs/job-step';
import { advanceWithoutSheet } from '../jobs/sheet-gone';
import { jobView } from '../jobs/job-view';
import type { JobRecord, JobView } from '../jobs/job';
import { isLive, isPaused, isRunning } from '../jobs/job-life';
import { currentSpreadsheet, tryWithDocumentLock, type Spreadsheet } from '../gas/active-document';
import { createClient } from '../gas/client-factory';
import { cachedDocument, loadDocument, type DocumentJobs } from '../gas/job-store';
import type { Continuation } from '../gas/continuation';
import { readConnection } from '../gas/key-store';
import { sheetById } from '../gas/sheet-port';
import { settleContinuation } from '../gas/triggers';
import { alertEndedJobs } from './alerts';
import { timeNow } from '../gas/clock';
import { pruneUndo, UNDO_SHEET } from '../gas/undo-store';
import { stepDeps, type HeldSheet } from './job-deps';
import { dueAt, firedOut, nextDue } from '../gas/job-continuation';
import { claimAfterStep, keepClaim, mayStep, pauseHere, releaseNotedClaims } from './pause-policy';

/** How long one execution keeps stepping jobs: well inside Apps Script's 6 minutes. */
export const STEP_BUDGET_MS = 4.5 * 60 * 1000;
/** How long a sidebar poll may take: the sidebar waits for it. */
export const POLL_BUDGET_MS = 20 * 1000;

/** When the running jobs will likely be due once this step is done: see `expectedNextCheck`. */
const expectedDue = (jobs: JobRecord[], opts: StepOptions): number | undefined => {
  const now = timeNow();
  const waiting = jobs.filter((j) => dueAt(j) !== undefined);
  if (waiting.length === 0) return undefined;
  const stepped = (j: JobRecord) => isRunning(j) && (opts.only === undefined || j.id === opts.only) && (opts.force || j.nextCheckAt <= now);
  return min(...waiting.map((j) => (stepped(j) ? expectedNextCheck(j, now) : dueAt(j)!)));
};

export interface StepOptions {
  force?: boolean;
  /** Step only this job. */
  only?: string;
  /** The trigger this execution was fired by: it is spent, whatever the record says. */
  firedUid?: string;
  /** A time-driven run: see `settleContinuation`. */
  background?: boolean;
  /** A time-driven run that opened its spreadsheet by id: it cannot see other editors' claims. */
  byId?: boolean;
  /** The store as just read under the lock, when the caller has it. */
  loaded?: DocumentJobs;
  /** A sheet's cells as this execution last read and wrote them, with no network call since. */
  held?: HeldSheet;
  /**
   * The continuation is left as it is: automation's steps inside a trigger run (the run settles
   * it at its end), or a spreadsheet that is not the one this execution runs for (automation's
   * one trigger serves every automated spreadsheet: a trigger made now would belong to the
   * other). Else a step makes sure a trigger waits before its work (a step cut off at Apps
   * Script's time limit is picked up by it) and settles the continuation after.
   */
  leaveContinuation?: boolean;
}

/**
 * Steps one job of this spreadsheet when it may step (see `mayStep`); a job whose sheet was
 * deleted cancels its batches and keeps what they finished.
 */
const stepOne = (spreadsheet: Spreadsheet, job: JobRecord, client: ProspectingClient, deadline: number, opts: StepOptions): void => {
  const connection = readConnection();
  const sheet = sheetById(spreadsheet, job.sheetId);
  const ownAccount = Boolean(connection?.accountId && job.account?.id === connection.accountId);
  const deps = { ...stepDeps(spreadsheet, job, sheet, client, deadline, opts.held), ownAccount };
  if (sheet && sheet.getName() !== job.sheetName) job.sheetName = sheet.getName();
  if (!mayStep(job, connection, client, deps)) return;
  if (deps.sheet) {
    keepClaim(job);
    advanceJob(job, { ...deps, sheet: deps.sheet });
  } else advanceWithoutSheet(job, deps);
  claimAfterStep(job, deps.save);
};

/**
 * A trigger waits before any work starts, so a step cut off at Apps Script's time limit is
 * picked up by it. It is made for when the jobs will likely be due after this step, so the
 * settling at the end mostly keeps it instead of making another.
 */
export const waitBeforeWork = (spreadsheet: Spreadsheet, before: DocumentJobs, opts: StepOptions): Continuation =>
  settleContinuation(spreadsheet, firedOut(before.continuation, opts.firedUid), expectedDue(before.jobs, opts), opts.background);

/** Steps the due jobs of this spreadsheet (under its lock), then settles the continuation. */
export const stepJobs = (spreadsheet: Spreadsheet, client: ProspectingClient, budgetMs: number, opts: StepOptions = {}): DocumentJobs => {
  const id = spreadsheet.getId();
  const deadline = timeNow() + budgetMs;
  const before = opts.loaded ?? loadDocument(id, true);
  const continuation = opts.leaveContinuation ? firedOut(before.continuation, opts.firedUid) : waitBeforeWork(spreadsheet, before, opts);
  const settle = (due: number | undefined) => settleContinuation(spreadsheet, continuation, due, opts.background);
  const wasLive = new Set(before.jobs.filter(isLive).map((j) => j.id));
  if (!opts.byId) releaseNotedClaims(id, before.jobs);
  for (const job of before.jobs) {
    // A paused job asked for by name is tried now, even after its week of retries.
    const due = dueAt(job) ?? (opts.force && opts.only === job.id && isPaused(job) ? timeNow() : undefined);
    if (due === undefined || (opts.only && job.id !== opts.only)) continue;
    // A trigger kept though it fires a little early (an hourly one made before the work's time
    // was known) finds that work due: it would otherwise come an hour later.
    if (!opts.force && due > timeNow() + EARLY_TOLERANCE_MS) continue;
    if (timeNow() >= deadline) break;
    stepOne(spreadsheet, job, client, deadline, opts);
  }
  const after = loadDocument(id);
  alertEndedJobs(
    spreadsheet,
    after.jobs.filter((j) => wasLive.has(j.id) && !isLive(j)),
  );
  return { jobs: after.jobs, continuation: opts.leaveContinuation ? continuation : settle(nextDue(after.jobs)) };
};

/**
 * Steps the due jobs with the connected key; with none, the due jobs pause (or wait longer) for
 * one, and the trigger is kept for their next look. Called under the document lock.
 */
export const carryOn = (spreadsheet: Spreadsheet, budgetMs: number, opts: StepOptions): DocumentJobs => {
  const connection = readConnection();
  if (connection) return stepJobs(spreadsheet, createClient(connection.apiKey), budgetMs, opts);
  const id = spreadsheet.getId();
  const loaded = opts.loaded ?? loadDocument(id, true);
  for (const job of loaded.jobs)
    if (isRunning(job) || (isPaused(job) && (job.life.retryAt ?? Infinity) <= timeNow())) pauseHere(spreadsheet, job, 'no_key');
  const after = loadDocument(id);
  const continuation = firedOut(loaded.continuation, opts.firedUid);
  return {
    jobs: after.jobs,
    continuation: opts.leaveContinuation
      ? continuation
      : settleContinuation(spreadsheet, continuation, nextDue(after.jobs), opts.background),
  };
};

/** The spreadsheet's jobs as last saved: from the cache when it has them, else the store. */
const knownJobs = (spreadsheet: Spreadsheet): DocumentJobs => {
  const id = spreadsheet.getId();
  return cachedDocument(id) ?? loadDocument(id);
};

/**
 * The jobs of this spreadsheet, newest first, each with its sheet's name as it is now; a running
 * job with nothing else to say tells why it may not move without the sidebar.
 */
export const listJobs = (): JobView[] => {
  const spreadsheet = currentSpreadsheet();
  const names = new Map(spreadsheet.getSheets().map((s) => [s.getSheetId(), s.getName()]));
  // Undo records past their time go as the list opens (no call more when there are none).
  if ([...names.values()].includes(UNDO_SHEET)) pruneUndo(spreadsheet, timeNow());
  const known = knownJobs(spreadsheet);
  const note = backgroundNote(known.continuation);
  return known.jobs
    .map((j) => {
      const view = jobView(j, names.get(j.sheetId));
      if (view.state === 'running' && !view.message) view.message = note;
      return view;
    })
    .reverse();
};

export interface PollAnswer {
  jobs: JobView[];
  /** When a job can next change; 0 when none runs. */
  nextPollSeconds: number;
  /** Why background steps are off, when they are. */
  background: string;
}

const pollAnswer = (state: DocumentJobs): PollAnswer => {
  const due = nextDue(state.jobs);
  return {
    jobs: state.jobs.map((j) => jobView(j)).reverse(),
    nextPollSeconds: due === undefined ? 0 : max(2, Math.ceil((due - timeNow()) / 1000)),
    background: due === undefined ? '' : backgroundNote(state.continuation),
  };
};

/**
 * Called by the open sidebar. A poll that finds nothing due answers from the cache (no property
 * call); one that finds a due job, or a lost trigger, steps it briefly under the lock.
 */
export const pollJobs = (): PollAnswer => {
  const spreadsheet = currentSpreadsheet();
  const known = knownJobs(spreadsheet);
  const due = nextDue(known.jobs);
  const needsStep = due !== undefined && (due <= timeNow() || planContinuation(known.continuation, due, timeNow()).kind !== 'keep');
  if (!needsStep) return pollAnswer(known);
  const stepped = tryWithDocumentLock(3000, () => {
    const loaded = loadDocument(spreadsheet.getId(), true);
    if (nextDue(loaded.jobs) === undefined) return loaded;
    return carryOn(spreadsheet, POLL_BUDGET_MS, { loaded });
  });
  // A background step holds the spreadsheet: show what is known, and ask again shortly.
  if (!stepped.ran) return { ...pollAnswer(known), nextPollSeconds: 10 };
  return pollAnswer(stepped.value);
};
