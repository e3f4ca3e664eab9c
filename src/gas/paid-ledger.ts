// The paid ledger: each key whose request the service accepted, by sheet and action, with when,
// kept in a hidden sheet of the spreadsheet (a 50,000-row run's keys fit there, not in
// properties). A row holds one acceptance: its sheet and action, when, and its keys in one cell,
// so a part of thousands of keys is one short row. Read once per execution, and only where a run
// plans; row-life.ts asks it before any run spends.
import { buysAnswer, type Paid } from '../jobs/row-life';
import { hiddenSheet } from './hidden-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Ledger = Map<string, Map<string, number>>;

export const LEDGER_SHEET = 'Prospecting · paid';
const HEADERS = ['Sheet and action', 'Accepted at (ms)', 'Keys'];
/** Keys per cell: well under a cell's 50,000 characters for any key the API takes. */
const KEYS_PER_CELL = 400;
/** Past this many rows the ledger is written anew, each key once at its latest time. */
const COMPACT_ROWS = 2000;
/** Entries kept at most this long: past the longest re-check age (365 days), with room. */
const KEEP_MS = 400 * 24 * 60 * 60 * 1000;

/** This execution's reading, by spreadsheet id. */
const readings = new Map<string, Ledger>();

const slot = (sheetId: number, action: string): string => `${sheetId} ${action}`;

/** Keeps the latest time of each key (a key bought again when stale is dated anew). */
const add = (ledger: Ledger, at: string, keys: Iterable<string>, when: number): void => {
  if (!Number.isFinite(when)) return;
  let known = ledger.get(at);
  if (!known) ledger.set(at, (known = new Map<string, number>()));
  for (const key of keys) if (key && !(when <= (known.get(key) ?? -Infinity))) known.set(key, when);
};

const ledgerSheet = (spreadsheet: Spreadsheet) => spreadsheet.getSheetByName(LEDGER_SHEET);

const reading = (spreadsheet: Spreadsheet): Ledger => {
  const id = spreadsheet.getId();
  let ledger = readings.get(id);
  if (ledger) return ledger;
  ledger = new Map();
  const sheet = ledgerSheet(spreadsheet);
  const last = sheet ? sheet.getLastRow() : 0;
  if (sheet && last > 1)
    for (const [at, when, keys] of sheet.getRange(2, 1, last - 1, 3).getValues())
      add(ledger, String(at), String(keys).split('\n'), Number(when));
  readings.set(id, ledger);
  return ledger;
};

/** The keys paid for on a sheet for an action. */
export const readPaid = (spreadsheet: Spreadsheet, sheetId: number, action: string): Paid =>
  (buysAnswer(action) && reading(spreadsheet).get(slot(sheetId, action))) || new Map();

/** Every sheet's keys paid for an action: [sheet id, its keys]. */
export const paidPlaces = (spreadsheet: Spreadsheet, action: string): Array<[number, Paid]> => {
  if (!buysAnswer(action)) return [];
  const out: Array<[number, Paid]> = [];
  for (const [at, keys] of reading(spreadsheet)) {
    const space = at.indexOf(' ');
    if (at.slice(space + 1) === action) out.push([Number(at.slice(0, space)), keys]);
  }
  return out;
};

/** Rows of the ledger for keys accepted at one time: a cell of keys at a time. */
const rowsOf = (at: string, when: number, keys: ReadonlyArray<string>): unknown[][] => {
  const rows: unknown[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_CELL) rows.push([at, when, keys.slice(i, i + KEYS_PER_CELL).join('\n')]);
  return rows;
};

/**
 * Records keys as paid. It appends without reading the ledger (a step of a long job pays no
 * read for it); the ledger guards against paying twice, and a failure to write it never fails
 * the step whose request went out (its rows' stamps and statuses still say what was sent).
 */
export const notePaid = (
  spreadsheet: Spreadsheet,
  sheetId: number,
  action: string,
  entries: ReadonlyArray<{ key: string; at: number }>,
): void => {
  if (entries.length === 0 || !buysAnswer(action)) return;
  try {
    const at = slot(sheetId, action);
    const known = readings.get(spreadsheet.getId());
    const byTime = new Map<number, string[]>();
    for (const e of entries) (byTime.get(e.at) ?? byTime.set(e.at, []).get(e.at)!).push(e.key);
    if (known) for (const [when, keys] of byTime) add(known, at, keys, when);
    const rows = [...byTime].flatMap(([when, keys]) => rowsOf(at, when, keys));
    const sheet = hiddenSheet(spreadsheet, LEDGER_SHEET, HEADERS, rows);
    if (!sheet) return;
    const last = sheet.getLastRow();
    if (last + rows.length <= COMPACT_ROWS) {
      sheet.getRange(last + 1, 1, rows.length, 3).setValues(rows);
      return;
    }
    // Mostly keys dated again, or old: written anew, each key once at its latest time.
    const ledger = reading(spreadsheet);
    for (const [when, keys] of byTime) add(ledger, at, keys, when);
    const since = entries[0]!.at - KEEP_MS;
    const all: unknown[][] = [HEADERS];
    for (const [place, keys] of ledger) {
      const times = new Map<number, string[]>();
      for (const [key, when] of keys) if (when >= since) (times.get(when) ?? times.set(when, []).get(when)!).push(key);
      for (const [when, list] of times) all.push(...rowsOf(place, when, list));
    }
    sheet.clear();
    sheet.getRange(1, 1, all.length, 3).setValues(all);
  } catch {
    // The rows' stamps and statuses stand; a later run reads what the ledger kept.
  }
};
