// What a job of this spreadsheet needs to step, pause, resume or cancel: its sheet, the clock, its
// store, the client, the ledgers of what was paid, and where results with no row to go to are kept.
import type { ProspectingClient } from '../api/client';
import type { JobRecord } from '../jobs/job';
import type { Tally } from '../jobs/credit-parts';
import type { Spreadsheet } from '../gas/active-document';
import { othersHoldMarks } from '../gas/claims';
import { saveJob } from '../gas/job-store';
import { appendToSheet, sheetById, sheetPort } from '../gas/sheet-port';
import { notePaid, readPaid } from '../gas/paid-ledger';
import { unplacedSheetName } from '../gas/paid-answers';
import { addUserSpend } from '../gas/user-spend';
import { withHeldRead } from '../sheet/held-read';
import type { Grid } from '../sheet/grid';
import { timeNow } from '../gas/clock';
import { noteEnd } from './undo-runs';

/** A sheet's cells as this execution last read and wrote them, with no network call since. */
export interface HeldSheet {
  sheetId: number;
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

/** What pausing, resuming or canceling one job of this spreadsheet needs: its sheet, the clock, its store. */
export const jobDeps = (
  spreadsheet: Spreadsheet,
  job: JobRecord,
  sheet: GoogleAppsScript.Spreadsheet.Sheet | undefined = sheetById(spreadsheet, job.sheetId),
) => {
  const id = spreadsheet.getId();
  return { sheet: sheet && sheetPort(sheet), now: timeNow, save: (j: JobRecord) => saveJob(id, j), othersMarks: othersHoldMarks(job) };
};

/** The step's dependencies for one job of this spreadsheet. */
export const stepDeps = (
  spreadsheet: Spreadsheet,
  job: JobRecord,
  sheet: GoogleAppsScript.Spreadsheet.Sheet | undefined,
  client: ProspectingClient,
  deadline: number,
  held?: HeldSheet,
) => {
  const deps = jobDeps(spreadsheet, job, sheet);
  const port = deps.sheet;
  return {
    ...deps,
    client,
    sheet: port && held && held.sheetId === sheet!.getSheetId() ? withHeldRead(port, held.rows) : port,
    deadline,
    keepUnplaced: (job: JobRecord, headers: string[], rows: unknown[][]) =>
      appendToSheet(spreadsheet, unplacedSheetName(job.action), headers, rows),
    sheetGone: () => !sheet || !spreadsheet.getSheetById(sheet.getSheetId()),
    ledger: (job: JobRecord) => readPaid(spreadsheet, job.sheetId, job.action),
    spent: (paid: Tally) => {
      if (Object.values(paid).some(Boolean)) addUserSpend(spreadsheet, paid);
    },
    ended: (job: JobRecord, grid: Grid) => port && noteEnd(spreadsheet, job, port, grid),
    paid: (job: JobRecord, keys: string[], at: number) =>
      notePaid(
        spreadsheet,
        job.sheetId,
        job.action,
        keys.map((key) => ({ key, at })),
      ),
  };
};
