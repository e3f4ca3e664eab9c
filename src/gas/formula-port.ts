// The selection's formulas for the refresh action: one getFormulas per selected range, and
// rewriting rectangles of formulas (cleared, flushed, written back) so Sheets computes them again.
import { currentSpreadsheet } from './active-document';
import { selectedRanges } from './sheet-port';

/** A rectangle of a selected range, by offsets from its top-left cell. */
export interface FormulaRect {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export interface SelectedFormulas {
  formulas: string[][];
  range: GoogleAppsScript.Spreadsheet.Range;
}

/** Every range of the selection with its formulas. */
export const selectedFormulas = (): SelectedFormulas[] =>
  selectedRanges(currentSpreadsheet()).map((range) => ({ range, formulas: range.getFormulas() }));

/**
 * Clears each rectangle, lets Sheets take that in, then writes the same formulas back: a
 * formula entered again is computed again. Two calls per rectangle and one flush in all.
 */
export const rewriteFormulas = (blocks: ReadonlyArray<{ at: SelectedFormulas; block: FormulaRect }>): void => {
  const targets = blocks.map(({ at, block }) => ({
    range: at.range.offset(block.row, block.column, block.numRows, block.numColumns),
    formulas: at.formulas.slice(block.row, block.row + block.numRows).map((r) => r.slice(block.column, block.column + block.numColumns)),
  }));
  for (const t of targets) t.range.clearContent();
  SpreadsheetApp.flush();
  // setValues enters a text starting with "=" as a formula, as setFormulas would.
  for (const t of targets) t.range.setValues(t.formulas);
};
