// The rest of the API from the sidebar: imports into a sheet, page by page with progress, and
// row actions (log calls, review phone numbers) on the selected rows.
import { activeSheet, currentSpreadsheet, withDocumentLock } from '../gas/active-document';
import { toast, ui as spreadsheetUi } from '../gas/ui';
import * as z from 'zod/mini';
import { array, boolean, literal, nullable, oneOf, record, string } from '../api/kinds';
import type { ProspectingClient } from '../api/client';
import { errorText, fail } from '../base/fail';
import { ProspectingError, TRY_LATER, UNREADABLE_ANSWER } from '../api/errors';
import { thousands } from '../base/numbers';
import { trim } from '../api/input-errors';
import { maxLength, minLength, refine } from '../api/checks';
import { lazy } from '../base/lazy';
import { wholeNumber } from '../api/schemas';
import { JOB_SENIORITIES } from '../../contract/enumerations';
import { contactRows, exclusionRows, IMPORT_HEADERS, jobOpeningRows, mailboxRows, territoryRows, type ImportKind } from './imports';
import { words } from '../sheet/fields';
import { plural } from '../jobs/credit-words';
import { sendRowAction, type RowActionDeps, type RowActionOutcome, type RowSender } from './row-action-send';
import { ROW_ACTIONS, rowActionMapping, rowSender } from './row-actions';
import { keepPaced, waitsOf } from './paced-rows';
import { safeCell } from '../sheet/cells';
import { NOT_CONNECTED, requireClient } from '../gas/client-factory';
import { readConnection } from '../gas/key-store';
import { activeSelection, sheetPort } from '../gas/sheet-port';
import type { RowActionId, RowActionPreview, RowActionResult, ToolProgress } from './tool-types';
import { timeNow } from '../gas/clock';

/** A sidebar call writes pages for this long, then hands back a cursor to continue. */
export const TOOL_BUDGET_MS = 20 * 1000;
/** Row actions send one request per row; stop well inside the six-minute limit. */
const ROW_BUDGET_MS = 4.5 * 60 * 1000;

/** An import's request: the `tool` it names, what that import takes, and the sheet to append to, if any. */
const toolSchema = <T extends string, S extends z.core.$ZodLooseShape>(tool: T, shape: S) =>
  z.object({ tool: literal(tool), ...shape, sheetName: z.optional(string().check(trim, maxLength(100))) });

/** Each import's request, by the `tool` it names. */
const toolSchemas = lazy(() => ({
  territories: toolSchema('territories', { name: z.optional(string()) }),
  job_openings: toolSchema('job_openings', {
    domain: string().check(trim, minLength(1, { error: 'Enter the company domain.' })),
    seniorities: z.optional(array(oneOf(JOB_SENIORITIES))),
    departments: z.optional(array(string())),
    jobFunctions: z.optional(array(string())),
    remote: z.optional(boolean()),
  }),
  excluded_domains: toolSchema('excluded_domains', { keyword: z.optional(string()) }),
  excluded_emails: toolSchema('excluded_emails', { keyword: z.optional(string()) }),
  contact: toolSchema('contact', { contactId: string().check(trim, minLength(1, { error: 'Enter the contact id.' })) }),
  mailboxes: toolSchema('mailboxes', {}),
}));
type ToolSchemas = ReturnType<typeof toolSchemas>;
type ToolRequest = { [K in keyof ToolSchemas]: z.infer<ToolSchemas[K]> }[keyof ToolSchemas];
type ToolRequestInput = { [K in keyof ToolSchemas]: z.input<ToolSchemas[K]> }[keyof ToolSchemas];

/**
 * The `tool` a request names, read first: a request that is no object, or names no import, fails
 * here as a discriminated union would fail (a discriminated union costs the bundle 1.8 KB).
 */
const toolNameSchema = lazy(() => z.object({ tool: oneOf(Object.keys(toolSchemas()) as [keyof ToolSchemas]) }));

/** The request read by the schema of the import it names. */
const readToolRequest = (input: unknown, what: string): ToolRequest => {
  const { tool } = parse(toolNameSchema(), input, what);
  return parse<ToolRequest>(toolSchemas()[tool], input, what);
};

/**
 * The continuation the sidebar hands back: which sheet, which page, how many rows so far, and
 * what a failure must take back (the sheet, when the import made it; else its rows from `fromRow`).
 */
const cursorSchema = lazy(() =>
  z.object({
    sheet: string(),
    // Refinements, not z.regex() or z.minimum(1): the same checks, without their classes in the bundle.
    href: string().check(refine((href) => href.startsWith('/'))),
    written: wholeNumber(),
    made: z.optional(boolean()),
    fromRow: z.optional(wholeNumber().check(refine((n) => n >= 1))),
  }),
);

/** What a request from the sidebar that fails its schema is, before the first problem. */
export const UNREADABLE = 'The request could not be read';

/** `input` read by `schema`, or an error saying what could not be read and why. */
export const parse = <T>(schema: z.ZodMiniType<T>, input: unknown, what = UNREADABLE): T => {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  fail(`${what}: ${issue?.path.length ? `${issue.path.join('.')} ` : ''}${issue?.message ?? 'invalid'}`);
};

/** The existing sheet the request names, if any: the import appends to it. */
const chosenSheet = (request: ToolRequest): GoogleAppsScript.Spreadsheet.Sheet | null =>
  request.sheetName ? currentSpreadsheet().getSheetByName(request.sheetName) : null;

/** A new sheet for the import, named after it (with a number when the name is taken). */
const newSheet = (request: ToolRequest): GoogleAppsScript.Spreadsheet.Sheet =>
  insertNumberedSheet(
    request.sheetName ||
      // `job_openings` -> "Job openings", with the company or contact it lists.
      words(request.tool) +
        (request.tool === 'job_openings' ? ` · ${request.domain}` : request.tool === 'contact' ? ` · ${request.contactId}` : ''),
  );

/** A new sheet named `base`, with a number when the name is taken. */
export const insertNumberedSheet = (base: string): GoogleAppsScript.Spreadsheet.Sheet => {
  const ss = currentSpreadsheet();
  let name = base.slice(0, 90);
  for (let n = 2; ss.getSheetByName(name); n++) name = `${base.slice(0, 85)} (${n})`;
  return ss.insertSheet(name);
};

/**
 * Takes back what an import wrote, so a failed one leaves nothing behind: half a listing would
 * pass for all of it. A sheet it made goes; rows it appended to a chosen sheet are cleared.
 */
const undoImport = (sheet: GoogleAppsScript.Spreadsheet.Sheet, made: boolean, fromRow: number): void => {
  if (made) currentSpreadsheet().deleteSheet(sheet);
  else if (sheet.getLastRow() >= fromRow)
    sheet.getRange(fromRow, 1, sheet.getLastRow() - fromRow + 1, sheet.getLastColumn()).clearContent();
};

/** Why an import failed, in words, and that nothing of it was kept. */
const importFailure = (e: unknown, request: ToolRequest, written: number): Error => {
  const rows = written === 1 ? 'row written before the failure was' : 'rows written before the failure were';
  const undone = written ? ` (the ${thousands(written)} ${rows} removed)` : '';
  const kind = e instanceof ProspectingError && e.kind;
  const why =
    kind === 'not_found'
      ? request.tool === 'contact'
        ? 'No contact has that id.'
        : 'The service found nothing for that.'
      : kind === 'unreadable'
        ? `${UNREADABLE_ANSWER} ${TRY_LATER}`
        : errorText(e);
  return new Error(`Nothing was imported${undone}. ${why}`);
};

/** Appends rows below the sheet's last row, writing the header first on an empty sheet. */
const appendRows = (sheet: GoogleAppsScript.Spreadsheet.Sheet, kind: ImportKind, rows: unknown[][]): void => {
  const header = IMPORT_HEADERS[kind] as ReadonlyArray<string>;
  const block: unknown[][] = sheet.getLastRow() === 0 ? [[...header]] : [];
  for (const r of rows) block.push(r.map(safeCell));
  if (block.length) appendBlock(sheet, block);
};

/**
 * Writes `block` (rows of one width, from column A) below the sheet's last row, adding rows to
 * the sheet first when it has too few (a new sheet has 1,000).
 */
export const appendBlock = (sheet: GoogleAppsScript.Spreadsheet.Sheet, block: unknown[][]): void => {
  const row = sheet.getLastRow() + 1;
  const more = row + block.length - 1 - sheet.getMaxRows();
  if (more > 0) sheet.insertRowsAfter(sheet.getMaxRows(), more);
  sheet.getRange(row, 1, block.length, block[0]!.length).setValues(block as never);
};

/** Pages of the listing the request names, starting at `from` when continuing. */
const pagesOf = (c: ProspectingClient, request: ToolRequest, from: string | undefined): Generator<{ rows: unknown[][]; next?: string }> => {
  const shape = function* <P extends { _links: { next?: { href: string } } }>(pages: Generator<P>, rows: (p: P) => unknown[][]) {
    for (const p of pages) yield { rows: rows(p), next: p._links.next?.href };
  };
  switch (request.tool) {
    case 'territories':
      return shape(c.territoryPages({ name: request.name, size: 20 }, from), (p) => territoryRows(p.territories));
    case 'mailboxes':
      return shape(c.mailboxPages(20, from), (p) => mailboxRows(p.mailboxes));
    case 'job_openings':
      return shape(
        c.jobOpeningPages(
          {
            domain: request.domain,
            seniorities: request.seniorities,
            departments: request.departments,
            job_functions: request.jobFunctions,
            remote: request.remote,
          },
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
};

/**
 * Writes a listing into a new or chosen sheet. Each call writes pages for a while and returns
 * how far it got, with a cursor the sidebar passes back to continue, so it can show progress.
 */
export const runTool = (input: ToolRequestInput, next?: string): ToolProgress => withDocumentLock(() => writeToolPages(input, next));

const writeToolPages = (input: unknown, next?: unknown): ToolProgress => {
  const request = readToolRequest(input, 'The import could not be read');
  const cursor =
    next === undefined || next === null || next === ''
      ? undefined
      : parse(cursorSchema(), JSON.parse(String(next)), 'The import cannot continue');
  const c = requireClient();
  let sheet = cursor ? currentSpreadsheet().getSheetByName(cursor.sheet) : chosenSheet(request);
  if (cursor && !sheet) fail('The sheet of this import was deleted or renamed. Start the import again.');
  // A new sheet is made only once a page has arrived, so a request that fails makes none.
  const made = cursor ? cursor.made === true : !sheet;
  const fromRow = cursor?.fromRow ?? (sheet ? sheet.getLastRow() + 1 : 1);
  const deadline = timeNow() + TOOL_BUDGET_MS;
  let written = cursor?.written ?? 0;
  let nextHref: string | undefined;
  try {
    for (const page of pagesOf(c, request, cursor?.href)) {
      sheet ??= newSheet(request);
      appendRows(sheet, request.tool, page.rows);
      written += page.rows.length;
      nextHref = page.next;
      if (!nextHref || timeNow() >= deadline) break;
    }
  } catch (e) {
    if (sheet) undoImport(sheet, made, fromRow);
    throw importFailure(e, request, written);
  }
  sheet ??= newSheet(request);
  if (written === 0 && sheet.getLastRow() === 0) appendRows(sheet, request.tool, []);
  const sheetName = sheet.getName();
  const progress: ToolProgress = {
    sheetName,
    written,
    done: !nextHref,
    message: nextHref ? `${thousands(written)} rows so far…` : `${thousands(written)} rows written to "${sheetName}".`,
  };
  if (nextHref) progress.next = JSON.stringify({ sheet: sheetName, href: nextHref, written, made, fromRow });
  return progress;
};

// ---- Row actions ---------------------------------------------------------------------------

export const rowActionRequestSchema = lazy(() =>
  z.object({
    action: oneOf(['log_calls', 'review_phones', 'call_recordings', 'mailbox_limits']),
    mapping: z.optional(record(nullable(string()))),
    /** Call recordings: fetch links that have expired again. */
    refresh: z.optional(boolean()),
  }),
);

/** What sending rows needs: the client, the clock and the time budget. */
export const rowDeps = (c: ProspectingClient): RowActionDeps => ({
  client: c,
  now: timeNow,
  deadline: timeNow() + ROW_BUDGET_MS,
});

/** The selected rows of the active sheet, sent with `deps`, or without them only looked at. */
export const onSelection = (def: RowSender, deps?: RowActionDeps) => {
  const sheet = activeSheet();
  return { sheet, out: sendRowAction(def, activeSelection(sheet), sheetPort(sheet), deps) };
};

/**
 * A row action's request read, and its rows sent (with a client) or looked at. A paced action
 * keeps what it leaves Queued for the trigger (see paced-rows.ts), and skips rows it was told to wait.
 */
const rowAction = (input: unknown, c?: ProspectingClient) => {
  const req = parse(rowActionRequestSchema(), input);
  const mapping = req.mapping ?? {};
  const sender = rowSender(req.action, mapping, req.refresh ? timeNow() : undefined);
  const sheet = activeSheet();
  const ss = currentSpreadsheet();
  const waits = sender.paced ? waitsOf(ss.getId(), sheet.getSheetId(), req.action) : undefined;
  const deps = c && { ...rowDeps(c), waits };
  const out = sendRowAction(sender, activeSelection(sheet), sheetPort(sheet), deps);
  if (deps && waits)
    keepPaced(ss, { sheetId: sheet.getSheetId(), action: req.action, mapping, headerRow: out.headerRow }, out.waitUntil, waits);
  return { req, def: ROW_ACTIONS[req.action], sheet, out };
};

export const previewRowAction = (input: z.input<ReturnType<typeof rowActionRequestSchema>>): RowActionPreview => {
  const {
    req,
    def,
    sheet,
    out: { headers, rows, queued },
  } = rowAction(input);
  const mapping = rowActionMapping(req.action, headers, req.mapping ?? {});
  const missing = def.fields.filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
  return {
    action: req.action,
    sheetName: sheet.getName(),
    headers,
    fields: def.fields.map((f) => ({
      field: f.field,
      label: f.label,
      required: f.required,
      header: mapping[f.field] === undefined ? '' : headers[mapping[f.field]!]!,
    })),
    rows,
    summary: missing.length
      ? `Map a column to ${missing.join(', ')} first.`
      : `${def.label}: ${plural(rows, 'selected row')} on "${sheet.getName()}"${queued < rows ? `, ${thousands(queued)} to send` : ''}.`,
  };
};

/** Sends one request per selected row; each row's status cell gets its result or the reason. */
export const runRowAction = (input: z.input<ReturnType<typeof rowActionRequestSchema>>): RowActionResult =>
  withDocumentLock(() => {
    const { req, def, out } = rowAction(input, requireClient());
    return {
      action: req.action,
      sent: out.sent,
      succeeded: out.succeeded,
      failed: out.failed,
      skipped: out.skipped,
      message: outcomeMessage(def.label, out),
      complete: !out.failed && !out.skipped && !out.stoppedEarly && !out.stopped && !out.unplaced.length && out.waitUntil === undefined,
    };
  });

/** What came of sending rows, in a sentence or two, with why rows were not done (the three commonest reasons). */
export const outcomeMessage = (label: string, out: RowActionOutcome): string =>
  `${label}: ${out.succeeded} done` +
  (out.failed ? `, ${out.failed} failed` : '') +
  (out.skipped ? `, ${out.skipped} skipped` : '') +
  Object.entries(out.reasons)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([why, n], i) => `${i ? ';' : ':'} ${why} (${plural(n, 'row')})`)
    .join('') +
  (out.unplaced.length
    ? `; ${out.unplaced.length} went through but their rows were changed meanwhile (ids ${out.unplaced.join(', ')})`
    : '') +
  (out.stopped
    ? `. Stopped: ${out.stopped}`
    : out.stoppedEarly
      ? '. Time ran out: run it again for the rest.'
      : out.waitUntil !== undefined
        ? `. The rest wait for the service's limit and go on by themselves ${afterWords(out.waitUntil - timeNow())}, also with the sidebar closed: their rows say Queued until then.`
        : '.');

/** How long until something, roughly: `in about a minute`, `in about 50 minutes`, `in about 2 hours`. */
const afterWords = (ms: number): string => {
  const minutes = Math.ceil(ms / 60000);
  if (minutes <= 1) return 'in about a minute';
  return minutes < 90 ? `in about ${minutes} minutes` : `in about ${Math.round(minutes / 60)} hours`;
};

// ---- Menu handlers -------------------------------------------------------------------------

const rowActionFromMenu = (action: RowActionId): void => {
  const ui = spreadsheetUi();
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
    const { label } = ROW_ACTIONS[action];
    if (ui.alert(label, `${preview.summary}\n\nSend them now?`, ui.ButtonSet.YES_NO) !== ui.Button.YES) return;
    const result = runRowAction({ action });
    // Rows refused or not sent are told in an alert, with why; a run that did every row, in a toast.
    if (result.complete) toast(result.message, label, 8);
    else ui.alert(label, result.message, ui.ButtonSet.OK);
  } catch (e) {
    ui.alert(errorText(e));
  }
};

export const logCallsFromSelection = (): void => rowActionFromMenu('log_calls');

export const reviewPhonesFromSelection = (): void => rowActionFromMenu('review_phones');

export const callRecordingsFromSelection = (): void => rowActionFromMenu('call_recordings');

export const mailboxLimitsFromSelection = (): void => rowActionFromMenu('mailbox_limits');
