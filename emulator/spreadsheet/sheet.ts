// The fake Sheet: ranges by A1 or row/column, the data extent, row and column operations, the
// filter, and the rows hidden by the user or by the filter.
import { GasError, Messages } from '../errors';
import type { Shape } from '../shape';
import { parseA1 } from './a1';
import { enterValue } from './cell-values';
import { FakeFilter } from './filter';
import { FakeRange, FakeRangeList } from './range';
import type { SheetModel } from './sheet-model';
import type { SpreadsheetModel } from './spreadsheet-model';

type SheetApi = Shape<
  GoogleAppsScript.Spreadsheet.Sheet,
  | 'getName'
  | 'getSheetId'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getMaxRows'
  | 'getMaxColumns'
  | 'insertRowsBefore'
  | 'insertRowsAfter'
  | 'deleteRow'
  | 'deleteRows'
  | 'insertColumnsBefore'
  | 'insertColumnsAfter'
  | 'insertColumnBefore'
  | 'insertColumnAfter'
  | 'deleteColumn'
  | 'deleteColumns'
  | 'isRowHiddenByUser'
  | 'isRowHiddenByFilter'
  | 'getFrozenRows'
  | 'setFrozenRows'
  | 'getIndex'
  | 'getActiveRange'
  | 'getActiveRangeList'
  | 'getFilter'
  | 'hideSheet'
  | 'showSheet'
  | 'isSheetHidden'
  | 'activate'
  | 'insertRows'
  | 'insertColumns'
>;

/** Apps Script refuses a position outside the sheet before inserting next to it. */
function checkPosition(position: number, max: number, message: string): void {
  if (!Number.isInteger(position) || position < 1 || position > max) throw new GasError(message);
}

export class FakeSheet implements SheetApi {
  static readonly kind = 'SpreadsheetApp.Sheet';

  constructor(
    private readonly doc: SpreadsheetModel,
    private readonly model: SheetModel,
    private readonly makeSpreadsheet: () => unknown,
  ) {}

  _range(row: number, column: number, numRows: number, numColumns: number): FakeRange {
    return new FakeRange(this.doc, this.model, row, column, numRows, numColumns, (s) => new FakeSheet(this.doc, s, this.makeSpreadsheet));
  }

  getRange(rowOrA1: number | string, column?: number, numRows?: number, numColumns?: number): FakeRange {
    if (typeof rowOrA1 === 'string') {
      const a = parseA1(rowOrA1);
      const lastRow = a.lastRow ?? this.model.maxRows;
      const lastColumn = a.lastColumn ?? this.model.maxColumns;
      return this._range(a.row, a.column, lastRow - a.row + 1, lastColumn - a.column + 1);
    }
    if (column === undefined)
      throw new GasError("The parameters (number) don't match the method signature for SpreadsheetApp.Sheet.getRange.");
    return this._range(rowOrA1, column, numRows ?? 1, numColumns ?? 1);
  }

  /** The selected range when it is on this sheet, else this sheet's A1 cell, as in Sheets. */
  getActiveRange(): FakeRange {
    const sel = this.doc.selection.find((r) => r.sheetId === this.model.sheetId);
    return sel ? this._range(sel.row, sel.column, sel.numRows, sel.numColumns) : this._range(1, 1, 1, 1);
  }

  /** The selected ranges on this sheet, or null when the selection is elsewhere. */
  getActiveRangeList(): FakeRangeList | null {
    const ranges = this.doc.selection
      .filter((r) => r.sheetId === this.model.sheetId)
      .map((r) => this._range(r.row, r.column, r.numRows, r.numColumns));
    return ranges.length ? new FakeRangeList(ranges) : null;
  }

  getDataRange(): FakeRange {
    return this._range(1, 1, Math.max(1, this.model.lastRow()), Math.max(1, this.model.lastColumn()));
  }

  getName(): string {
    return this.model.name;
  }

  setName(name: string): this {
    this.model.name = name;
    return this;
  }

  getSheetId(): number {
    return this.model.sheetId;
  }

  getIndex(): number {
    return this.doc.sheets.indexOf(this.model) + 1;
  }

  getParent(): unknown {
    return this.makeSpreadsheet();
  }

  getLastRow(): number {
    return this.model.lastRow();
  }

  getLastColumn(): number {
    return this.model.lastColumn();
  }

  getMaxRows(): number {
    return this.model.maxRows;
  }

  getMaxColumns(): number {
    return this.model.maxColumns;
  }

  insertRowsBefore(beforePosition: number, howMany: number): this {
    checkPosition(beforePosition, this.model.maxRows, Messages.rowsOutOfBounds);
    this.model.insertRows(beforePosition, howMany);
    return this;
  }

  insertRowsAfter(afterPosition: number, howMany: number): this {
    checkPosition(afterPosition, this.model.maxRows, Messages.rowsOutOfBounds);
    this.model.insertRows(afterPosition + 1, howMany);
    return this;
  }

  insertRowBefore(beforePosition: number): this {
    return this.insertRowsBefore(beforePosition, 1);
  }

  insertRowAfter(afterPosition: number): this {
    return this.insertRowsAfter(afterPosition, 1);
  }

  /** The older form: `numRows` blank rows before `rowIndex`. */
  insertRows(rowIndex: number, numRows?: number): void {
    this.insertRowsBefore(rowIndex, numRows ?? 1);
  }

  deleteRow(rowPosition: number): this {
    this.model.deleteRows(rowPosition, 1);
    return this;
  }

  deleteRows(rowPosition: number, howMany: number): void {
    this.model.deleteRows(rowPosition, howMany);
  }

  insertColumnsBefore(beforePosition: number, howMany: number): this {
    checkPosition(beforePosition, this.model.maxColumns, Messages.columnsOutOfBounds);
    this.model.insertColumns(beforePosition, howMany);
    return this;
  }

  insertColumnsAfter(afterPosition: number, howMany: number): this {
    checkPosition(afterPosition, this.model.maxColumns, Messages.columnsOutOfBounds);
    this.model.insertColumns(afterPosition + 1, howMany);
    return this;
  }

  insertColumnBefore(beforePosition: number): this {
    return this.insertColumnsBefore(beforePosition, 1);
  }

  insertColumnAfter(afterPosition: number): this {
    return this.insertColumnsAfter(afterPosition, 1);
  }

  /** The older form: `numColumns` blank columns before `columnIndex`. */
  insertColumns(columnIndex: number, numColumns?: number): void {
    this.insertColumnsBefore(columnIndex, numColumns ?? 1);
  }

  deleteColumn(columnPosition: number): this {
    this.model.deleteColumns(columnPosition, 1);
    return this;
  }

  deleteColumns(columnPosition: number, howMany: number): void {
    this.model.deleteColumns(columnPosition, howMany);
  }

  appendRow(rowContents: unknown[]): this {
    const row = this.model.lastRow() + 1;
    if (row > this.model.maxRows) this.model.insertRows(row, 1);
    if (rowContents.length > this.model.maxColumns) this.model.maxColumns = rowContents.length;
    rowContents.forEach((v, j) => enterValue(this.model.writableCell(row, j + 1), v));
    return this;
  }

  sort(columnPosition: number, ascending?: boolean): this {
    this.model.sort(columnPosition, ascending ?? true);
    return this;
  }

  hideRows(rowIndex: number, numRows?: number): void {
    for (let i = 0; i < (numRows ?? 1); i++) {
      const r = this.model.rows[rowIndex - 1 + i];
      if (r) r.hiddenByUser = true;
    }
  }

  showRows(rowIndex: number, numRows?: number): void {
    for (let i = 0; i < (numRows ?? 1); i++) {
      const r = this.model.rows[rowIndex - 1 + i];
      if (r) r.hiddenByUser = false;
    }
  }

  isRowHiddenByUser(rowPosition: number): boolean {
    return this.model.rows[rowPosition - 1]?.hiddenByUser ?? false;
  }

  isRowHiddenByFilter(rowPosition: number): boolean {
    return this.model.rows[rowPosition - 1]?.hiddenByFilter ?? false;
  }

  /** The sheet's filter, or null when it has none. */
  getFilter(): FakeFilter | null {
    return this.model.filter ? new FakeFilter(this.model, (r, c, nr, nc) => this._range(r, c, nr, nc)) : null;
  }

  getFrozenRows(): number {
    return this.model.frozenRows;
  }

  setFrozenRows(rows: number): void {
    this.model.frozenRows = rows;
  }

  /** Makes this the active sheet with the selection it last had (A1 the first time). */
  activate(): this {
    this.doc.activate(this.model);
    return this;
  }

  /** Hides the sheet's tab; hiding the last visible sheet throws, as in Sheets. */
  hideSheet(): this {
    this.doc.hideSheet(this.model);
    return this;
  }

  showSheet(): this {
    this.doc.hiddenSheets.delete(this.model.sheetId);
    return this;
  }

  isSheetHidden(): boolean {
    return this.doc.hiddenSheets.has(this.model.sheetId);
  }

  clear(): this {
    this.model.changed();
    for (const r of this.model.rows) r.cells = [];
    return this;
  }
}
