// Which custom-function cells a recalculation runs, as Sheets decides: a cell whose formula calls
// a function of the bundle runs when it was never computed (or was written since), when its
// formula or argument values changed, or when its last run failed; its arguments as Sheets passes
// them (a range as a 2-D array, a single cell as its value).
import { parseFormulaCall, type CellResult, type FormulaCall } from './custom-functions';
import { formatA1, parseA1 } from './spreadsheet/a1';
import type { Cell } from './spreadsheet/cell-values';
import type { SheetModel } from './spreadsheet/sheet-model';
import type { SpreadsheetModel } from './spreadsheet/spreadsheet-model';

export interface RecalculateOptions {
  /** Who recalculates (custom functions still read the owner's user properties). */
  asUser?: string;
  /** Only this sheet's cells. */
  sheet?: string;
  /** Run every custom-function cell, changed or not (as a forced full recalculation). */
  all?: boolean;
  /**
   * Start the cells' executions together, as Sheets runs them side by side (default true): each
   * starts at the recalculation's start time and the clock stands at the latest end afterwards.
   * False runs them one after another.
   */
  concurrent?: boolean;
}

/** A cell holding a custom-function call. */
export interface FunctionCell {
  sheet: SheetModel;
  cell: Cell;
  call: FormulaCall;
  /** `Sheet1!B2`. */
  at: string;
}

/** The custom-function cells of the document (or of one sheet), in sheet then row order. */
export function functionCells(doc: SpreadsheetModel, isBundleFunction: (name: string) => boolean, sheetName?: string): FunctionCell[] {
  const out: FunctionCell[] = [];
  for (const sheet of doc.sheets) {
    if (sheetName !== undefined && sheet.name !== sheetName) continue;
    sheet.rows.forEach((row, i) =>
      row.cells.forEach((cell, j) => {
        const call = cell?.formula ? parseFormulaCall(cell.formula) : undefined;
        if (cell && call && isBundleFunction(call.name)) out.push({ sheet, cell, call, at: `${sheet.name}!${formatA1(i + 1, j + 1)}` });
      }),
    );
  }
  return out;
}

/** The call's arguments as Sheets passes them: a range as a 2-D array, a single cell as its value. */
export function argumentsOf(doc: SpreadsheetModel, sheet: SheetModel, call: FormulaCall): unknown[] {
  return call.args.map((a) => {
    if ('literal' in a) return a.literal;
    const r = parseA1(a.ref);
    const src = r.sheetName !== undefined ? doc.sheetByName(r.sheetName) : sheet;
    if (!src) return '';
    const lastRow = r.lastRow ?? src.lastRow();
    const lastColumn = r.lastColumn ?? src.lastColumn();
    if (lastRow === r.row && lastColumn === r.column) return src.value(r.row, r.column);
    const block: unknown[][] = [];
    for (let i = r.row; i <= lastRow; i++) {
      const line: unknown[] = [];
      for (let j = r.column; j <= lastColumn; j++) line.push(src.value(i, j));
      block.push(line);
    }
    return block;
  });
}

/** What a computation depends on: the formula text and the argument values (dates by instant). */
export function computationKey(formula: string, args: unknown[]): string {
  return JSON.stringify([formula, args]);
}

/** Whether Sheets would run the cell again: never computed or written since, changed, or failed last time. */
export function needsRun(cell: Cell, key: string): boolean {
  return !cell.calc || cell.calc.failed || cell.calc.key !== key;
}

/** Keeps a run's outcome on the cell: what it shows, the hover text of an error, what it was computed from. */
export function recordRun(cell: Cell, key: string, outcome: { cell: CellResult; error?: string; failed: boolean }): void {
  cell.computed = outcome.cell;
  cell.calc = { key, failed: outcome.failed };
  if (outcome.error !== undefined) cell.error = outcome.error;
  else delete cell.error;
}
