// Carrying jobs on: each step runs the due jobs of this spreadsheet under the document lock,
// then leaves the one continuation trigger right. Called by a start, the sidebar's polls, "check
// now" and the time-driven trigger; a refused key pauses jobs, connecting again resumes them.
import { max, min } from '../base/numbers';
import type { ProspectingClient } from '../api/client';
import { throwUnlessProspecting } from '../api/errors';
import { ACTION_LABELS } from '../jobs/actions';
import { backgroundNote, EARLY_TOLERANCE_MS, HOUR_MS, OFF_RETRY_MS, planContinuation, type Continuation } from '../gas/continuation';
import { expectedNextCheck } from '../jobs/read-pace';
import { advanceJob } from '../jobs/job-step';
import { pauseJob, resumeJob } from '../jobs/job-controls';
import { advanceWithoutSheet } from '../jobs/sheet-gone';
import { jobView } from '../jobs/job-view';
import type { JobRecord, JobView } from '../jobs/job';
import { isLive, isPaused, isRunning, type Paused, type PauseWhy } from '../jobs/job-life';
import {
  activeSpreadsheet,
  currentSpreadsheet,
  logLine,
  noteOpenedById,
  openSpreadsheet,
  tryWithDocumentLock,
  withDocumentLock,
  type Spreadsheet,
} from '../gas/active-document';
import { claimJob, othersHoldMarks, release } from '../gas/claims';
import { createClient } from '../gas/client-factory';
import { allContinuations, cachedDocument, loadDocument, saveContinuation, saveJob, type DocumentJobs } from '../gas/job-store';
import { isJobAccount, readConnection, type StoredConnection } from '../gas/key-store';
import { appendToSheet, sheetById, sheetPort } from '../gas/sheet-port';
import { notePaid, readPaid } from '../gas/paid-ledger';
import { addUserSpend } from '../gas/user-spend';
import type { Tally } from '../jobs/credit-parts';
import { withHeldRead } from '../sheet/held-read';
import { deleteFiredTrigger, ensureSomeTrigger, settleContinuation, triggerAgainLater, triggerExists } from '../gas/triggers';
import { alertEndedJobs } from './alerts';
import { timeNow } from '../gas/clock';

/** How long one execution keeps stepping jobs: well inside Apps Script's 6 minutes. */
export const STEP_BUDGET_MS = 4.5 * 60 * 1000;
/** How long a sidebar poll may take: the sidebar waits for it. */
export const POLL_BUDGET_MS = 20 * 1000;
/** A claim on a sheet is renewed this often (it goes stale after two hours). */
const CLAIM_RENEW_MS = 30 * 60 * 1000;

/** What pausing, resuming or canceling one job of this spreadsheet needs: its sheet, the clock, its store. */
export const jobDeps = (
  spreadsheet: Spreadsheet,
  job: JobRecord,
  sheet: GoogleAppsScript.Spreadsheet.Sheet | undefined = sheetById(spreadsheet, job.sheetId),
) => {
  const id = spreadsheet.getId();
  return { sheet: sheet && sheetPort(sheet), now: timeNow, save: (j: JobRecord) => saveJob(id, j), othersMarks: othersHoldMarks(job) };
};

/** The step's dependencies for one job of this spreadsheet. */
export const stepDeps = (
  spreadsheet: Spreadsheet,
  job: JobRecord,
  sheet: GoogleAppsScript.Spreadsheet.Sheet | undefined,
  client: ProspectingClient,
  deadline: number,
  held?: HeldSheet,
) => {
  const deps = jobDeps(spreadsheet, job, sheet);
  const port = deps.sheet;
  return {
    ...deps,
    client,
    sheet: port && held && held.sheetId === sheet!.getSheetId() ? withHeldRead(port, held.rows) : port,
    deadline,
    keepUnplaced: (job: JobRecord, headers: string[], rows: unknown[][]) =>
      appendToSheet(spreadsheet, `${ACTION_LABELS[job.action]} · unplaced results`, headers, rows),
    sheetGone: () => !sheet || !spreadsheet.getSheetById(sheet.getSheetId()),
    ledger: (job: JobRecord) => readPaid(spreadsheet, job.sheetId, job.action),
    spent: (paid: Tally) => {
      if (Object.values(paid).some(Boolean)) addUserSpend(spreadsheet, paid);
    },
    paid: (job: JobRecord, keys: string[], at: number) =>
      notePaid(
        spreadsheet,
        job.sheetId,
        job.action,
        keys.map((key) => ({ key, at })),
      ),
  };
};

/** When a job next wants a step: a running job when due, a paused one when its key is tried again. */
const dueAt = (job: JobRecord): number | undefined => {
  if (isRunning(job)) return job.nextCheckAt;
  return isPaused(job) ? job.life.retryAt : undefined;
};

export const nextDue = (jobs: JobRecord[]): number | undefined => {
  const times = jobs.map(dueAt).filter((t): t is number => t !== undefined);
  return times.length ? min(...times) : undefined;
};

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
   * Not the spreadsheet this execution runs for (automation's one trigger serves every automated
   * spreadsheet): a trigger made now would belong to the other, so its continuation is left as is.
   */
  foreign?: boolean;
}

export interface HeldSheet {
  sheetId: number;
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

/** Renews the job's claim on its sheet and action when due, or now when its state changed. */
const keepClaim = (job: JobRecord, force = false): void => {
  if (!force && job.claimedAt && timeNow() - job.claimedAt < CLAIM_RENEW_MS) return;
  // Not written in a run that opened its spreadsheet by id: the next run with it renews it.
  claimJob(job, { paused: isPaused(job), account: job.account?.name });
};

/** Why a paused job must still wait, asked when its retry is due; undefined: it can go on. */
const stillPaused = (
  job: JobRecord & { life: Paused },
  connection: StoredConnection | undefined,
  client: ProspectingClient,
): PauseWhy | undefined => {
  if (!connection) return 'no_key';
  if (!isJobAccount(job, connection)) return 'account';
  if (job.life.why !== 'key') return undefined;
  // One request tells whether the key works again (and nothing is paid for it).
  try {
    client.getAccount();
    return undefined;
  } catch (e) {
    throwUnlessProspecting(e);
    return 'key';
  }
};

/**
 * Steps one job of this spreadsheet: a paused one whose retry is due goes on when it can (else
 * waits longer); a job whose account is not the connected one pauses, naming its account; a job
 * whose sheet was deleted cancels its batches and keeps what they finished.
 */
const stepOne = (spreadsheet: Spreadsheet, job: JobRecord, client: ProspectingClient, deadline: number, opts: StepOptions): void => {
  const connection = readConnection();
  const sheet = sheetById(spreadsheet, job.sheetId);
  const ownAccount = Boolean(connection?.accountId && job.account?.id === connection.accountId);
  const deps = { ...stepDeps(spreadsheet, job, sheet, client, deadline, opts.held), ownAccount };
  if (sheet && sheet.getName() !== job.sheetName) job.sheetName = sheet.getName();
  if (isPaused(job)) {
    // Tried by a run by id too (Apps Script may run every trigger without its spreadsheet):
    // resuming puts rows back in the queue only where no other editor's job may hold marks
    // (`othersHoldMarks`), so the parts it paid for always go on.
    const why = stillPaused(job, connection, client);
    if (why) {
      pauseJob(job, deps, why);
      keepClaim(job, true);
      return;
    }
    resumeJob(job, deps);
  } else if (!connection || !isJobAccount(job, connection)) {
    pauseJob(job, deps, connection ? 'account' : 'no_key');
    keepClaim(job, true);
    return;
  }
  if (deps.sheet) {
    keepClaim(job);
    advanceJob(job, { ...deps, sheet: deps.sheet });
  } else advanceWithoutSheet(job, deps);
  if (isPaused(job)) keepClaim(job, true);
  // A run by id cannot let the claim go: the job notes it (claimedAt 0) for the next run with the spreadsheet.
  if (!isLive(job) && !release(job.sheetId, job.action, job.id)) {
    job.claimedAt = 0;
    deps.save(job);
  }
};

/** Steps the due jobs of this spreadsheet (under its lock), then settles the continuation. */
export const stepJobs = (spreadsheet: Spreadsheet, client: ProspectingClient, budgetMs: number, opts: StepOptions = {}): DocumentJobs => {
  const id = spreadsheet.getId();
  const deadline = timeNow() + budgetMs;
  const before = opts.loaded ?? loadDocument(id, true);
  // A trigger waits before any work starts, so a step cut off at Apps Script's time limit is
  // picked up by it. It is made for when the jobs will likely be due after this step, so the
  // settling at the end mostly keeps it instead of making another.
  let continuation = firedOut(before.continuation, opts);
  const settle = (due: number | undefined) =>
    opts.foreign ? continuation : settleContinuation(spreadsheet, continuation, due, opts.background);
  continuation = settle(expectedDue(before.jobs, opts));
  const wasLive = new Set(before.jobs.filter(isLive).map((j) => j.id));
  // Claims of jobs that ended in a run by id, let go now that the spreadsheet is here.
  for (const job of before.jobs)
    if (job.claimedAt === 0 && !opts.byId && release(job.sheetId, job.action, job.id)) {
      delete job.claimedAt;
      saveJob(id, job);
    }
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
  return { jobs: after.jobs, continuation: settle(nextDue(after.jobs)) };
};

/** The continuation without the trigger this run was fired by (it is spent, or deleted). */
const firedOut = (state: Continuation, opts: StepOptions): Continuation => {
  return opts.firedUid && state.uid === opts.firedUid ? {} : state;
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
 * Steps the due jobs with the connected key; with none, the due jobs pause (or wait longer) for
 * one, and the trigger is kept for their next look. Called under the document lock.
 */
const carryOn = (spreadsheet: Spreadsheet, budgetMs: number, opts: StepOptions): DocumentJobs => {
  const connection = readConnection();
  if (connection) return stepJobs(spreadsheet, createClient(connection.apiKey), budgetMs, opts);
  const id = spreadsheet.getId();
  const loaded = opts.loaded ?? loadDocument(id, true);
  for (const job of loaded.jobs)
    if (isRunning(job) || (isPaused(job) && (job.life.retryAt ?? Infinity) <= timeNow())) pauseHere(spreadsheet, job, 'no_key');
  const after = loadDocument(id);
  return {
    jobs: after.jobs,
    continuation: settleContinuation(spreadsheet, firedOut(loaded.continuation, opts), nextDue(after.jobs), opts.background),
  };
};

/** Pauses one job of this spreadsheet (its rows say why) and marks its claim paused. */
const pauseHere = (spreadsheet: Spreadsheet, job: JobRecord, why: PauseWhy): void => {
  pauseJob(job, jobDeps(spreadsheet, job), why);
  keepClaim(job, true);
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

/** Notes on the spreadsheet whose trigger this was that background steps cannot see it. */
const noteRanWithoutDocument = (spreadsheetId: string | undefined): void => {
  logLine(
    'Background step skipped: Apps Script ran this trigger without its spreadsheet. Jobs go on while the sidebar is open, or with Check running jobs now.',
  );
  if (!spreadsheetId) return;
  saveContinuation(spreadsheetId, {
    off: 'Apps Script ran the background step without this spreadsheet.',
    offUntil: timeNow() + OFF_RETRY_MS.noDocument,
  });
};

/**
 * The spreadsheet a trigger run without it was made for: by its record, else (a trigger made
 * while the records could not be read) the first whose recorded trigger is gone.
 */
const homeOf = (uid: string): string | undefined => {
  const all = allContinuations();
  const mine = all.find((c) => c.continuation.uid === uid) ?? all.find((c) => c.continuation.uid && !triggerExists(c.continuation.uid));
  return mine?.spreadsheetId;
};

/**
 * The time-driven trigger: carries the jobs on while nobody watches. Run without its spreadsheet,
 * it opens the one its record names by id, when the add-on's scopes allow. `more`: other work of
 * the spreadsheet that goes on in the background (a search), given the time left after the jobs;
 * `unreached`: told of a spreadsheet that could not be opened.
 */
export const continueJobs = (
  event?: { triggerUid?: unknown },
  more?: (spreadsheet: Spreadsheet, deadline: number, byId: boolean) => void,
  unreached?: (spreadsheetId: string) => void,
): void => {
  const deadline = timeNow() + STEP_BUDGET_MS;
  const uid = event?.triggerUid === undefined || event.triggerUid === null ? '' : String(event.triggerUid);
  let spreadsheet = activeSpreadsheet();
  if (uid) deleteFiredTrigger(uid, spreadsheet);
  const byId = !spreadsheet;
  if (!spreadsheet) {
    let id: string | undefined;
    try {
      id = uid ? homeOf(uid) : undefined;
    } catch (e) {
      // The records cannot be read (the day's property quota spent): a trigger must still come back.
      triggerAgainLater();
      throw e;
    }
    spreadsheet = id ? openSpreadsheet(id) : null;
    if (!spreadsheet) {
      if (id) unreached?.(id);
      return noteRanWithoutDocument(id);
    }
    // The first time, a step of this user's that began before the note may still run without
    // the user's lock: this run only notes, and the next comes once such a step has surely ended.
    if (noteOpenedById()) return void settleContinuation(spreadsheet, {}, timeNow() + 6 * 60 * 1000, true);
  }
  const open = spreadsheet;
  try {
    const stepped = tryWithDocumentLock(5000, () => {
      carryOn(open, STEP_BUDGET_MS, { firedUid: uid, background: true, byId, loaded: loadDocument(open.getId(), true) });
      more?.(open, deadline, byId);
    });
    // Another step holds the spreadsheet and may be cut off at the time limit: a trigger must
    // wait after it. That step's own settling checks that its recorded trigger still exists.
    if (!stepped.ran) ensureSomeTrigger(open);
  } catch (e) {
    // A failed step (a daily quota spent: properties cannot even be read) must not leave the
    // spreadsheet, or automation, without its trigger: one comes back in an hour.
    ensureSomeTrigger(open, Date.now() + HOUR_MS);
    throw e;
  }
};

/**
 * After a connect: paused jobs of this spreadsheet started with this account go on and collect
 * what they paid for; those of another account say which account to connect.
 */
export const resumePausedJobs = (): void => {
  const spreadsheet = activeSpreadsheet();
  const connection = readConnection();
  if (!spreadsheet || !connection) return;
  const id = spreadsheet.getId();
  if (!loadDocument(id).jobs.some(isPaused)) return;
  withDocumentLock(() => {
    const state = loadDocument(id, true);
    for (const job of state.jobs) {
      if (!isPaused(job)) continue;
      if (!isJobAccount(job, connection)) {
        pauseHere(spreadsheet, job, 'account');
        continue;
      }
      resumeJob(job, { ...jobDeps(spreadsheet, job), client: createClient(connection.apiKey) });
      keepClaim(job, true);
    }
    settleContinuation(spreadsheet, state.continuation, nextDue(loadDocument(id).jobs));
  });
};

/**
 * Before a disconnect: running jobs pause, keeping their batch ids, so connecting again
 * collects the results already paid for instead of paying for them a second time.
 */
export const pauseJobsForDisconnect = (): void => {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return;
  const id = spreadsheet.getId();
  withDocumentLock(() => {
    const state = loadDocument(id, true);
    for (const job of state.jobs) if (isRunning(job)) pauseHere(spreadsheet, job, 'no_key');
    settleContinuation(spreadsheet, state.continuation, nextDue(loadDocument(id).jobs));
  });
};
