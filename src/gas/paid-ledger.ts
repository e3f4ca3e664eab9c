// The paid ledger: each key whose request the service accepted, by sheet and action, with when,
// kept in a hidden sheet of the spreadsheet (a 50,000-row run's keys fit there, not in
// properties). Read once per execution; row-life.ts asks it before any run spends.
import type { Paid } from '../jobs/row-life';
import { safeCell } from '../sheet/cells';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Ledger = Map<string, Map<string, number>>;

export const LEDGER_SHEET = 'Prospecting · paid';
const HEADERS = ['Sheet', 'Action', 'Key', 'Accepted at (ms)'];
/** Entries kept at most this long: past the longest re-check age (365 days), with room. */
const KEEP_MS = 400 * 24 * 60 * 60 * 1000;

/** This execution's reading, by spreadsheet id: one getValues whatever the runs ask. */
const readings = new Map<string, { ledger: Ledger; rows: number }>();

const slot = (sheetId: number, action: string): string => `${sheetId} ${action}`;

const reading = (spreadsheet: Spreadsheet) => {
  const id = spreadsheet.getId();
  let r = readings.get(id);
  if (r) return r;
  r = { ledger: new Map(), rows: 0 };
  const sheet = spreadsheet.getSheetByName(LEDGER_SHEET);
  const last = sheet ? sheet.getLastRow() : 0;
  if (sheet && last > 1)
    for (const [sheetId, action, key, at] of sheet.getRange(2, 1, last - 1, 4).getValues())
      add(r.ledger, slot(Number(sheetId), String(action)), String(key), Number(at));
  r.rows = Math.max(0, last - 1);
  readings.set(id, r);
  return r;
};

/** Keeps the latest time of each key (a key bought again when stale is dated anew). */
const add = (ledger: Ledger, at: string, key: string, when: number): void => {
  if (!key || !Number.isFinite(when)) return;
  let keys = ledger.get(at);
  if (!keys) ledger.set(at, (keys = new Map()));
  if (!(when <= (keys.get(key) ?? -Infinity))) keys.set(key, when);
};

/** The keys paid for on a sheet for an action. */
export const readPaid = (spreadsheet: Spreadsheet, sheetId: number, action: string): Paid =>
  reading(spreadsheet).ledger.get(slot(sheetId, action)) ?? new Map();

/**
 * Records keys as paid. The ledger guards against paying twice; a failure to write it never fails
 * the step whose request went out (its rows' stamps and statuses still say what was sent).
 */
export const notePaid = (
  spreadsheet: Spreadsheet,
  sheetId: number,
  action: string,
  entries: ReadonlyArray<{ key: string; at: number }>,
): void => {
  if (entries.length === 0) return;
  try {
    const r = reading(spreadsheet);
    for (const e of entries) add(r.ledger, slot(sheetId, action), e.key, e.at);
    let sheet = spreadsheet.getSheetByName(LEDGER_SHEET);
    if (!sheet) {
      const active = spreadsheet.getActiveSheet();
      sheet = spreadsheet.insertSheet(LEDGER_SHEET);
      sheet.hideSheet();
      spreadsheet.setActiveSheet(active);
    }
    const rows = entries.map((e) => [sheetId, action, safeCell(e.key), e.at]);
    const distinct = [...r.ledger.values()].reduce((n, keys) => n + keys.size, 0);
    if (r.rows + rows.length > 2 * distinct + 1000) {
      // Mostly keys dated again: written anew, each key once, old entries dropped.
      const since = entries[0]!.at - KEEP_MS;
      const all: unknown[][] = [HEADERS];
      for (const [at, keys] of r.ledger) {
        const [id, act] = at.split(' ');
        for (const [key, when] of keys) if (when >= since) all.push([Number(id), act, safeCell(key), when]);
      }
      sheet.clear();
      sheet.getRange(1, 1, all.length, 4).setValues(all);
      r.rows = all.length - 1;
      return;
    }
    if (sheet.getLastRow() === 0) sheet.getRange(1, 1, 1, 4).setValues([HEADERS]);
    sheet.getRange(sheet.getLastRow() + 1, 1, rows.length, 4).setValues(rows);
    r.rows += rows.length;
  } catch {
    // Kept in this execution's reading at least; the rows' stamps and statuses stand.
  }
};
