// When a job may step, pauses or goes on (its key works, its account is the connected one), and
// the claim on its sheet that tells other editors so. A refused key pauses jobs, connecting again
// resumes them, disconnecting pauses them with their batch ids kept.
import type { ProspectingClient } from '../api/client';
import { throwUnlessProspecting } from '../api/errors';
import { pauseJob, resumeJob } from '../jobs/job-controls';
import type { JobRecord } from '../jobs/job';
import { isLive, isPaused, isRunning, type Paused, type PauseWhy } from '../jobs/job-life';
import { activeSpreadsheet, withDocumentLock, type Spreadsheet } from '../gas/active-document';
import { claimJob, release } from '../gas/claims';
import { createClient } from '../gas/client-factory';
import { loadDocument, saveJob } from '../gas/job-store';
import { isJobAccount, readConnection, type StoredConnection } from '../gas/key-store';
import { timeNow } from '../gas/clock';
import { jobDeps } from './job-deps';
import { settleForJobs } from '../gas/job-continuation';

/** A claim on a sheet is renewed this often (it goes stale after two hours). */
const CLAIM_RENEW_MS = 30 * 60 * 1000;

type ResumeDeps = Parameters<typeof resumeJob>[1];

/** Renews the job's claim on its sheet and action when due, or now when its state changed. */
export const keepClaim = (job: JobRecord, force = false): void => {
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

/** Pauses one job of this spreadsheet (its rows say why) and marks its claim paused. */
export const pauseHere = (spreadsheet: Spreadsheet, job: JobRecord, why: PauseWhy): void => {
  pauseJob(job, jobDeps(spreadsheet, job), why);
  keepClaim(job, true);
};

/**
 * Whether a job due for a step may take it: a paused one whose retry is due goes on when it can
 * (else waits longer); a job whose account is not the connected one pauses, naming its account.
 */
export const mayStep = (job: JobRecord, connection: StoredConnection | undefined, client: ProspectingClient, deps: ResumeDeps): boolean => {
  // Tried by a run by id too (Apps Script may run every trigger without its spreadsheet):
  // resuming puts rows back in the queue only where no other editor's job may hold marks
  // (`othersHoldMarks`), so the parts it paid for always go on.
  const why = isPaused(job)
    ? stillPaused(job, connection, client)
    : !connection
      ? 'no_key'
      : isJobAccount(job, connection)
        ? undefined
        : 'account';
  if (!why) {
    resumeJob(job, deps);
    return true;
  }
  pauseJob(job, deps, why);
  keepClaim(job, true);
  return false;
};

/**
 * After a job's step: a paused job's claim says so; an ended job's claim is let go. A run by id
 * cannot let it go: the job notes it (claimedAt 0) for the next run with the spreadsheet.
 */
export const claimAfterStep = (job: JobRecord, save: (job: JobRecord) => void): void => {
  if (isPaused(job)) keepClaim(job, true);
  if (!isLive(job) && !release(job.sheetId, job.action, job.id)) {
    job.claimedAt = 0;
    save(job);
  }
};

/** Claims of jobs that ended in a run by id, let go now that the spreadsheet is here. */
export const releaseNotedClaims = (spreadsheetId: string, jobs: JobRecord[]): void => {
  for (const job of jobs)
    if (job.claimedAt === 0 && release(job.sheetId, job.action, job.id)) {
      delete job.claimedAt;
      saveJob(spreadsheetId, job);
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
    settleForJobs(spreadsheet);
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
    settleForJobs(spreadsheet);
  });
};
