// The SheetPort of a real sheet (one getValues per read, one setValues per block written), the
// active selection as the add-on plans from it, and the sheet that keeps unplaced results.
import { max, min } from '../base/numbers';
import { safeCell } from '../sheet/cells';
import type { SheetPort } from '../sheet/grid';
import type { Selection } from '../jobs/run-setup';
import { timeNow } from './clock';

export const sheetPort = (sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort => ({
  lastRow: () => sheet.getLastRow(),
  lastColumn: () => sheet.getLastColumn(),
  maxColumns: () => sheet.getMaxColumns(),
  read: (row, column, numRows, numColumns) => sheet.getRange(row, column, numRows, numColumns).getValues(),
  write: (row, column, values) => {
    const width = values[0]?.length;
    if (width) sheet.getRange(row, column, values.length, width).setValues(values as never);
  },
  insertColumnsAfter: (after, count) => {
    sheet.insertColumnsAfter(after, count);
  },
});

type Range = GoogleAppsScript.Spreadsheet.Range;

/** Every range of the selection in a sheet or a spreadsheet (a multi-range selection's each one). */
export const selectedRanges = (of: {
  getActiveRangeList(): GoogleAppsScript.Spreadsheet.RangeList | null;
  getActiveRange(): Range | null;
}): Range[] => {
  const list = of.getActiveRangeList();
  return (list ? list.getRanges() : [of.getActiveRange()]).filter((r): r is Range => Boolean(r));
};

export const sheetById = (
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): GoogleAppsScript.Spreadsheet.Sheet | undefined => spreadsheet.getSheets().find((s) => s.getSheetId() === sheetId);

/**
 * Rows first..last of `sheet` hidden by the person or a filter, in one formula instead of a call
 * per row: a hidden helper sheet holds, per row, -1 for an empty row (nothing to send, so never
 * counted hidden) else SUBTOTAL(103) of the row, which counts only cells of visible rows. The
 * helper goes in `finally`, the person's sheet and selection come back; undefined when the helper
 * cannot be made (a protected spreadsheet), so the caller asks row by row.
 */
const hiddenByFormula = (sheet: GoogleAppsScript.Spreadsheet.Sheet, first: number, last: number): Set<number> | undefined => {
  const doc = sheet.getParent();
  let helper: GoogleAppsScript.Spreadsheet.Sheet | undefined;
  try {
    helper = doc.insertSheet(`~hidden rows ${timeNow()}`);
    doc.setActiveSheet(sheet, true);
    helper.hideSheet();
    const rows = last - first + 1;
    const more = rows - helper.getMaxRows();
    if (more > 0) helper.insertRowsAfter(1, more);
    const r = `R[${first - 1}]`;
    const row = `'${sheet.getName().replace(/'/g, "''")}'!${r}C1:${r}C${sheet.getLastColumn()}`;
    const cells = helper.getRange(1, 1, rows, 1);
    cells.setFormulaR1C1(`=IF(COUNTA(${row})=0,-1,SUBTOTAL(103,${row}))`);
    const hidden = new Set<number>();
    cells.getValues().forEach((v, i) => v[0] === 0 && hidden.add(first + i));
    return hidden;
  } catch {
    return undefined;
  } finally {
    if (helper) doc.deleteSheet(helper);
  }
};

/** The selected rows of the active sheet, every range of a multi-range selection, with the rows the person cannot see. */
export const activeSelection = (sheet: GoogleAppsScript.Spreadsheet.Sheet): Selection => {
  const ranges = selectedRanges(sheet)
    .filter((r) => r.getSheet().getSheetId() === sheet.getSheetId())
    .map((r) => ({ firstRow: r.getRow(), lastRow: r.getLastRow() }));
  const last = sheet.getLastRow();
  if (ranges.length === 0) ranges.push({ firstRow: 1, lastRow: last });
  const rows = new Set<number>();
  for (const { firstRow, lastRow } of ranges) for (let r = firstRow; r <= min(lastRow, last); r++) rows.add(r);
  return {
    ranges,
    hidden: hiddenAmong(
      sheet,
      [...rows].sort((a, b) => a - b),
    ),
    frozenRows: sheet.getFrozenRows(),
  };
};

/**
 * Which of `rows` (in sheet order) the person cannot see. Apps Script tells hidden rows one call
 * per row (about 10 ms each, emulator/cost-model.ts), so past 50 rows one formula over their span
 * answers for all of them; filter checks only when the sheet has a filter.
 */
export const hiddenAmong = (sheet: GoogleAppsScript.Spreadsheet.Sheet, rows: number[]): Set<number> => {
  const filtered = sheet.getFilter() !== null;
  return (
    (rows.length > 50 && hiddenByFormula(sheet, rows[0]!, rows[rows.length - 1]!)) ||
    new Set(rows.filter((r) => sheet.isRowHiddenByUser(r) || (filtered && sheet.isRowHiddenByFilter(r))))
  );
};

/**
 * Appends rows to a sheet of this spreadsheet (made with `headers` when new); returns its name.
 * Each value goes under its own header: a sheet made for other columns (another job's fields)
 * gets the headers it lacks at its end, so no value ever lands under another column's name.
 */
export const appendToSheet = (
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
  headers: string[],
  rows: unknown[][],
): string => {
  const existing = spreadsheet.getSheetByName(name);
  const sheet = existing ?? spreadsheet.insertSheet(name);
  const port = sheetPort(sheet);
  const held = existing
    ? existing
        .getRange(1, 1, 1, max(1, existing.getLastColumn()))
        .getValues()[0]!
        .map((h) => String(h))
    : [];
  // An emptied sheet is made again from its first row.
  const heads = held.some(Boolean) ? [...held, ...headers.filter((h) => !held.includes(h))] : headers;
  const at = headers.map((h) => heads.indexOf(h));
  const width = max(heads.length, ...rows.map((r) => r.length - headers.length + heads.length));
  const columns = sheet.getMaxColumns();
  if (columns < width) sheet.insertColumnsAfter(columns, width - columns);
  if (heads.length > held.length || !held.some(Boolean)) port.write(1, 1, [heads]);
  if (rows.length)
    port.write(
      sheet.getLastRow() + 1,
      1,
      rows.map((r) => {
        const out: unknown[] = Array.from({ length: width }, () => '');
        r.forEach((v, i) => (out[i < at.length ? at[i]! : heads.length + i - at.length] = safeCell(v)));
        return out;
      }),
    );
  return name;
};
