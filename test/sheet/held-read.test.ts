// A start's held cells answer the next whole-sheet read once; anything else reaches the sheet.
import { Grid } from '../../src/sheet/grid';
import { withHeldRead } from '../../src/sheet/held-read';
import { MemorySheet } from '../support/memory-sheet';

const rows = () => [
  ['Name', 'Domain', 'Status'],
  ['a', 'a.com', 'Queued'],
  ['b', 'b.com'],
];

test('the next grid is built from the held cells, padded to the widest row, without reading the sheet', () => {
  const sheet = new MemorySheet(rows());
  const port = withHeldRead(sheet, rows());
  const grid = new Grid(port);
  expect(sheet.calls.read).toBe(0);
  expect(grid.rows).toEqual([
    ['Name', 'Domain', 'Status'],
    ['a', 'a.com', 'Queued'],
    ['b', 'b.com', ''],
  ]);
  // Held once: the next grid reads the sheet, and sees what changed there.
  sheet.cells[2]![2] = 'Queued';
  expect(new Grid(port).rows[2]).toEqual(['b', 'b.com', 'Queued']);
  expect(sheet.calls.read).toBe(1);
});

test('a write or an insert before the read drops the held cells', () => {
  for (const change of [
    (p: ReturnType<typeof withHeldRead>) => p.write(2, 3, [['x']]),
    (p: ReturnType<typeof withHeldRead>) => p.insertColumnsAfter(3, 1),
  ]) {
    const sheet = new MemorySheet(rows());
    const port = withHeldRead(sheet, rows());
    change(port);
    new Grid(port);
    expect(sheet.calls.read).toBe(1);
  }
});

test('a read of another range goes to the sheet and drops the held cells', () => {
  const sheet = new MemorySheet(rows());
  const port = withHeldRead(sheet, rows());
  expect(port.read(2, 1, 1, 2)).toEqual([['a', 'a.com']]);
  new Grid(port);
  expect(sheet.calls.read).toBe(2);
});
