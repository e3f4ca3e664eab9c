// The SheetPort of a real sheet: one getValues per read and one setValues per block written.
import type { SheetPort } from '../sheet/grid';

export function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  return {
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
    read: (row, column, numRows, numColumns) => sheet.getRange(row, column, numRows, numColumns).getValues(),
    write: (row, column, values) => {
      if (values.length === 0 || values[0]!.length === 0) return;
      sheet.getRange(row, column, values.length, values[0]!.length).setValues(values as unknown[][] as never);
    },
  };
}

export function sheetById(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, sheetId: number): GoogleAppsScript.Spreadsheet.Sheet | undefined {
  return spreadsheet.getSheets().find((s) => s.getSheetId() === sheetId);
}
