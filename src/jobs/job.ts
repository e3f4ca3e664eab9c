// A job: one person's action on one sheet. Its record is small (no row data: rows carry their
// own state in the action's status column), so a 50,000-row job fits the property limits.
import type { Role } from '../sheet/columns';
import type { ActionId, ActionOptions } from './actions';

export type PartState = 'sending' | 'open' | 'done' | 'canceled' | 'failed';

export interface JobPart {
  n: number;
  id?: string;
  state: PartState;
  /** The href of the page being read; undefined for the first page. */
  href?: string;
  /** Results of that page already written. */
  skip: number;
  url?: string;
}

export type JobState = 'running' | 'done' | 'failed' | 'canceled';

export interface JobRecord {
  id: string;
  action: ActionId;
  sheetId: number;
  sheetName: string;
  headerRow: number;
  /** Input columns by their header text, so inserted columns do not confuse a later step. */
  mapping: Partial<Record<Role, string>>;
  fields: string[];
  options: ActionOptions;
  list?: { name: string; owner: string; shared: boolean; visible: boolean };
  parts: JobPart[];
  state: JobState;
  message?: string;
  /** Set when sending stopped for good; the job ends failed once its open parts are read. */
  error?: string;
  /** Set by a cancel: nothing more is sent; the job ends canceled once its parts are read. */
  canceled?: boolean;
  /** Steps in a row the service failed (429s, server or network errors). */
  failures?: number;
  /** Rows by status text, as of the last step. */
  counts: Record<string, number>;
  /** Rows sent (duplicates included). */
  total: number;
  createdAt: number;
  updatedAt: number;
  /** Not before this time is the service worth asking again. */
  nextCheckAt: number;
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
