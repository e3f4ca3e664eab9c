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
  /** The status column was deleted or renamed and has been put back: the rows' marks are gone. */
  remade?: boolean;
  /** Input columns deleted or renamed (their header texts): the rows' keys can no longer be read. */
  inputsGone?: string[];
}

/** Neither the job's inputs nor its status column can be found: its rows cannot be told apart. */
export type LostLayout = { grid: Grid; lost: 'header' };

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
 * Reads the sheet and finds the job's columns. The header row is found by the status column and
 * the inputs; a status column that went is put back (its rows' marks are gone, not their keys),
 * and inputs that went are named. Output columns that were deleted are put back after the data.
 */
export function locateJob(job: JobRecord, port: SheetPort): JobLayout | LostLayout {
  const grid = new Grid(port);
  const inputs = Object.values(job.mapping).filter((h): h is string => typeof h === 'string');
  const status = STATUS_HEADERS[job.action];
  let header = findHeader(grid, job, [status, ...inputs]);
  let remade = false;
  if (header === undefined) {
    header = inputs.length ? findHeader(grid, job, inputs) : undefined;
    remade = header !== undefined;
  }
  header ??= findHeader(grid, job, [status]);
  if (header === undefined) return { grid, lost: 'header' };
  job.headerRow = grid.sheetRow(header);
  const mapping: ColumnMapping = {};
  const inputsGone: string[] = [];
  for (const role of Object.keys(job.mapping) as Role[]) {
    const col = grid.columnIn(header, job.mapping[role]!);
    if (col === undefined) inputsGone.push(job.mapping[role]!);
    else mapping[role] = col;
  }
  const [statusCol, ...outputs] = grid.placeColumns(header, [status, ...outputHeaders(job)]);
  const layout: JobLayout = { grid, header, mapping, status: statusCol!, outputs };
  if (remade) layout.remade = true;
  if (inputsGone.length) layout.inputsGone = inputsGone;
  return layout;
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
