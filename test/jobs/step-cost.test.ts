// What a step costs the sheet and the service: every part marked in one write, parts read when
// their pace says (not polled), each result parsed once, results read only for the fields written.
import { advanceJob } from '../../src/jobs/job-step';
import { processingStatus, QUEUED } from '../../src/jobs/row-status';
import { engineWorld, people } from './engine-world';

const posts = (w: ReturnType<typeof engineWorld>) => w.requests.filter((r) => r.method === 'POST').length;
const gets = (w: ReturnType<typeof engineWorld>) => w.requests.filter((r) => r.method === 'GET').length;

const refused = {
  status: 429,
  headers: { 'content-type': 'application/json', 'retry-after': '600' },
  body: JSON.stringify({ object: 'error', _errors: [{ code: 'rate_limited', title: 'Rate limited', detail: 'Hourly usage limit' }] }),
};

test('the first step marks every part in one read and one write, then sends them all', () => {
  const w = engineWorld({ rows: people(30) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  w.sheet.calls = { read: 0, write: 0, insertColumns: 0 };
  advanceJob(job, w.deps());
  expect(posts(w)).toBe(3);
  expect(job.parts.map((p) => p.state.s)).toEqual(['accepted', 'accepted', 'accepted']);
  // Nothing read yet: the parts are read when their pace says, not at once.
  expect(gets(w)).toBe(0);
  expect(w.sheet.calls).toEqual({ read: 1, write: 1, insertColumns: 0 });
  const marks = w.sheet.column('Email · Result');
  for (const n of [1, 2, 3]) expect(marks.filter((m) => m === processingStatus(n))).toHaveLength(10);
});

test('a part refused for now goes back to Queued with the parts after it, in one more write', () => {
  const w = engineWorld({ rows: people(30) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  let seen = 0;
  w.answer = (req) => (req.method === 'POST' && ++seen === 2 ? refused : undefined);
  w.sheet.calls = { read: 0, write: 0, insertColumns: 0 };
  advanceJob(job, w.deps());
  expect(job.parts.map((p) => [p.n, p.state.s])).toEqual([[1, 'accepted']]);
  expect(w.sheet.calls.write).toBe(2);
  const marks = w.sheet.column('Email · Result');
  expect(marks.filter((m) => m === processingStatus(1))).toHaveLength(10);
  expect(marks.filter((m) => m === QUEUED)).toHaveLength(20);
  expect(job.sendAfter).toBe(w.now() + 600_000);
  // The rest go out once the service allows, numbered after the part that went.
  w.answer = undefined;
  w.runToEnd(job, undefined, 1000);
  expect(job.life.s).toBe('done');
  expect(posts(w)).toBe(4);
});

test('a part saved as marked but never sent (a step cut off) is released: its rows are Queued and sent later', () => {
  const w = engineWorld({ rows: people(20) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  // The record and the sheet as a step cut off between marking and sending leaves them.
  job.parts.push({ n: 1, state: { s: 'marked' } });
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  for (const row of w.sheet.cells.slice(1, 11)) row[status] = processingStatus(1);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(posts(w)).toBe(2);
  expect(w.service.account('test-key-engine-1')!.spent.email).toBe(20);
});

test('a 100-row part is read in pages as it finishes: at most one page is asked for again', () => {
  const w = engineWorld({ rows: people(100), service: { processingRate: 50 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 100);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  // 100 results at 7 a page: 15 pages. The first read, timed from the assumed pace, may find the
  // part not quite done; the pace it then shows times the next read for the end.
  const pages = w.requests.filter((r) => r.method === 'GET').map((r) => r.path);
  expect(new Set(pages).size).toBe(15);
  expect(pages.length).toBeLessThanOrEqual(16);
  expect(posts(w)).toBe(1);
});
