// Starting and canceling runs on selected rows: the sidebar's and the menu's way in. Thin: the
// plan is in run-preview, the stepping in job-loop, the rules in src/jobs.
import { max } from '../base/numbers';
import { fail } from '../base/fail';
import { string } from '../api/kinds';
import { ACTION_LABELS } from '../jobs/action-catalog';
import { cancelJob as cancelJobSteps, cancelPausedJob } from '../jobs/job-controls';
import { advanceWithoutSheet } from '../jobs/sheet-gone';
import { jobView } from '../jobs/job-view';
import type { JobRecord, JobView } from '../jobs/job';
import { isCanceling, isLive, isPaused, isRunning } from '../jobs/job-life';
import { createJob, type PreparedRun, type RunRequest } from '../jobs/run-setup';
import { notePaid } from '../gas/paid-ledger';
import { saveReuseDays } from '../gas/kept-stores';
import { claimedByAnother, claimJob, release } from '../gas/claims';
import { createClient, requireClient } from '../gas/client-factory';
import { loadJobs, saveJob } from '../gas/job-store';
import { accountOf, readConnection } from '../gas/key-store';
import { saveMapping } from '../gas/settings';
import { sheetById, sheetPort } from '../gas/sheet-port';
import { noteEnd } from './undo-runs';
import { currentSpreadsheet, withDocumentLock } from '../gas/active-document';
import { newId, sleep } from '../gas/script-utilities';
import { noteUndo } from '../gas/undo-store';
import { removeStaleTriggers } from '../gas/triggers';
import { POLL_BUDGET_MS, STEP_BUDGET_MS, stepJobs } from './job-loop';
import { jobDeps, stepDeps } from './job-deps';
import { prepare, type PreviewFindings, type RunInput } from './run-preview';
import { timeNow } from '../gas/clock';
import { toast } from '../gas/ui';
import { capital } from '../sheet/fields';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** How long starting a run waits for a small batch to finish before handing over to a trigger. */
const START_WAIT_MS = 25 * 1000;

const withArticle = (phrase: string): string => {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
};

/**
 * Starts a run on the selected rows. A run that spends credits must be confirmed first. A run
 * refused or held up at its start (no credits, a refused key, a spent quota) also says why in a
 * toast: the sidebar shows the job among others.
 */
export const startRun = (input: RunInput): JobView => {
  const view = startRunWith(input);
  if (view.message) toast(view.message, ACTION_LABELS[view.action], 10);
  return view;
};

/** `startRun`, with what a preview of this execution already found (the menu's confirm). */
export const startRunWith = (input: RunInput, found?: PreviewFindings): JobView => {
  return withDocumentLock(() => {
    const { req, client, spreadsheet, sheet, request, prepared, preview, partSize } = prepare(input, found);
    if (req.action === 'lead_list' && !req.list && !req.listId) fail('Give the lead list a name and an owner (an email address).');
    if (preview.needsConfirmation && !req.confirmed) fail(`Please confirm first: ${preview.summary}`);
    // The selection (or the sheet) changed since the estimate on screen: what it would spend was never seen.
    if (req.seen !== undefined && req.seen !== preview.summary)
      fail(`The rows changed since the estimate you saw. Nothing was sent. Now: ${preview.summary}`);
    const ssId = spreadsheet.getId();
    const sheetId = sheet.getSheetId();
    const busy = loadJobs(ssId).find((j) => isLive(j) && j.sheetId === sheetId && j.action === req.action);
    const what = withArticle(ACTION_LABELS[req.action].toLowerCase());
    // The person's own paused job on these rows goes on now when the key works again.
    const resumed =
      busy &&
      isPaused(busy) &&
      stepJobs(spreadsheet, client, STEP_BUDGET_MS, { force: true, only: busy.id }).jobs.find((j) => j.id === busy.id);
    if (resumed && !isPaused(resumed)) return { ...jobView(resumed), message: RESUMED };
    if (busy) {
      const how = isPaused(busy)
        ? 'is paused on this sheet, waiting for your key. Connect again to finish it, or cancel it first.'
        : 'is already running on this sheet. Wait for it or cancel it first.';
      fail(`${capital(what)} ${how}`);
    }
    const holder = claimedByAnother(sheetId, req.action);
    if (holder) {
      // Its rows wait for results already paid for: sending them again would pay twice.
      const whose = `Another editor's ${holder.auto ? 'automation' : 'job'}${holder.account ? ` (account "${holder.account}")` : ''}`;
      const state = holder.auto
        ? 'watches this sheet'
        : holder.paused
          ? 'is paused on this sheet, waiting for its owner to connect again'
          : 'is running on this sheet';
      fail(`${whose} ${state}: it holds ${what} here. Use another sheet, or ask them to finish or cancel it.`);
    }
    if (req.mapping) saveMapping(sheetId, req.mapping);
    // The age set for this run is the spreadsheet's from now on: automation and formulas reuse by it too.
    if (req.reuseDays !== undefined) saveReuseDays(req.reuseDays);
    const job = recordJob(ssId, sheet, prepared, request, partSize);
    // A start is when the add-on looks after its triggers left in other documents.
    removeStaleTriggers();
    const waitUntil = timeNow() + START_WAIT_MS;
    // The first send plans from the cells just read and marked: nothing went out since.
    const held = { sheetId, rows: prepared.grid.rows };
    let jobs = stepJobs(spreadsheet, client, STEP_BUDGET_MS, { force: true, only: job.id, held }).jobs;
    let current = jobs.find((j) => j.id === job.id) ?? job;
    while (isRunning(current) && current.nextCheckAt < waitUntil) {
      sleep(max(500, current.nextCheckAt - timeNow()));
      jobs = stepJobs(spreadsheet, client, STEP_BUDGET_MS, { only: job.id }).jobs;
      current = jobs.find((j) => j.id === job.id) ?? current;
    }
    return jobView(current);
  });
};

/** What a run started over the rows of the person's own paused job says when that job went on instead. */
export const RESUMED = 'Your paused job on these rows went on with your key, which works again: nothing new was sent.';

/** Marks the rows of a prepared run, claims its action on the sheet and keeps the new job's record. */
export const recordJob = (ssId: string, sheet: Sheet, prepared: PreparedRun, request: RunRequest, partSize: number): JobRecord => {
  const connection = readConnection();
  const [id, sheetId, now] = [newId(), sheet.getSheetId(), timeNow()];
  let undoCols: string[] | undefined;
  const job = createJob(
    prepared,
    request,
    { id, sheetId, sheetName: sheet.getName(), now, partSize, account: connection && accountOf(connection) },
    (cols, rows) => {
      if (noteUndo(sheet.getParent(), id, sheetId, now, 'b', rows, cols)) undoCols = cols;
    },
  );
  // Answers copied onto rows are this sheet's now, dated when they were paid for: never bought again here before their age.
  const reused = prepared.plan.rows.flatMap((r) => (r.kind === 'reused' ? [{ key: r.key, at: r.answer.at }] : []));
  notePaid(sheet.getParent(), sheetId, request.action, reused);
  // Its end adds to that record without reading it.
  if (undoCols) job.undoCols = undoCols;
  // A run that sent nothing (every row reused, or said why it is not sent) ended as it started: it can be undone too.
  if (!isLive(job)) noteEnd(sheet.getParent(), job, sheetPort(sheet), prepared.grid);
  // Not written in a run on a spreadsheet opened by id: the next run with it claims it.
  if (isRunning(job)) claimJob(job, { account: job.account?.name });
  saveJob(ssId, job);
  return job;
};

/** Cancels a job: at the service when the key works, here in any case. */
export const cancelJob = (jobId: string): JobView => {
  const id = string().safeParse(jobId);
  if (!id.success) fail('Which job? The job id is missing.');
  return withDocumentLock(() => {
    const spreadsheet = currentSpreadsheet();
    const job = loadJobs(spreadsheet.getId(), true).find((j) => j.id === id.data);
    if (!job) fail('That job is no longer in the list.');
    if (!isLive(job)) return jobView(job);
    const sheet = sheetById(spreadsheet, job.sheetId);
    if (isPaused(job)) {
      // Without a working key the service cannot be told now: it is, once the key is back.
      cancelPausedJob(job, jobDeps(spreadsheet, job, sheet));
    } else if (!isCanceling(job)) {
      const deps = stepDeps(spreadsheet, job, sheet, requireClient(), timeNow() + POLL_BUDGET_MS);
      if (deps.sheet) cancelJobSteps(job, { ...deps, sheet: deps.sheet });
      else advanceWithoutSheet(job, deps);
    }
    if (!isLive(job)) release(job.sheetId, job.action, job.id);
    // Leaves the trigger right for the jobs still running (none needed without a key).
    const connection = readConnection();
    if (connection) stepJobs(spreadsheet, createClient(connection.apiKey), 0);
    return jobView(job);
  });
};
