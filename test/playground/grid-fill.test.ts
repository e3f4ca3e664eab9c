// The text fill-down, copy and paste carry: the row Ctrl+D copies down a range, and the
// clipboard's plain text to and from rows of cells, as Sheets reads and writes it.
import { fillDownSource, fromClipboardText, toClipboardText } from '../../playground/page/grid-fill';

describe('fill-down and clipboard text', () => {
  it('copies a range down from its first row, and a single row from the row above it', () => {
    expect(fillDownSource({ top: 2, bottom: 5, left: 3, right: 4 })).toEqual({ top: 2, bottom: 2, left: 3, right: 4 });
    expect(fillDownSource({ top: 7, bottom: 7, left: 1, right: 2 })).toEqual({ top: 6, bottom: 6, left: 1, right: 2 });
    // Row 1 has no row above it: nothing to copy.
    expect(fillDownSource({ top: 1, bottom: 1, left: 1, right: 1 })).toBeUndefined();
  });

  it('reads rows apart by line breaks of any kind and cells apart by tabs, a last line break adding no row', () => {
    expect(fromClipboardText('a\tb\r\nc\t\r\n')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(fromClipboardText('=SUM(A1:A3)')).toEqual([['=SUM(A1:A3)']]);
    expect(fromClipboardText('x\n\ny')).toEqual([['x'], [''], ['y']]);
  });

  it('writes rows back as the same text', () => {
    const rows = [
      ['Acme', '+14155550100'],
      ['', 'b'],
    ];
    expect(toClipboardText(rows)).toBe('Acme\t+14155550100\n\tb');
    expect(fromClipboardText(toClipboardText(rows))).toEqual(rows);
  });
});
