// Starting a run: read the selected rows with their header, plan what is sent, and mark every
// row (queued, or the reason it is not sent) before anything leaves the spreadsheet.
import { chooseFields } from '../sheet/fields';
import { applyMappingOverrides, detectMapping, looksLikeHeader, type ColumnMapping, type Role } from '../sheet/columns';
import { Grid, type SheetPort } from '../sheet/grid';
import { listTypeFor, missingColumns, STATUS_HEADERS, type ActionId, type ActionOptions } from './actions';
import { BATCH_KINDS } from './batch-kinds';
import type { JobRecord } from './job';
import { QUEUED } from './outcomes';
import { planRun, type Exclusions, type Plan, type SourceRow } from './planner';
import { mappingByHeader, outputHeaders } from './runner';

export interface Selection {
  /** First and last selected sheet rows (1-based, inclusive). */
  firstRow: number;
  lastRow: number;
  /** The first selected row's values, to tell whether it is the header. */
  firstRowValues: ReadonlyArray<unknown>;
}

export interface RunRequest {
  action: ActionId;
  options: ActionOptions;
  fields: 'basic' | 'all' | string[];
  rerun?: boolean;
  /** Header text per role, as the person changed the detected mapping; null removes a role. */
  mapping?: Partial<Record<Role, string | null>>;
  list?: { name: string; owner: string; shared: boolean; visible: boolean };
}

export interface PreparedRun {
  grid: Grid;
  headerRow: number;
  mapping: ColumnMapping;
  rows: SourceRow[];
  plan: Plan;
}

/** The header row is the selection's first row when it looks like one, else the sheet's first row. */
export function headerRowOf(selection: Selection): number {
  return looksLikeHeader(selection.firstRowValues) ? selection.firstRow : 1;
}

export function prepareRun(sheet: SheetPort, selection: Selection, request: RunRequest, exclusions?: Exclusions, partSize?: number): PreparedRun {
  const headerRow = headerRowOf(selection);
  const grid = new Grid(sheet, headerRow);
  const detected = detectMapping(grid.headers);
  const mapping = request.mapping ? applyMappingOverrides(grid.headers, detected, request.mapping) : detected;
  const missing = missingColumns(request.action, mapping);
  if (missing) throw new Error(`This needs ${missing}. Check the header row (row ${headerRow}) or change the column mapping.`);
  const statusCol = grid.columnOf(STATUS_HEADERS[request.action]);
  const from = Math.max(selection.firstRow, headerRow + 1);
  const rows: SourceRow[] = [];
  for (let row = from; row <= selection.lastRow; row++) {
    const values = grid.rows[grid.indexOfSheetRow(row)];
    if (!values) continue;
    rows.push({ row, values, status: statusCol === undefined ? '' : values[statusCol] });
  }
  if (rows.length === 0) throw new Error('Select the rows to send (below the header row).');
  const plan = planRun(request.action, rows, mapping, request.options, { rerun: request.rerun, exclusions, chunkSize: partSize });
  return { grid, headerRow, mapping, rows, plan };
}

/** Marks the rows and returns the new job's record; nothing is sent yet. */
export function createJob(prepared: PreparedRun, request: RunRequest, ids: { id: string; sheetId: number; sheetName: string; now: number }): JobRecord {
  const fields = chooseFields(BATCH_KINDS[request.action].fields, request.fields).map((f) => f.id);
  const job: JobRecord = {
    id: ids.id,
    action: request.action,
    sheetId: ids.sheetId,
    sheetName: ids.sheetName,
    headerRow: prepared.headerRow,
    mapping: mappingByHeader(prepared.grid.headers, prepared.mapping),
    fields,
    // A lead list's type comes from the mapped columns unless the person chose one.
    options:
      request.action === 'lead_list' && !request.options.listType
        ? { ...request.options, listType: listTypeFor(prepared.mapping) ?? 'email' }
        : request.options,
    parts: [],
    state: 'running',
    counts: {},
    total: prepared.plan.counts.send,
    createdAt: ids.now,
    updatedAt: ids.now,
    nextCheckAt: ids.now,
  };
  if (request.list) job.list = request.list;
  const { grid } = prepared;
  const [status] = grid.ensureColumns([STATUS_HEADERS[request.action], ...outputHeaders(job)]);
  for (const r of prepared.plan.rows) {
    const i = grid.indexOfSheetRow(r.row);
    if (r.kind === 'send') grid.set(i, status!, QUEUED);
    else if (r.kind === 'invalid' || r.kind === 'excluded') grid.set(i, status!, r.reason);
  }
  grid.flush();
  if (prepared.plan.counts.send === 0) {
    job.state = 'done';
    job.message = 'Nothing to send: every selected row is done, blank or cannot be sent.';
  }
  return job;
}
