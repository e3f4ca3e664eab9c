// A spreadsheet's one continuation trigger as its jobs need it: when a job next wants a step, and
// the trigger settled for the jobs as stored now.
import { min } from '../base/numbers';
import type { JobRecord } from '../jobs/job';
import { isPaused, isRunning } from '../jobs/job-life';
import type { Spreadsheet } from './active-document';
import type { Continuation } from './continuation';
import { loadDocument } from './job-store';
import { settleContinuation } from './triggers';

/** When a job next wants a step: a running job when due, a paused one when its key is tried again. */
export const dueAt = (job: JobRecord): number | undefined => {
  if (isRunning(job)) return job.nextCheckAt;
  return isPaused(job) ? job.life.retryAt : undefined;
};

/** When the first of these jobs wants a step; undefined when none will. */
export const nextDue = (jobs: JobRecord[]): number | undefined => {
  const times = jobs.map(dueAt).filter((t): t is number => t !== undefined);
  return times.length ? min(...times) : undefined;
};

/** The continuation without the trigger this run was fired by (it is spent, or deleted). */
export const firedOut = (state: Continuation, firedUid: string | undefined): Continuation =>
  firedUid && state.uid === firedUid ? {} : state;

/**
 * Leaves the spreadsheet's continuation right for its jobs as stored now (and for its search
 * and automation: see `settleContinuation`). `firedUid`: the trigger this run was fired by.
 */
export const settleForJobs = (spreadsheet: Spreadsheet, background?: boolean, firedUid?: string): Continuation => {
  const state = loadDocument(spreadsheet.getId());
  return settleContinuation(spreadsheet, firedOut(state.continuation, firedUid), nextDue(state.jobs), background);
};
