// The job engine against the local service on an in-memory sheet: parts, duplicates paid once,
// rows found by their key and mark after sorts made while a request is in flight, a header
// sorted into the data, a deleted status column, unreadable answers, waits, a revoked key.
import { advanceJob } from '../../src/jobs/job-step';
import { cancelJob, resumeJob } from '../../src/jobs/job-controls';
import { jobView } from '../../src/jobs/job-view';
import { createJob, prepareRun } from '../../src/jobs/run-setup';
import { engineWorld, KEY, people, sentEmails, type EngineWorld } from './engine-world';

const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];

function reverseBody(w: EngineWorld, withHeader = false): void {
  const [header, ...body] = w.sheet.cells;
  w.sheet.cells = withHeader ? [...body, header!].reverse() : [header!, ...body.reverse()];
}

/** Each email's own answer, asked again in one batch. */
function truth(w: EngineWorld, emails: string[]): Map<string, string> {
  const check = w.client.startEmailValidation({ emails: [...new Set(emails)].map((email) => ({ email })) });
  w.advance(3600_000);
  const label = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);
  return new Map(w.client.getEmailValidation(check.id, { size: 1000 }).value.results.map((r) => [r.email, label(String(r.result))]));
}

function expectEveryRowRight(w: EngineWorld): void {
  const rows = w.sheet.cells.filter((r) => String(r[1]).includes('@'));
  const h = w.sheet.cells.find((r) => r.includes('Email · Result'))!;
  const result = h.indexOf('Email · Result');
  const answers = truth(
    w,
    rows.map((r) => String(r[1])),
  );
  for (const row of rows) expect([row[1], row[result]]).toEqual([row[1], answers.get(String(row[1]))]);
}

test('an email validation in parts: every row gets its result, duplicates paid once', () => {
  const w = engineWorld({ rows: people(30, 5) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  expect(w.sheet.column('Email · Result').every((s) => s === 'Queued')).toBe(true);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(job.parts.length).toBe(3);
  expect(w.service.account(KEY)!.spent.email).toBe(24);
  expect([...sentEmails(w).values()].every((n) => n === 1)).toBe(true);
  expectEveryRowRight(w);
  expect(jobView(job)).toMatchObject({ state: 'done', total: 30, finished: 30 });
});

test('sorting while a part is being sent: marks and results land on the rows they belong to', () => {
  const w = engineWorld({ rows: people(40), service: { processingRate: 1000 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  // Each start request sees the sheet sorted under it.
  w.during = (req) => {
    if (req.method === 'POST') reverseBody(w);
  };
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  // Every email went out once: no row was marked for a part it was not sent in.
  const sent = sentEmails(w);
  expect(sent.size).toBe(40);
  expect([...sent.values()].every((n) => n === 1)).toBe(true);
  expect(w.service.account(KEY)!.spent.email).toBe(40);
  expectEveryRowRight(w);
});

test('unselected rows are never marked or sent, however the rows move', () => {
  const w = engineWorld({ rows: people(20) });
  const sheet = w.sheet;
  const prepared = { ranges: [{ firstRow: 1, lastRow: 11 }], hidden: new Set<number>(), frozenRows: 1 };
  const request = { action: 'email' as const, options: {}, fields: 'basic' as const };
  const job = createJob(prepareRun(sheet, prepared, request, { partSize: 4 }), request, {
    id: 'j',
    sheetId: 1,
    sheetName: 'S',
    now: w.now(),
    partSize: 4,
  });
  const selected = new Set(sheet.cells.slice(1, 11).map((r) => String(r[1])));
  w.during = (req) => {
    if (req.method === 'POST') reverseBody(w);
  };
  w.runToEnd(job);
  expect([...sentEmails(w).keys()].sort()).toEqual([...selected].sort());
  const result = sheet.cells[0]!.indexOf('Email · Result');
  for (const row of sheet.cells.slice(1)) {
    if (selected.has(String(row[1]))) expect(FINAL).toContain(row[result]);
    else expect(row[result] ?? '').toBe('');
  }
});

test('the header row sorted into the data mid-job: found again, never written over a data row', () => {
  const w = engineWorld({ rows: people(12), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  reverseBody(w, true);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  const headerRows = w.sheet.cells.filter((r) => r.includes('Email · Result'));
  expect(headerRows).toHaveLength(1);
  expect(w.sheet.cells.filter((r) => r.includes('Processing (part 1)') || r.includes('Queued'))).toHaveLength(0);
  expectEveryRowRight(w);
});

test('a row reading "Processing (part 2)" is not planned again while its job lives', () => {
  const w = engineWorld({ rows: people(6) });
  w.sheet.cells[0]!.push('Email · Result');
  w.sheet.cells[1]!.push('Processing (part 2)');
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  expect(job.total).toBe(5);
});

test('the status column deleted mid-job: it is put back and paid results go to the rows that hold their key', () => {
  const w = engineWorld({ rows: people(10), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  for (const row of w.sheet.cells) row.splice(status, 1);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(w.unplaced).toHaveLength(0);
  expect(w.service.account(KEY)!.spent.email).toBe(10);
  expectEveryRowRight(w);
});

test('the status column cleared mid-job: every paid result still reaches its row', () => {
  const w = engineWorld({ rows: people(10), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  for (const row of w.sheet.cells.slice(1)) row[status] = '';
  w.runToEnd(job);
  expect(w.unplaced).toHaveLength(0);
  expect(jobView(job).finished).toBe(10);
  expect(w.service.account(KEY)!.spent.email).toBe(10);
  expectEveryRowRight(w);
});

test('an unreadable answer (an HTML page with status 200) is a passing fault, not the end of paid work', () => {
  const w = engineWorld({ rows: people(8) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  let faults = 3;
  w.answer = (req) =>
    req.method === 'GET' && faults-- > 0
      ? { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' }
      : undefined;
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(w.sheet.column('Email · Result').every((s) => FINAL.includes(String(s)))).toBe(true);
  expect(w.service.account(KEY)!.spent.email).toBe(8);
});

test('a 429 on a start is waiting, never a failed try: the rows go out when the service allows', () => {
  const w = engineWorld({ rows: people(8) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  let refusals = 40;
  w.answer = (req) =>
    req.method === 'POST' && refusals-- > 0
      ? {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '600' },
          body: JSON.stringify({
            object: 'error',
            _errors: [{ code: 'rate_limited', title: 'Rate limited', detail: 'Hourly usage limit' }],
          }),
        }
      : undefined;
  w.runToEnd(job, undefined, 1000);
  expect(job.life.s).toBe('done');
  expect(w.sheet.column('Email · Result').every((s) => FINAL.includes(String(s)))).toBe(true);
});

test('a key revoked mid-job pauses it; connecting again collects what was paid for without paying twice', () => {
  const w = engineWorld({ rows: people(10), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  expect(job.parts.length).toBe(1);
  let revoked = true;
  w.answer = (_req) =>
    revoked
      ? {
          status: 401,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            object: 'error',
            _errors: [{ code: 'unauthorized', title: 'Unauthorized', detail: 'The API key is not valid' }],
          }),
        }
      : undefined;
  w.advance(60_000);
  advanceJob(job, w.deps());
  expect(job.life.s).toBe('paused');
  expect(
    w.sheet.column('Email · Result').every((s) => s === 'Paused (part 1): the API key was refused; connect a valid key in the sidebar'),
  ).toBe(true);
  revoked = false;
  resumeJob(job, w.deps());
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(w.service.account(KEY)!.spent.email).toBe(10);
  expect([...sentEmails(w).values()].every((n) => n === 1)).toBe(true);
});

test('credits running out half way: the first part keeps its results, the rest says why', () => {
  const w = engineWorld({ rows: people(25), credits: 12 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  w.runToEnd(job);
  expect(job.life.s).toBe('failed');
  expect(jobView(job).message).toMatch(/enough credits/);
  const statuses = w.sheet.column('Email · Result').map(String);
  expect(statuses.filter((s) => FINAL.includes(s))).toHaveLength(10);
  expect(statuses.filter((s) => /credits/.test(s))).toHaveLength(15);
  expect(w.service.account(KEY)!.spent.email).toBe(10);
});

test('a step cut short by its deadline is resumed by the next without losing or repeating work', () => {
  const w = engineWorld({ rows: people(20) });
  const job = w.start({ action: 'person', options: {}, fields: 'basic' });
  advanceJob(job, w.deps(0));
  expect(job.parts).toHaveLength(0);
  w.runToEnd(job);
  expect(job.life.s).toBe('done');
  expect(job.parts).toHaveLength(2);
  const statuses = w.sheet.column('Person · Status');
  expect(statuses.every((s) => ['Enriched', 'Not found', 'Removed for privacy'].includes(String(s)))).toBe(true);
  expect(w.service.account(KEY)!.spent.email).toBe(statuses.filter((s) => s === 'Enriched').length * 0.5);
});

test('a key edited while its row ran is reported, and its paid result kept elsewhere', () => {
  const w = engineWorld({ rows: people(6), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  w.sheet.cells[2]![1] = 'edited@elsewhere.io';
  w.runToEnd(job);
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  expect(String(w.sheet.cells[2]![status])).toMatch(/row changed while it ran/);
  expect(w.unplaced.map((r) => r[0])).toEqual(['person1@acme1.io']);
  expect(job.message).toMatch(/found no row/);
});

test('cancel keeps what finished and marks the rest', () => {
  const w = engineWorld({ rows: people(30), service: { processingRate: 1 } });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 100);
  advanceJob(job, w.deps());
  w.advance(5000);
  cancelJob(job, w.deps());
  expect(job.life.s).toBe('canceled');
  const statuses = w.sheet.column('Email · Result').map(String);
  const finished = statuses.filter((s) => FINAL.includes(s)).length;
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(30);
  expect(statuses.filter((s) => s === 'Canceled before it was processed')).toHaveLength(30 - finished);
});

test('hidden rows are not sent, not charged, and left as they were', () => {
  const w = engineWorld({ rows: people(10) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 10, [3, 4, 5]);
  expect(job.total).toBe(7);
  w.runToEnd(job);
  expect(w.service.account(KEY)!.spent.email).toBe(7);
  expect(w.sheet.column('Email · Result').slice(1, 4)).toEqual(['', '', '']);
});

test('formula errors in a key cell are refused per row with the reason, never sent', () => {
  const w = engineWorld({
    rows: [
      ['A', '#N/A', '', ''],
      ['B', '#ERROR!', '', ''],
      ['C', 'c@acme.io', '', ''],
    ],
  });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  w.runToEnd(job);
  expect(w.sheet.column('Email · Result').slice(0, 2)).toEqual([
    'Skipped: the Email cell shows #N/A, which is not a value to send',
    'Skipped: the Email cell shows #ERROR!, which is not a value to send',
  ]);
  expect([...sentEmails(w).keys()]).toEqual(['c@acme.io']);
});

test("a refusal from the service reaches the rows in words, never as the service's raw detail", () => {
  const w = engineWorld({ rows: people(4) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  w.answer = (req) =>
    req.method === 'POST'
      ? {
          status: 400,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            object: 'error',
            _errors: [{ code: 'unsupported_value', title: 'Bad', detail: '<b>RAW DETAIL</b> =cmd|x' }],
          }),
        }
      : undefined;
  w.runToEnd(job);
  expect(job.life.s).toBe('failed');
  const statuses = w.sheet.column('Email · Result').map(String);
  expect(statuses.every((s) => s === 'Error: Not sent: The service did not accept a value of this row.')).toBe(true);
  expect(JSON.stringify(w.sheet.cells)).not.toContain('RAW DETAIL');
});
