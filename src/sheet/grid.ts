// One sheet's cells held in memory for a moment: read whole in one call, or only the columns and
// rows a step needs, changed in place, written back in blocks of adjacent changed columns and
// rows. A Grid is read again after every network call, since the person may sort or edit while
// the service answers.
import { addTo } from '../base/lists';
import { max, min } from '../base/numbers';
import { isString } from '../base/is-string';
import { fail } from '../base/fail';
import { safeCell } from './cells';

/** The few spreadsheet calls the add-on needs; the Apps Script adapter implements it. */
export interface SheetPort {
  lastRow(): number;
  lastColumn(): number;
  maxColumns(): number;
  read(row: number, column: number, numRows: number, numColumns: number): unknown[][];
  write(row: number, column: number, values: unknown[][]): void;
  insertColumnsAfter(afterColumn: number, count: number): void;
  /** Whether the next whole-sheet read is answered from cells already held (see held-read.ts). */
  holds?(): boolean;
}

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/** Each number once, smallest first. */
const ascending = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

/** Ascending numbers cut into runs: each joins the run before it when `near` that run's last. */
export const runs = (sorted: ReadonlyArray<number>, near: (last: number, next: number) => boolean): number[][] => {
  const out: number[][] = [];
  for (const n of sorted) {
    const run = out[out.length - 1];
    if (run && near(run[run.length - 1]!, n)) run.push(n);
    else out.push([n]);
  }
  return out;
};

export const adjacent = (last: number, next: number) => next === last + 1;

/** The zero-based column of a header text in a row, if the row holds it. */
export const columnOf = (row: ReadonlyArray<unknown>, header: string): number | undefined => {
  const i = row.findIndex((h) => isString(h) && h.trim() === header);
  return i < 0 ? undefined : i;
};

/**
 * Unchanged rows between two changed ones are written back as read while that costs less than
 * another call: by the cost of writes (80 ms a call, 0.05 ms a cell), up to 1,600 cells.
 */
const GAP_CELLS = 1600;

export class Grid {
  /** Every row of the sheet from row 1: `rows[i]` is sheet row `i + 1`. */
  readonly rows: unknown[][];
  private readonly port: SheetPort;
  /** Changed rows by column. */
  private readonly changed = new Map<number, Set<number>>();
  /** Rows read in each column, `[first, last]`, when not every cell was read. */
  private readonly spans?: Array<[number, number] | undefined>;
  /** A row read whole in a grid read in parts (its header row). */
  wholeRow = -1;

  /** The whole sheet in one read; with `height`, nothing yet: see `wholeRow` and `load`. */
  constructor(port: SheetPort, height?: number) {
    this.port = port;
    if (height !== undefined) {
      this.spans = [];
      this.rows = Array.from({ length: height }, () => []);
      return;
    }
    const lastRow = port.lastRow();
    const width = max(1, port.lastColumn());
    this.rows = lastRow > 0 ? port.read(1, 1, lastRow, width) : [];
  }

  private has(index: number, column: number): boolean {
    const span = this.spans?.[column];
    return !this.spans || index === this.wholeRow || (span !== undefined && index >= span[0] && index <= span[1]);
  }

  /**
   * Reads the cells of `columns` from row index `first` to `last` not read yet (with any rows
   * between them and those read before): one read per run of adjacent columns. Cells read before
   * are kept as they are, changed or not.
   */
  load(columns: ReadonlyArray<number>, first: number, last: number): void {
    const spans = this.spans;
    if (!spans || first > last) return;
    for (const run of runs(ascending(columns), adjacent)) {
      // Each column's span grows to cover [first, last]; one block covers what any of them lacks.
      let a = Infinity;
      let b = -1;
      const before = run.map((c): [number, number] => spans[c] ?? [first, first - 1]);
      // A span never ends before the row above its start (an empty one is [first, first - 1]).
      for (const [k, c] of run.entries()) {
        const [lo, hi] = before[k]!;
        if (first < lo) [a, b] = [min(a, first), max(b, lo - 1)];
        if (last > hi) [a, b] = [min(a, hi + 1), max(b, last)];
        spans[c] = [min(lo, first), max(hi, last)];
      }
      if (a > b) continue;
      const block = this.port.read(a + 1, run[0]! + 1, b - a + 1, run.length);
      for (let r = a; r <= b; r++) {
        const row = this.rows[r]!;
        run.forEach((c, k) => {
          const [lo, hi] = before[k]!;
          if ((r < lo || r > hi) && r !== this.wholeRow) row[c] = block[r - a]![k];
        });
      }
    }
  }

  sheetRow(index: number): number {
    return index + 1;
  }

  /** The index in `rows` of sheet row `row`. */
  rowIndex(row: number): number {
    return row - 1;
  }

  row(index: number): ReadonlyArray<unknown> {
    return this.rows[index] ?? [];
  }

  get(index: number, column: number): unknown {
    if (!this.has(index, column)) fail(`Cell ${index},${column} was not read.`);
    return this.rows[index]?.[column];
  }

  set(index: number, column: number, value: unknown): void {
    const row = this.rows[index];
    if (!row) return;
    this.get(index, column);
    while (row.length <= column) row.push('');
    if (row[column] === value) return;
    row[column] = value;
    let rows = this.changed.get(column);
    if (!rows) this.changed.set(column, (rows = new Set()));
    rows.add(index);
  }

  /** The zero-based column of a header text in a row, if that row holds it. */
  columnIn(headerIndex: number, header: string): number | undefined {
    return columnOf(this.row(headerIndex), header);
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
    const insert = max(0, this.usedWidth() + missing.length - this.port.maxColumns());
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

  /**
   * Writes every change: for each run of changed rows (near ones joined, see GAP_CELLS), one
   * block per group of adjacent columns changed in it. Cells in between are written back as
   * read, made safe again, since a text that Sheets shows as `=x` reads back without its
   * protecting apostrophe.
   */
  flush(): number {
    const width = this.changed.size;
    const colsOf = new Map<number, number[]>();
    for (const [c, changed] of this.changed) for (const r of changed) addTo(colsOf, r, c);
    let calls = 0;
    for (const rows of runs(ascending(colsOf.keys()), (last, next) => (next - last - 1) * width <= GAP_CELLS)) {
      const first = rows[0]!;
      const last = rows[rows.length - 1]!;
      for (const group of runs(ascending(rows.flatMap((r) => colsOf.get(r)!)), adjacent)) {
        this.load(group, first, last);
        const block: unknown[][] = [];
        for (let r = first; r <= last; r++) block.push(group.map((c) => safeCell(this.rows[r]?.[c])));
        this.port.write(this.sheetRow(first), group[0]! + 1, block);
        calls++;
      }
    }
    this.changed.clear();
    return calls;
  }
}
