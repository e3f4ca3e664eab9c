// Starting a run: read the sheet, find the header row, plan what is sent from the visible
// selected rows, place the add-on's columns (adding columns when the sheet is too narrow) and
// mark every row (queued, or the reason it is not sent) before anything leaves the spreadsheet.
import { max, min } from '../base/numbers';
import { fail } from '../base/fail';
import { chooseFields } from '../sheet/fields';
import { applyMappingOverrides, detectMapping, type ColumnMapping, type Role } from '../sheet/columns';
import { findHeaderRow } from './header-row';
import { Grid, type SheetPort } from '../sheet/grid';
import {
  listTypeFor,
  missingColumns,
  PART_SIZE,
  STATUS_HEADERS,
  type ActionId,
  type ActionOptions,
  type ListTarget,
} from './action-catalog';
import { BATCH_KINDS } from './batch-kinds';
import { JOB_RECORD_VERSION, type JobRecord } from './job';
import { outputHeaders } from './job-layout';
import { answeredBeforeStatus, isFinishedLabel, partOfStatus, QUEUED, reusedStatus, statusCounts } from './row-status';
import { keysWanted, planRun, type Exclusions, type Plan, type PlanSettings, type SourceRow } from './planner';
import { serves, type FoundAnswer } from './reused-answers';
import type { Paid } from './row-life';
import { rowFingerprint, STAMP_HEADERS, stampText } from './row-stamp';
import { cellsOf } from './run-undo';
import { reusedWords } from './credit-words';

export interface Selection {
  /** The selected rows as inclusive sheet-row ranges: one per range of a multi-range selection. */
  ranges: ReadonlyArray<{ firstRow: number; lastRow: number }>;
  /** Selected rows the person cannot see (hidden by hand or by a filter). */
  hidden: ReadonlySet<number>;
  /** Rows frozen at the top: the header row is usually the last of them. */
  frozenRows: number;
}

export interface RunRequest {
  action: ActionId;
  options: ActionOptions;
  fields: 'basic' | 'all' | string[];
  rerun?: boolean;
  /** Header text per role, as the person changed the detected mapping; null removes a role. */
  mapping?: Partial<Record<Role, string | null>>;
  list?: ListTarget;
  /** Stamp each row sent or refused (see row-stamp.ts): an automated run. Rows are stamped anyway where the column is. */
  stamp?: boolean;
}

export interface PreparedRun {
  grid: Grid;
  headerRow: number;
  headers: unknown[];
  mapping: ColumnMapping;
  rows: SourceRow[];
  plan: Plan;
  /** Columns the sheet must grow by to hold the add-on's columns. */
  addColumns: number;
  /** The add-on's columns the header row does not hold yet. */
  newColumns: number;
}

/** Every selected row below the header, once, in sheet order. */
const selectedRows = (selection: Selection, headerRow: number, lastRow: number): number[] => {
  const rows = new Set<number>();
  for (const { firstRow, lastRow: last } of selection.ranges) {
    for (let r = max(firstRow, headerRow + 1); r <= min(last, lastRow); r++) rows.add(r);
  }
  return [...rows].sort((a, b) => a - b);
};

export const prepareRun = (
  sheet: SheetPort,
  selection: Selection,
  request: RunRequest,
  settings: {
    exclusions?: Exclusions;
    partSize?: number;
    staleMarks?: boolean;
    headerRow?: number;
    grid?: Grid;
    paid?: Paid;
    /** Rows paid for while no row shows their answer: never sent (planner.ts). */
    told?: ReadonlySet<number>;
    /** Answers the spreadsheet paid for, looked for by the keys a run would buy (this sheet's rows given, read already). */
    answers?: (keys: ReadonlySet<string>, rows: ReadonlyArray<ReadonlyArray<unknown>>) => ReadonlyMap<string, FoundAnswer>;
  } = {},
): PreparedRun => {
  const grid = settings.grid ?? new Grid(sheet);
  const headerRow = settings.headerRow ?? findHeaderRow(grid, selection);
  const headerIndex = grid.rowIndex(headerRow);
  const headers = [...grid.row(headerIndex)];
  const detected = detectMapping(headers);
  const mapping = request.mapping ? applyMappingOverrides(headers, detected, request.mapping) : detected;
  const missing = missingColumns(request.action, mapping, request.options.listType);
  if (missing) fail(`This needs ${missing}. Check the header row (row ${headerRow}) or change the column mapping.`);
  const statusCol = grid.columnIn(headerIndex, STATUS_HEADERS[request.action]);
  const rows: SourceRow[] = selectedRows(selection, headerRow, grid.rows.length).map((row) => {
    const values = grid.row(grid.rowIndex(row));
    return { row, values, status: statusCol === undefined ? '' : values[statusCol], hidden: selection.hidden.has(row) };
  });
  if (rows.length === 0) {
    // Said plainly when there is nothing to select, or the selection holds nothing.
    const last = grid.rows.length;
    fail(
      last <= headerRow
        ? `This sheet has no rows below its header row (row ${headerRow}) yet.`
        : selection.ranges.every((r) => r.firstRow > last)
          ? `The selection is empty: this sheet's rows are ${headerRow + 1} to ${last}.`
          : `Select the rows to send (below the header row, row ${headerRow}).`,
    );
  }
  const planning: PlanSettings = {
    rerun: request.rerun,
    exclusions: settings.exclusions,
    chunkSize: settings.partSize,
    staleMarks: settings.staleMarks,
    paid: settings.paid,
    told: settings.told,
  };
  let plan = planRun(request.action, rows, mapping, request.options, planning);
  const fields = outputHeaders({ action: request.action, fields: chosenFields(request) });
  // Keys this run would buy whose answer the spreadsheet holds are planned again, to be copied.
  const wanted = settings.answers && keysWanted(plan);
  if (wanted?.size) {
    const found = [...settings.answers!(wanted, grid.rows)].filter(([, a]) => serves(a, fields, request.action, request.options));
    if (found.length) plan = planRun(request.action, rows, mapping, request.options, { ...planning, reused: new Map(found) });
  }
  const placed = grid.missingColumns(headerIndex, [STATUS_HEADERS[request.action], ...fields, ...stampHeader(request)]);
  return { grid, headerRow, headers, mapping, rows, plan, addColumns: placed.insert, newColumns: placed.missing.length };
};

/** The ids of the fields a run writes: a person's email and phones only when revealed, else their columns would stay empty. */
const chosenFields = ({ action, fields, options: o }: RunRequest): string[] => {
  const unrevealed = action === 'person' ? [o.revealEmail || 'email', o.revealPhones || 'phones'] : [];
  return chooseFields(BATCH_KINDS[action].fields, fields)
    .map((f) => f.id)
    .filter((id) => !unrevealed.includes(id));
};

/** The stamp column an automated run adds; [] for other runs and actions. */
const stampHeader = (request: RunRequest): string[] => {
  const header = STAMP_HEADERS[request.action];
  return header && request.stamp ? [header] : [];
};

/** Input columns by header text, as a job remembers them. */
const mappingByHeader = (headers: ReadonlyArray<unknown>, mapping: ColumnMapping): Partial<Record<Role, string>> => {
  const out: Partial<Record<Role, string>> = {};
  for (const role of Object.keys(mapping) as Role[]) out[role] = String(headers[mapping[role]!]).trim();
  return out;
};

/**
 * Places the columns, marks the rows and returns the new job's record; nothing is sent yet.
 * `keep` is given the headers of the add-on's own columns and, per row marked, its fingerprint
 * and what those cells held before (run-undo.ts).
 */
export const createJob = (
  prepared: PreparedRun,
  request: RunRequest,
  ids: { id: string; sheetId: number; sheetName: string; now: number; partSize?: number; account?: JobRecord['account'] },
  keep?: (headers: string[], rows: string[][]) => void,
): JobRecord => {
  const nothing = prepared.plan.counts.send === 0;
  const job: JobRecord = {
    v: JOB_RECORD_VERSION,
    id: ids.id,
    action: request.action,
    sheetId: ids.sheetId,
    sheetName: ids.sheetName,
    headerRow: prepared.headerRow,
    mapping: mappingByHeader(prepared.headers, prepared.mapping),
    fields: chosenFields(request),
    // A lead list's type comes from the mapped columns unless the person chose one.
    options:
      request.action === 'lead_list' && !request.options.listType
        ? { ...request.options, listType: listTypeFor(prepared.mapping) ?? 'email' }
        : request.options,
    partSize: ids.partSize ?? PART_SIZE[request.action],
    parts: [],
    life: nothing ? { s: 'done' } : { s: 'running', mode: 'sending' },
    lastProgressAt: ids.now,
    counts: {},
    total: prepared.plan.counts.send,
    spent: {},
    createdAt: ids.now,
    updatedAt: ids.now,
    nextCheckAt: ids.now,
  };
  if (request.list) job.list = request.list;
  if (ids.account) job.account = ids.account;
  const { grid } = prepared;
  const header = grid.rowIndex(prepared.headerRow);
  const outputs = outputHeaders(job);
  const own = [STATUS_HEADERS[request.action], ...outputs, ...stampHeader(request)];
  const [status] = grid.placeColumns(header, own);
  // Wherever the stamp column is, every run keeps it true, so automation never takes a row this
  // run sends for a changed one (see row-stamp.ts).
  const stampName = STAMP_HEADERS[request.action];
  const stampAt = stampName ? grid.columnIn(header, stampName) : undefined;
  if (stampAt !== undefined && !own.includes(stampName!)) own.push(stampName!);
  const cols = own.map((h) => grid.columnIn(header, h));
  const before: string[][] = [];
  for (const r of prepared.plan.rows) {
    const i = grid.rowIndex(r.row);
    if (r.kind === 'send' || r.kind === 'reused' || 'reason' in r || 'paidAt' in r)
      before.push([rowFingerprint(request.action, grid.row(i), prepared.mapping, job.options)?.id ?? '', ...cellsOf(grid.row(i), cols)]);
    let at = ids.now;
    if (r.kind === 'send') grid.set(i, status!, QUEUED);
    else if (r.kind === 'reused') {
      // The answer as it was paid for, dated then: its stamp too, so it goes stale when it would have.
      ({ at } = r.answer);
      grid.set(i, status!, reusedStatus(r.answer.outcome, at));
      outputs.forEach((h, k) => grid.set(i, cols[k + 1]!, r.answer.cells.get(h) ?? ''));
    } else if (r.kind === 'invalid' || r.kind === 'excluded') grid.set(i, status!, r.reason);
    else {
      if ('paidAt' in r) grid.set(i, status!, answeredBeforeStatus(r.paidAt));
      continue;
    }
    const fingerprint = stampAt === undefined ? undefined : rowFingerprint(request.action, grid.row(i), prepared.mapping, job.options);
    if (fingerprint) grid.set(i, stampAt!, stampText(at, fingerprint.id));
  }
  grid.flush();
  if (before.length) keep?.(own, before);
  const ended = Object.entries(statusCounts(grid, header, status!)).filter(([label]) => isFinishedLabel(label));
  if (ended.length) job.before = Object.fromEntries(ended);
  // Marks another job left in the column keep their numbers: this job's parts are numbered above them.
  let highest = 0;
  for (let i = 0; i < grid.rows.length; i++) highest = max(highest, partOfStatus(grid.get(i, status!)) ?? 0);
  if (highest > 0) job.firstPart = highest + 1;
  const reused = prepared.plan.counts.reused;
  if (reused) job.reused = reused;
  if (nothing) {
    job.message = reused
      ? `${reusedWords(reused)}; nothing else to send.`
      : 'Nothing to send: every selected row is done, blank, hidden or cannot be sent.';
  }
  return job;
};
