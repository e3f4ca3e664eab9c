// A sheet's contents: rows of cells with their notes and formats, rows hidden by the user or by a
// filter, the operations a user performs (insert, delete, sort) that shift everything, and the
// custom functions' array answers spilled into neighbouring cells.
import { GasError, Messages } from '../errors';
import { displayValue, enterValue, isEmpty, readValue, type Cell, type CellValue } from './cell-values';
import { moveFilterColumns, positionAfterDelete, spanAfterDelete, spanAfterInsert, type FilterState } from './filter-state';
import { STANDALONE, type FormulaContext } from './formulas';
import { layOutSpills, SPILL_ERROR_VALUE, spillKey, type SpillLayout } from './spill';

export interface RowState {
  cells: (Cell | undefined)[];
  hiddenByUser: boolean;
  hiddenByFilter: boolean;
}

/** One key of a sort: a sheet column and its direction. */
export interface SortKey {
  column: number;
  ascending: boolean;
}

// Bound once: under a test runner this module runs in a vm context, where each read of a global
// is slow, and a range read makes an array per row.
const HostArray = Array;

const blankRow = (): RowState => ({ cells: [], hiddenByUser: false, hiddenByFilter: false });

function sortRank(v: CellValue): number {
  if (v === '') return 3;
  if (typeof v === 'number' || v instanceof Date) return 0;
  if (typeof v === 'string') return 1;
  return 2;
}

function compareValues(a: CellValue, b: CellValue): number {
  const ra = sortRank(a);
  const rb = sortRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return Number(a) - Number(b);
  if (ra === 1) return String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  return Number(a) - Number(b);
}

/** Orders by each key in turn; blanks go last whichever the direction, as in Sheets. */
function compareByKeys(a: CellValue[], b: CellValue[], keys: readonly SortKey[]): number {
  for (let k = 0; k < keys.length; k++) {
    const va = a[k]!;
    const vb = b[k]!;
    const c = va === '' || vb === '' ? sortRank(va) - sortRank(vb) : keys[k]!.ascending ? compareValues(va, vb) : compareValues(vb, va);
    if (c !== 0) return c;
  }
  return 0;
}

export class SheetModel {
  rows: RowState[];
  frozenRows = 0;
  filter: FilterState | undefined;
  /** What this sheet's formulas resolve against: the spreadsheet's, with unqualified references on this sheet. */
  private formulaContext: FormulaContext = STANDALONE;
  /** Formula cells given a 2-D answer: they spill (see spill.ts). */
  private readonly spillAnchors = new Set<Cell>();
  /** Moves on with every change to the cells, so the spill layout is worked out again. */
  private version = 0;
  private layout: (SpillLayout & { version: number }) | undefined;

  constructor(
    public name: string,
    readonly sheetId: number,
    maxRows = 1000,
    public maxColumns = 26,
  ) {
    this.rows = Array.from({ length: maxRows }, blankRow);
  }

  get maxRows(): number {
    return this.rows.length;
  }

  get context(): FormulaContext {
    return this.formulaContext;
  }

  /** Sheet names, custom functions and the sheets references read, for formulas; the spreadsheet sets it. */
  set context(spreadsheet: FormulaContext) {
    this.formulaContext = {
      hasSheet: (name) => spreadsheet.hasSheet(name),
      isCustomFunction: (name) => spreadsheet.isCustomFunction(name),
      sheetNamed: (name) => (name === undefined ? this : spreadsheet.sheetNamed?.(name)),
    };
  }

  hiddenByUser(row: number): boolean {
    return this.rows[row - 1]?.hiddenByUser ?? false;
  }

  hiddenByFilter(row: number): boolean {
    return this.rows[row - 1]?.hiddenByFilter ?? false;
  }

  /**
   * Takes another sheet's contents, as Duplicate copies them: cells (values, formulas, notes,
   * formats), the grid's size, frozen and hidden rows, the filter. Custom functions' answers are
   * not copied: the copy's cells compute again.
   */
  copyFrom(other: SheetModel): void {
    const copyCell = (c: Cell | undefined): Cell | undefined => {
      if (!c) return undefined;
      const out: Cell = { value: c.value instanceof Date ? new Date(c.value.getTime()) : c.value };
      if (c.formula !== undefined) out.formula = c.formula;
      if (c.note !== undefined) out.note = c.note;
      if (c.format !== undefined) out.format = c.format;
      return out;
    };
    this.rows = other.rows.map((r) => ({ cells: r.cells.map(copyCell), hiddenByUser: r.hiddenByUser, hiddenByFilter: r.hiddenByFilter }));
    this.maxColumns = other.maxColumns;
    this.frozenRows = other.frozenRows;
    this.filter = other.filter ? structuredClone(other.filter) : undefined;
  }

  cell(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.cells[column - 1];
  }

  /** What the cell at row/column reads (a formula's value, not its text; a spilled value). */
  value(row: number, column: number): CellValue {
    const cell = this.cell(row, column);
    const spill = this.spillAt(row, column, cell);
    if (spill === SPILL_ERROR_VALUE) return spill;
    if (spill) return spill.value instanceof Date ? new Date(spill.value.getTime()) : spill.value;
    return readValue(cell, this.context);
  }

  /**
   * What a block of cells reads, row by row: `value` of each cell. Range reads of tens of
   * thousands of rows come through here, so the spill layout is looked up once for the block
   * and, when nothing spills, cells are read straight from the rows.
   */
  values(row: number, column: number, numRows: number, numColumns: number): CellValue[][] {
    // Arrays made at their size: one grown by push holds room for 16 values.
    const out = new HostArray<CellValue[]>(numRows);
    const spilling = this.spillLayout() !== undefined;
    for (let i = 0; i < numRows; i++) {
      const line = new HostArray<CellValue>(numColumns);
      if (spilling) {
        for (let j = 0; j < numColumns; j++) line[j] = this.value(row + i, column + j);
      } else {
        const cells = this.rows[row - 1 + i]?.cells;
        for (let j = 0; j < numColumns; j++) line[j] = readValue(cells?.[column - 1 + j], this.context);
      }
      out[i] = line;
    }
    return out;
  }

  display(row: number, column: number, timeZone: string): string {
    const cell = this.cell(row, column);
    const spill = this.spillAt(row, column, cell);
    if (spill === SPILL_ERROR_VALUE) return spill;
    if (spill)
      return displayValue({ value: spill.value, ...(cell?.format !== undefined ? { format: cell.format } : {}) }, timeZone, this.context);
    return displayValue(cell, timeZone, this.context);
  }

  /** What spilling puts at row/column: #REF! on a formula that cannot spill, a spilled value on an empty cell, or nothing. */
  private spillAt(row: number, column: number, cell: Cell | undefined): typeof SPILL_ERROR_VALUE | { value: CellValue } | undefined {
    const layout = this.spillLayout();
    if (!layout) return undefined;
    if (cell && layout.errors.has(cell)) return SPILL_ERROR_VALUE;
    const spilled = isEmpty(cell) ? layout.values.get(spillKey(row, column)) : undefined;
    return spilled === undefined ? undefined : { value: spilled };
  }

  /** Why the formula at row/column shows #REF! instead of spilling ('' when it does not). */
  spillError(row: number, column: number): string {
    const cell = this.cell(row, column);
    return (cell && this.spillLayout()?.errors.get(cell)) ?? '';
  }

  /** Notes a recalculated answer: a 2-D one spills from its cell. */
  answered(cell: Cell): void {
    if (Array.isArray(cell.computed)) this.spillAnchors.add(cell);
    else this.spillAnchors.delete(cell);
    this.changed();
  }

  /** Something changed the cells (a write, a move): spills are laid out again on the next read. */
  changed(): void {
    this.version++;
  }

  private spillLayout(): SpillLayout | undefined {
    if (this.spillAnchors.size === 0) return undefined;
    if (this.layout?.version === this.version) return this.layout;
    // An answer spills while its cell still holds the formula it came from.
    for (const c of this.spillAnchors) if (!c.formula || !Array.isArray(c.computed)) this.spillAnchors.delete(c);
    const anchors: Array<{ cell: Cell; row: number; column: number }> = [];
    this.rows.forEach((r, i) =>
      r.cells.forEach((c, j) => {
        if (c && this.spillAnchors.has(c)) anchors.push({ cell: c, row: i + 1, column: j + 1 });
      }),
    );
    const found = new Set(anchors.map((a) => a.cell));
    for (const c of this.spillAnchors) if (!found.has(c)) this.spillAnchors.delete(c);
    const grid = { maxRows: this.maxRows, maxColumns: this.maxColumns, cellAt: (r: number, c: number) => this.cell(r, c) };
    this.layout = { ...layOutSpills(grid, anchors), version: this.version };
    return this.layout;
  }

  /** The cell at row/column, created if needed. */
  writableCell(row: number, column: number): Cell {
    this.changed();
    const r = this.rows[row - 1];
    if (!r || column > this.maxColumns) throw new GasError(Messages.rangeOutside);
    let c = r.cells[column - 1];
    if (!c) {
      c = { value: '' };
      r.cells[column - 1] = c;
    }
    return c;
  }

  lastRow(): number {
    const spilled = this.spillLayout()?.lastRow ?? 0;
    for (let i = this.rows.length; i > spilled; i--) if (this.rows[i - 1]!.cells.some((c) => !isEmpty(c))) return i;
    return spilled;
  }

  lastColumn(): number {
    let last = this.spillLayout()?.lastColumn ?? 0;
    for (const r of this.rows) for (let j = r.cells.length; j > last; j--) if (!isEmpty(r.cells[j - 1])) last = j;
    return last;
  }

  /** Inserts blank rows before `beforeRow` (up to one past the last row, which appends). */
  insertRows(beforeRow: number, count: number): void {
    this.changed();
    if (!Number.isInteger(beforeRow) || !Number.isInteger(count) || beforeRow < 1 || beforeRow > this.rows.length + 1 || count < 1) {
      throw new GasError(Messages.rowsOutOfBounds);
    }
    this.rows.splice(beforeRow - 1, 0, ...Array.from({ length: count }, blankRow));
    if (this.filter) this.filter.rows = spanAfterInsert(this.filter.rows, beforeRow, count);
  }

  deleteRows(startRow: number, count: number): void {
    this.changed();
    if (!Number.isInteger(startRow) || !Number.isInteger(count) || startRow < 1 || count < 1 || startRow + count - 1 > this.rows.length) {
      throw new GasError(Messages.rowsOutOfBounds);
    }
    if (this.rows.length - count <= this.frozenRows) throw new GasError(Messages.deleteAllRows);
    this.rows.splice(startRow - 1, count);
    if (this.filter) {
      const rows = spanAfterDelete(this.filter.rows, startRow, count);
      if (rows) this.filter.rows = rows;
      else this.filter = undefined;
    }
  }

  /** Inserts blank columns before `beforeColumn` (up to one past the last column, which appends). */
  insertColumns(beforeColumn: number, count: number): void {
    this.changed();
    if (
      !Number.isInteger(beforeColumn) ||
      !Number.isInteger(count) ||
      beforeColumn < 1 ||
      beforeColumn > this.maxColumns + 1 ||
      count < 1
    ) {
      throw new GasError(Messages.columnsOutOfBounds);
    }
    for (const r of this.rows) {
      if (r.cells.length >= beforeColumn) r.cells.splice(beforeColumn - 1, 0, ...new Array<Cell | undefined>(count));
    }
    this.maxColumns += count;
    if (this.filter) {
      this.filter.columns = spanAfterInsert(this.filter.columns, beforeColumn, count);
      moveFilterColumns(this.filter, (c) => (c >= beforeColumn ? c + count : c));
    }
  }

  deleteColumns(startColumn: number, count: number): void {
    this.changed();
    if (
      !Number.isInteger(startColumn) ||
      !Number.isInteger(count) ||
      startColumn < 1 ||
      count < 1 ||
      startColumn + count - 1 > this.maxColumns
    ) {
      throw new GasError(Messages.columnsOutOfBounds);
    }
    if (this.maxColumns - count <= 0) throw new GasError(Messages.deleteAllColumns);
    for (const r of this.rows) r.cells.splice(startColumn - 1, count);
    this.maxColumns -= count;
    if (this.filter) {
      const columns = spanAfterDelete(this.filter.columns, startColumn, count);
      if (!columns) {
        this.clearFilter();
      } else {
        this.filter.columns = columns;
        // Rows hidden by a deleted column's criteria show again.
        if (moveFilterColumns(this.filter, (c) => positionAfterDelete(c, startColumn, count))) this.applyValueCriteria();
      }
    }
  }

  /** Sorts the rows below the frozen ones by one column, blanks last, as Sheet.sort does. */
  sort(column: number, ascending = true): void {
    this.changed();
    const first = this.frozenRows;
    const last = Math.max(this.lastRow(), first);
    const keyed = this.rows.slice(first, last).map((r) => ({ r, key: [readValue(r.cells[column - 1], this.context)] }));
    keyed.sort((a, b) => compareByKeys(a.key, b.key, [{ column, ascending }]));
    this.rows.splice(first, keyed.length, ...keyed.map((k) => k.r));
  }

  /**
   * Sorts exactly the rows of a range by sheet columns inside it, as Range.sort does: only the
   * range's cells move (cells left and right of it stay), whatever the frozen rows, header or not.
   */
  sortRange(row: number, column: number, numRows: number, numColumns: number, keys: readonly SortKey[]): void {
    this.changed();
    const slices = this.rows.slice(row - 1, row - 1 + numRows).map((r) => {
      const cells: (Cell | undefined)[] = [];
      for (let j = 0; j < numColumns; j++) cells.push(r.cells[column - 1 + j]);
      return { cells, key: keys.map((k) => readValue(r.cells[k.column - 1], this.context)) };
    });
    slices.sort((a, b) => compareByKeys(a.key, b.key, keys));
    slices.forEach((s, i) => {
      const r = this.rows[row - 1 + i]!;
      s.cells.forEach((c, j) => (r.cells[column - 1 + j] = c));
    });
  }

  /** Writes a block of values the way a user typing them would (so `=x` becomes a formula). */
  load(values: readonly (readonly unknown[])[], startRow = 1, startColumn = 1): void {
    const width = Math.max(0, ...values.map((r) => r.length));
    while (this.rows.length < startRow + values.length - 1) this.rows.push(blankRow());
    this.maxColumns = Math.max(this.maxColumns, startColumn + width - 1);
    values.forEach((row, i) => row.forEach((v, j) => enterValue(this.writableCell(startRow + i, startColumn + j), v)));
  }

  /** The values of the data range (A1 to the last row and column with content). */
  read(): CellValue[][] {
    const rows = this.lastRow();
    const cols = this.lastColumn();
    const out: CellValue[][] = [];
    for (let i = 1; i <= rows; i++) {
      const row: CellValue[] = [];
      for (let j = 1; j <= cols; j++) row.push(this.value(i, j));
      out.push(row);
    }
    return out;
  }

  /** The filter's rows and columns: from the header row to the last row, across the data. */
  private setFilterRange(headerRow: number): FilterState {
    this.filter = {
      rows: { start: headerRow, count: Math.max(1, this.lastRow() - headerRow + 1) },
      columns: { start: 1, count: Math.max(1, this.lastColumn()) },
      hiddenValues: new Map(),
    };
    return this.filter;
  }

  /** Hides, as a filter would, every row below `headerRows` whose values fail `keep`. */
  filterRows(keep: (values: CellValue[], row: number) => boolean, headerRows = 1): void {
    const cols = this.lastColumn();
    this.setFilterRange(Math.max(1, headerRows));
    this.rows.forEach((r, i) => {
      const row = i + 1;
      if (row <= headerRows) return;
      const values = Array.from({ length: cols }, (_, j) => readValue(r.cells[j], this.context));
      r.hiddenByFilter = !keep(values, row);
    });
  }

  /**
   * A filter on one column by values, as a user unticks values in the column's filter menu: rows
   * below the header whose shown text is one of `hidden` are hidden, and the filter remembers it.
   */
  filterValues(column: number, hidden: readonly string[], headerRow: number, timeZone: string): void {
    const filter = this.filter ?? this.setFilterRange(headerRow);
    filter.hiddenValues.set(column, [...hidden]);
    filter.timeZone = timeZone;
    this.applyValueCriteria();
  }

  /** Hides the filter's rows below its header that show a hidden value in any filtered column. */
  private applyValueCriteria(): void {
    const filter = this.filter;
    if (!filter) return;
    const timeZone = filter.timeZone ?? 'Etc/UTC';
    const last = filter.rows.start + filter.rows.count - 1;
    for (let row = filter.rows.start + 1; row <= last; row++) {
      const r = this.rows[row - 1];
      if (!r) continue;
      r.hiddenByFilter = [...filter.hiddenValues].some(([c, values]) => values.includes(this.display(row, c, timeZone)));
    }
  }

  /** Empties every cell (values, formulas, notes, formats) and drops the filter; the grid keeps its size. */
  clearAll(): void {
    this.changed();
    for (const r of this.rows) r.cells = [];
    this.clearFilter();
  }

  clearFilter(): void {
    this.filter = undefined;
    for (const r of this.rows) r.hiddenByFilter = false;
  }
}
