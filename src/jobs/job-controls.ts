// What a person, or a refused key, does to a job: pause it, resume it, cancel it, cancel it while
// paused. Each writes its rows before the record that relies on them is saved; the job's state
// is moved only through job-life.ts.
import { throwUnlessProspecting } from '../api/errors';
import { classify } from '../api/failure';
import { BATCH_KINDS } from './batch-kinds';
import type { JobRecord } from './job';
import { isCanceling, isLive, isPaused, isRunning, pause, resume, startCanceling, type PauseWhy } from './job-life';
import { isLost, locateJob, restatus, type JobLayout } from './job-layout';
import { countRows, markPaused, markWaiting } from './job-rows';
import { advanceJob } from './job-step';
import { isOpen, partNumbers } from './part-state';
import { CANCELED_UNSENT, pausedStatus, processingStatus, QUEUED, readStatus } from './row-status';
import { saveAt, type StepDeps } from './step-context';

/** The job's layout, when its sheet is in reach and its rows can be told apart. */
const reachable = (job: JobRecord, deps: { sheet?: StepDeps['sheet'] }): JobLayout | undefined => {
  const layout = deps.sheet && locateJob(job, deps.sheet);
  return layout && !isLost(layout) ? layout : undefined;
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
  const layout = !same && reachable(job, deps);
  if (layout) markPaused(job, layout, deps, why);
  saveAt(job, deps);
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
  const layout = reachable(job, deps);
  if (layout) {
    const parts = partNumbers(job);
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
export const cancelAtService = (job: JobRecord, deps: Pick<StepDeps, 'client'>): boolean => {
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
  const layout = reachable(job, deps);
  if (layout)
    markWaiting(job, layout, deps, (part) =>
      part === undefined ? CANCELED_UNSENT : pausedStatus(part, 'canceled; connect the key again to collect what was paid'),
    );
  saveAt(job, deps);
};
