// A job's rows in its status column: which waiting rows are its own, how they are counted, and
// how they are marked paused or settled, each asked the same way by the step and the controls.
import type { JobRecord } from './job';
import type { PauseWhy } from './job-life';
import { restatus, type JobLayout } from './job-layout';
import { pausedRowWords } from './job-view';
import { partNumbers } from './part-state';
import { isPending, partOfStatus, pausedStatus, QUEUED, readStatus, statusCounts } from './row-status';
import type { StepDeps } from './step-context';

/** Counts the job's rows by status; answers how many are Queued. */
export const countRows = (job: JobRecord, layout: JobLayout): number => {
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

/**
 * Which waiting rows are this job's: every one, unless another editor's job holds marks in the
 * same column (its claim lapsed while it waited), then only this job's parts and plain Queued rows.
 */
export const ownsRow = (job: JobRecord, deps: Pick<StepDeps, 'othersMarks'>): ((cell: unknown) => boolean) => {
  if (!deps.othersMarks) return isPending;
  const parts = partNumbers(job);
  return (cell) => {
    const n = partOfStatus(cell);
    return n === undefined ? readStatus(cell).kind === 'queued' : parts.has(n);
  };
};

/** Every row still waiting in this job gets `word`, given its part; the rows are counted and written. */
export const markWaiting = (
  job: JobRecord,
  layout: JobLayout,
  deps: Pick<StepDeps, 'othersMarks'>,
  word: (part: number | undefined) => string,
): void => {
  const owns = ownsRow(job, deps);
  restatus(layout, (cell) => owns(cell) && word(partOfStatus(cell)));
  countRows(job, layout);
  layout.grid.flush();
};

/** A paused job's waiting rows say why, keeping their part; the rows are counted and written. */
export const markPaused = (job: JobRecord, layout: JobLayout, deps: Pick<StepDeps, 'othersMarks'>, why: PauseWhy): void => {
  const words = pausedRowWords(why, job.account?.name);
  markWaiting(job, layout, deps, (part) => pausedStatus(part, words));
};

/** Rows still waiting when their job ends get this reason: no row is left Processing. */
export const settle = (layout: JobLayout, status: string, owns: (cell: unknown) => boolean): void =>
  restatus(layout, (cell) => owns(cell) && status);
