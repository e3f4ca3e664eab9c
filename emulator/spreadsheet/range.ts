// The fake Range: a fixed rectangle of a sheet, read and written through Sheets' value rules.
import { GasError, Messages } from '../errors';
import type { Shape } from '../shape';
import { formatA1 } from './a1';
import { a1ToR1c1, r1c1ToA1 } from './r1c1';
import { DEFAULT_NUMBER_FORMAT, enterValue, isEmpty, type CellValue } from './cell-values';
import type { SheetModel, SortKey } from './sheet-model';
import type { Selection, SpreadsheetModel } from './spreadsheet-model';

type RangeApi = Shape<
  GoogleAppsScript.Spreadsheet.Range,
  | 'getValues'
  | 'getDisplayValues'
  | 'setValues'
  | 'setValue'
  | 'getValue'
  | 'getDisplayValue'
  | 'getFormulas'
  | 'getFormula'
  | 'setFormula'
  | 'setFormulas'
  | 'setFormulaR1C1'
  | 'setFormulasR1C1'
  | 'getFormulaR1C1'
  | 'getFormulasR1C1'
  | 'setNumberFormat'
  | 'setNumberFormats'
  | 'getNumberFormat'
  | 'getNumberFormats'
  | 'setNote'
  | 'setNotes'
  | 'getNote'
  | 'getNotes'
  | 'getRow'
  | 'getColumn'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getNumRows'
  | 'getNumColumns'
  | 'getA1Notation'
  | 'clearContent'
  | 'isBlank'
  | 'activate'
  | 'sort'
>;

// Bound once: a global read under a test runner's vm context is slow, and shapes are checked per row.
const isArray = Array.isArray;

/** A formula as the setFormula family takes it: the leading = may be left out; '' clears the cell. */
function asFormula(f: unknown): string {
  const text = String(f ?? '');
  return text === '' || text.startsWith('=') ? text : `=${text}`;
}

/** Checks a rectangle against the sheet as Apps Script does when a range is made. */
export function checkBounds(sheet: SheetModel, row: number, column: number, numRows: number, numColumns: number): void {
  if (!Number.isInteger(row) || row < 1) throw new GasError('The starting row of the range is too small.');
  if (!Number.isInteger(column) || column < 1) throw new GasError('The starting column of the range is too small.');
  if (!Number.isInteger(numRows) || numRows < 1) throw new GasError('The number of rows in the range must be at least 1.');
  if (!Number.isInteger(numColumns) || numColumns < 1) throw new GasError('The number of columns in the range must be at least 1.');
  if (row + numRows - 1 > sheet.maxRows || column + numColumns - 1 > sheet.maxColumns) throw new GasError(Messages.rangeOutside);
}

export class FakeRange implements RangeApi {
  static readonly kind = 'SpreadsheetApp.Range';

  constructor(
    private readonly doc: SpreadsheetModel,
    private readonly sheet: SheetModel,
    private readonly row: number,
    private readonly column: number,
    private readonly numRows: number,
    private readonly numColumns: number,
    private readonly makeSheet: (sheet: SheetModel) => unknown,
  ) {
    checkBounds(sheet, row, column, numRows, numColumns);
  }

  _each<T>(read: (r: number, c: number) => T): T[][] {
    const out: T[][] = [];
    for (let i = 0; i < this.numRows; i++) {
      const row: T[] = [];
      for (let j = 0; j < this.numColumns; j++) row.push(read(this.row + i, this.column + j));
      out.push(row);
    }
    return out;
  }

  _checkShape(data: unknown): unknown[][] {
    if (!isArray(data)) throw new GasError("The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues.");
    if (data.length !== this.numRows) throw new GasError(Messages.rowsMismatch(data.length, this.numRows));
    for (const r of data) {
      const width = isArray(r) ? r.length : 1;
      if (width !== this.numColumns) throw new GasError(Messages.columnsMismatch(width, this.numColumns));
    }
    return data as unknown[][];
  }

  getValues(): CellValue[][] {
    return this.sheet.values(this.row, this.column, this.numRows, this.numColumns);
  }

  getDisplayValues(): string[][] {
    return this._each((r, c) => this.sheet.display(r, c, this.doc.timeZone));
  }

  getValue(): CellValue {
    return this.sheet.value(this.row, this.column);
  }

  getDisplayValue(): string {
    return this.sheet.display(this.row, this.column, this.doc.timeZone);
  }

  setValues(values: unknown[][]): this {
    const data = this._checkShape(values);
    data.forEach((row, i) => row.forEach((v, j) => enterValue(this.sheet.writableCell(this.row + i, this.column + j), v)));
    return this;
  }

  setValue(value: unknown): this {
    this._each((r, c) => enterValue(this.sheet.writableCell(r, c), value));
    return this;
  }

  getFormulas(): string[][] {
    return this._each((r, c) => this.sheet.cell(r, c)?.formula ?? '');
  }

  getFormula(): string {
    return this.sheet.cell(this.row, this.column)?.formula ?? '';
  }

  setFormula(formula: string): this {
    return this.setValue(formula.startsWith('=') ? formula : `=${formula}`);
  }

  setFormulas(formulas: unknown[][]): this {
    const data = this._checkShape(formulas);
    data.forEach((row, i) => row.forEach((f, j) => enterValue(this.sheet.writableCell(this.row + i, this.column + j), asFormula(f))));
    return this;
  }

  /** One R1C1 formula for every cell: relative parts (`R[-1]C[0]`) count from each cell, as a fill down does. */
  setFormulaR1C1(formula: string): this {
    const text = asFormula(formula);
    this._each((r, c) => enterValue(this.sheet.writableCell(r, c), r1c1ToA1(text, r, c)));
    return this;
  }

  setFormulasR1C1(formulas: unknown[][]): this {
    const data = this._checkShape(formulas);
    data.forEach((row, i) =>
      row.forEach((f, j) => {
        const r = this.row + i;
        const c = this.column + j;
        enterValue(this.sheet.writableCell(r, c), r1c1ToA1(asFormula(f), r, c));
      }),
    );
    return this;
  }

  getFormulaR1C1(): string {
    const formula = this.sheet.cell(this.row, this.column)?.formula;
    return formula ? a1ToR1c1(formula, this.row, this.column) : '';
  }

  getFormulasR1C1(): string[][] {
    return this._each((r, c) => {
      const formula = this.sheet.cell(r, c)?.formula;
      return formula ? a1ToR1c1(formula, r, c) : '';
    });
  }

  setNumberFormat(numberFormat: string): this {
    this._each((r, c) => (this.sheet.writableCell(r, c).format = numberFormat));
    return this;
  }

  setNumberFormats(numberFormats: unknown[][]): this {
    const data = this._checkShape(numberFormats);
    data.forEach((row, i) => row.forEach((f, j) => (this.sheet.writableCell(this.row + i, this.column + j).format = String(f))));
    return this;
  }

  getNumberFormat(): string {
    return this.sheet.cell(this.row, this.column)?.format ?? DEFAULT_NUMBER_FORMAT;
  }

  getNumberFormats(): string[][] {
    return this._each((r, c) => this.sheet.cell(r, c)?.format ?? DEFAULT_NUMBER_FORMAT);
  }

  setNote(note: string | null): this {
    this._each((r, c) => (this.sheet.writableCell(r, c).note = note ?? ''));
    return this;
  }

  setNotes(notes: unknown[][]): this {
    const data = this._checkShape(notes);
    data.forEach((row, i) =>
      row.forEach((n, j) => (this.sheet.writableCell(this.row + i, this.column + j).note = n == null ? '' : String(n))),
    );
    return this;
  }

  getNote(): string {
    return this.sheet.cell(this.row, this.column)?.note ?? '';
  }

  getNotes(): string[][] {
    return this._each((r, c) => this.sheet.cell(r, c)?.note ?? '');
  }

  getRow(): number {
    return this.row;
  }

  getColumn(): number {
    return this.column;
  }

  getLastRow(): number {
    return this.row + this.numRows - 1;
  }

  getLastColumn(): number {
    return this.column + this.numColumns - 1;
  }

  getNumRows(): number {
    return this.numRows;
  }

  getNumColumns(): number {
    return this.numColumns;
  }

  getHeight(): number {
    return this.numRows;
  }

  getWidth(): number {
    return this.numColumns;
  }

  getA1Notation(): string {
    return formatA1(this.row, this.column, this.numRows, this.numColumns);
  }

  getSheet(): unknown {
    return this.makeSheet(this.sheet);
  }

  getCell(row: number, column: number): FakeRange {
    if (row > this.numRows || column > this.numColumns) throw new GasError('Cell reference out of range');
    return new FakeRange(this.doc, this.sheet, this.row + row - 1, this.column + column - 1, 1, 1, this.makeSheet);
  }

  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    return new FakeRange(
      this.doc,
      this.sheet,
      this.row + rowOffset,
      this.column + columnOffset,
      numRows ?? this.numRows,
      numColumns ?? this.numColumns,
      this.makeSheet,
    );
  }

  clearContent(): this {
    this.sheet.changed();
    this._each((r, c) => {
      const cell = this.sheet.cell(r, c);
      if (cell) enterValue(cell, '');
    });
    return this;
  }

  clear(): this {
    this.sheet.changed();
    this._each((r, c) => {
      const row = this.sheet.rows[r - 1];
      if (row) row.cells[c - 1] = undefined;
    });
    return this;
  }

  isBlank(): boolean {
    return this._each((r, c) => isEmpty(this.sheet.cell(r, c))).every((row) => row.every(Boolean));
  }

  activate(): this {
    this.doc.select(this.sheet, this.row, this.column, this.numRows, this.numColumns);
    return this;
  }

  _doc(): SpreadsheetModel {
    return this.doc;
  }

  _selection(): Selection {
    return { sheetId: this.sheet.sheetId, row: this.row, column: this.column, numRows: this.numRows, numColumns: this.numColumns };
  }

  /**
   * Sorts the range's rows by sheet column numbers inside it, blanks last: `2`,
   * `{column: 2, ascending: false}`, or an array of those (later keys break ties). Every row of
   * the range moves, a header row too; cells outside the range stay.
   */
  sort(sortSpecObj: unknown): this {
    const keys = (Array.isArray(sortSpecObj) ? sortSpecObj : [sortSpecObj]).map((s) => this._sortKey(s));
    if (!keys.length) throw new GasError(Messages.invalidArgument('sortSpecObj'));
    this.sheet.sortRange(this.row, this.column, this.numRows, this.numColumns, keys);
    return this;
  }

  _sortKey(spec: unknown): SortKey {
    const key =
      typeof spec === 'number'
        ? { column: spec, ascending: true }
        : spec !== null && typeof spec === 'object' && typeof (spec as { column?: unknown }).column === 'number'
          ? { column: (spec as { column: number }).column, ascending: (spec as { ascending?: unknown }).ascending !== false }
          : undefined;
    if (!key || !Number.isInteger(key.column)) throw new GasError(Messages.invalidArgument('sortSpecObj'));
    if (key.column < this.column || key.column > this.getLastColumn()) throw new GasError(Messages.sortColumnOutside);
    return key;
  }
}

export class FakeRangeList {
  static readonly kind = 'SpreadsheetApp.RangeList';

  constructor(private readonly ranges: FakeRange[]) {}

  getRanges(): FakeRange[] {
    return [...this.ranges];
  }

  /** Selects the ranges; their sheet becomes the active one. */
  activate(): this {
    this.ranges[0]?.activate();
    this.ranges[0]?._doc().selectRanges(this.ranges.map((r) => r._selection()));
    return this;
  }
}
