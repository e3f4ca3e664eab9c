// One sheet's cells held in memory for a moment: read whole in one call, changed in place,
// written back as one block per group of adjacent changed columns. A Grid is read again after
// every network call, since the person may sort or edit while the service answers.
import { safeCell } from './cells';

/** The few spreadsheet calls the add-on needs; the Apps Script adapter implements it. */
export interface SheetPort {
  lastRow(): number;
  lastColumn(): number;
  maxColumns(): number;
  read(row: number, column: number, numRows: number, numColumns: number): unknown[][];
  write(row: number, column: number, values: unknown[][]): void;
  insertColumnsAfter(afterColumn: number, count: number): void;
}

const blank = (v: unknown) => v === '' || v === null || v === undefined;

export class Grid {
  /** Every row of the sheet from row 1: `rows[i]` is sheet row `i + 1`. */
  readonly rows: unknown[][];
  private readonly port: SheetPort;
  private readonly dirtyRows = new Set<number>();
  private readonly dirtyColumns = new Set<number>();

  constructor(port: SheetPort) {
    this.port = port;
    const lastRow = port.lastRow();
    const width = Math.max(1, port.lastColumn());
    this.rows = lastRow > 0 ? port.read(1, 1, lastRow, width) : [];
  }

  sheetRow(index: number): number {
    return index + 1;
  }

  indexOfSheetRow(row: number): number {
    return row - 1;
  }

  row(index: number): ReadonlyArray<unknown> {
    return this.rows[index] ?? [];
  }

  get(index: number, column: number): unknown {
    return this.rows[index]?.[column];
  }

  set(index: number, column: number, value: unknown): void {
    const row = this.rows[index];
    if (!row) return;
    while (row.length <= column) row.push('');
    if (row[column] === value) return;
    row[column] = value;
    this.dirtyRows.add(index);
    this.dirtyColumns.add(column);
  }

  /** The zero-based column of a header text in a row, if that row holds it. */
  columnIn(headerIndex: number, header: string): number | undefined {
    const i = this.row(headerIndex).findIndex((h) => typeof h === 'string' && h.trim() === header);
    return i < 0 ? undefined : i;
  }

  /** How many columns, from A, hold anything in any row: new columns go after these. */
  usedWidth(): number {
    let width = 0;
    for (const row of this.rows) {
      for (let c = row.length; c > width; c--) {
        if (!blank(row[c - 1])) {
          width = c;
          break;
        }
      }
    }
    return width;
  }

  /** The headers of `headers` the header row lacks, and how many columns the sheet must grow by. */
  missingColumns(headerIndex: number, headers: ReadonlyArray<string>): { missing: string[]; insert: number } {
    const missing = headers.filter((h) => this.columnIn(headerIndex, h) === undefined);
    const insert = Math.max(0, this.usedWidth() + missing.length - this.port.maxColumns());
    return { missing, insert };
  }

  /**
   * Finds each header in the header row, putting the missing ones after the last column that
   * holds any data (never over a person's cells), and adding columns when the sheet is too narrow.
   */
  placeColumns(headerIndex: number, headers: ReadonlyArray<string>): number[] {
    const { missing, insert } = this.missingColumns(headerIndex, headers);
    if (missing.length) {
      const start = this.usedWidth();
      if (insert > 0) this.port.insertColumnsAfter(this.port.maxColumns(), insert);
      this.port.write(this.sheetRow(headerIndex), start + 1, [missing]);
      const row = this.rows[headerIndex]!;
      while (row.length < start) row.push('');
      row.length = start;
      row.push(...missing);
    }
    return headers.map((h) => this.columnIn(headerIndex, h)!);
  }

  get dirty(): boolean {
    return this.dirtyRows.size > 0;
  }

  /**
   * Writes every change: for each run of adjacent changed columns, one block from the first to
   * the last changed row. Cells in between are written back as read, made safe again, since a
   * text that Sheets shows as `=x` reads back without its protecting apostrophe.
   */
  flush(): number {
    if (!this.dirty) return 0;
    const rowsSorted = [...this.dirtyRows].sort((a, b) => a - b);
    const first = rowsSorted[0]!;
    const last = rowsSorted[rowsSorted.length - 1]!;
    const cols = [...this.dirtyColumns].sort((a, b) => a - b);
    let calls = 0;
    for (let i = 0; i < cols.length;) {
      let j = i;
      while (j + 1 < cols.length && cols[j + 1] === cols[j]! + 1) j++;
      const c0 = cols[i]!;
      const width = cols[j]! - c0 + 1;
      const block: unknown[][] = [];
      for (let r = first; r <= last; r++) {
        const row = this.rows[r] ?? [];
        const out: unknown[] = [];
        for (let c = c0; c < c0 + width; c++) out.push(safeCell(row[c]));
        block.push(out);
      }
      this.port.write(this.sheetRow(first), c0 + 1, block);
      calls++;
      i = j + 1;
    }
    this.dirtyRows.clear();
    this.dirtyColumns.clear();
    return calls;
  }
}
