// A spreadsheet's search (Find people, Find companies) between the executions that write it: one
// user property per spreadsheet, like the jobs (it runs on the user's key and the user's trigger).
import type { SearchBody } from '../api/requests';
import { putUserValues, userValues } from './user-store';
import { timeNow } from './clock';

/** A search as it goes on, and as the sidebar is told of it (the sidebar words it). */
export interface SearchRecord {
  /** When it started: the sidebar goes on with the search it started, not a later one. */
  id: number;
  kind: 'people' | 'companies';
  /** The filters, as checked. */
  body: SearchBody;
  limit: number;
  sheetId: number;
  /** The sheet's name when last seen, for the messages once it is gone. */
  name: string;
  /** The header in row 1 of each of the kind's columns, as the search chose them: each step finds them again. */
  heads: string[];
  /** The next page to read. */
  page: number;
  written: number;
  /** The first row it writes (the sheet's first empty one when it started), for "Enrich these people". */
  first: number;
  /** When a step last saved it: a sidebar stepping it keeps this recent. */
  at: number;
  /** Seconds the service or Apps Script asked to wait before the next step (the search still goes on). */
  wait?: number;
  /** How it ended, a sentence ("Done.", "Canceled.", a failure). */
  end?: string;
}

const key = (spreadsheetId: string) => `search.${spreadsheetId}`;

/** The spreadsheet's search, or null when it has had none. */
export const readSearch = (spreadsheetId: string, fresh = false): SearchRecord | null => {
  const raw = userValues(fresh)[key(spreadsheetId)];
  return raw ? (JSON.parse(raw) as SearchRecord) : null;
};

/** Keeps the record: one a spreadsheet, the last search's kept once it ends (for its rows). */
export const saveSearch = (spreadsheetId: string, search: SearchRecord): void => {
  putUserValues({ [key(spreadsheetId)]: JSON.stringify(search) });
};

/**
 * When the spreadsheet's search wants its next step (undefined: none goes on), for the
 * continuation trigger (see `settleContinuation`): a while after its last one; from a time-driven
 * run, which steps it until its own deadline, after that run.
 */
export const searchDue = (spreadsheetId: string, background?: boolean): number | undefined => {
  const s = readSearch(spreadsheetId);
  return s && !s.end ? (background ? timeNow() : s.at) + 5 * 60 * 1000 : undefined;
};
