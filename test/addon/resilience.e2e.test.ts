// Jobs that meet the real world: 10,000 rows, two editors, rows moved while a job runs, an
// edited key, an execution cut off at Apps Script's limit, injected 429s and 500s, credits
// running out half way.
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';
const BRAVO = 'demo-key-bravo';
const HEADER = ['Name', 'Email', 'Website'];
const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];

function rows(n: number, domain = (k: number) => `company${k % 50}.com`): unknown[][] {
  return Array.from({ length: n }, (_, k) => [`Person ${k}`, `person${k}@${domain(k)}`, `https://${domain(k)}`]);
}

function world(data: unknown[][], opts: Parameters<typeof addonWorld>[0] = {}, key = ALPHA): World {
  const w = addonWorld(opts);
  w.host.sheet().load([HEADER, ...data]);
  w.host.open();
  connect(w, key);
  w.host.select(`Sheet1!A1:C${data.length + 1}`);
  return w;
}

function start(w: World, action: string, user = OWNER) {
  const r = w.host.callFromSidebar('startRun', [{ action, confirmed: true }], user);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as { state: string; total: number };
}

test('10,000 rows in one job, written back in a handful of spreadsheet calls', () => {
  const w = world(rows(10000), {
    accounts: [{ key: ALPHA, name: 'Big', credits: { email: 20000, phone: 0 } }],
    service: { processingRate: 400 },
  });
  w.host.resetStats();
  expect(start(w, 'email').total).toBe(10000);
  runTriggers(w);
  const results = column(w, 'Email · Result');
  expect(results.filter((r) => FINAL.includes(String(r)))).toHaveLength(10000);
  expect(w.service.account(ALPHA)!.spent.email).toBe(10000);
  const stats = w.host.stats();
  const writes = stats['SpreadsheetApp.Range.setValues'] ?? 0;
  // One block per step (status and output columns), never one per row.
  expect(writes).toBeLessThan(30);
  expect(w.host.triggerList()).toEqual([]);
});

test("two editors of one spreadsheet, each with their own key, never see or spend the other's", () => {
  const editor = 'editor@acme.example';
  const w = world(rows(20));
  w.host.open({ user: editor });
  connect(w, BRAVO, editor);
  w.host.select('Sheet1!A1:C11');
  start(w, 'email', OWNER);
  w.host.select('Sheet1!A12:C21');
  w.host.ui.answer('YES');
  expect(w.host.clickMenu('Validate emails', { user: editor }).ok).toBe(true);
  runTriggers(w);
  expect(w.service.account(ALPHA)!.spent.email).toBe(10);
  expect(w.service.account(BRAVO)!.spent.email).toBe(10);
  const ownersJobs = w.host.callFromSidebar('listJobs', [], OWNER).value as unknown[];
  const editorsJobs = w.host.callFromSidebar('listJobs', [], editor).value as unknown[];
  expect(ownersJobs).toHaveLength(1);
  expect(editorsJobs).toHaveLength(1);
  expect(JSON.stringify(w.host.userProperties(editor))).not.toContain(ALPHA);
  expect(JSON.stringify(w.host.userProperties(OWNER))).not.toContain(BRAVO);
  expect(JSON.stringify(w.host.documentProperties())).not.toMatch(/demo-key/);
  const editorView = w.host.callFromSidebar('getConnection', [], editor).value as { accountName: string; maskedKey: string };
  expect(editorView.maskedKey).not.toContain(BRAVO);
  // Each request went out with its own user's key.
  for (const q of w.host.requests) {
    const auth = Object.entries(q.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
    expect(auth).toBe(`Bearer ${q.user === editor ? BRAVO : ALPHA}`);
  }
});

test('sorting and inserting rows while a job runs never puts a result on the wrong row', () => {
  const w = world(
    rows(60, (k) => `firm${k}.com`),
    { service: { processingRate: 1 } },
  );
  w.host.sheet().setFrozenRows(1);
  start(w, 'company');
  expect(w.host.triggerList()).toHaveLength(1);
  w.host.sheet().userSort(1, false).userInsertRows(5, 2);
  w.host.sheet().load([['Inserted', 'new@inserted.com', 'inserted.com']], 'A5');
  runTriggers(w);
  const values = w.host.sheet().values();
  const h = values[0]!;
  const [site, status, out] = [h.indexOf('Website'), h.indexOf('Company · Status'), h.indexOf('Company · Website')];
  for (const row of values.slice(1)) {
    if (row[0] === 'Inserted' || row[0] === '') {
      expect(row[status] ?? '').toBe('');
      continue;
    }
    expect(row[status]).toBe('Enriched');
    expect(String(row[out])).toBe(`https://www.${String(row[site]).replace('https://', '')}`);
  }
});

test('a key edited while the job runs is reported, not overwritten', () => {
  const w = world(rows(100), { service: { processingRate: 1 } });
  start(w, 'email');
  // Row 91 is still waiting for its result when its email is changed.
  expect(column(w, 'Email · Result')[89]).toBe('Processing (part 1)');
  w.host.sheet().load([['someone.else@changed.com']], 'B91');
  runTriggers(w);
  const results = column(w, 'Email · Result');
  expect(String(results[89])).toMatch(/row changed while it ran/);
  expect(w.host.requests.some((q) => q.body.includes('someone.else@changed.com'))).toBe(false);
  expect(results.filter((r) => FINAL.includes(String(r)))).toHaveLength(99);
});

test('an execution cut off at the time limit is picked up by the next, without losing or repeating work', () => {
  const w = world(rows(40), { service: { processingRate: 1 } });
  start(w, 'email');
  // The next answer takes 400 s: the execution waiting for it runs past six minutes.
  w.service.setFaults({ slowRate: 1, slowMs: 400000 });
  const results: Array<{ timedOut: boolean }> = [];
  for (let i = 0; i < 50; i++) {
    const r = w.host.fireNextTrigger();
    if (!r) break;
    results.push(r);
    if (r.timedOut) w.service.setFaults({});
  }
  expect(results.some((r) => r.timedOut)).toBe(true);
  const final = column(w, 'Email · Result');
  expect(final.filter((r) => FINAL.includes(String(r)))).toHaveLength(40);
  expect(w.service.account(ALPHA)!.spent.email).toBe(40);
});

test('injected 429s and 500s: reads ride them out, starts are never repeated blindly', () => {
  const w = world(rows(50), { service: { processingRate: 5 } });
  w.service.setFaults({ rate429: 0.3, rate500: 0.15, seed: 7 });
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  runTriggers(w);
  const results = column(w, 'Email · Result').map(String);
  const done = results.filter((s) => FINAL.includes(s)).length;
  const errors = results.filter((s) => s.startsWith('Error:'));
  expect(done + errors.length).toBe(50);
  expect(w.host.requests.some((q) => q.status === 429)).toBe(true);
  expect(w.host.requests.some((q) => q.status === 500)).toBe(true);
  // Whatever happened, no email was charged twice and every charged email has its result.
  expect(w.service.account(ALPHA)!.spent.email).toBe(done);
  expect(r.ok).toBe(true);
  // A start that failed ambiguously was not repeated, and its rows say so.
  errors.forEach((e) => expect(e).toMatch(/nothing was re-sent so no credit is spent twice/));
  const posts = w.host.requests.filter((q) => q.method.toLowerCase() === 'post');
  expect(posts.filter((q) => q.status === 500).length).toBe(errors.length > 0 ? 1 : 0);
});

test('credits running out half way: the paid part keeps its results, the rest says why', () => {
  // Person enrichment goes out in parts of 5,000; the second part finds the credits held back.
  const w = world(rows(10010), {
    accounts: [{ key: ALPHA, name: 'Small', credits: { email: 3001, phone: 0 } }],
    service: { processingRate: 400 },
  });
  start(w, 'person');
  runTriggers(w);
  const results = column(w, 'Person · Status').map(String);
  expect(results.filter((s) => ['Enriched', 'Not found', 'Removed for privacy'].includes(s))).toHaveLength(5000);
  expect(results.filter((s) => /enough credits/.test(s))).toHaveLength(5010);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  expect(jobs[0]).toMatchObject({ state: 'failed' });
  expect(jobs[0]!.message).toMatch(/enough credits/);
});

test('a key refused mid-job pauses it; connecting again collects the paid results without paying twice', () => {
  const w = world(rows(40), { service: { processingRate: 1 } });
  start(w, 'email');
  const props = w.host.userProperties();
  const keyName = Object.keys(props).find((k) => props[k] === ALPHA)!;
  w.host.setProperties('user', { [keyName]: 'revoked-key-000000' });
  runTriggers(w);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  expect(jobs[0]).toMatchObject({ state: 'paused' });
  expect(jobs[0]!.message).toMatch(/^Paused: the API key was refused/);
  expect(JSON.stringify(jobs)).not.toContain('revoked-key-000000');
  // Rows keep their part (the batch is still there to be read) and say why nothing moves.
  expect(
    column(w, 'Email · Result')
      .map(String)
      .filter((r) => r === 'Paused (part 1): the API key was refused; connect a valid key in the sidebar').length,
  ).toBeGreaterThan(0);
  expect(
    column(w, 'Email · Result')
      .map(String)
      .filter((r) => /^(Processing|Queued)/.test(r)),
  ).toEqual([]);
  connect(w, ALPHA);
  runTriggers(w);
  const results = column(w, 'Email · Result').map(String);
  expect(results.filter((r) => FINAL.includes(r))).toHaveLength(40);
  expect(w.service.account(ALPHA)!.spent.email).toBe(40);
  expect(w.host.requests.filter((q) => q.method.toUpperCase() === 'POST' && q.url.endsWith('/email-validations'))).toHaveLength(1);
});

test('cancel from the job list: finished rows keep their results, the rest say canceled', () => {
  const w = world(rows(200), { service: { processingRate: 2 } });
  const job = start(w, 'email') as { id?: string };
  const views = w.host.callFromSidebar('listJobs', []).value as Array<{ id: string; canCancel: boolean }>;
  expect(views[0]!.canCancel).toBe(true);
  w.host.clock.advance(20000);
  const canceled = w.host.callFromSidebar('cancelJob', [views[0]!.id]).value as { state: string };
  expect(canceled.state).toBe('canceled');
  expect(job).toBeDefined();
  const results = column(w, 'Email · Result').map(String);
  const finished = results.filter((r) => FINAL.includes(r)).length;
  expect(finished).toBeGreaterThan(0);
  expect(results.filter((r) => r === 'Canceled before it was processed')).toHaveLength(200 - finished);
  expect(w.service.account(ALPHA)!.spent.email).toBe(finished);
  expect(w.host.triggerList()).toEqual([]);
});

test("rows on the account's exclusion lists are skipped before anything is sent, when asked", () => {
  const w = world(rows(5));
  const excluded = w.host.callFromSidebar('runTool', [{ tool: 'excluded_domains' }]);
  expect(excluded.ok).toBe(true);
  const domain = String(w.host.sheet('Excluded domains').values()[1]![0]);
  w.host.sheet().load([['Blocked', `someone@${domain}`, domain]], 'A7');
  w.host.select('Sheet1!A1:C7');
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'email', skipExcluded: true }]).value as {
    counts: { excluded: number; distinct: number };
  };
  expect(preview.counts).toMatchObject({ excluded: 1, distinct: 5 });
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', skipExcluded: true, confirmed: true }]).ok).toBe(true);
  runTriggers(w);
  expect(column(w, 'Email · Result')[5]).toBe('Skipped: domain is on your exclusion list');
  expect(w.service.account(ALPHA)!.spent.email).toBe(5);
  expect(w.host.requests.some((q) => q.body.includes(`someone@${domain}`))).toBe(false);
});

test('a service that keeps failing ends the job after two hours without progress, with the reason in the rows', () => {
  const w = world(rows(40), { service: { processingRate: 1 } });
  start(w, 'email');
  w.service.setFaults({ rate500: 1 });
  const fired = runTriggers(w);
  expect(fired).toBeLessThan(30);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  expect(jobs[0]!.state).toBe('failed');
  expect(jobs[0]!.message).toMatch(/kept failing for two hours/);
  const results = column(w, 'Email · Result').map(String);
  const written = results.filter((r) => FINAL.includes(r)).length;
  expect(results.filter((r) => /kept failing for two hours/.test(r))).toHaveLength(40 - written);
  expect(results.filter((r) => r === 'Processing' || r === 'Queued')).toHaveLength(0);
  expect(w.host.triggerList()).toEqual([]);
});

test('a cancel met by rate limits still ends with no row left waiting', () => {
  const w = world(rows(120), { service: { processingRate: 1 } });
  start(w, 'email');
  const id = (w.host.callFromSidebar('listJobs', []).value as Array<{ id: string }>)[0]!.id;
  w.service.setFaults({ rate429: 0.5, seed: 12 });
  w.host.callFromSidebar('cancelJob', [id]);
  w.service.setFaults({});
  runTriggers(w);
  const results = column(w, 'Email · Result').map(String);
  expect(results.filter((r) => r === 'Processing' || r === 'Queued')).toHaveLength(0);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
  expect(['canceled', 'done']).toContain(jobs[0]!.state);
});

test("a second editor cannot start the same action on a sheet while another editor's job runs there", () => {
  const editor = 'editor@acme.example';
  const w = world(rows(60), { service: { processingRate: 1 } });
  w.host.open({ user: editor });
  connect(w, BRAVO, editor);
  w.host.select('Sheet1!A1:C31');
  start(w, 'email', OWNER);
  w.host.select('Sheet1!A32:C61');
  const refused = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], editor);
  expect(refused.ok).toBe(false);
  expect(refused.error?.message).toMatch(
    /^Another editor's job \(account "Alpha Outbound \(demo\)"\) is running on this sheet: it holds an email validation here/,
  );
  // Another action on the same sheet is fine.
  expect(w.host.callFromSidebar('startRun', [{ action: 'company', confirmed: true }], editor).ok).toBe(true);
  runTriggers(w);
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], editor).ok).toBe(true);
  runTriggers(w);
  const results = column(w, 'Email · Result').map(String);
  expect(results.filter((r) => FINAL.includes(r))).toHaveLength(60);
  expect(w.service.account(ALPHA)!.spent.email).toBe(30);
  expect(w.service.account(BRAVO)!.spent.email).toBe(30);
});

test('disconnecting pauses the running jobs; connecting again finishes them without paying twice', () => {
  const w = world(rows(80), { service: { processingRate: 1 } });
  start(w, 'email');
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  expect(jobs[0]!.state).toBe('paused');
  expect(jobs[0]!.message).toMatch(/^Paused: no API key is connected/);
  // One trigger looks again later, for a key connected from another spreadsheet.
  expect(w.host.triggerList()).toHaveLength(1);
  expect(JSON.stringify(w.host.userProperties())).not.toContain(ALPHA);
  connect(w, ALPHA);
  runTriggers(w);
  const results = column(w, 'Email · Result').map(String);
  expect(results.filter((r) => FINAL.includes(r))).toHaveLength(80);
  expect(w.service.account(ALPHA)!.spent.email).toBe(80);
  expect(w.host.triggerList()).toEqual([]);
});
