// The end of a run's undo record kept without reading its start: every row with a fingerprint is
// kept, and undoing plans the same as from the run's own rows; a cell the step wrote is trusted
// only when Sheets reads it back as written.
import type { JobRecord } from '../../src/jobs/job';
import { afterOf, planUndo, rowsNow } from '../../src/jobs/run-undo';
import { readsAsWritten } from '../../src/sheet/cells';
import { Grid } from '../../src/sheet/grid';
import { MemorySheet } from '../support/memory-sheet';

const OWN = ['Email · Result', 'Email · Catch-all'];
const job = { action: 'email', mapping: { email: 'Email' }, options: {}, headerRow: 1 } as unknown as JobRecord;
const now = (port: MemorySheet) => rowsNow(new Grid(port), job, OWN).rows;

test('every row kept at the end plans the same undo as the run’s own rows: duplicates, rows not in the run, a sort, an edit', () => {
  const port = new MemorySheet([
    ['Name', 'Email', ...OWN],
    ['Ann', 'ann@a.com', '', ''],
    ['Ann again', 'ann@a.com', 'Unknown', ''],
    ['Bob', 'bob@b.com', 'Risky', 'true'],
    ['Cy', 'cy@c.com', '', ''],
    ['', '', '', ''],
    ['Dee', 'dee@d.com', 'Deliverable', 'false'],
  ]);
  // The run took Ann's first row, Bob and Cy; Ann's second row and Dee were another run's.
  const before = now(port)
    .filter((r) => [1, 3, 4].includes(r.i))
    .map((r) => [r.fp!, ...r.cells]);
  for (const i of [1, 3, 4]) port.cells[i]!.splice(2, 2, 'Deliverable', 'false');
  const own = { before, after: afterOf(before, now(port)) };
  const every = { before, after: afterOf(undefined, now(port)) };
  expect(every.after.length).toBeGreaterThan(own.after.length);
  port.cells = [port.cells[0]!, ...port.cells.slice(1).reverse()];
  const cy = port.cells.findIndex((r) => r[1] === 'cy@c.com');
  port.cells[cy]![2] = 'Checked by hand';
  const plan = (r: typeof own) => {
    const p = planUndo(r, now(port), new Set());
    return { writes: [...p.writes].sort((a, b) => a[0] - b[0]), left: p.left };
  };
  expect(plan(every)).toEqual(plan(own));
  expect(plan(own).writes).toHaveLength(2);
  expect(plan(own).left).toEqual({ 'edited since': 1 });
});

test('a cell is trusted as written unless Sheets may read it as a number, date, truth value or quoted text', () => {
  for (const v of ['Deliverable', 'Person 12', 'https://firm7.com', '2026-11-26 14:03 UTC · 1x2y3z', '', 5, false, null])
    expect(readsAsWritten(v)).toBe(true);
  for (const v of ['02139', '1.50', '2026-11-26', '12:30', 'TRUE', "'quoted"]) expect(readsAsWritten(v)).toBe(false);
});
