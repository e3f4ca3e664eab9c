// Carrying jobs on: each step runs the due jobs of this spreadsheet under the document lock,
// then leaves one trigger for the next due one. Called by a start, the sidebar's polls, "check
// now" and the time-driven trigger; a refused key pauses jobs, connecting again resumes them.
import type { ProspectingClient } from '../api/client';
import { ACTION_LABELS } from '../jobs/actions';
import { advanceJob, jobView, resumeJob } from '../jobs/engine';
import { isLive, type JobRecord, type JobView } from '../jobs/job';
import { pauseForKey } from '../jobs/part-send';
import { createClient } from '../gas/client-factory';
import { claim, release } from '../gas/claims';
import { loadJobs, saveJob } from '../gas/job-store';
import { readConnection } from '../gas/key-store';
import { appendToSheet, sheetById, sheetPort } from '../gas/sheet-port';
import { clearContinuation, scheduleContinuation } from '../gas/triggers';

export const NOT_CONNECTED = "Connect your API key first: open Extensions › Prospecting for Sheets › Open sidebar.";

/** How long one execution keeps stepping jobs: well inside Apps Script's 6 minutes. */
export const STEP_BUDGET_MS = 4.5 * 60 * 1000;
/** When the safety trigger fires if a step never gets to schedule the next one. */
const SAFETY_DELAY_MS = 7 * 60 * 1000;
/** How long a sidebar poll may take: the sidebar waits for it. */
export const POLL_BUDGET_MS = 20 * 1000;

export function withDocumentLock<T>(work: () => T): T {
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(10000)) throw new Error('Another step of the add-on is writing to this spreadsheet. Try again in a moment.');
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}

export function requireClient(): ProspectingClient {
  const connection = readConnection();
  if (!connection) throw new Error(NOT_CONNECTED);
  return createClient(connection.apiKey);
}

/** The step's dependencies for one job of this spreadsheet. */
export function stepDeps(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, sheet: GoogleAppsScript.Spreadsheet.Sheet, client: ProspectingClient, deadline: number) {
  const id = spreadsheet.getId();
  return {
    client,
    sheet: sheetPort(sheet),
    now: () => Date.now(),
    deadline,
    save: (j: JobRecord) => saveJob(id, j),
    keepUnplaced: (job: JobRecord, headers: string[], rows: unknown[][]) =>
      appendToSheet(spreadsheet, `${ACTION_LABELS[job.action]} · unplaced results`, headers, rows),
  };
}

/** Steps the running jobs of this spreadsheet, then leaves one trigger for the next due one. */
export function stepJobs(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, client: ProspectingClient, budgetMs: number, force: boolean, only?: string): JobRecord[] {
  const id = spreadsheet.getId();
  const deadline = Date.now() + budgetMs;
  const before = loadJobs(id);
  // If this execution is cut off at Apps Script's limit, this trigger picks the work up.
  if (budgetMs > 0 && before.some((j) => j.state === 'running')) scheduleContinuation(spreadsheet, SAFETY_DELAY_MS);
  for (const job of before) {
    if (job.state !== 'running' || (only && job.id !== only)) continue;
    if (!force && job.nextCheckAt > Date.now()) continue;
    if (Date.now() >= deadline) break;
    const sheet = sheetById(spreadsheet, job.sheetId);
    if (!sheet) {
      job.state = 'failed';
      job.message = 'The sheet of this job was deleted.';
      saveJob(id, job);
      continue;
    }
    advanceJob(job, stepDeps(spreadsheet, sheet, client, deadline));
    if (isLive(job)) claim(job.sheetId, job.action, job.id);
    else release(job.sheetId, job.action, job.id);
  }
  const jobs = loadJobs(id);
  const running = jobs.filter((j) => j.state === 'running');
  if (running.length === 0) clearContinuation(spreadsheet);
  else scheduleContinuation(spreadsheet, Math.min(...running.map((j) => j.nextCheckAt)) - Date.now());
  return jobs;
}

/** The jobs of this spreadsheet, newest first. */
export function listJobs(): JobView[] {
  return loadJobs(SpreadsheetApp.getActiveSpreadsheet().getId()).map(jobView).reverse();
}

/** Called by the open sidebar: steps the due jobs briefly and says when to ask again. */
export function pollJobs(): { jobs: JobView[]; nextPollSeconds: number } {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const running = loadJobs(spreadsheet.getId()).filter((j) => j.state === 'running');
  if (running.length === 0) return { jobs: listJobs(), nextPollSeconds: 0 };
  const jobs = withDocumentLock(() => stepJobs(spreadsheet, requireClient(), POLL_BUDGET_MS, false));
  const next = jobs.filter((j) => j.state === 'running').map((j) => j.nextCheckAt);
  const nextPollSeconds = next.length ? Math.max(2, Math.ceil((Math.min(...next) - Date.now()) / 1000)) : 0;
  return { jobs: jobs.map(jobView).reverse(), nextPollSeconds };
}

/** The time-driven trigger: carries the jobs on while nobody watches. */
export function continueJobs(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const connection = readConnection();
  if (!connection) {
    clearContinuation(spreadsheet);
    return;
  }
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(10000)) {
    scheduleContinuation(spreadsheet, 60000);
    return;
  }
  try {
    stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, false);
  } finally {
    lock.releaseLock();
  }
}

/** After a connect: paused jobs of this spreadsheet go on and collect what they paid for. */
export function resumePausedJobs(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (!spreadsheet) return;
  const id = spreadsheet.getId();
  const paused = loadJobs(id).filter((j) => j.state === 'paused');
  if (paused.length === 0) return;
  withDocumentLock(() => {
    for (const job of paused) {
      resumeJob(job, Date.now());
      saveJob(id, job);
    }
    scheduleContinuation(spreadsheet, 0);
  });
}

/**
 * Before a disconnect: running jobs pause, keeping their batch ids, so connecting again
 * collects the results already paid for instead of paying for them a second time.
 */
export function pauseJobsForDisconnect(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (!spreadsheet) return;
  const id = spreadsheet.getId();
  withDocumentLock(() => {
    for (const job of loadJobs(id)) {
      if (job.state !== 'running') continue;
      pauseForKey(job, 'Paused: the account was disconnected. Connect again to collect the results already paid for and send the rest.');
      saveJob(id, job);
    }
    clearContinuation(spreadsheet);
  });
}
