// Array answers spilling into neighbouring cells, as Sheets shows a custom function's 2-D result:
// the answer fills the cells right of and below its formula; when one of them holds data, or the
// answer would run past the sheet's edge, the formula shows #REF! with Sheets' message instead.
import { formatA1 } from './a1';
import { isEmpty, type Cell, type CellValue } from './cell-values';

export const SPILL_ERROR_VALUE = '#REF!';

export const SpillMessages = {
  overwrite: (a1: string) => `Array result was not expanded because it would overwrite data in ${a1}.`,
  moreRows: (n: number) => `Result was not automatically expanded, please insert more rows (${n}).`,
  moreColumns: (n: number) => `Result was not automatically expanded, please insert more columns (${n}).`,
};

/** Where every spilled value of a sheet is, which answers could not spill and why, and how far spills reach. */
export interface SpillLayout {
  values: Map<string, CellValue>;
  errors: Map<Cell, string>;
  lastRow: number;
  lastColumn: number;
}

export const spillKey = (row: number, column: number) => `${row},${column}`;

/** What the sheet looks like to the layout: its size and cells. */
export interface SpillGrid {
  readonly maxRows: number;
  readonly maxColumns: number;
  cellAt(row: number, column: number): Cell | undefined;
}

/**
 * Lays out the answers of `anchors` (formula cells holding a 2-D answer, at their positions, in
 * row then column order): an earlier answer's spill blocks a later one, as data does.
 */
export function layOutSpills(grid: SpillGrid, anchors: ReadonlyArray<{ cell: Cell; row: number; column: number }>): SpillLayout {
  const layout: SpillLayout = { values: new Map(), errors: new Map(), lastRow: 0, lastColumn: 0 };
  for (const { cell, row, column } of anchors) {
    const block = cell.computed as CellValue[][];
    const height = block.length;
    const width = Math.max(0, ...block.map((r) => r.length));
    if (height * width <= 1) continue;
    const pastRows = row + height - 1 - grid.maxRows;
    const pastColumns = column + width - 1 - grid.maxColumns;
    let error: string | undefined;
    if (pastRows > 0) error = SpillMessages.moreRows(pastRows);
    else if (pastColumns > 0) error = SpillMessages.moreColumns(pastColumns);
    for (let i = 0; i < height && !error; i++) {
      for (let j = 0; j < width && !error; j++) {
        if (i === 0 && j === 0) continue;
        if (!isEmpty(grid.cellAt(row + i, column + j)) || layout.values.has(spillKey(row + i, column + j)))
          error = SpillMessages.overwrite(formatA1(row + i, column + j));
      }
    }
    if (error) {
      layout.errors.set(cell, error);
      continue;
    }
    for (let i = 0; i < height; i++) {
      for (let j = 0; j < width; j++) {
        if (i === 0 && j === 0) continue;
        layout.values.set(spillKey(row + i, column + j), block[i]?.[j] ?? '');
      }
    }
    layout.lastRow = Math.max(layout.lastRow, row + height - 1);
    layout.lastColumn = Math.max(layout.lastColumn, column + width - 1);
  }
  return layout;
}
