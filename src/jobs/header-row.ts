// Which row of a sheet holds its headers: the one rule a run on selected rows and automation's
// watch of a whole sheet both follow.
import { min } from '../base/numbers';
import { looksLikeHeader } from '../sheet/columns';
import type { Grid } from '../sheet/grid';

/** A title may sit above the header row: the header is looked for this far down. */
const MAX_TITLE_ROWS = 10;

/**
 * The header row. With a selection: its first row when it looks like one; else the last frozen
 * row above it that does (a title row may sit above it); else the first of the top rows above it
 * that does. Without one (automation watches the whole sheet): the first of the top rows that
 * looks like one. Else row 1.
 */
export const findHeaderRow = (grid: Grid, selection?: { ranges: ReadonlyArray<{ firstRow: number }>; frozenRows: number }): number => {
  const isHeader = (row: number) => looksLikeHeader(grid.row(grid.rowIndex(row)));
  let first = Infinity;
  if (selection) {
    first = min(...selection.ranges.map((r) => r.firstRow));
    if (isHeader(first)) return first;
    for (let r = min(selection.frozenRows, first - 1); r >= 1; r--) if (isHeader(r)) return r;
  }
  for (let r = 1; r < min(first, MAX_TITLE_ROWS + 1); r++) if (isHeader(r)) return r;
  return 1;
};
