// A watched sheet as automation reads it: every cell, the header row (by the rule of
// jobs/header-row.ts, with no selection: the whole sheet is watched), and the columns by the
// mapping kept.
import { applyMappingOverrides, detectMapping, type Role } from '../sheet/columns';
import { Grid } from '../sheet/grid';
import { findHeaderRow } from '../jobs/header-row';
import { sheetPort } from '../gas/sheet-port';

export const sheetLayout = (sheet: GoogleAppsScript.Spreadsheet.Sheet, saved: Partial<Record<Role, string | null>> | undefined) => {
  const grid = new Grid(sheetPort(sheet));
  const headerRow = findHeaderRow(grid);
  const headers = grid.row(headerRow - 1);
  const detected = detectMapping(headers);
  return {
    grid,
    headerRow,
    frozenRows: sheet.getFrozenRows(),
    mapping: saved ? applyMappingOverrides(headers, detected, saved) : detected,
  };
};
