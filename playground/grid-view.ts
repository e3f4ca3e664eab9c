// A window of a sheet as the page's grid shows it: the rows a person sees (hidden rows left out,
// numbered as in the sheet), each cell's shown text, formulas for editing and errors' hover text;
// which window shows a given row; and where Ctrl+arrows go across the whole sheet.
import type { AppsScriptHost } from '../emulator';
import { dataEdge, type GridRow, type GridWindow, type Located } from './protocol';

/** The sheet's rows a person sees, by number: none hidden by the user or a filter. */
function visibleRows(host: AppsScriptHost, sheetName: string): number[] {
  const visible: number[] = [];
  host.sheet(sheetName).model.rows.forEach((r, i) => {
    if (!r.hiddenByUser && !r.hiddenByFilter) visible.push(i + 1);
  });
  return visible;
}

/** Where a window of `limit` rows asked at `offset` starts: inside the sheet, and full when the sheet has the rows. */
const windowStart = (offset: number, limit: number, visible: number) => Math.max(0, Math.min(offset, visible - limit));

export function gridWindow(host: AppsScriptHost, sheetName: string, offset: number, limit: number, gridVersion: number): GridWindow {
  const helper = host.sheet(sheetName);
  const model = helper.model;
  const timeZone = host.spreadsheet.timeZone;
  const visible = visibleRows(host, sheetName);
  const from = windowStart(offset, limit, visible.length);
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
    lastRow: model.lastRow(),
    lastColumn: model.lastColumn(),
    filter: filter ? { headerRow: filter.rows.start, hidden: Object.fromEntries(filter.hiddenValues) } : null,
  };
}

/**
 * The offset of the window of `size` rows that shows `row` (or, when it is hidden, the next row
 * shown): windows start at multiples of `size` among the visible rows, but the last one is full,
 * ending on the last row.
 */
export function windowOffset(host: AppsScriptHost, sheetName: string, row: number, size: number): number {
  const visible = visibleRows(host, sheetName);
  const before = visible.filter((n) => n < row).length;
  return windowStart(Math.floor(before / size) * size, size, visible.length);
}

/**
 * The cell Ctrl+an arrow reaches from `row`, `column` (by `rows` down or `columns` right, -1, 0 or
 * 1) across the sheet's visible rows, as in Sheets; the cell itself when both are 0.
 */
export function locate(
  host: AppsScriptHost,
  sheetName: string,
  row: number,
  column: number,
  rows: number,
  columns: number,
  size: number,
): Located {
  const model = host.sheet(sheetName).model;
  const timeZone = host.spreadsheet.timeZone;
  const filled = (r: number, c: number) => model.display(r, c, timeZone) !== '' || Boolean(model.cell(r, c)?.formula);
  let at = { row, column };
  const visible = rows ? visibleRows(host, sheetName) : [];
  if (visible.length) {
    // A hidden row goes from the next row shown.
    const next = visible.findIndex((n) => n >= row);
    const to = dataEdge((i) => filled(visible[i]!, column), next < 0 ? visible.length - 1 : next, rows, visible.length)!;
    at = { row: visible[to]!, column };
  } else if (columns) {
    at = { row, column: dataEdge((i) => filled(row, i + 1), column - 1, columns, model.maxColumns)! + 1 };
  }
  return { ...at, offset: windowOffset(host, sheetName, at.row, size) };
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
