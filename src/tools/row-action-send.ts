// Sending selected rows one request each (logging calls, reviewing phone numbers) so that no
// row is sent twice: rows are marked Queued, then Sending, in groups; each answer is written
// after a fresh read, to the Sending row whose request it answers, wherever that row is now.
import type { ProspectingClient } from '../api/client';
import { ProspectingError } from '../api/errors';
import { classify } from '../api/failure';
import { Grid, type SheetPort } from '../sheet/grid';
import { asCall, asReview, ROW_ACTIONS, rowActionMapping, rowRequest, type RowActionId } from './row-actions';
import { errorStatus, QUEUED, readStatus, SENDING, skippedStatus } from '../jobs/row-status';
import { findHeaderRow, type Selection } from '../jobs/start';
import { rowReason } from '../jobs/step-context';

/** Rows sent between two reads of the sheet. */
const GROUP = 25;

export interface RowActionDeps {
  client: ProspectingClient;
  sheet: SheetPort;
  now: () => number;
  deadline: number;
}

export interface RowActionOutcome {
  sent: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** Requests that went through but whose row was deleted or edited meanwhile. */
  unplaced: string[];
  stoppedEarly: boolean;
  stopped?: string;
}

interface Columns {
  grid: Grid;
  header: number;
  mapping: Record<string, number>;
  status: number;
  id?: number;
}

function columns(action: RowActionId, grid: Grid, headerRow: number, overrides: Record<string, string | null>): Columns {
  const def = ROW_ACTIONS[action];
  let header = grid.indexOfSheetRow(headerRow);
  // The header row may have moved (a sort): it is where the status header is now.
  if (grid.columnIn(header, def.status) === undefined) {
    const found = grid.rows.findIndex((_, i) => grid.columnIn(i, def.status) !== undefined);
    if (found >= 0) header = found;
  }
  const mapping = rowActionMapping(action, grid.row(header), overrides);
  const [status, id] = grid.placeColumns(header, def.idHeader ? [def.status, def.idHeader] : [def.status]);
  return { grid, header, mapping, status: status!, id };
}

/** The request a row sends, as text: what finds the row again after the person moved it. */
function fingerprint(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

export function sendRowAction(
  action: RowActionId,
  selection: Selection,
  overrides: Record<string, string | null>,
  deps: RowActionDeps,
): RowActionOutcome {
  const def = ROW_ACTIONS[action];
  const out: RowActionOutcome = { sent: 0, succeeded: 0, failed: 0, skipped: 0, unplaced: [], stoppedEarly: false };
  const first = new Grid(deps.sheet);
  const headerRow = findHeaderRow(first, selection);
  let cols = columns(action, first, headerRow, overrides);
  const { grid } = cols;
  // A row left Sending by a run cut off mid-request may have gone through: it is never re-sent.
  for (let i = 0; i < grid.rows.length; i++) {
    if (i !== cols.header && readStatus(grid.get(i, cols.status)).kind === 'sending') {
      grid.set(i, cols.status, errorStatus('the run was cut off while this row was sent; check before sending it again.'));
    }
  }
  // Mark every selected visible row that is to be sent, in one write, before any request.
  for (const { firstRow, lastRow } of selection.ranges) {
    for (let r = Math.max(firstRow, headerRow + 1); r <= Math.min(lastRow, grid.rows.length); r++) {
      const i = grid.indexOfSheetRow(r);
      if (selection.hidden.has(r)) continue;
      const status = readStatus(grid.get(i, cols.status));
      if (status.kind === 'done' || status.kind === 'queued') continue;
      const planned = rowRequest(action, grid.row(i), cols.mapping);
      if ('blank' in planned) continue;
      if ('reason' in planned) {
        grid.set(i, cols.status, skippedStatus(planned.reason));
        out.skipped++;
        continue;
      }
      grid.set(i, cols.status, QUEUED);
    }
  }
  grid.flush();

  for (;;) {
    // Pick the next group among the Queued rows, wherever they are now, and mark it Sending.
    const group: Array<{ key: string; body: Record<string, unknown> }> = [];
    for (let i = 0; i < cols.grid.rows.length && group.length < GROUP; i++) {
      if (i === cols.header || readStatus(cols.grid.get(i, cols.status)).kind !== 'queued') continue;
      const planned = rowRequest(action, cols.grid.row(i), cols.mapping);
      if (!('body' in planned)) {
        cols.grid.set(i, cols.status, skippedStatus('reason' in planned ? planned.reason : 'the row was emptied before it was sent'));
        continue;
      }
      cols.grid.set(i, cols.status, SENDING);
      group.push({ key: fingerprint(planned.body), body: planned.body });
    }
    const left = out.stopped !== undefined || deps.now() >= deps.deadline;
    if (group.length === 0 || left) {
      if (left) {
        out.stoppedEarly = out.stopped === undefined;
        for (let i = 0; i < cols.grid.rows.length; i++) {
          const kind = readStatus(cols.grid.get(i, cols.status)).kind;
          if (i !== cols.header && (kind === 'queued' || kind === 'sending')) {
            cols.grid.set(
              i,
              cols.status,
              skippedStatus(out.stopped ? `not sent: ${out.stopped}` : 'not sent: time ran out. Run it again for the rest.'),
            );
          }
        }
      }
      cols.grid.flush();
      return out;
    }
    cols.grid.flush();
    const answers: Array<{ key: string; status: string; id?: string }> = [];
    for (const { key, body } of group) {
      if (out.stopped !== undefined) {
        answers.push({ key, status: skippedStatus(`not sent: ${out.stopped}`) });
        continue;
      }
      out.sent++;
      try {
        if (action === 'log_calls') {
          answers.push({ key, status: def.done, id: deps.client.logCall(asCall(body)).id });
        } else {
          const { id, review } = asReview(body);
          deps.client.reviewPhoneNumber(id, review);
          answers.push({ key, status: def.done });
        }
        out.succeeded++;
      } catch (e) {
        if (!(e instanceof ProspectingError)) throw e;
        out.failed++;
        const unsure = e.ambiguous ? ' It may have gone through; check before sending it again.' : '';
        answers.push({ key, status: errorStatus(`${rowReason(e)}${unsure}`) });
        // The rest would fail the same way: a refused key, no credits, a wait, Apps Script's quota.
        const failure = classify(e);
        if (failure === 'key' || failure === 'credits' || failure === 'wait' || failure === 'quota') out.stopped = e.message;
      }
    }
    // The answers go to the rows that sent them, found again after the person may have moved them.
    cols = columns(action, new Grid(deps.sheet), cols.grid.sheetRow(cols.header), overrides);
    const sending = new Map<string, number[]>();
    for (let i = 0; i < cols.grid.rows.length; i++) {
      if (i === cols.header || readStatus(cols.grid.get(i, cols.status)).kind !== 'sending') continue;
      const planned = rowRequest(action, cols.grid.row(i), cols.mapping);
      if (!('body' in planned)) continue;
      const key = fingerprint(planned.body);
      sending.set(key, [...(sending.get(key) ?? []), i]);
    }
    for (const a of answers) {
      const i = sending.get(a.key)?.shift();
      if (i === undefined) {
        if (a.id) out.unplaced.push(a.id);
        continue;
      }
      cols.grid.set(i, cols.status, a.status);
      if (a.id !== undefined && cols.id !== undefined) cols.grid.set(i, cols.id, a.id);
    }
    // A Sending row no answer found was edited or moved out of reach: it says so.
    for (const rows of sending.values()) {
      for (const i of rows) cols.grid.set(i, cols.status, errorStatus('the row changed while it was sent; check before sending it again.'));
    }
  }
}
