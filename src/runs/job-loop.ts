// Carrying jobs on: each step runs the due jobs of this spreadsheet under the document lock,
// then leaves the one continuation trigger right. Called by a start, the sidebar's polls, "check
// now" and the time-driven trigger; a refused key pauses jobs, connecting again resumes them.
import type { ProspectingClient } from '../api/client';
import { ACTION_LABELS } from '../jobs/actions';
import { backgroundNote, OFF_RETRY_MS, planContinuation } from '../gas/continuation';
import { expectedNextCheck } from '../jobs/read-pace';
import { advanceJob, jobView, resumeJob } from '../jobs/engine';
import { isLive, type JobRecord, type JobView } from '../jobs/job';
import { pauseForKey } from '../jobs/part-send';
import {
  activeSpreadsheet,
  currentSpreadsheet,
  logLine,
  tryWithDocumentLock,
  withDocumentLock,
  type Spreadsheet,
} from '../gas/active-document';
import { claim, release } from '../gas/claims';
import { createClient, requireClient } from '../gas/client-factory';
import { allContinuations, cachedDocument, loadDocument, saveContinuation, saveJob, type DocumentJobs } from '../gas/job-store';
import { readConnection } from '../gas/key-store';
import { appendToSheet, sheetById, sheetPort } from '../gas/sheet-port';
import { withHeldRead } from '../sheet/held-read';
import { deleteFiredTrigger, ensureSomeTrigger, settleContinuation } from '../gas/triggers';

/** How long one execution keeps stepping jobs: well inside Apps Script's 6 minutes. */
export const STEP_BUDGET_MS = 4.5 * 60 * 1000;
/** How long a sidebar poll may take: the sidebar waits for it. */
export const POLL_BUDGET_MS = 20 * 1000;
/** A claim on a sheet is renewed this often (it goes stale after two hours). */
const CLAIM_RENEW_MS = 30 * 60 * 1000;

/** The step's dependencies for one job of this spreadsheet. */
export function stepDeps(
  spreadsheet: Spreadsheet,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  client: ProspectingClient,
  deadline: number,
  held?: HeldSheet,
) {
  const id = spreadsheet.getId();
  const port = sheetPort(sheet);
  return {
    client,
    sheet: held && held.sheetId === sheet.getSheetId() ? withHeldRead(port, held.rows) : port,
    now: () => Date.now(),
    deadline,
    save: (j: JobRecord) => saveJob(id, j),
    keepUnplaced: (job: JobRecord, headers: string[], rows: unknown[][]) =>
      appendToSheet(spreadsheet, `${ACTION_LABELS[job.action]} · unplaced results`, headers, rows),
  };
}

function nextDue(jobs: JobRecord[]): number | undefined {
  const running = jobs.filter((j) => j.state === 'running');
  return running.length ? Math.min(...running.map((j) => j.nextCheckAt)) : undefined;
}

/** When the running jobs will likely be due once this step is done: see `expectedNextCheck`. */
function expectedDue(jobs: JobRecord[], opts: StepOptions): number | undefined {
  const now = Date.now();
  const running = jobs.filter((j) => j.state === 'running');
  if (running.length === 0) return undefined;
  const stepped = (j: JobRecord) => (opts.only === undefined || j.id === opts.only) && (opts.force || j.nextCheckAt <= now);
  return Math.min(...running.map((j) => (stepped(j) ? expectedNextCheck(j, now) : j.nextCheckAt)));
}

export interface StepOptions {
  force?: boolean;
  /** Step only this job. */
  only?: string;
  /** The trigger this execution was fired by: it is spent, whatever the record says. */
  firedUid?: string;
  /** The store as just read under the lock, when the caller has it. */
  loaded?: DocumentJobs;
  /** A sheet's cells as this execution last read and wrote them, with no network call since. */
  held?: HeldSheet;
}

export interface HeldSheet {
  sheetId: number;
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

/** Steps the running jobs of this spreadsheet (under its lock), then settles the continuation. */
export function stepJobs(spreadsheet: Spreadsheet, client: ProspectingClient, budgetMs: number, opts: StepOptions = {}): DocumentJobs {
  const id = spreadsheet.getId();
  const deadline = Date.now() + budgetMs;
  const before = opts.loaded ?? loadDocument(id, true);
  // A trigger waits before any work starts, so a step cut off at Apps Script's time limit is
  // picked up by it. It is made for when the jobs will likely be due after this step, so the
  // settling at the end mostly keeps it instead of making another.
  let continuation = opts.firedUid && before.continuation.uid === opts.firedUid ? {} : before.continuation;
  continuation = settleContinuation(spreadsheet, continuation, expectedDue(before.jobs, opts));
  for (const job of before.jobs) {
    if (job.state !== 'running' || (opts.only && job.id !== opts.only)) continue;
    if (!opts.force && job.nextCheckAt > Date.now()) continue;
    if (Date.now() >= deadline) break;
    const sheet = sheetById(spreadsheet, job.sheetId);
    if (!sheet) {
      job.state = 'failed';
      job.message = 'The sheet of this job was deleted.';
      saveJob(id, job);
      release(job.sheetId, job.action, job.id);
      continue;
    }
    if (!job.claimedAt || Date.now() - job.claimedAt >= CLAIM_RENEW_MS) {
      claim(job.sheetId, job.action, job.id);
      job.claimedAt = Date.now();
    }
    advanceJob(job, stepDeps(spreadsheet, sheet, client, deadline, opts.held));
    if (!isLive(job)) release(job.sheetId, job.action, job.id);
  }
  const after = loadDocument(id);
  return { jobs: after.jobs, continuation: settleContinuation(spreadsheet, continuation, nextDue(after.jobs)) };
}

/** The spreadsheet's jobs as last saved: from the cache when it has them, else the store. */
function knownJobs(spreadsheet: Spreadsheet): DocumentJobs {
  return cachedDocument(spreadsheet.getId()) ?? loadDocument(spreadsheet.getId());
}

/** The jobs of this spreadsheet, newest first. */
export function listJobs(): JobView[] {
  return knownJobs(currentSpreadsheet()).jobs.map(jobView).reverse();
}

export interface PollAnswer {
  jobs: JobView[];
  /** When a job can next change; 0 when none runs. */
  nextPollSeconds: number;
  /** Why background steps are off, when they are. */
  background: string;
}

function pollAnswer(state: DocumentJobs): PollAnswer {
  const due = nextDue(state.jobs);
  return {
    jobs: state.jobs.map(jobView).reverse(),
    nextPollSeconds: due === undefined ? 0 : Math.max(2, Math.ceil((due - Date.now()) / 1000)),
    background: due === undefined ? '' : backgroundNote(state.continuation),
  };
}

/**
 * Called by the open sidebar. A poll that finds nothing due answers from the cache (no property
 * call); one that finds a due job, or a lost trigger, steps it briefly under the lock.
 */
export function pollJobs(): PollAnswer {
  const spreadsheet = currentSpreadsheet();
  const known = knownJobs(spreadsheet);
  const due = nextDue(known.jobs);
  const needsStep = due !== undefined && (due <= Date.now() || planContinuation(known.continuation, due, Date.now()).kind !== 'keep');
  if (!needsStep) return pollAnswer(known);
  const stepped = tryWithDocumentLock(3000, () => {
    const loaded = loadDocument(spreadsheet.getId(), true);
    if (nextDue(loaded.jobs) === undefined) return loaded;
    return stepJobs(spreadsheet, requireClient(), POLL_BUDGET_MS, { loaded });
  });
  // A background step holds the spreadsheet: show what is known, and ask again shortly.
  if (!stepped.ran) return { ...pollAnswer(known), nextPollSeconds: 10 };
  return pollAnswer(stepped.value);
}

/** Notes on the spreadsheet whose trigger this was that background steps cannot see it. */
function noteRanWithoutDocument(uid: string): void {
  const mine = allContinuations().find((c) => c.continuation.uid === uid);
  logLine(
    'Background step skipped: Apps Script ran this trigger without its spreadsheet. Jobs go on while the sidebar is open, or with Check running jobs now.',
  );
  if (!mine) return;
  saveContinuation(mine.spreadsheetId, {
    off: 'Apps Script ran the background step without this spreadsheet.',
    offUntil: Date.now() + OFF_RETRY_MS.noDocument,
  });
}

/** The time-driven trigger: carries the jobs on while nobody watches. */
export function continueJobs(event?: { triggerUid?: unknown }): void {
  const uid = event?.triggerUid === undefined || event.triggerUid === null ? '' : String(event.triggerUid);
  const spreadsheet = activeSpreadsheet();
  if (uid) deleteFiredTrigger(uid, spreadsheet);
  if (!spreadsheet) {
    noteRanWithoutDocument(uid);
    return;
  }
  const connection = readConnection();
  const stepped = tryWithDocumentLock(5000, () => {
    const loaded = loadDocument(spreadsheet.getId(), true);
    if (connection) return stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, { firedUid: uid, loaded });
    // The key was removed (from another spreadsheet, say): the jobs wait for it, keeping what they paid for.
    pauseRunning(
      spreadsheet.getId(),
      loaded,
      'Paused: no API key is connected. Connect again to collect the results already paid for and send the rest.',
    );
    return settleContinuation(spreadsheet, {}, undefined);
  });
  // Another step holds the spreadsheet and may be cut off at the time limit: a trigger must
  // wait after it. That step's own settling checks that its recorded trigger still exists.
  if (!stepped.ran && connection) ensureSomeTrigger(spreadsheet);
}

function pauseRunning(spreadsheetId: string, state: DocumentJobs, message: string): void {
  for (const job of state.jobs) {
    if (job.state !== 'running') continue;
    pauseForKey(job, message);
    saveJob(spreadsheetId, job);
    // The claim stays: the paused job's rows still wait for results already paid for, so another
    // editor's run of this action must not send them again (the claim goes stale in two hours).
  }
}

/** After a connect: paused jobs of this spreadsheet go on and collect what they paid for. */
export function resumePausedJobs(): void {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return;
  const id = spreadsheet.getId();
  if (!loadDocument(id).jobs.some((j) => j.state === 'paused')) return;
  withDocumentLock(() => {
    const state = loadDocument(id, true);
    for (const job of state.jobs) {
      if (job.state !== 'paused') continue;
      resumeJob(job, Date.now());
      saveJob(id, job);
    }
    settleContinuation(spreadsheet, state.continuation, nextDue(loadDocument(id).jobs));
  });
}

/**
 * Before a disconnect: running jobs pause, keeping their batch ids, so connecting again
 * collects the results already paid for instead of paying for them a second time.
 */
export function pauseJobsForDisconnect(): void {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return;
  const id = spreadsheet.getId();
  withDocumentLock(() => {
    const state = loadDocument(id, true);
    pauseRunning(
      id,
      state,
      'Paused: the account was disconnected. Connect again to collect the results already paid for and send the rest.',
    );
    settleContinuation(spreadsheet, state.continuation, undefined);
  });
}
