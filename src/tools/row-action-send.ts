// Sending selected rows so that no row is sent twice: rows are marked Queued, then Sending, in
// groups; each answer is written after a fresh read, to the Sending row whose request it answers,
// wherever that row is now. A request carries one row (logging calls, reviewing phone numbers) or
// many (adding leads to a sequence), and answers each of its rows.
import { max, min } from '../base/numbers';
import type { ProspectingClient } from '../api/client';
import { throwUnlessProspecting, type ProspectingError } from '../api/errors';
import { classify } from '../api/failure';
import { Grid, type SheetPort } from '../sheet/grid';
import { cellText } from '../sheet/keys';
import { safeCell } from '../sheet/cells';
import { EMPTIED, errorStatus, QUEUED, readStatus, REPEATED, SENDING, skippedStatus } from '../jobs/row-status';
import { restatus } from '../jobs/job-layout';
import type { Selection } from '../jobs/run-setup';
import { findHeaderRow } from '../jobs/header-row';
import { rowReason } from '../jobs/step-context';

/** Rows sent between two reads of the sheet; a request of more rows is a group of its own. */
const GROUP = 25;
/** How the reason of a row that may have gone through ends: it is not sent again until its status is cleared. */
const UNSURE = 'check before sending it again.';

export type RowRequest = { body: Record<string, unknown> } | { reason: string } | { blank: true };
/**
 * A row's answer: its status; the values of the columns after the status column (`cells`, else
 * the id alone); and an id, listed when its row is gone.
 */
export type RowAnswer = { status: string; id?: string; cells?: unknown[] };

/** One row action: its columns, what each row sends, and how a request goes out. */
export interface RowSender {
  /** The status column's header, then the id column's when answers carry ids. */
  headers: string[];
  /** Rows per request: 1 sends each row on its own. */
  batch: number;
  /** Reads the header row; answers what a row sends, or why it cannot be sent. */
  planner(headers: ReadonlyArray<unknown>): (row: ReadonlyArray<unknown>) => RowRequest;
  /** What makes two rows one lead: a row repeating another selected one (earlier, or done) is not sent. */
  keys?(body: Record<string, unknown>): string[];
  /** Sends the bodies in one request; one answer per body, in order. */
  send(client: ProspectingClient, bodies: Array<Record<string, unknown>>): RowAnswer[];
  /** A refusal that ends the whole run, in words (what the rows go to is gone); else nothing. */
  refusal?(e: ProspectingError): string | false;
  /** The column a field of the request is read from, by the field's name, for a refusal that points at it. */
  field?(name: string): string | undefined;
  /** What a row's 404 means, when it means more than "not found". */
  notFound?: string | false;
  /** What a row's 409 `invalid_state` means, when it means more than "not in a state that allows it". */
  conflict?: string;
  /**
   * Paced by the service's limits: a row refused with 429 goes back to Queued and waits what the
   * service asked (`RowActionDeps.waits`), and the run stops at the second refusal in a row; the
   * rows left stay Queued, for a later run of the same rows (`RowActionOutcome.waitUntil`).
   */
  paced?: boolean;
  /** A row done is sent again when the planner sends it (a changed mailbox limit, an expired link asked for). */
  resend?: boolean;
}

export interface RowActionDeps {
  client: ProspectingClient;
  now: () => number;
  deadline: number;
  /** Paced: when each row refused with 429 may be sent again, by its request as text. */
  waits?: Map<string, number>;
}

/** How the selected rows stood before sending. */
export interface RowMarks {
  /** Selected rows the person sees, below the header. */
  rows: number;
  /** Rows to send. */
  queued: number;
  /** Rows already done: never sent again. */
  done: number;
  skipped: number;
  /** Rows skipped before sending (and, once sent, rows that failed), by reason. */
  reasons: Record<string, number>;
}

export interface RowActionOutcome extends RowMarks {
  /** The header row, as text, and where it is (a sheet row). */
  headers: string[];
  headerRow: number;
  sent: number;
  succeeded: number;
  failed: number;
  /** Requests that went through but whose row was deleted or edited meanwhile. */
  unplaced: string[];
  stoppedEarly: boolean;
  stopped?: string;
  /** Paced: rows are still Queued, and may be sent from then on. */
  waitUntil?: number;
}

interface Columns {
  grid: Grid;
  header: number;
  plan: (row: ReadonlyArray<unknown>) => RowRequest;
  status: number;
  /** The columns after the status column, in the order of `RowSender.headers`. */
  outputs: number[];
}

/** The columns of a read; `place` adds the missing output columns to the sheet (else an empty one stands in). */
const columns = (def: RowSender, grid: Grid, headerRow: number, place = true): Columns => {
  const statusHeader = def.headers[0]!;
  let header = grid.rowIndex(headerRow);
  // The header row may have moved (a sort): it is where the status header is now.
  if (grid.columnIn(header, statusHeader) === undefined) {
    const found = grid.rows.findIndex((_, i) => grid.columnIn(i, statusHeader) !== undefined);
    if (found >= 0) header = found;
  }
  const plan = def.planner(grid.row(header));
  const [status, ...outputs] = place ? grid.placeColumns(header, def.headers) : [grid.columnIn(header, statusHeader) ?? grid.usedWidth()];
  return { grid, header, plan, status: status!, outputs };
};

/** The status kind of row `i`; none for the header row. */
const kindAt = (cols: Columns, i: number) => (i === cols.header ? undefined : readStatus(cols.grid.get(i, cols.status)).kind);

/**
 * Marks each selected visible row to send Queued and each that cannot be sent with its reason,
 * in memory; rows done, queued or that may have gone through are left as they are.
 */
const mark = (def: RowSender, cols: Columns, selection: Selection, headerRow: number): RowMarks => {
  const marks: RowMarks = { rows: 0, queued: 0, done: 0, skipped: 0, reasons: {} };
  const { grid } = cols;
  const seen = new Set<string | number>();
  const open: Array<[number, RowRequest, string[]]> = [];
  for (const { firstRow, lastRow } of selection.ranges) {
    for (let r = max(firstRow, headerRow + 1); r <= min(lastRow, grid.rows.length); r++) {
      const i = grid.rowIndex(r);
      // A row in two selected ranges counts once.
      if (selection.hidden.has(r) || seen.has(r)) continue;
      seen.add(r);
      marks.rows++;
      const status = readStatus(grid.get(i, cols.status));
      const planned = cols.plan(grid.row(i));
      const keys = 'body' in planned && def.keys ? def.keys(planned.body) : [];
      // A row done, or that may have gone through in an earlier run (not sent until its status is
      // cleared), holds its lead: a row repeating it is not sent, wherever either is.
      if ((status.kind === 'done' && !(def.resend && 'body' in planned)) || (status.kind === 'error' && status.text.endsWith(UNSURE))) {
        if (status.kind === 'done') marks.done++;
        for (const k of keys) seen.add(k);
      } else if (status.kind !== 'queued' && !('blank' in planned)) open.push([i, planned, keys]);
    }
  }
  for (const [i, planned, keys] of open) {
    const reason = 'reason' in planned ? planned.reason : keys.some((k) => seen.has(k)) ? REPEATED : undefined;
    for (const k of keys) seen.add(k);
    if (reason === undefined) {
      grid.set(i, cols.status, QUEUED);
      marks.queued++;
      continue;
    }
    grid.set(i, cols.status, skippedStatus(reason));
    marks.skipped++;
    count(marks.reasons, reason);
  }
  return marks;
};

/** `n` more rows for `reason`, worded as a row's status cell ends: `missing From`, `not found`. */
const count = (reasons: Record<string, number>, reason: string, n = 1): void => {
  const why = reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, '');
  reasons[why] = (reasons[why] ?? 0) + n;
};

/**
 * Why the service refused a row's request, in words naming what the person can fix: the column
 * a refusal points at, what a 404 means here, the client's own refusal (it names the field);
 * else the row's reason for that kind of failure.
 */
const refusedRow = (def: RowSender, e: ProspectingError): string => {
  const column = e.pointer && def.field?.(e.pointer.slice(1));
  if (column) return `The service refused the row's ${column}.`;
  return (
    (e.kind === 'not_found' && def.notFound) ||
    (e.kind === 'invalid_state' && def.conflict) ||
    (e.kind === 'invalid_request' ? e.message : rowReason(e))
  );
};

/** Sends the selected rows; without `deps` only tells how they stand (nothing written, nothing sent), for a preview. */
export const sendRowAction = (def: RowSender, selection: Selection, sheet: SheetPort, deps?: RowActionDeps): RowActionOutcome => {
  const first = new Grid(sheet);
  const headerRow = findHeaderRow(first, selection);
  let cols = columns(def, first, headerRow, deps !== undefined);
  const { grid } = cols;
  // A row left Sending by a run cut off mid-request may have gone through: it is never re-sent.
  restatus(cols, (cell) => readStatus(cell).kind === 'sending' && errorStatus(`the run was cut off while this row was sent; ${UNSURE}`));
  // Mark every selected visible row that is to be sent, in one write, before any request.
  const out: RowActionOutcome = {
    ...mark(def, cols, selection, headerRow),
    headers: grid.row(cols.header).map(cellText),
    headerRow,
    sent: 0,
    succeeded: 0,
    failed: 0,
    unplaced: [],
    stoppedEarly: false,
  };
  if (!deps) return out;
  grid.flush();
  let paused = false;
  let refusedBefore = false;

  for (;;) {
    const { grid, status } = cols;
    // Pick the next group among the Queued rows, wherever they are now, and mark it Sending.
    const group: Array<{ key: string; body: Record<string, unknown> }> = [];
    for (let i = 0; i < grid.rows.length && group.length < max(GROUP, def.batch); i++) {
      if (kindAt(cols, i) !== 'queued') continue;
      const planned = cols.plan(grid.row(i));
      if (!('body' in planned)) {
        grid.set(i, status, skippedStatus('reason' in planned ? planned.reason : EMPTIED));
        continue;
      }
      // The request a row sends, as text, finds the row again after the person moved it.
      const key = JSON.stringify(planned.body);
      const waiting = deps.waits?.get(key);
      if (waiting !== undefined && waiting > deps.now()) {
        out.waitUntil = min(out.waitUntil ?? waiting, waiting);
        continue;
      }
      grid.set(i, status, SENDING);
      group.push({ key, body: planned.body });
    }
    const left = out.stopped !== undefined || paused || deps.now() >= deps.deadline;
    // Paced, the rows left wait in the queue for a later run: a refused one for its time, the
    // rest as soon as the service allows (out of time: at once).
    if (def.paced && out.stopped === undefined && (group.length === 0 || left)) {
      if (left && !paused) out.waitUntil = deps.now();
      restatus(cols, (cell) => readStatus(cell).kind === 'sending' && QUEUED);
      grid.flush();
      return out;
    }
    if (group.length === 0 || left) {
      if (left) {
        out.stoppedEarly = out.stopped === undefined;
        const word = skippedStatus(`not sent: ${out.stopped || 'time ran out. Run it again for the rest.'}`);
        restatus(cols, (cell) => ['queued', 'sending'].includes(readStatus(cell).kind) && word);
      }
      grid.flush();
      return out;
    }
    grid.flush();
    const answers: Answer[] = [];
    for (let k = 0; k < group.length; k += def.batch) {
      const chunk = group.slice(k, k + def.batch);
      if (out.stopped !== undefined || paused) {
        for (const { key } of chunk) answers.push({ key, status: paused ? QUEUED : skippedStatus(`not sent: ${out.stopped}`) });
        continue;
      }
      out.sent += chunk.length;
      try {
        def
          .send(
            deps.client,
            chunk.map((g) => g.body),
          )
          .forEach((a, j) => {
            answers.push({ key: chunk[j]!.key, ...a });
            if (readStatus(a.status).kind === 'done') out.succeeded++;
            else {
              out.skipped++;
              // `Skipped: already in this sequence`: counted under its reason.
              count(out.reasons, a.status.replace(/^\w+: /, ''));
            }
          });
        refusedBefore = false;
      } catch (e) {
        throwUnlessProspecting(e);
        if (def.paced && classify(e) === 'wait') {
          // Not done: back in the queue until the time the service asked for.
          const until = deps.now() + (e.retryAfter ?? 60) * 1000;
          for (const { key } of chunk) {
            answers.push({ key, status: QUEUED });
            deps.waits?.set(key, until);
          }
          out.sent -= chunk.length;
          out.waitUntil = min(out.waitUntil ?? until, until);
          // One refusal may be the row's own limit; two in a row, the account's.
          paused = refusedBefore;
          refusedBefore = true;
          continue;
        }
        out.failed += chunk.length;
        const refused = def.refusal?.(e);
        const unsure = e.ambiguous ? ` It may have gone through; ${UNSURE}` : '';
        const why = refused || refusedRow(def, e);
        for (const { key } of chunk) answers.push({ key, status: errorStatus(`${why}${unsure}`) });
        count(out.reasons, why, chunk.length);
        // The rest would fail the same way: a refused key, no credits, a wait, Apps Script's quota.
        const failure = classify(e);
        if (refused || failure === 'key' || failure === 'credits' || failure === 'wait' || failure === 'quota')
          out.stopped = refused || e.message;
      }
    }
    // The answers go to the rows that sent them, found again after the person may have moved them.
    cols = columns(def, new Grid(sheet), grid.sheetRow(cols.header));
    place(cols, answers, out);
  }
};

/** Rows left Queued that no run will send (a paced run whose key is gone): each says so, and why. */
export const dropQueued = (def: RowSender, sheet: SheetPort, headerRow: number, why: string): void => {
  const cols = columns(def, new Grid(sheet), headerRow, false);
  const word = skippedStatus(`not sent: ${why}`);
  restatus(cols, (cell) => readStatus(cell).kind === 'queued' && word);
  cols.grid.flush();
};

/** An answer, with the request its row sent, as text. */
type Answer = RowAnswer & { key: string };

/** Writes each answer to the Sending row whose request it answers; an answer whose row is gone is listed. */
const place = (cols: Columns, answers: ReadonlyArray<Answer>, out: RowActionOutcome): void => {
  const { grid, status, outputs } = cols;
  const sending = new Map<string, number[]>();
  for (let i = 0; i < grid.rows.length; i++) {
    if (kindAt(cols, i) !== 'sending') continue;
    const planned = cols.plan(grid.row(i));
    if (!('body' in planned)) continue;
    const key = JSON.stringify(planned.body);
    sending.set(key, [...(sending.get(key) ?? []), i]);
  }
  for (const a of answers) {
    const i = sending.get(a.key)?.shift();
    if (i === undefined) {
      if (a.id) out.unplaced.push(a.id);
      continue;
    }
    grid.set(i, status, a.status);
    // Network data, written as text: a link or a date from the service never becomes a formula.
    (a.cells ?? (a.id === undefined ? [] : [a.id])).forEach((v, j) => outputs[j] !== undefined && grid.set(i, outputs[j], safeCell(v)));
  }
  // A Sending row no answer found was edited or moved out of reach: it says so.
  for (const rows of sending.values()) {
    for (const i of rows) grid.set(i, status, errorStatus(`the row changed while it was sent; ${UNSURE}`));
  }
};
