// What one step of a job needs from outside (the client, the sheet, the clock, saving), and
// the small helpers every phase of a step shares: row keys, failure words, waiting times.
// What a failure means is read by `classify` (src/api/failure.ts), for jobs as for the rest.
import { max, min } from '../base/numbers';
import type { ProspectingClient } from '../api/client';
import { ProspectingError } from '../api/errors';
import type { Grid, SheetPort } from '../sheet/grid';
import { rowKey } from './action-catalog';
import type { JobRecord } from './job';
import type { JobLayout } from './job-layout';
import type { Tally } from './credit-parts';

export interface StepDeps {
  client: ProspectingClient;
  sheet: SheetPort;
  now: () => number;
  /** Stop starting new work after this time (ms epoch). */
  deadline: number;
  /** Persists the record; called after every change that must survive a cut-off. */
  save: (job: JobRecord) => void;
  /**
   * Keeps paid results that found no row (their rows were deleted, edited, or the status
   * column was removed) in a sheet of their own; returns that sheet's name.
   */
  keepUnplaced: (job: JobRecord, headers: string[], rows: unknown[][]) => string;
  /** The paid ledger's keys for the job's sheet and action (row-life.ts). */
  ledger?: (job: JobRecord) => ReadonlyMap<string, number>;
  /** Records keys whose request the service accepted, or may have (the paid ledger: row-life.ts). */
  paid?: (job: JobRecord, keys: string[], at: number) => void;
  /**
   * The connected key is the very account whose key made the job's batches: an id the service no
   * longer knows was deleted there, not made by another account.
   */
  ownAccount?: boolean;
  /** Adds what results just read paid for to the user's spend of the day and month. */
  spent?: (paid: Tally) => void;
  /** Results per page read (the API allows up to 1,000). */
  pageSize?: number;
  /**
   * Whether the job's sheet is gone, asked after results were written: a person may delete it
   * while a request is out, and writes to a deleted sheet may fail or go nowhere.
   */
  sheetGone?: () => boolean;
  /**
   * The job just ended, its sheet written: what its rows hold now, in `grid` (the step's last read
   * and writes), is kept, so it can be undone (run-undo.ts).
   */
  ended?: (job: JobRecord, grid: Grid) => void;
  /** Another editor's job holds marks in this job's status column (its claim is there). */
  othersMarks?: boolean;
}

/** Saves the record, touched at `now` (by default, the time it is saved). */
export const saveAt = (job: JobRecord, deps: Pick<StepDeps, 'save' | 'now'>, now = deps.now()): void => {
  job.updatedAt = now;
  deps.save(job);
};

/** The step's time is up: it starts no new work. */
export const timeUp = (deps: Pick<StepDeps, 'now' | 'deadline'>): boolean => deps.now() >= deps.deadline;

/** What one row of the layout sends, by its key; undefined when it cannot be sent. */
export const keyOfRow = (job: JobRecord, layout: JobLayout, index: number): string | undefined =>
  rowKey(job.action, layout.grid.row(index), layout.mapping, job.options);

/** What was thrown, in words. */
export { errorText as message } from '../base/fail';

// Errors whose message quotes the service's own detail: a shared cell gets words instead.
const IN_WORDS: Partial<Record<ProspectingError['kind'], string>> = {
  invalid_parameter: 'The service rejected a parameter of the request.',
  unsupported_value: 'The service did not accept a value of this row.',
  missing_field: 'The service said a required value was missing.',
  invalid_state: 'The service said this cannot be done now.',
  unknown: 'The service refused the request.',
  invalid_request: 'The request could not be made from this row.',
};

/** The reason a row shows: the client's own sentence, never the service's raw detail. */
export const rowReason = (e: unknown): string =>
  e instanceof ProspectingError ? (IN_WORDS[e.kind] ?? e.message) : 'Something went wrong in the add-on.';

/** The end of what a row says when its part may have started: it is never sent again by itself. */
export const NOT_RESENT = 'nothing was re-sent so no credit is spent twice. Run again to retry.';

/** What rows say when the service no longer knows the job's lead list or batch (deleted there). */
export const goneReason = (job: JobRecord): string =>
  job.action === 'lead_list'
    ? 'The lead list was deleted at the service, so nothing more is added to it or read from it.'
    : 'The batch is no longer at the service, so its results cannot be read.';

/** A request about the job's own list or batch that the service no longer knows (see `ownAccount`). */
export const isGone = (e: ProspectingError, deps: Pick<StepDeps, 'ownAccount'>): boolean =>
  Boolean(deps.ownAccount) && e.kind === 'not_found';

/** How long to wait after a 429: what the service asked, else a minute. */
export const waitMs = (e: ProspectingError): number => max(1000, (e.retryAfter ?? 60) * 1000);

/**
 * Apps Script's daily quota is spent: ask again in an hour (a refused fetch costs nothing, and
 * the day's reset time is not told). The job waits; its clock for giving up does not run.
 */
export const quotaWait = (job: JobRecord, now: number): number => {
  job.lastProgressAt = now;
  job.message = QUOTA_NOTE;
  return now + 60 * 60 * 1000;
};

export const QUOTA_NOTE = "Waiting for Apps Script's daily quota of web requests to reset; the job goes on by itself.";

/** The service answered usefully: the waiting for faults starts again. */
export const noteProgress = (job: JobRecord, now: number): void => {
  job.lastProgressAt = now;
  job.troubleSince = undefined;
  job.troubles = 0;
};

/** A passing fault: the job waits longer after each one in a row, 1, 2, 4 … minutes, at most 30. */
export const noteTrouble = (job: JobRecord, now: number): number => {
  job.troubleSince ??= now;
  const troubles = (job.troubles = (job.troubles ?? 0) + 1);
  return now + min(30, 2 ** (troubles - 1)) * 60 * 1000;
};
