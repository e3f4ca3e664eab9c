// A job whose sheet was deleted: it is canceled at the service, and what its parts finished is
// read into a sheet of its own (paid for, so kept), with no sheet of its own to write to.
import type { JobRecord } from './job';
import { isCanceling, isRunning, startCanceling } from './job-life';
import { cancelAtService, pauseJob } from './job-controls';
import { endOnceSettled } from './job-step';
import { unplacedNote } from './job-view';
import { keepUnplaced, readParts } from './part-read';
import { abandonPart } from './part-state';
import { saveAt, type StepDeps } from './step-context';

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
  // Canceling, it ends canceled: what it says is where its results went.
  const now = deps.now();
  endOnceSettled(job, now, unplacedNote(job));
  saveAt(job, deps, now);
};
