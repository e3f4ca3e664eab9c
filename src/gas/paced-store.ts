// A spreadsheet's paced row actions (call recordings, mailbox limits) between the executions that
// send them: one user property per spreadsheet, like its search (they run on the user's key and
// the user's trigger). Their rows say Queued in the sheet; this says when each may go on.
import { min } from '../base/numbers';
import { deleteUserValues, putUserValues, userValues } from './user-store';

export interface PacedRun {
  sheetId: number;
  /** The row action (`RowActionId`). */
  action: string;
  /** Its column choices, as the person made them. */
  mapping: Record<string, string | null>;
  /** The sheet row of the headers when it started (a sort may move it: each run finds it again). */
  headerRow: number;
  /** When the rows left may be sent. */
  waitUntil: number;
  /** Rows refused with 429, by their request as text: when each may be sent again. */
  waits: Record<string, number>;
}

const key = (spreadsheetId: string) => `paced.${spreadsheetId}`;

/** The spreadsheet's paced runs, one a sheet and action. */
export const readPaced = (spreadsheetId: string, fresh = false): PacedRun[] => {
  const raw = userValues(fresh)[key(spreadsheetId)];
  return raw ? (JSON.parse(raw) as PacedRun[]) : [];
};

export const savePaced = (spreadsheetId: string, runs: PacedRun[]): void => {
  if (runs.length) putUserValues({ [key(spreadsheetId)]: JSON.stringify(runs) });
  else if (userValues()[key(spreadsheetId)] !== undefined) deleteUserValues([key(spreadsheetId)]);
};

/** When the spreadsheet's first paced run may go on (undefined: none waits), for the continuation trigger. */
export const pacedDue = (spreadsheetId: string): number | undefined => {
  const runs = readPaced(spreadsheetId);
  return runs.length ? min(...runs.map((r) => r.waitUntil)) : undefined;
};
