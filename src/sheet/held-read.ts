// A SheetPort whose next whole-sheet read is answered from cells this execution has just read
// and written itself, with no network call since: a start's own read serves its first send.
import { max } from '../base/numbers';
import type { SheetPort } from './grid';

export const withHeldRead = (port: SheetPort, rows: ReadonlyArray<ReadonlyArray<unknown>>): SheetPort => {
  let held: ReadonlyArray<ReadonlyArray<unknown>> | undefined = rows;
  const width = rows.reduce((w, r) => max(w, r.length), 0);
  return {
    lastRow: () => (held ? held.length : port.lastRow()),
    lastColumn: () => (held ? width : port.lastColumn()),
    maxColumns: () => port.maxColumns(),
    read: (row, column, numRows, numColumns) => {
      const h = held;
      held = undefined;
      // Only the read a Grid makes of the same sheet; anything else goes to the sheet.
      if (!h || row !== 1 || column !== 1 || numRows !== h.length || numColumns < width) return port.read(row, column, numRows, numColumns);
      return h.map((r) => Array.from({ length: numColumns }, (_, c) => (c < r.length ? r[c] : '')));
    },
    write: (row, column, values) => {
      held = undefined;
      port.write(row, column, values);
    },
    insertColumnsAfter: (after, count) => {
      held = undefined;
      port.insertColumnsAfter(after, count);
    },
    holds: () => held !== undefined,
  };
};
