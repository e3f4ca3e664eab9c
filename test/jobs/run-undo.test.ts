// What undoing a run puts back: rows found by their key's fingerprint wherever they moved, only
// those that still hold what the run wrote, the others counted by why; and what the answer says.
import type { JobRecord } from '../../src/jobs/job';
import { afterOf, planUndo, rowsNow, undoWords, type UndoRecord } from '../../src/jobs/run-undo';
import { Grid } from '../../src/sheet/grid';
import { MemorySheet } from '../support/memory-sheet';

const OWN = ['Email · Result', 'Email · Catch-all'];
const job = { action: 'email', mapping: { email: 'Email' }, options: {}, headerRow: 1, spent: { validated: 3 } } as unknown as JobRecord;

const sheet = (rows: string[][]) => new MemorySheet([['Name', 'Email', ...OWN], ...rows]);
const now = (port: MemorySheet) => rowsNow(new Grid(port), job, OWN);

/** A run over three rows that held nothing of the add-on's, ended with results written. */
const ranOver = () => {
  const port = sheet([
    ['Ann', 'ann@a.com', '', ''],
    ['Bob', 'bob@b.com', '', ''],
    ['Cy', 'cy@c.com', '', ''],
  ]);
  const before = now(port).rows.map((r) => [r.fp!, ...r.cells]);
  port.cells[1]!.splice(2, 2, 'Deliverable', 'false');
  port.cells[2]!.splice(2, 2, 'Risky', 'true');
  port.cells[3]!.splice(2, 2, 'Deliverable', 'false');
  const record: Pick<UndoRecord, 'before' | 'after'> = { before, after: afterOf(before, now(port).rows) };
  return { port, record };
};

test('every row still holding what the run wrote gets its cells back, found by key after a sort', () => {
  const { port, record } = ranOver();
  port.cells = [port.cells[0]!, port.cells[3]!, port.cells[1]!, port.cells[2]!];
  const { writes, left } = planUndo(record, now(port).rows, new Set());
  expect(left).toEqual({});
  expect(writes.map(([i]) => port.cells[i]![1]).sort()).toEqual(['ann@a.com', 'bob@b.com', 'cy@c.com']);
  expect(writes.every(([, cells]) => cells.join('') === '')).toBe(true);
});

test('a row edited since, one a later run wrote, and one deleted are left, each counted with why', () => {
  const { port, record } = ranOver();
  port.cells[1]![2] = 'Checked by hand';
  port.cells.splice(3, 1);
  const rows = now(port).rows;
  const bob = rows.find((r) => port.cells[r.i]![1] === 'bob@b.com')!;
  // The later run wrote Bob's row the same words: still its row, not this run's.
  const { writes, left } = planUndo(record, rows, new Set([bob.fp!]));
  expect(writes).toEqual([]);
  expect(left).toEqual({ 'edited since': 1, 'changed by a later run': 1, 'no longer found (deleted, or its key changed)': 1 });
});

test('duplicate keys are each put back once', () => {
  const port = sheet([
    ['Ann', 'ann@a.com', '', ''],
    ['Ann again', 'ann@a.com', 'Unknown', ''],
  ]);
  const before = now(port).rows.map((r) => [r.fp!, ...r.cells]);
  port.cells[1]![2] = port.cells[2]![2] = 'Deliverable';
  const record = { before, after: afterOf(before, now(port).rows) };
  const { writes } = planUndo(record, now(port).rows, new Set());
  expect(writes.map(([i, cells]) => [i, cells[0]])).toEqual([
    [1, ''],
    [2, 'Unknown'],
  ]);
});

test('the answer names what was put back and left, and says plainly credits are not returned', () => {
  expect(undoWords(job, 2, { 'edited since': 1 })).toBe(
    'Undone: 2 rows put back as before the run. Not put back: 1 row edited since. Credits spent are not returned: this run spent 3 email credits (3 for 3 emails validated at 1 each).',
  );
  expect(undoWords({ ...job, spent: undefined }, 1, {})).toBe('Undone: 1 row put back as before the run. Credits spent are not returned.');
});
