// What a test does to a sheet directly, as a user would, without going through the script:
// load and read values or CSV, type into a cell, sort the sheet or a range, insert or delete rows
// and columns, size the grid, hide rows, filter, clear the sheet.
import { HostFailure } from '../errors';
import { parseA1 } from './a1';
import { enterValue, type CellValue } from './cell-values';
import { formatCsv, parseCsv } from './csv';
import type { SheetModel } from './sheet-model';
import type { SpreadsheetModel } from './spreadsheet-model';

export class SheetHelper {
  constructor(
    readonly doc: SpreadsheetModel,
    readonly model: SheetModel,
  ) {}

  /**
   * Writes values as typed by a user, from A1 or from `at` (e.g. 'B2'): `=x` becomes a formula,
   * numeric text a number, and so on. The grid grows to fit (a test setting up data, not a user).
   */
  load(values: readonly (readonly unknown[])[], at = 'A1'): this {
    const a = parseA1(at);
    this.model.load(values, a.row, a.column);
    return this;
  }

  loadCsv(csv: string, at = 'A1'): this {
    return this.load(parseCsv(csv), at);
  }

  /** The values of the data range. */
  values(): CellValue[][] {
    return this.model.read();
  }

  displayValues(): string[][] {
    return this.model.read().map((row, i) => row.map((_, j) => this.model.display(i + 1, j + 1, this.doc.timeZone)));
  }

  csv(): string {
    return formatCsv(this.displayValues());
  }

  /**
   * One cell by A1: its value, formula, note, number format, and the error a user sees on
   * hovering a custom function's `#ERROR!` ('' when none).
   */
  cell(a1: string): { value: CellValue; formula: string; note: string; format: string | undefined; error: string } {
    const a = parseA1(a1);
    const c = this.model.cell(a.row, a.column);
    const error = this.model.spillError(a.row, a.column) || (c?.error ?? '');
    return { value: this.model.value(a.row, a.column), formula: c?.formula ?? '', note: c?.note ?? '', format: c?.format, error };
  }

  /**
   * One cell typed by a user (e.g. an edit while a job runs), with the same rules as `load`.
   * A user can only type inside the grid, so a cell past the last row or column is a test mistake.
   */
  userEdit(a1: string, value: unknown): this {
    const a = parseA1(a1);
    if (a.row > this.model.maxRows || a.column > this.model.maxColumns) {
      throw new HostFailure(`userEdit: ${a1} is outside the ${this.model.maxRows} × ${this.model.maxColumns} grid of ${this.model.name}`);
    }
    enterValue(this.model.writableCell(a.row, a.column), value);
    return this;
  }

  /** Sorts the rows below the frozen rows by a column, blanks last (Data → Sort sheet). */
  userSort(column: number, ascending = true): this {
    this.model.sort(column, ascending);
    return this;
  }

  /**
   * Sorts exactly the rows of a range by a sheet column inside it, blanks last (Data → Sort range
   * without "Data has header row"): with `A1:F200` the header row is sorted into the data, as a
   * careless user does. Cells outside the range's columns stay.
   */
  userSortRange(a1: string, column: number, ascending = true): this {
    const a = parseA1(a1);
    const lastRow = a.lastRow ?? this.model.maxRows;
    const lastColumn = a.lastColumn ?? this.model.maxColumns;
    if (column < a.column || column > lastColumn) throw new HostFailure(`userSortRange: column ${column} is outside ${a1}`);
    this.model.sortRange(a.row, a.column, lastRow - a.row + 1, lastColumn - a.column + 1, [{ column, ascending }]);
    return this;
  }

  userInsertRows(beforeRow: number, count = 1): this {
    this.model.insertRows(beforeRow, count);
    return this;
  }

  userDeleteRows(row: number, count = 1): this {
    this.model.deleteRows(row, count);
    return this;
  }

  /** Inserts blank columns before `beforeColumn` (one past the last column appends them). */
  userInsertColumns(beforeColumn: number, count = 1): this {
    this.model.insertColumns(beforeColumn, count);
    return this;
  }

  userDeleteColumns(column: number, count = 1): this {
    this.model.deleteColumns(column, count);
    return this;
  }

  /**
   * Sets the number of columns of the grid (Sheets' default is 26), dropping the cells of removed
   * columns: a narrow sheet where the script must insert columns before writing past the last.
   */
  setMaxColumns(columns: number): this {
    const max = this.model.maxColumns;
    if (columns > max) this.model.insertColumns(max + 1, columns - max);
    else if (columns < max) this.model.deleteColumns(columns + 1, max - columns);
    return this;
  }

  userHideRows(row: number, count = 1): this {
    for (let i = 0; i < count; i++) {
      const r = this.model.rows[row - 1 + i];
      if (r) r.hiddenByUser = true;
    }
    return this;
  }

  /**
   * Applies a filter that hides rows below the header whose values fail `keep`. The sheet then
   * has a filter (Sheet.getFilter()), with no per-column criteria to read.
   */
  userFilter(keep: (values: CellValue[], row: number) => boolean, headerRows = 1): this {
    this.model.filterRows(keep, headerRows);
    return this;
  }

  /**
   * Filters by values on one column, as a user unticking values in its filter menu: rows below
   * `headerRow` whose shown text is in `hidden` are hidden, and Filter.getColumnFilterCriteria
   * (column).getHiddenValues() reads them. Calls for several columns combine.
   */
  userFilterValues(column: number, hidden: readonly string[], headerRow = 1): this {
    this.model.filterValues(column, hidden, headerRow, this.doc.timeZone);
    return this;
  }

  /** Clears the whole sheet (values, formulas, notes, formats, the filter), as selecting all and Delete plus Clear formatting. */
  userClear(): this {
    this.model.clearAll();
    return this;
  }

  clearFilter(): this {
    this.model.clearFilter();
    return this;
  }

  setFrozenRows(rows: number): this {
    this.model.frozenRows = rows;
    return this;
  }
}
