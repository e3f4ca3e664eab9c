// An in-memory SheetPort for pure tests of the sheet model and jobs, counting its calls.
import type { SheetPort } from '../../src/sheet/grid';

export class MemorySheet implements SheetPort {
  cells: unknown[][];
  calls = { read: 0, write: 0 };

  constructor(rows: unknown[][]) {
    this.cells = rows.map((r) => [...r]);
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
