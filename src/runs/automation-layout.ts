// A watched sheet as automation reads it: every cell, the header row (the first of its top rows
// that looks like one: a title may sit above it), and the columns by the mapping kept.
import { applyMappingOverrides, detectMapping, looksLikeHeader, type Role } from '../sheet/columns';
import { Grid } from '../sheet/grid';
import { sheetPort } from '../gas/sheet-port';

const TOP_ROWS = 10;

export const sheetLayout = (sheet: GoogleAppsScript.Spreadsheet.Sheet, saved: Partial<Record<Role, string | null>> | undefined) => {
  const grid = new Grid(sheetPort(sheet));
  const found = grid.rows.slice(0, TOP_ROWS).findIndex((row) => looksLikeHeader(row));
  const headerRow = found + 1 || 1;
  const headers = grid.row(headerRow - 1);
  const detected = detectMapping(headers);
  return {
    grid,
    headerRow,
    frozenRows: sheet.getFrozenRows(),
    mapping: saved ? applyMappingOverrides(headers, detected, saved) : detected,
  };
};
