// A job: one person's action on one sheet. Its record is small (no row data: rows carry their
// own state in the action's status column), so a 50,000-row job fits the property limits.
import type { Role } from '../sheet/columns';
import type { ActionId, ActionOptions } from './actions';
import type { JobPart } from './part-state';

export type { JobPart } from './part-state';

/**
 * `paused`: the key was refused or disconnected; the job keeps its batch ids and goes on when
 * the person connects again, so results already paid for are still collected.
 */
export type JobState = 'running' | 'paused' | 'done' | 'failed' | 'canceled';

export interface JobRecord {
  id: string;
  action: ActionId;
  sheetId: number;
  sheetName: string;
  /** Where the header row was last seen (1-based); it is looked for again if it moves. */
  headerRow: number;
  /** Input columns by their header text, so moved or inserted columns do not confuse a step. */
  mapping: Partial<Record<Role, string>>;
  fields: string[];
  options: ActionOptions;
  list?: { name: string; owner: string; shared: boolean; visible: boolean };
  /** Distinct keys per part. */
  partSize: number;
  parts: JobPart[];
  state: JobState;
  message?: string;
  /** Set when sending stopped for good (credits, a lost status column); open parts are still read. */
  stopSending?: string;
  /** Set by a cancel: nothing more is sent; the job ends canceled once its parts are read. */
  canceled?: boolean;
  /** The service asked to wait before the next part is sent (a 429 or a usage limit). */
  sendAfter?: number;
  /** When a part was last accepted or a result last read. */
  lastProgressAt: number;
  /** Since when the service has been failing (5xx, dropped, unreadable), if it is now. */
  troubleSince?: number;
  /** Failed tries in a row, for the backoff. */
  troubles?: number;
  /** Paid results that found no row, kept in a sheet of their own. */
  unplaced?: { count: number; sheet: string };
  /** This job's rows by status label, as of the last step. */
  counts: Record<string, number>;
  /**
   * Rows of the status column that had ended before this job sent anything (earlier runs, rows
   * its start refused), by label: there when counting, but not this job's.
   */
  before?: Record<string, number>;
  /** Rows sent (duplicates included). */
  total: number;
  createdAt: number;
  updatedAt: number;
  /** Not before this time is the service worth asking again. */
  nextCheckAt: number;
  /** When this job last renewed its claim on the sheet and action (document properties). */
  claimedAt?: number;
}

/** What the sidebar and menus show of a job: plain JSON. */
export interface JobView {
  id: string;
  action: ActionId;
  sheetName: string;
  state: JobState;
  message: string;
  total: number;
  finished: number;
  counts: Record<string, number>;
  canCancel: boolean;
  links: string[];
}

/** A job that still holds work: running, or paused until the key is back. */
export function isLive(job: Pick<JobRecord, 'state'>): boolean {
  return job.state === 'running' || job.state === 'paused';
}
