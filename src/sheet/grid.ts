// One sheet's data held in memory for a step: read in one call, changed in place, written back
// as one block per group of adjacent changed columns, whatever order the rows are in.
import { safeCell } from './cells';

/** The few spreadsheet calls a step needs; the Apps Script adapter implements it. */
export interface SheetPort {
  lastRow(): number;
  lastColumn(): number;
  read(row: number, column: number, numRows: number, numColumns: number): unknown[][];
  write(row: number, column: number, values: unknown[][]): void;
}

export class Grid {
  readonly headerRow: number;
  readonly headers: unknown[];
  readonly rows: unknown[][];
  private readonly port: SheetPort;
  private readonly dirtyRows = new Set<number>();
  private readonly dirtyColumns = new Set<number>();

  constructor(port: SheetPort, headerRow: number) {
    this.port = port;
    this.headerRow = headerRow;
    const lastRow = port.lastRow();
    const width = Math.max(1, port.lastColumn());
    const count = Math.max(0, lastRow - headerRow + 1);
    const values = count > 0 ? port.read(headerRow, 1, count, width) : [[]];
    this.headers = values[0] ?? [];
    this.rows = values.slice(1);
  }

  /** Sheet row number of a data row index. */
  sheetRow(index: number): number {
    return this.headerRow + 1 + index;
  }

  indexOfSheetRow(row: number): number {
    return row - this.headerRow - 1;
  }

  columnOf(header: string): number | undefined {
    const i = this.headers.findIndex((h) => typeof h === 'string' && h.trim() === header);
    return i < 0 ? undefined : i;
  }

  /** Finds each header, appending the missing ones after the last used column. */
  ensureColumns(headers: ReadonlyArray<string>): number[] {
    const missing = headers.filter((h) => this.columnOf(h) === undefined);
    if (missing.length) {
      let end = this.headers.length;
      while (end > 0 && (this.headers[end - 1] === '' || this.headers[end - 1] === null || this.headers[end - 1] === undefined)) end--;
      this.port.write(this.headerRow, end + 1, [missing]);
      this.headers.length = end;
      this.headers.push(...missing);
    }
    return headers.map((h) => this.columnOf(h)!);
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
    for (let i = 0; i < cols.length; ) {
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
