// What fill-down, copy and paste carry, as in Sheets: the row Ctrl+D copies down, and the
// clipboard's plain text (a row a line, cells apart by tabs) to and from rows of cells.
import type { CellBox } from '../protocol';

/** The row Ctrl+D repeats down a box: its first row, or for a box of one row the row above (none on row 1). */
export function fillDownSource(box: CellBox): CellBox | undefined {
  const top = box.top === box.bottom ? box.top - 1 : box.top;
  return top < 1 ? undefined : { ...box, top, bottom: top };
}

/** Rows of cells as the clipboard's plain text. */
export function toClipboardText(rows: string[][]): string {
  return rows.map((cells) => cells.join('\t')).join('\n');
}

/** The clipboard's plain text as rows of cells; a last line break ends the last row, it adds none. */
export function fromClipboardText(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((line) => line.split('\t'));
}
