// Row actions paced by the service's limits (call recordings, mailbox limits): what a run leaves
// Queued is kept, with when it may go on, and sent by later runs: the time-driven trigger's, or
// the person's next run of the same action on the same sheet.
import type { Spreadsheet } from '../gas/active-document';
import { settleForJobs } from '../gas/job-continuation';
import { readConnection } from '../gas/key-store';
import { createClient } from '../gas/client-factory';
import { readPaced, savePaced, type PacedRun } from '../gas/paced-store';
import { sheetById, sheetPort } from '../gas/sheet-port';
import { timeNow } from '../gas/clock';
import { EARLY_TOLERANCE_MS } from '../gas/continuation';
import { sleep } from '../gas/script-utilities';
import { dropQueued, sendRowAction, type RowActionDeps } from './row-action-send';
import { rowSender } from './row-actions';
import type { RowActionId } from './tool-types';

/** Why rows a paced run left are not sent once the key is disconnected. */
const NOT_CONNECTED_ROWS = 'no API key is connected. Connect one in the sidebar and run it again.';

/** The same sheet's run of the same action. */
const same = (a: PacedRun, sheetId: number, action: string) => a.sheetId === sheetId && a.action === action;

/** The rows a paced run refused with 429 still waiting, by their request as text. */
export const waitsOf = (spreadsheetId: string, sheetId: number, action: string): Map<string, number> => {
  const run = readPaced(spreadsheetId, true).find((r) => same(r, sheetId, action));
  return new Map(Object.entries(run?.waits ?? {}));
};

/**
 * Keeps what a run of a paced action left (or, all sent, forgets it), and (`settle`, outside a
 * trigger run, which settles once at its end) leaves the spreadsheet's continuation trigger right for it.
 */
export const keepPaced = (
  spreadsheet: Spreadsheet,
  run: Omit<PacedRun, 'waitUntil' | 'waits'>,
  waitUntil: number | undefined,
  waits: Map<string, number>,
  settle = true,
): void => {
  const now = timeNow();
  const others = readPaced(spreadsheet.getId(), true).filter((r) => !same(r, run.sheetId, run.action));
  if (waitUntil !== undefined) others.push({ ...run, waitUntil, waits: Object.fromEntries([...waits].filter(([, at]) => at > now)) });
  savePaced(spreadsheet.getId(), others);
  if (settle) settleForJobs(spreadsheet);
};

/**
 * The time-driven trigger's share: each paced run of this spreadsheet that may go on sends its
 * Queued rows until `deadline` or the service's limit; one whose sheet is gone is forgotten.
 */
export const continuePaced = (spreadsheet: Spreadsheet, deadline: number): void => {
  const connection = readConnection();
  for (const run of readPaced(spreadsheet.getId(), true)) {
    // A trigger fires a little before the time the service asked for (it was made before the
    // request that set it): the rest of the wait is slept, not a refusal asked for.
    const early = run.waitUntil - timeNow();
    if (early > EARLY_TOLERANCE_MS || timeNow() >= deadline) continue;
    if (early > 0) sleep(early);
    const sheet = sheetById(spreadsheet, run.sheetId);
    const waits = new Map(Object.entries(run.waits));
    let waitUntil: number | undefined;
    if (sheet && !connection) {
      // Disconnected: nothing will send these rows, and a trigger must not keep coming for them.
      dropQueued(rowSender(run.action as RowActionId, run.mapping), sheetPort(sheet), run.headerRow, NOT_CONNECTED_ROWS);
    } else if (sheet && connection) {
      const deps: RowActionDeps = { client: createClient(connection.apiKey), now: timeNow, deadline, waits };
      // Only rows already Queued: the header row alone is "selected", so none is marked anew.
      const selection = { ranges: [{ firstRow: run.headerRow, lastRow: run.headerRow }], hidden: new Set<number>(), frozenRows: 0 };
      waitUntil = sendRowAction(rowSender(run.action as RowActionId, run.mapping), selection, sheetPort(sheet), deps).waitUntil;
    }
    keepPaced(spreadsheet, run, waitUntil, waits, false);
  }
};
