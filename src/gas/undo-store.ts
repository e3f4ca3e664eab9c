// The records that let a finished run be undone (run-undo.ts), kept in a hidden sheet of the
// spreadsheet, where a 50,000-row run fits: a row holds one job's id, sheet, when, and a chunk of
// its rows as JSON (fingerprints and the add-on's own cells only, never a person's columns).
// Records past their time are removed whenever the sheet is read.
import { max, min } from '../base/numbers';
import { UNDO_MS, type UndoRecord } from '../jobs/run-undo';
import { tryWithDocumentLock } from './active-document';
import { hiddenSheet } from './hidden-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const UNDO_SHEET = 'Prospecting · undo';
const HEADERS = ['Job', 'Sheet', 'At (ms)', 'Rows'];
/** Characters of JSON per cell: well under a cell's 50,000. */
const CELL_CHARS = 40_000;

const undoSheet = (ss: Spreadsheet) => ss.getSheetByName(UNDO_SHEET);

/**
 * Appends a job's rows (`b` before it, `a` at its end) in chunks, without reading the sheet;
 * whether they were written. A failure never fails the run.
 */
export const noteUndo = (
  ss: Spreadsheet,
  job: string,
  sheetId: number,
  at: number,
  key: 'b' | 'a',
  items: string[][],
  cols?: string[],
): boolean => {
  try {
    const rows: unknown[][] = [];
    let part: string[][] = [];
    let size = 0;
    const push = () => {
      rows.push([job, sheetId, at, JSON.stringify({ c: cols, [key]: part })]);
      part = [];
      size = 0;
    };
    for (const item of items) {
      const n = JSON.stringify(item).length + 1;
      if (size + n > CELL_CHARS && part.length) push();
      part.push(item);
      size += n;
    }
    if (part.length) push();
    const sheet = hiddenSheet(ss, UNDO_SHEET, HEADERS, rows);
    if (sheet && rows.length) sheet.getRange(sheet.getLastRow() + 1, 1, rows.length, 4).setValues(rows);
    return true;
  } catch {
    // The run goes on; it cannot be undone.
    return false;
  }
};

/** Every record by job; records past their time, and those of `drop`, are removed from the sheet. */
export const readUndo = (ss: Spreadsheet, now: number, drop?: string): Map<string, UndoRecord> => {
  const out = new Map<string, UndoRecord>();
  const sheet = undoSheet(ss);
  const last = sheet ? sheet.getLastRow() : 0;
  if (!sheet || last < 2) return out;
  const rows = sheet.getRange(2, 1, last - 1, 4).getValues();
  for (const [job, sheetId, at, data] of rows) {
    const id = String(job);
    const r = out.get(id) ?? out.set(id, { sheetId: Number(sheetId), from: Infinity, at: 0, cols: [], before: [], after: [] }).get(id)!;
    r.from = min(r.from, Number(at));
    r.at = max(r.at, Number(at));
    try {
      const d = JSON.parse(String(data)) as { c?: string[]; b?: string[][]; a?: string[][] };
      if (d.c) r.cols = d.c;
      r.before.push(...(d.b ?? []));
      r.after.push(...(d.a ?? []));
    } catch {
      // A cell a person edited: that record cannot be trusted.
      r.at = -Infinity;
    }
  }
  for (const [id, r] of out) if (id === drop || !(now - r.at < UNDO_MS)) out.delete(id);
  const kept = rows.filter(([job]) => out.has(String(job)));
  if (kept.length < rows.length) {
    sheet.clear();
    sheet.getRange(1, 1, kept.length + 1, 4).setValues([HEADERS, ...kept]);
  }
  return out;
};

/** Removes records past their time, if any, reading ids and times only; when the lock is busy, a later call does. */
export const pruneUndo = (ss: Spreadsheet, now: number): void => {
  const sheet = undoSheet(ss);
  const last = sheet ? sheet.getLastRow() : 0;
  const latest = new Map<unknown, number>();
  if (last > 1)
    for (const [job, , at] of sheet!.getRange(2, 1, last - 1, 3).getValues()) latest.set(job, max(latest.get(job) ?? 0, Number(at)));
  if ([...latest.values()].some((at) => !(now - at < UNDO_MS))) tryWithDocumentLock(1000, () => readUndo(ss, now));
};
