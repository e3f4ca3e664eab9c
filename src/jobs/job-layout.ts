// Where a job's columns are on the sheet as it is now: the header row is found again by its
// texts (a sort may have moved it), inputs by header text, and the add-on's own columns placed.
import type { ColumnMapping, Role } from '../sheet/columns';
import { Grid, type SheetPort } from '../sheet/grid';
import { STATUS_HEADERS } from './actions';
import { BATCH_KINDS } from './batch-kinds';
import type { JobRecord } from './job';

export interface JobLayout {
  grid: Grid;
  /** Index of the header row in `grid.rows`. */
  header: number;
  mapping: ColumnMapping;
  status: number;
  outputs: number[];
}

/** Why a job's rows cannot be told apart any more. */
export type LostLayout = { grid: Grid; lost: 'header' | 'status' };

export function outputHeaders(job: Pick<JobRecord, 'action' | 'fields'>): string[] {
  const fields = BATCH_KINDS[job.action].fields;
  return job.fields.map((id) => fields.find((f) => f.id === id)!.header);
}

function holdsAll(grid: Grid, index: number, texts: ReadonlyArray<string>): boolean {
  return texts.every((t) => grid.columnIn(index, t) !== undefined);
}

/** The header row: where it was, else wherever its texts are now. */
function findHeader(grid: Grid, job: JobRecord, texts: ReadonlyArray<string>): number | undefined {
  const hint = grid.indexOfSheetRow(job.headerRow);
  if (holdsAll(grid, hint, texts)) return hint;
  const found = grid.rows.findIndex((_, i) => holdsAll(grid, i, texts));
  return found < 0 ? undefined : found;
}

/**
 * Reads the sheet and finds the job's columns. The status column must be there: it holds the
 * rows' marks. Output columns that were deleted are put back after the data.
 */
export function locateJob(job: JobRecord, port: SheetPort): JobLayout | LostLayout {
  const grid = new Grid(port);
  const inputs = Object.values(job.mapping).filter((h): h is string => typeof h === 'string');
  const status = STATUS_HEADERS[job.action];
  const header = findHeader(grid, job, [status, ...inputs]);
  if (header === undefined) {
    // The status column is gone (deleted or renamed) if the inputs are still found.
    return { grid, lost: findHeader(grid, job, inputs) === undefined ? 'header' : 'status' };
  }
  job.headerRow = grid.sheetRow(header);
  const mapping: ColumnMapping = {};
  for (const role of Object.keys(job.mapping) as Role[]) mapping[role] = grid.columnIn(header, job.mapping[role]!);
  const [statusCol, ...outputs] = grid.placeColumns(header, [status, ...outputHeaders(job)]);
  return { grid, header, mapping, status: statusCol!, outputs };
}

export function isLost(layout: JobLayout | LostLayout): layout is LostLayout {
  return 'lost' in layout;
}

/** Indexes of the rows a job may own: every row but the header row. */
export function dataRows(layout: JobLayout): number[] {
  const out: number[] = [];
  for (let i = 0; i < layout.grid.rows.length; i++) if (i !== layout.header) out.push(i);
  return out;
}
