// What keeping a run undoable costs its last step: the sheet as that step read and wrote it is
// hashed, the undo store is not read, and the record's end is one write; a small run on a large
// sheet keeps only its own rows.
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';
import type { ExecutionResult } from '../../emulator';

const KEY = 'demo-key-alpha';
const UNDO_SHEET = 'Prospecting · undo';

interface View {
  id: string;
  state: string;
  message: string;
  undo?: boolean;
}

/** A service that validates 5 emails a second: a run of a few hundred rows ends after its start. */
function world(n: number): World {
  const w = addonWorld({ service: { processingRate: 5 } });
  const rows = Array.from({ length: n }, (_, k) => [`Person ${k}`, `person${k}@company${k % 7}.com`, `https://company${k % 7}.com`]);
  w.host.sheet().load([['Name', 'Email', 'Website'], ...rows]);
  w.host.open();
  connect(w, KEY);
  return w;
}

const job = (w: World, id: string): View => (w.host.callFromSidebar('listJobs', [], OWNER).value as View[]).find((j) => j.id === id)!;

/** Runs email validation over the selected rows to its end: the executions, the one it ended in last. */
function run(w: World, range: string): { id: string; executions: ExecutionResult[] } {
  w.host.select(range);
  const start = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER);
  if (!start.ok) throw new Error(start.error?.message);
  const id = (start.value as View).id;
  const executions = [start];
  for (let k = 0; k < 50 && job(w, id).state === 'running'; k++) executions.push(w.host.fireNextTrigger()!);
  return { id, executions };
}

/** The record's chunks of a job: before (`b`) and end (`a`) rows, each as kept. */
const kept = (w: World, id: string): { b: unknown[][]; a: unknown[][] } => {
  const out = { b: [] as unknown[][], a: [] as unknown[][] };
  for (const row of w.host.sheet(UNDO_SHEET).values().slice(1))
    if (row[0] === id) {
      const d = JSON.parse(String(row[3])) as { b?: unknown[][]; a?: unknown[][] };
      out.b.push(...(d.b ?? []));
      out.a.push(...(d.a ?? []));
    }
  return out;
};

test('the step that ends a run reads the sheet once and never the undo store; the run can be undone whole', () => {
  const w = world(300);
  const { id, executions } = run(w, 'Sheet1!A1:C301');
  const last = executions[executions.length - 1]!;
  expect(executions.length).toBeGreaterThan(1);
  expect(job(w, id).state).toBe('done');
  // One read of the job's sheet (its step); one write of results, one of the record's end.
  expect(last.calls['SpreadsheetApp.Range.getValues']).toBe(1);
  expect(last.calls['SpreadsheetApp.Range.setValues']).toBe(2);
  expect(kept(w, id).a).toHaveLength(300);
  expect(job(w, id).undo).toBe(true);
  expect(w.host.callFromSidebar('undoRun', [id], OWNER).ok).toBe(true);
  expect(job(w, id).message).toMatch(/^Undone: 300 rows put back as before the run\./);
});

test('a small run on a large sheet keeps the end of its own rows only, and is undone as they were', () => {
  const w = world(400);
  const { id } = run(w, 'Sheet1!A1:C11');
  expect(job(w, id).state).toBe('done');
  const record = kept(w, id);
  expect(record.b).toHaveLength(10);
  expect(record.a).toHaveLength(10);
  expect(w.host.callFromSidebar('undoRun', [id], OWNER).ok).toBe(true);
  expect(job(w, id).message).toMatch(/^Undone: 10 rows put back as before the run\./);
  const status = w.host.sheet().values()[0]!.indexOf('Email · Result');
  expect(
    w.host
      .sheet()
      .values()
      .slice(1)
      .every((r) => String(r[status] ?? '') === ''),
  ).toBe(true);
});
