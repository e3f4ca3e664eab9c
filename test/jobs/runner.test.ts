// Job steps against the local service, on an in-memory sheet: parts, duplicates paid once,
// rows found by key after a sort, edited keys reported, credits running out, cancel, resume.
import { ProspectingClient } from '../../src/api/client';
import type { JobRecord } from '../../src/jobs/job';
import { advanceJob, cancelJob, jobView, type StepDeps } from '../../src/jobs/runner';
import { createJob, prepareRun, type RunRequest } from '../../src/jobs/start';
import { createLocalService, type LocalService } from '../../sandbox';
import { localTransport } from '../support/local-transport';
import { MemorySheet } from '../support/memory-sheet';

const KEY = 'test-key-runner-1';

function world(opts: { credits?: number; rows: unknown[][]; processingRate?: number }) {
  let now = Date.UTC(2026, 10, 1);
  const service: LocalService = createLocalService({
    now: () => now,
    accounts: [{ key: KEY, name: 'Runner Co', credits: { email: opts.credits ?? 100000, phone: 1000 } }],
    processingRate: opts.processingRate ?? 20,
  });
  const client = new ProspectingClient(localTransport(service, KEY, () => now), {
    sleep: (ms) => {
      now += ms;
    },
    now: () => now,
  });
  const sheet = new MemorySheet([['Name', 'Email', 'Company', 'Website'], ...opts.rows]);
  const saved: JobRecord[] = [];
  const deps = (budgetMs = 60000, partSize = 10): StepDeps => ({
    client,
    sheet,
    now: () => now,
    deadline: now + budgetMs,
    save: (j) => saved.push(JSON.parse(JSON.stringify(j))),
    partSize,
    pageSize: 7,
  });
  const start = (request: RunRequest, partSize = 10) => {
    const prepared = prepareRun(sheet, { firstRow: 1, lastRow: sheet.cells.length, firstRowValues: sheet.cells[0]! }, request, undefined, partSize);
    return createJob(prepared, request, { id: 'job-1', sheetId: 1, sheetName: 'Leads', now });
  };
  /** Steps until the job ends, moving the clock to when the service asked to be asked again. */
  const runToEnd = (job: JobRecord, between?: (step: number) => void) => {
    for (let step = 0; job.state === 'running' && step < 200; step++) {
      advanceJob(job, deps());
      between?.(step);
      now = Math.max(now + 1000, job.nextCheckAt);
    }
    return job;
  };
  return { service, client, sheet, saved, deps, start, runToEnd, advance: (ms: number) => (now += ms) };
}

const emails = (n: number, dupEvery = 0) =>
  Array.from({ length: n }, (_, i) => {
    const k = dupEvery && i % dupEvery === dupEvery - 1 ? i - 1 : i;
    return [`Person ${i}`, `person${k}@acme${k % 3}.io`, `Acme ${k % 3}`, `acme${k % 3}.io`];
  });

test('an email validation in parts: every row gets its result, duplicates paid once', () => {
  const w = world({ rows: emails(30, 5) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  expect(w.sheet.column('Email · Result').every((s) => s === 'Queued')).toBe(true);
  w.runToEnd(job);
  expect(job.state).toBe('done');
  expect(job.parts.length).toBe(3);
  const results = w.sheet.column('Email · Result');
  expect(results.every((s) => ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'].includes(String(s)))).toBe(true);
  // Rows with the same email carry the same result.
  const byEmail = new Map<string, unknown>();
  w.sheet.cells.slice(1).forEach((r, i) => {
    const prev = byEmail.get(String(r[1]));
    if (prev !== undefined) expect(results[i]).toBe(prev);
    byEmail.set(String(r[1]), results[i]);
  });
  expect(w.service.account(KEY)!.spent.email).toBe(byEmail.size);
  expect(jobView(job)).toMatchObject({ state: 'done', total: 30, finished: 30 });
});

test('results find their rows by key after the rows are sorted and a row inserted mid-job', () => {
  const w = world({ rows: emails(24) });
  const job = w.start({ action: 'company', options: {}, fields: ['name', 'website'] });
  w.runToEnd(job, (step) => {
    if (step === 0) {
      const [header, ...body] = w.sheet.cells;
      body.reverse();
      body.splice(5, 0, ['Inserted', 'new@row.io', 'New', 'new-row.io']);
      w.sheet.cells = [header!, ...body];
    }
  });
  expect(job.state).toBe('done');
  const header = w.sheet.cells[0]!;
  const web = header.indexOf('Website');
  const out = header.indexOf('Company · Website');
  const status = header.indexOf('Company · Status');
  for (const row of w.sheet.cells.slice(1)) {
    if (row[0] === 'Inserted') {
      expect(row[status] ?? '').toBe('');
      continue;
    }
    expect(row[status]).toBe('Enriched');
    expect(String(row[out])).toContain(String(row[web]));
  }
});

test('a row whose key was edited while it ran is reported, not overwritten', () => {
  const w = world({ rows: emails(6) });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  w.sheet.cells[2]![1] = 'edited@elsewhere.io';
  w.runToEnd(job);
  const status = w.sheet.cells[0]!.indexOf('Email · Result');
  expect(String(w.sheet.cells[2]![status])).toMatch(/row changed while it ran/);
  expect(w.sheet.cells[1]![status]).not.toMatch(/Error/);
});

test('credits running out half way: the first part keeps its results, the rest says why', () => {
  const w = world({ rows: emails(25), credits: 12 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  w.runToEnd(job);
  expect(job.state).toBe('failed');
  expect(job.message).toMatch(/enough credits/);
  const statuses = w.sheet.column('Email · Result').map(String);
  expect(statuses.filter((s) => ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'].includes(s))).toHaveLength(10);
  expect(statuses.filter((s) => /credits/.test(s))).toHaveLength(15);
  expect(w.service.account(KEY)!.spent.email).toBe(10);
});

test('a step cut short by its deadline is resumed by the next without losing or repeating work', () => {
  const w = world({ rows: emails(20) });
  const job = w.start({ action: 'person', options: {}, fields: 'basic' });
  // A deadline already past: the step does nothing but keeps the job resumable.
  advanceJob(job, w.deps(0));
  expect(job.parts).toHaveLength(0);
  w.runToEnd(job);
  expect(job.state).toBe('done');
  expect(job.parts).toHaveLength(2);
  const statuses = w.sheet.column('Person · Status');
  expect(statuses.every((s) => ['Enriched', 'Not found', 'Removed for privacy'].includes(String(s)))).toBe(true);
  const found = statuses.filter((s) => s === 'Enriched').length;
  expect(w.service.account(KEY)!.spent.email).toBe(found * 0.5);
});

test('cancel keeps what finished and marks the rest', () => {
  const w = world({ rows: emails(30), processingRate: 1 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' }, 100);
  advanceJob(job, w.deps());
  w.advance(5000);
  cancelJob(job, w.deps());
  expect(job.state).toBe('canceled');
  const statuses = w.sheet.column('Email · Result').map(String);
  const finished = statuses.filter((s) => ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'].includes(s)).length;
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(30);
  expect(statuses.filter((s) => s === 'Canceled before it was processed')).toHaveLength(30 - finished);
});

test('rows already done are skipped on the next run', () => {
  const w = world({ rows: emails(8) });
  w.runToEnd(w.start({ action: 'email', options: {}, fields: 'basic' }));
  const spent = w.service.account(KEY)!.spent.email;
  const again = w.start({ action: 'email', options: {}, fields: 'basic' });
  expect(again.state).toBe('done');
  expect(again.message).toMatch(/Nothing to send/);
  expect(w.service.account(KEY)!.spent.email).toBe(spent);
});

test('rows sorted while the service answers: results are written to the rows as they are at write time', () => {
  const w = world({ rows: emails(20), processingRate: 1000 });
  const job = w.start({ action: 'email', options: {}, fields: 'basic' });
  advanceJob(job, w.deps());
  w.advance(60000);
  // The sheet is sorted between the step's first read and its write.
  const sheet = w.sheet;
  const read = sheet.read.bind(sheet);
  let reads = 0;
  sheet.read = (...args) => {
    if (++reads === 2) {
      const [header, ...body] = sheet.cells;
      sheet.cells = [header!, ...body.reverse()];
    }
    return read(...args);
  };
  w.runToEnd(job);
  expect(job.state).toBe('done');
  expect(reads).toBeGreaterThanOrEqual(2);
  // Each email's own answer, asked again in one batch, matches the row that holds it now.
  const h = sheet.cells[0]!;
  const [email, result] = [h.indexOf('Email'), h.indexOf('Email · Result')];
  const check = w.client.startEmailValidation({ emails: sheet.cells.slice(1).map((r) => ({ email: String(r[email]) })) });
  w.advance(60000);
  const truth = new Map(w.client.getEmailValidation(check.id, { size: 100 }).value.results.map((r) => [r.email, r.result]));
  const label = (r: string | undefined) => (r ? r.charAt(0).toUpperCase() + r.slice(1) : '');
  for (const row of sheet.cells.slice(1)) expect([row[email], row[result]]).toEqual([row[email], label(truth.get(String(row[email])))]);
  expect(new Set(sheet.cells.slice(1).map((r) => r[result])).size).toBeGreaterThan(1);
});
