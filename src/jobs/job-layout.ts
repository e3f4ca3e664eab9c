// Where a job's columns are on the sheet as it is now: the header row is found again by its
// texts (a sort may have moved it), inputs by header text, and the add-on's own columns placed.
// A large sheet whose header row is where the job left it is read in parts: that row, the status
// column, and the keys and results of the rows a step needs (`needInputs`, `needOutputs`).
import { max, min } from '../base/numbers';
import { isString } from '../base/is-string';
import type { ColumnMapping, Role } from '../sheet/columns';
import { columnOf, Grid, type SheetPort } from '../sheet/grid';
import { STATUS_HEADERS } from './action-catalog';
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

export const outputHeaders = (job: Pick<JobRecord, 'action' | 'fields'>): string[] => {
  const fields = BATCH_KINDS[job.action].fields;
  return job.fields.map((id) => fields.find((f) => f.id === id)!.header);
};

const holdsAll = (grid: Grid, index: number, texts: ReadonlyArray<string>): boolean =>
  texts.every((t) => grid.columnIn(index, t) !== undefined);

/** The header row: where it was, else wherever its texts are now. */
const findHeader = (grid: Grid, job: JobRecord, texts: ReadonlyArray<string>): number | undefined => {
  const hint = grid.rowIndex(job.headerRow);
  if (holdsAll(grid, hint, texts)) return hint;
  const found = grid.rows.findIndex((_, i) => holdsAll(grid, i, texts));
  return found < 0 ? undefined : found;
};

/**
 * Reads the sheet and finds the job's columns. The header row is found by the status column and
 * the inputs; a status column that went is put back (its rows' marks are gone, not their keys),
 * and inputs that went are named. Output columns that were deleted are put back after the data.
 */
export const locateJob = (job: JobRecord, port: SheetPort): JobLayout | LostLayout => {
  const inputs = Object.values(job.mapping).filter(isString);
  const status = STATUS_HEADERS[job.action];
  const lean = leanLayout(job, port);
  if (lean) return lean;
  const grid = new Grid(port);
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
};

/**
 * Whole reads of a sheet past this many cells (2 s by the cost of reads) give way to reads of
 * the cells a step needs: a few calls more, seconds less. Below it one read serves a step.
 */
const LEAN_CELLS = 200_000;

/** Where the job's status, input and output columns are in its header row, when it holds them all. */
const columnsIn = (job: JobRecord, row: ReadonlyArray<unknown>): Omit<JobLayout, 'grid' | 'header'> | undefined => {
  const at = (h: string) => columnOf(row, h);
  const mapping: ColumnMapping = {};
  for (const role of Object.keys(job.mapping) as Role[]) mapping[role] = at(job.mapping[role]!);
  const [status, ...outputs] = [STATUS_HEADERS[job.action], ...outputHeaders(job)].map(at);
  return status === undefined || [...outputs, ...Object.values(mapping)].includes(undefined)
    ? undefined
    : { mapping, status, outputs: outputs as number[] };
};

/** The header row of a large sheet, read alone, when it is where the job left it. */
const headerRowOf = (job: JobRecord, port: SheetPort): ReadonlyArray<unknown> | undefined => {
  const width = port.lastColumn();
  return job.headerRow > port.lastRow() || width < 1 ? undefined : port.read(job.headerRow, 1, 1, width)[0];
};

/** Whether the job's header row still holds all its columns where the job left it: one small read. */
export const headerStands = (job: JobRecord, port: SheetPort): boolean => {
  const row = headerRowOf(job, port);
  return row !== undefined && columnsIn(job, row) !== undefined;
};

/** The layout of a large sheet read in parts, when its header row holds every column of the job. */
const leanLayout = (job: JobRecord, port: SheetPort): JobLayout | undefined => {
  const height = port.lastRow();
  if (height * port.lastColumn() <= LEAN_CELLS || port.holds?.()) return undefined;
  const row = headerRowOf(job, port);
  const columns = row && columnsIn(job, row);
  if (!columns) return undefined;
  const grid = new Grid(port, height);
  const header = job.headerRow - 1;
  grid.rows[header] = [...row];
  grid.wholeRow = header;
  grid.load([columns.status], 0, height - 1);
  return { grid, header, ...columns };
};

const span = (layout: JobLayout, columns: number[], rows: ReadonlyArray<number>): void => {
  let first = Infinity;
  let last = -1;
  for (const r of rows) [first, last] = [min(first, r), max(last, r)];
  layout.grid.load(columns, first, last);
};

/** Reads the input columns of these rows (from the first to the last), so their keys can be told. */
export const needInputs = (layout: JobLayout, rows: ReadonlyArray<number>): void => span(layout, Object.values(layout.mapping), rows);

/** Reads the output columns of these rows, so results can be written to them. */
export const needOutputs = (layout: JobLayout, rows: ReadonlyArray<number>): void => span(layout, layout.outputs, rows);

export const isLost = (layout: JobLayout | LostLayout): layout is LostLayout => 'lost' in layout;

/** Rewrites the status cell of each row for which `word`, given the cell and the row's index, has one (a status is never empty). */
export const restatus = (
  layout: Pick<JobLayout, 'grid' | 'header' | 'status'>,
  word: (cell: unknown, i: number) => string | false | undefined,
): void => {
  for (const i of dataRows(layout)) {
    const w = word(layout.grid.get(i, layout.status), i);
    if (w) layout.grid.set(i, layout.status, w);
  }
};

/** Indexes of the rows a job may own: every row but the header row. */
export const dataRows = (layout: Pick<JobLayout, 'grid' | 'header'>): number[] => {
  const out: number[] = [];
  for (let i = 0; i < layout.grid.rows.length; i++) if (i !== layout.header) out.push(i);
  return out;
};
