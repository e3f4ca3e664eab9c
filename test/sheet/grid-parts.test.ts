// A grid read in parts: only the cells asked for are read, a cell not read is never taken for a
// blank one, and writes cover the changed rows, cells between near ones written back as read.
import { Grid } from '../../src/sheet/grid';
import { MemorySheet } from '../support/memory-sheet';

function sheet(rows = 100): MemorySheet {
  return new MemorySheet([['Key', 'Notes', 'Status', 'Out'], ...Array.from({ length: rows }, (_, i) => [`k${i}`, `n${i}`, '', ''])]);
}

function recorded(s: MemorySheet): Array<[number, number, number, number]> {
  const reads: Array<[number, number, number, number]> = [];
  const read = s.read.bind(s);
  s.read = (r, c, n, w) => {
    reads.push([r, c, n, w]);
    return read(r, c, n, w);
  };
  return reads;
}

test('reads one block per run of adjacent columns, only the cells not read yet', () => {
  const s = sheet();
  const reads = recorded(s);
  const grid = new Grid(s, 101);
  grid.load([2, 3, 0], 0, 100);
  expect(reads).toEqual([
    [1, 1, 101, 1],
    [1, 3, 101, 2],
  ]);
  grid.load([0], 10, 20);
  grid.load([3], 0, 100);
  expect(reads).toHaveLength(2);
  expect(grid.get(5, 0)).toBe('k4');
  expect(() => grid.get(5, 1)).toThrow(/not read/);
});

test('a later, wider read keeps the cells changed meanwhile', () => {
  const s = sheet();
  const grid = new Grid(s, 101);
  grid.load([2], 40, 60);
  grid.set(50, 2, 'Done');
  s.cells[50]![2] = 'changed on the sheet';
  grid.load([2], 0, 100);
  expect(grid.get(50, 2)).toBe('Done');
  expect(grid.get(70, 2)).toBe('');
});

test('writes each run of changed rows, near ones joined, cells between read and made safe', () => {
  const s = sheet(5000);
  s.cells[3]![3] = '=x';
  const grid = new Grid(s, 5001);
  grid.load([2], 0, 5000);
  grid.load([3], 1, 1);
  const reads = recorded(s);
  grid.set(1, 2, 'a');
  grid.set(1, 3, 'a');
  grid.set(5, 2, 'b');
  grid.set(4000, 2, 'c');
  s.calls.write = 0;
  expect(grid.flush()).toBe(2);
  // Rows 2 to 6 in one block, the Out cells not read yet read first (with their Status); row 4001 apart: the gap costs more than a call.
  expect(reads).toEqual([[3, 3, 4, 2]]);
  expect(s.cells.slice(1, 6).map((r) => [r[2], r[3]])).toEqual([
    ['a', 'a'],
    ['', ''],
    ['', "'=x"],
    ['', ''],
    ['b', ''],
  ]);
  expect(s.cells[4000]![2]).toBe('c');
  // Every change was written: a second flush has nothing to write.
  expect(grid.flush()).toBe(0);
});
