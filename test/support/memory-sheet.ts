// An in-memory SheetPort for pure tests of the sheet model and jobs, counting its calls.
import type { SheetPort } from '../../src/sheet/grid';

export class MemorySheet implements SheetPort {
  cells: unknown[][];
  calls = { read: 0, write: 0, insertColumns: 0 };
  width: number;

  constructor(rows: unknown[][], width = 26) {
    this.cells = rows.map((r) => [...r]);
    this.width = Math.max(width, ...rows.map((r) => r.length));
  }

  maxColumns(): number {
    return this.width;
  }

  insertColumnsAfter(after: number, count: number): void {
    this.calls.insertColumns++;
    this.width += count;
    for (const row of this.cells) if (row.length > after) row.splice(after, 0, ...Array.from({ length: count }, () => ''));
  }

  lastRow(): number {
    for (let r = this.cells.length; r > 0; r--) if (this.cells[r - 1]!.some((c) => c !== '' && c !== null && c !== undefined)) return r;
    return 0;
  }

  lastColumn(): number {
    return this.cells.reduce((m, r) => {
      let w = r.length;
      while (w > 0 && (r[w - 1] === '' || r[w - 1] === undefined)) w--;
      return Math.max(m, w);
    }, 0);
  }

  read(row: number, column: number, numRows: number, numColumns: number): unknown[][] {
    this.calls.read++;
    const out: unknown[][] = [];
    for (let r = 0; r < numRows; r++) {
      const src = this.cells[row - 1 + r] ?? [];
      out.push(Array.from({ length: numColumns }, (_, c) => src[column - 1 + c] ?? ''));
    }
    return out;
  }

  write(row: number, column: number, values: unknown[][]): void {
    this.calls.write++;
    if (column - 1 + (values[0]?.length ?? 0) > this.width) throw new Error('Those columns are out of bounds.');
    values.forEach((vals, r) => {
      const target = (this.cells[row - 1 + r] ??= []);
      vals.forEach((v, c) => {
        while (target.length < column - 1 + c) target.push('');
        target[column - 1 + c] = v;
      });
    });
  }

  column(header: string): unknown[] {
    const i = this.cells[0]!.indexOf(header);
    return this.cells.slice(1).map((r) => r[i]);
  }
}
