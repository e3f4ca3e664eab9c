// Undoing a finished run from its card: the run's rows that still hold what it wrote get back
// what the add-on's own cells held before it (run-undo.ts decides, gas/undo-store.ts keeps the
// record). Only the person who ran it can: the job is looked for in their own list.
import { fail } from '../base/fail';
import { string } from '../api/kinds';
import type { JobRecord, JobView } from '../jobs/job';
import { jobView } from '../jobs/job-view';
import { afterOf, planUndo, rowsNow, undoWords, UNDO_MS } from '../jobs/run-undo';
import { Grid, type SheetPort } from '../sheet/grid';
import { currentSpreadsheet, withDocumentLock, type Spreadsheet } from '../gas/active-document';
import { loadJobs, saveJob } from '../gas/job-store';
import { sheetById, sheetPort } from '../gas/sheet-port';
import { noteUndo, readUndo } from '../gas/undo-store';
import { timeNow } from '../gas/clock';
import { readsAsWritten } from '../sheet/cells';

/**
 * A run just ended: what its rows hold now is kept beside what they held before, and it can be
 * undone for a while. `grid` is the sheet as its last step read and wrote it. The record its start
 * wrote is read only when the sheet holds many more rows than the run: else every row is kept.
 */
export const noteEnd = (ss: Spreadsheet, job: JobRecord, port: SheetPort, grid: Grid): void => {
  const cols = job.undoCols;
  job.undoCols = undefined;
  try {
    // Without its columns, the run began under an earlier version: it cannot be undone.
    if (!cols) return;
    const now = timeNow();
    const held = grid.wholeRow < 0 ? rowsNow(grid, job, cols) : undefined;
    // Read again when the step read only some columns (a large sheet), or wrote a cell that may read back otherwise (a number, a date).
    const rows = held?.rows.every((r) => held.cols.every((c) => c === undefined || readsAsWritten(grid.rows[r.i]![c])))
      ? held.rows
      : rowsNow(new Grid(port), job, cols).rows;
    let before: string[][] | undefined;
    if (rows.length > 2 * job.total + 100) {
      before = readUndo(ss, now).get(job.id)?.before;
      if (!before) return;
    }
    noteUndo(ss, job.id, job.sheetId, now, 'a', afterOf(before, rows));
    job.undoUntil = now + UNDO_MS;
  } catch {
    // The run ended as it should; it cannot be undone.
  }
};

/** Undoes the person's own finished run; its card then says what was put back, what was not and why. */
export const undoRun = (jobId: string): JobView => {
  const id = string().safeParse(jobId);
  if (!id.success) fail('Which run? The job id is missing.');
  return withDocumentLock(() => {
    const ss = currentSpreadsheet();
    const now = timeNow();
    const job = loadJobs(ss.getId(), true).find((j) => j.id === id.data);
    const records = job && job.undoUntil! > now ? readUndo(ss, now) : undefined;
    const record = records?.get(id.data);
    const sheet = job && sheetById(ss, job.sheetId);
    if (!job || !record?.before.length || !sheet)
      fail('This run can no longer be undone (past 7 days, undone already, or its sheet deleted).');
    // Rows a later run on the sheet wrote are that run's now.
    const later = new Set<string>();
    for (const [other, r] of records!)
      if (other !== job.id && r.sheetId === job.sheetId && r.from > record.from) for (const [fp] of r.before) later.add(fp!);
    const grid = new Grid(sheetPort(sheet));
    const { rows, cols } = rowsNow(grid, job, record.cols);
    const { writes, left } = planUndo(record, rows, later);
    for (const [i, cells] of writes) cells.forEach((v, k) => cols[k] !== undefined && grid.set(i, cols[k], v));
    grid.flush();
    readUndo(ss, now, job.id);
    job.undoUntil = undefined;
    job.undone = undoWords(job, writes.length, left);
    saveJob(ss.getId(), job);
    return jobView(job);
  });
};
