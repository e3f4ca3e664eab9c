// A large sheet is read in parts: a step reads the job's header row, its status column and the
// keys and results of the rows it needs, never the person's other columns, and a step with
// nothing new reads the header row alone; marks and results still land on their rows.
import { advanceJob } from '../../src/jobs/job-step';
import { jobView } from '../../src/jobs/job-view';
import type { LocalResponse } from '../../sandbox';
import { engineWorld, KEY, people, sentEmails, type EngineWorld } from './engine-world';

/** Columns of the person's own notes between the inputs and the job's columns. */
const NOTES = 1000;
const ROWS = 250;

/** People with a note far to the right: past 200,000 cells, so steps read in parts. */
function wideWorld(rows = ROWS, service = {}): EngineWorld {
  const pad = (row: unknown[], note: unknown) => [...row, ...Array.from({ length: NOTES - 1 }, () => ''), note];
  const w = engineWorld({
    rows: people(rows).map((r, i) => pad(r, `note ${i}`)),
    header: pad(['Name', 'Email', 'Company', 'Website'], 'Notes'),
    service,
  });
  return w;
}

interface Read {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

function recordReads(w: EngineWorld): Read[] {
  const reads: Read[] = [];
  const read = w.sheet.read.bind(w.sheet);
  w.sheet.read = (row, column, numRows, numColumns) => {
    reads.push({ row, column, numRows, numColumns });
    return read(row, column, numRows, numColumns);
  };
  return reads;
}

const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];

function expectEveryRowAnswered(w: EngineWorld): void {
  const header = w.sheet.cells.find((r) => r.includes('Email · Result'))!;
  const status = header.indexOf('Email · Result');
  const rows = w.sheet.cells.filter((r) => String(r[1]).includes('@'));
  expect(rows).toHaveLength(ROWS);
  for (const row of rows) expect(FINAL).toContain(row[status]);
  // The person's notes stay on their rows.
  for (const row of rows) expect(row[NOTES + 3]).toBe(`note ${String(row[0]).replace('Person ', '')}`);
}

test("after the start, steps read only the job's columns (and its header row whole)", () => {
  const w = wideWorld();
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  const reads = recordReads(w);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expectEveryRowAnswered(w);
  expect(w.service.account(KEY)!.spent.email).toBe(ROWS);
  const header = w.sheet.cells[0]!;
  const jobColumns = new Set(
    ['Name', 'Email', 'Company', 'Website', 'Email · Result', ...header.filter((h) => String(h).startsWith('Email · '))].map(
      (h) => header.indexOf(h) + 1,
    ),
  );
  expect(reads.length).toBeGreaterThan(0);
  for (const r of reads) {
    if (r.numRows === 1 && r.row === 1) continue;
    for (let c = r.column; c < r.column + r.numColumns; c++) expect(jobColumns).toContain(c);
  }
});

test('a step with nothing new to write reads the header row alone', () => {
  const w = wideWorld(ROWS, { processingRate: 1 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 1000);
  advanceJob(job, w.deps());
  expect(job.parts).toHaveLength(1);
  // Read when its pace says, the part has nothing yet: the next step writes nothing.
  w.advance(job.parts[0]!.readAfter! - w.now());
  w.answer = (req) => (req.method === 'GET' ? nothingYet(w.service.handle(req)) : undefined);
  const reads = recordReads(w);
  w.sheet.calls.write = 0;
  advanceJob(job, w.deps());
  expect(reads).toEqual([{ row: 1, column: 1, numRows: 1, numColumns: w.sheet.lastColumn() }]);
  expect(w.sheet.calls.write).toBe(0);
  expect(job.life.s).toBe('running');
  w.answer = undefined;
  w.runToEnd(job);
  expectEveryRowAnswered(w);
});

/** The service's page of a running batch, as it answers before any row is done. */
function nothingYet(page: LocalResponse): LocalResponse {
  const body = JSON.parse(page.body) as { status: string; results: unknown[] };
  return { ...page, body: JSON.stringify({ ...body, status: 'processing', results: [] }) };
}

test('rows sorted while each part is sent: every mark and result lands on its own row', () => {
  const w = wideWorld(ROWS, { processingRate: 1000 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 40);
  w.during = (req) => {
    if (req.method !== 'POST' && req.method !== 'GET') return;
    const [header, ...body] = w.sheet.cells;
    w.sheet.cells = [header!, ...body.reverse()];
  };
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect([...sentEmails(w).values()].every((n) => n === 1)).toBe(true);
  expect(sentEmails(w).size).toBe(ROWS);
  expectEveryRowAnswered(w);
});

test('the header row sorted into the data: found again by a whole read', () => {
  const w = wideWorld(ROWS, { processingRate: 5 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 100);
  advanceJob(job, w.deps());
  w.sheet.cells.reverse();
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(w.sheet.cells.filter((r) => r.includes('Email · Result'))).toHaveLength(1);
  expectEveryRowAnswered(w);
});

test('the status column deleted mid-job: put back, and paid results reach the rows holding their key', () => {
  const w = wideWorld(ROWS, { processingRate: 5 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 1000);
  advanceJob(job, w.deps());
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  for (const row of w.sheet.cells) row.splice(status, 1);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(w.unplaced).toHaveLength(0);
  expectEveryRowAnswered(w);
});

test('a key edited while its row ran is reported, and its paid result kept elsewhere', () => {
  const w = wideWorld(ROWS, { processingRate: 5 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 1000);
  advanceJob(job, w.deps());
  w.sheet.cells[3]![1] = 'edited@elsewhere.io';
  w.runToEnd(job);
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  expect(String(w.sheet.cells[3]![status])).toMatch(/row changed while it ran/);
  expect(w.unplaced.map((r) => r[0])).toEqual(['person2@acme2.io']);
  expect(jobView(job).finished).toBe(ROWS);
});
