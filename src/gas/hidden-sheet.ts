// The add-on's own hidden sheets (the paid ledger, undo records): found by name, or made hidden
// with their header row, the person's active sheet left as it was.
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const hiddenSheet = (spreadsheet: Spreadsheet, name: string, headers: string[]): GoogleAppsScript.Spreadsheet.Sheet => {
  let sheet = spreadsheet.getSheetByName(name);
  if (!sheet) {
    const active = spreadsheet.getActiveSheet();
    sheet = spreadsheet.insertSheet(name);
    sheet.hideSheet();
    spreadsheet.setActiveSheet(active);
    sheet.getRange(1, 1, 1, headers.length).setValues([headers]);
  }
  return sheet;
};
