// The SheetPort of a real sheet (one getValues per read, one setValues per block written), the
// active selection as the add-on plans from it, and the sheet that keeps unplaced results.
import { safeCell } from '../sheet/cells';
import type { SheetPort } from '../sheet/grid';
import type { Selection } from '../jobs/start';

export function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  return {
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
    maxColumns: () => sheet.getMaxColumns(),
    read: (row, column, numRows, numColumns) => sheet.getRange(row, column, numRows, numColumns).getValues(),
    write: (row, column, values) => {
      if (values.length === 0 || values[0]!.length === 0) return;
      sheet.getRange(row, column, values.length, values[0]!.length).setValues(values as never);
    },
    insertColumnsAfter: (after, count) => {
      sheet.insertColumnsAfter(after, count);
    },
  };
}

export function sheetById(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetId: number,
): GoogleAppsScript.Spreadsheet.Sheet | undefined {
  return spreadsheet.getSheets().find((s) => s.getSheetId() === sheetId);
}

/**
 * The selected rows of the active sheet, every range of a multi-range selection, with the
 * rows the person cannot see. Apps Script tells hidden rows one row at a time, so only rows
 * of the selection are asked, and filter checks only when the sheet has a filter.
 */
export function activeSelection(sheet: GoogleAppsScript.Spreadsheet.Sheet): Selection {
  const list = sheet.getActiveRangeList();
  const ranges = (list ? list.getRanges() : [sheet.getActiveRange()])
    .filter((r): r is GoogleAppsScript.Spreadsheet.Range => Boolean(r) && r!.getSheet().getSheetId() === sheet.getSheetId())
    .map((r) => ({ firstRow: r.getRow(), lastRow: r.getLastRow() }));
  if (ranges.length === 0) ranges.push({ firstRow: 1, lastRow: sheet.getLastRow() });
  const filtered = sheet.getFilter() !== null;
  const last = sheet.getLastRow();
  const hidden = new Set<number>();
  const seen = new Set<number>();
  for (const { firstRow, lastRow } of ranges) {
    for (let r = firstRow; r <= Math.min(lastRow, last); r++) {
      if (seen.has(r)) continue;
      seen.add(r);
      if (sheet.isRowHiddenByUser(r) || (filtered && sheet.isRowHiddenByFilter(r))) hidden.add(r);
    }
  }
  return { ranges, hidden, frozenRows: sheet.getFrozenRows() };
}

/** Appends rows to a sheet of this spreadsheet (made with `headers` when new); returns its name. */
export function appendToSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
  headers: string[],
  rows: unknown[][],
): string {
  let sheet = spreadsheet.getSheetByName(name);
  if (!sheet) {
    sheet = spreadsheet.insertSheet(name);
    sheet.getRange(1, 1, 1, headers.length).setValues([headers]);
  }
  const width = Math.max(headers.length, ...rows.map((r) => r.length));
  if (sheet.getMaxColumns() < width) sheet.insertColumnsAfter(sheet.getMaxColumns(), width - sheet.getMaxColumns());
  const block = rows.map((r) => Array.from({ length: width }, (_, i) => safeCell(r[i])));
  if (block.length) sheet.getRange(sheet.getLastRow() + 1, 1, block.length, width).setValues(block as never);
  return name;
}
