// What a test does to a sheet directly, as a user would, without going through the script:
// load and read values or CSV, sort, insert or delete rows, hide rows, filter.
import { parseA1 } from './a1';
import { readValue, displayValue, type CellValue } from './cell-values';
import { formatCsv, parseCsv } from './csv';
import type { SheetModel } from './sheet-model';
import type { SpreadsheetModel } from './spreadsheet-model';

export class SheetHelper {
  constructor(
    readonly doc: SpreadsheetModel,
    readonly model: SheetModel,
  ) {}

  /** Writes values as typed by a user, from A1 or from `at` (e.g. 'B2'). */
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
    return this.model.read().map((row, i) => row.map((_, j) => displayValue(this.model.cell(i + 1, j + 1), this.doc.timeZone)));
  }

  csv(): string {
    return formatCsv(this.displayValues());
  }

  /** One cell by A1: its value, formula, note and number format. */
  cell(a1: string): { value: CellValue; formula: string; note: string; format: string | undefined } {
    const a = parseA1(a1);
    const c = this.model.cell(a.row, a.column);
    return { value: readValue(c), formula: c?.formula ?? '', note: c?.note ?? '', format: c?.format };
  }

  userSort(column: number, ascending = true): this {
    this.model.sort(column, ascending);
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

  userHideRows(row: number, count = 1): this {
    for (let i = 0; i < count; i++) {
      const r = this.model.rows[row - 1 + i];
      if (r) r.hiddenByUser = true;
    }
    return this;
  }

  /** Applies a filter that hides rows below the header whose values fail `keep`. */
  userFilter(keep: (values: CellValue[], row: number) => boolean, headerRows = 1): this {
    this.model.filter(keep, headerRows);
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
