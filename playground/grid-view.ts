// A window of a sheet as the page's grid shows it: the rows a person sees (hidden rows left out,
// numbered as in the sheet), each cell's shown text, formulas for editing and errors' hover text;
// and which window shows a given row.
import type { AppsScriptHost } from '../emulator';
import type { GridRow, GridWindow } from './protocol';

export function gridWindow(host: AppsScriptHost, sheetName: string, offset: number, limit: number, gridVersion: number): GridWindow {
  const helper = host.sheet(sheetName);
  const model = helper.model;
  const timeZone = host.spreadsheet.timeZone;
  const visible: number[] = [];
  model.rows.forEach((r, i) => {
    if (!r.hiddenByUser && !r.hiddenByFilter) visible.push(i + 1);
  });
  const from = Math.max(0, Math.min(offset, Math.max(0, visible.length - 1)));
  const rows: GridRow[] = visible.slice(from, from + limit).map((n) => {
    const row: GridRow = { n, v: [] };
    const cells = model.rows[n - 1]!.cells;
    for (let c = 1; c <= model.maxColumns; c++) {
      row.v.push(model.display(n, c, timeZone));
      const cell = cells[c - 1];
      if (cell?.formula) (row.f ??= {})[c - 1] = cell.formula;
      const error = cellError(host, sheetName, n, c);
      if (error) (row.e ??= {})[c - 1] = error;
    }
    // Trailing blanks cost bytes for nothing: the page pads rows to the sheet's width.
    while (row.v.length && row.v[row.v.length - 1] === '') row.v.pop();
    return row;
  });
  const filter = model.filter;
  return {
    sheet: model.name,
    gridVersion,
    maxRows: model.maxRows,
    maxColumns: model.maxColumns,
    frozenRows: model.frozenRows,
    visibleRows: visible.length,
    offset: from,
    rows,
    filter: filter ? { headerRow: filter.rows.start, hidden: Object.fromEntries(filter.hiddenValues) } : null,
  };
}

/**
 * The offset of the window of `size` rows that shows `row` (or, when it is hidden, the next row
 * shown): windows start at multiples of `size` among the visible rows.
 */
export function windowOffset(host: AppsScriptHost, sheetName: string, row: number, size: number): number {
  const rows = host.sheet(sheetName).model.rows;
  let before = 0;
  for (let i = 0; i < Math.min(row - 1, rows.length); i++) if (!rows[i]!.hiddenByUser && !rows[i]!.hiddenByFilter) before++;
  return Math.floor(before / size) * size;
}

/** What a person sees hovering the cell's error, '' when none. */
function cellError(host: AppsScriptHost, sheetName: string, row: number, column: number): string {
  const model = host.sheet(sheetName).model;
  return model.spillError(row, column) || (model.cell(row, column)?.error ?? '');
}

/** The distinct shown values of a column below the header row, for the filter menu. */
export function columnValues(host: AppsScriptHost, sheetName: string, column: number, headerRow = 1): string[] {
  const model = host.sheet(sheetName).model;
  const seen = new Set<string>();
  const last = model.lastRow();
  for (let r = headerRow + 1; r <= last; r++) seen.add(model.display(r, column, host.spreadsheet.timeZone));
  return [...seen].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}
