// A job: one person's action on one sheet. Its record is small (no row data: rows carry their
// own state in the action's status column), so a 50,000-row job fits the property limits.
import type { Role } from '../sheet/columns';
import type { ActionId, ActionOptions, ListTarget } from './action-catalog';
import type { JobLife, JobState } from './job-life';
import type { JobPart } from './part-state';
import type { CreditPart, Tally } from './credit-parts';

export type { JobPart } from './part-state';
export { isLive } from './job-life';
export type { JobState } from './job-life';

/** The stored record's shape; older records are brought to it when read (job-record.ts). */
export const JOB_RECORD_VERSION = 2;

export interface JobRecord {
  v: typeof JOB_RECORD_VERSION;
  id: string;
  action: ActionId;
  sheetId: number;
  sheetName: string;
  /** Where the header row was last seen (1-based); it is looked for again if it moves. */
  headerRow: number;
  /** Input columns by their header text, so moved or inserted columns do not confuse a step. */
  mapping: Partial<Record<Role, string>>;
  /** The ids of the action's fields it writes, in the order of their columns. */
  fields: string[];
  options: ActionOptions;
  list?: ListTarget;
  /** Distinct keys per part. */
  partSize: number;
  /** The number of its first part: above every part mark the status column held when it began. */
  firstPart?: number;
  parts: JobPart[];
  /** Its state: only job-life.ts moves it. */
  life: JobLife;
  /** A note for the person beside the state (trouble, results kept elsewhere). */
  message?: string;
  /** The account whose key started the job: its batches can be read only with that account's key. */
  account?: { id?: string; name: string };
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
  /** Rows given an answer the spreadsheet had already paid for, at no cost, when the run started. */
  reused?: number;
  /** This job's rows by status label, as of the last step. */
  counts: Record<string, number>;
  /**
   * Rows of the status column that had ended before this job sent anything (earlier runs, rows
   * its start refused), by label: there when counting, but not this job's.
   */
  before?: Record<string, number>;
  /** Its status column was deleted while it ran: rows answered before then lost their answer's word. */
  marksLost?: boolean;
  /**
   * What its results paid for so far (people found, emails validated or revealed, phones revealed),
   * counted as they are read; absent on records from before jobs counted it.
   */
  spent?: Tally;
  /** The headers of its own cells its undo record keeps, while it runs: its start wrote that record (run-undo.ts). */
  undoCols?: string[];
  /** Until when it can be undone (run-undo.ts): set as it ends, removed once undone. */
  undoUntil?: number;
  /** What undoing it put back and left, once undone. */
  undone?: string;
  /** Rows sent (duplicates included). */
  total: number;
  createdAt: number;
  updatedAt: number;
  /** Not before this time is the service worth asking again. */
  nextCheckAt: number;
  /** When this job last renewed its claim on the sheet and action (document properties). */
  claimedAt?: number;
  /** Until when no other editor's job can have marks in its status column (see claims.ts). */
  aloneUntil?: number;
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
  /** A lead list's name, and whether the job adds to a list that was there (else it creates one). */
  list?: { name: string; adds: boolean };
  /** What it spent, in parts; absent for a job from before jobs counted it. */
  spent?: CreditPart[];
  /** It can be undone now. */
  undo?: boolean;
  /** Rows given an answer the spreadsheet had already paid for (0 credits). */
  reused?: number;
}
