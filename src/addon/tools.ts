// The rest of the API from the sidebar: imports into a sheet, page by page with progress, and
// row actions (log calls, review phone numbers) on the selected rows.
import * as z from 'zod/mini';
import type { ProspectingClient } from '../api/client';
import { ProspectingError } from '../api/errors';
import { JOB_SENIORITIES } from '../api/schemas';
import { contactRows, exclusionRows, IMPORT_HEADERS, IMPORT_TITLES, jobOpeningRows, territoryRows, type ImportKind } from '../jobs/imports';
import { asCall, asReview, ROW_ACTIONS, rowActionMapping, rowRequest, type RowActionId } from '../jobs/row-actions';
import { errorStatus } from '../jobs/outcomes';
import { safeCell } from '../sheet/cells';
import { Grid } from '../sheet/grid';
import { createClient } from '../gas/client-factory';
import { readConnection } from '../gas/key-store';
import { sheetPort } from '../gas/sheet-port';
import { NOT_CONNECTED, withDocumentLock } from './runs';
import type { RowActionPreview, RowActionResult, ToolProgress } from './tool-types';

/** A sidebar call writes pages for this long, then hands back a cursor to continue. */
const TOOL_BUDGET_MS = 20 * 1000;
/** Row actions send one request per row; stop well inside the six-minute limit. */
const ROW_BUDGET_MS = 4.5 * 60 * 1000;
const FLUSH_EVERY = 20;

const sheetName = z.optional(z.string().check(z.trim(), z.maxLength(100)));
const ToolRequestSchema = z.discriminatedUnion('tool', [
  z.object({ tool: z.literal('territories'), name: z.optional(z.string()), sheetName }),
  z.object({
    tool: z.literal('job_openings'),
    domain: z.string().check(z.trim(), z.minLength(1, { error: 'Enter the company domain.' })),
    seniorities: z.optional(z.array(z.enum(JOB_SENIORITIES))),
    departments: z.optional(z.array(z.string())),
    jobFunctions: z.optional(z.array(z.string())),
    remote: z.optional(z.boolean()),
    sheetName,
  }),
  z.object({ tool: z.literal('excluded_domains'), keyword: z.optional(z.string()), sheetName }),
  z.object({ tool: z.literal('excluded_emails'), keyword: z.optional(z.string()), sheetName }),
  z.object({ tool: z.literal('contact'), contactId: z.string().check(z.trim(), z.minLength(1, { error: 'Enter the contact id.' })), sheetName }),
]);
type ToolRequest = z.infer<typeof ToolRequestSchema>;

/** The continuation the sidebar hands back: which sheet, which page, how many rows so far. */
const CursorSchema = z.object({ sheet: z.string(), href: z.string().check(z.regex(/^\//)), written: z.int() });

function parse<T>(schema: z.ZodMiniType<T>, input: unknown, what: string): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(`${what}: ${issue?.path.length ? `${issue.path.join('.')} ` : ''}${issue?.message ?? 'invalid'}`);
}

function client(): ProspectingClient {
  const connection = readConnection();
  if (!connection) throw new Error(NOT_CONNECTED);
  return createClient(connection.apiKey);
}

function targetSheet(request: ToolRequest): GoogleAppsScript.Spreadsheet.Sheet {
  const ss = SpreadsheetApp.getActiveSpreadsheet();
  if (request.sheetName) {
    const existing = ss.getSheetByName(request.sheetName);
    if (existing) return existing;
  }
  const base =
    request.sheetName ||
    (request.tool === 'job_openings' ? `Job openings · ${request.domain}` : request.tool === 'contact' ? `Contact · ${request.contactId}` : IMPORT_TITLES[request.tool]);
  let name = base.slice(0, 90);
  for (let n = 2; ss.getSheetByName(name); n++) name = `${base.slice(0, 85)} (${n})`;
  return ss.insertSheet(name);
}

/** Appends rows below the sheet's last row, writing the header first on an empty sheet. */
function appendRows(sheet: GoogleAppsScript.Spreadsheet.Sheet, kind: ImportKind, rows: unknown[][]): void {
  const header = IMPORT_HEADERS[kind] as ReadonlyArray<string>;
  const block: unknown[][] = sheet.getLastRow() === 0 ? [[...header]] : [];
  for (const r of rows) block.push(r.map(safeCell));
  if (block.length === 0) return;
  sheet.getRange(sheet.getLastRow() + 1, 1, block.length, header.length).setValues(block as never);
}

/** Pages of the listing the request names, starting at `from` when continuing. */
function pagesOf(c: ProspectingClient, request: ToolRequest, from: string | undefined): Generator<{ rows: unknown[][]; next?: string }> {
  const shape = function* <P extends { _links: { next?: { href: string } } }>(pages: Generator<P>, rows: (p: P) => unknown[][]) {
    for (const p of pages) yield { rows: rows(p), next: p._links.next?.href };
  };
  switch (request.tool) {
    case 'territories':
      return shape(c.territoryPages({ name: request.name, size: 20 }, from), (p) => territoryRows(p.territories));
    case 'job_openings':
      return shape(
        c.jobOpeningPages(
          { domain: request.domain, seniorities: request.seniorities, departments: request.departments, job_functions: request.jobFunctions, remote: request.remote },
          100,
          from,
        ),
        jobOpeningRows,
      );
    case 'excluded_domains':
      return shape(c.excludedDomainPages({ keyword: request.keyword, size: 1000 }, from), (p) => exclusionRows(p.excluded_domains));
    case 'excluded_emails':
      return shape(c.excludedEmailPages({ keyword: request.keyword, size: 1000 }, from), (p) => exclusionRows(p.excluded_emails));
    case 'contact':
      return (function* () {
        yield { rows: contactRows(c.getContact(request.contactId)) };
      })();
  }
}

/**
 * Writes a listing into a new or chosen sheet. Each call writes pages for a while and returns
 * how far it got, with a cursor the sidebar passes back to continue, so it can show progress.
 */
export function runTool(input: unknown, next?: unknown): ToolProgress {
  return withDocumentLock(() => writeToolPages(input, next));
}

function writeToolPages(input: unknown, next?: unknown): ToolProgress {
  const request = parse(ToolRequestSchema, input, 'The import could not be read');
  const cursor = next === undefined || next === null || next === '' ? undefined : parse(CursorSchema, JSON.parse(String(next)), 'The import cannot continue');
  const c = client();
  const sheet = cursor ? SpreadsheetApp.getActiveSpreadsheet().getSheetByName(cursor.sheet) : targetSheet(request);
  if (!sheet) throw new Error('The sheet of this import was deleted or renamed. Start the import again.');
  const deadline = Date.now() + TOOL_BUDGET_MS;
  let written = cursor?.written ?? 0;
  let nextHref: string | undefined;
  try {
    for (const page of pagesOf(c, request, cursor?.href)) {
      appendRows(sheet, request.tool, page.rows);
      written += page.rows.length;
      nextHref = page.next;
      if (!nextHref || Date.now() >= deadline) break;
    }
  } catch (e) {
    if (e instanceof ProspectingError && e.kind === 'not_found') throw new Error(request.tool === 'contact' ? 'No contact has that id.' : 'Nothing was found for that.');
    throw e instanceof ProspectingError ? new Error(e.message) : e;
  }
  if (written === 0 && sheet.getLastRow() === 0) appendRows(sheet, request.tool, []);
  const progress: ToolProgress = {
    sheetName: sheet.getName(),
    written,
    done: !nextHref,
    message: nextHref ? `${written.toLocaleString('en-US')} rows so far…` : `${written.toLocaleString('en-US')} rows written to "${sheet.getName()}".`,
  };
  if (nextHref) progress.next = JSON.stringify({ sheet: sheet.getName(), href: nextHref, written });
  return progress;
}

// ---- Row actions ---------------------------------------------------------------------------

const RowActionRequestSchema = z.object({
  action: z.enum(['log_calls', 'review_phones']),
  mapping: z.optional(z.record(z.string(), z.nullable(z.string()))),
});

function selectedRows(sheet: GoogleAppsScript.Spreadsheet.Sheet, grid: Grid): number[] {
  const range = sheet.getActiveRange();
  const first = Math.max(range ? range.getRow() : 2, grid.headerRow + 1);
  const last = range ? range.getLastRow() : sheet.getLastRow();
  const out: number[] = [];
  for (let r = first; r <= last; r++) if (grid.rows[grid.indexOfSheetRow(r)]) out.push(r);
  return out;
}

function prepareRowAction(input: unknown) {
  const req = parse(RowActionRequestSchema, input, 'The request could not be read');
  const def = ROW_ACTIONS[req.action as RowActionId];
  const sheet = SpreadsheetApp.getActiveSheet();
  const grid = new Grid(sheetPort(sheet), 1);
  const mapping = rowActionMapping(req.action, grid.headers, req.mapping ?? {});
  const rows = selectedRows(sheet, grid);
  return { req, def, sheet, grid, mapping, rows };
}

export function previewRowAction(input: unknown): RowActionPreview {
  const { req, def, sheet, grid, mapping, rows } = prepareRowAction(input);
  const missing = def.fields.filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
  return {
    action: req.action,
    sheetName: sheet.getName(),
    headers: grid.headers.map((h) => String(h ?? '')),
    fields: def.fields.map((f) => ({ field: f.field, label: f.label, required: f.required, header: mapping[f.field] === undefined ? '' : String(grid.headers[mapping[f.field]!]) })),
    rows: rows.length,
    summary: missing.length
      ? `Map a column to ${missing.join(', ')} first.`
      : `${def.label}: ${rows.length.toLocaleString('en-US')} selected row${rows.length === 1 ? '' : 's'} on "${sheet.getName()}".`,
  };
}

/** Sends one request per selected row; each row's status cell gets its result or the reason. */
export function runRowAction(input: unknown): RowActionResult {
  return withDocumentLock(() => sendRows(input));
}

function sendRows(input: unknown): RowActionResult {
  const c = client();
  const { req, def, grid, mapping, rows } = prepareRowAction(input);
  const headers = def.idHeader ? [def.status, def.idHeader] : [def.status];
  const [statusCol, idCol] = grid.ensureColumns(headers);
  const deadline = Date.now() + ROW_BUDGET_MS;
  const result: RowActionResult = { action: req.action, sent: 0, succeeded: 0, failed: 0, skipped: 0, message: '' };
  let stoppedEarly = false;
  for (const row of rows) {
    const i = grid.indexOfSheetRow(row);
    if (grid.get(i, statusCol!) === def.done) {
      result.skipped++;
      continue;
    }
    const planned = rowRequest(req.action, grid.rows[i]!, mapping);
    if ('blank' in planned) continue;
    if ('reason' in planned) {
      grid.set(i, statusCol!, planned.reason);
      result.skipped++;
      continue;
    }
    if (Date.now() >= deadline) {
      stoppedEarly = true;
      break;
    }
    result.sent++;
    try {
      if (req.action === 'log_calls') {
        const record = c.logCall(asCall(planned.body));
        if (idCol !== undefined) grid.set(i, idCol, record.id);
      } else {
        const { id, review } = asReview(planned.body);
        c.reviewPhoneNumber(id, review);
      }
      grid.set(i, statusCol!, def.done);
      result.succeeded++;
      // Written as it goes: a row whose call was logged must say so even if the run is cut off.
      if (result.sent % FLUSH_EVERY === 0) grid.flush();
    } catch (e) {
      result.failed++;
      const message = e instanceof ProspectingError ? e.message : e instanceof Error ? e.message : String(e);
      const unsure = e instanceof ProspectingError && e.ambiguous ? ' It may have gone through; check before running it again.' : '';
      grid.set(i, statusCol!, errorStatus(`${message}${unsure}`));
      if (e instanceof ProspectingError && (e.kind === 'unauthorized' || e.kind === 'insufficient_credits')) break;
    }
  }
  grid.flush();
  result.message =
    `${def.label}: ${result.succeeded} done` +
    (result.failed ? `, ${result.failed} failed` : '') +
    (result.skipped ? `, ${result.skipped} skipped` : '') +
    (stoppedEarly ? '. Time ran out: run it again for the rest.' : '.');
  return result;
}

// ---- Menu handlers -------------------------------------------------------------------------

function rowActionFromMenu(action: RowActionId): void {
  const ui = SpreadsheetApp.getUi();
  if (!readConnection()) {
    ui.alert(NOT_CONNECTED);
    return;
  }
  try {
    const preview = previewRowAction({ action });
    if (preview.fields.some((f) => f.required && !f.header) || preview.rows === 0) {
      ui.alert(preview.rows === 0 ? 'Select the rows to send first.' : `${preview.summary} Use the sidebar's Tools to map the columns.`);
      return;
    }
    if (ui.alert(ROW_ACTIONS[action].label, `${preview.summary}\n\nSend them now?`, ui.ButtonSet.YES_NO) !== ui.Button.YES) return;
    SpreadsheetApp.getActiveSpreadsheet().toast(runRowAction({ action }).message, ROW_ACTIONS[action].label, 8);
  } catch (e) {
    ui.alert(e instanceof Error ? e.message : String(e));
  }
}

export function logCallsFromSelection(): void {
  rowActionFromMenu('log_calls');
}

export function reviewPhonesFromSelection(): void {
  rowActionFromMenu('review_phones');
}
