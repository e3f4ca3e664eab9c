// The add-on's own hidden sheets (the paid ledger, undo records): found by name, or made hidden
// with their header row, the person's active sheet left as it was.
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The sheet, when it is there. Else it is made, its header row and `first` (rows of the header's
 * width) written in one call, and nothing is returned: the caller's rows are in already.
 */
export const hiddenSheet = (spreadsheet: Spreadsheet, name: string, headers: string[], first: unknown[][]): Sheet | undefined => {
  const sheet = spreadsheet.getSheetByName(name);
  if (sheet) return sheet;
  const active = spreadsheet.getActiveSheet();
  const made = spreadsheet.insertSheet(name).hideSheet();
  spreadsheet.setActiveSheet(active);
  made.getRange(1, 1, first.length + 1, headers.length).setValues([headers, ...first]);
  return undefined;
};
