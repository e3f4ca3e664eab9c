// A sheet's contents: rows of cells with their notes and formats, rows hidden by the user or by a
// filter, and the row operations a user performs (insert, delete, sort) that shift everything.
import { GasError, Messages } from '../errors';
import { enterValue, isEmpty, readValue, type Cell, type CellValue } from './cell-values';

export interface RowState {
  cells: (Cell | undefined)[];
  hiddenByUser: boolean;
  hiddenByFilter: boolean;
}

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

export class SheetModel {
  rows: RowState[];
  frozenRows = 0;

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

  cell(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.cells[column - 1];
  }

  /** The cell at row/column, created if needed. */
  writableCell(row: number, column: number): Cell {
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
    for (let i = this.rows.length; i >= 1; i--) if (this.rows[i - 1]!.cells.some((c) => !isEmpty(c))) return i;
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const r of this.rows) for (let j = r.cells.length; j > last; j--) if (!isEmpty(r.cells[j - 1])) last = j;
    return last;
  }

  insertRows(beforeRow: number, count: number): void {
    if (beforeRow < 1 || beforeRow > this.rows.length + 1 || count < 1) throw new GasError(Messages.rangeOutside);
    this.rows.splice(beforeRow - 1, 0, ...Array.from({ length: count }, blankRow));
  }

  deleteRows(startRow: number, count: number): void {
    if (startRow < 1 || count < 1 || startRow + count - 1 > this.rows.length) throw new GasError(Messages.rangeOutside);
    if (this.rows.length - count <= this.frozenRows) throw new GasError(Messages.deleteAllRows);
    this.rows.splice(startRow - 1, count);
  }

  /** Sorts the rows below the frozen ones by one column, blanks last, as Sheet.sort does. */
  sort(column: number, ascending = true): void {
    const first = this.frozenRows;
    const last = Math.max(this.lastRow(), first);
    const body = this.rows.slice(first, last);
    body.sort((a, b) => {
      const va = readValue(a.cells[column - 1]);
      const vb = readValue(b.cells[column - 1]);
      if (va === '' || vb === '') return sortRank(va) - sortRank(vb);
      return ascending ? compareValues(va, vb) : compareValues(vb, va);
    });
    this.rows.splice(first, body.length, ...body);
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
      for (let j = 1; j <= cols; j++) row.push(readValue(this.cell(i, j)));
      out.push(row);
    }
    return out;
  }

  /** Hides, as a filter would, every row below `headerRows` whose values fail `keep`. */
  filter(keep: (values: CellValue[], row: number) => boolean, headerRows = 1): void {
    const cols = this.lastColumn();
    this.rows.forEach((r, i) => {
      const row = i + 1;
      if (row <= headerRows) return;
      const values = Array.from({ length: cols }, (_, j) => readValue(r.cells[j]));
      r.hiddenByFilter = !keep(values, row);
    });
  }

  clearFilter(): void {
    for (const r of this.rows) r.hiddenByFilter = false;
  }
}
