// The ordinary turns a job's life takes, each through the built add-on in the local host: another
// account connected, the sheet deleted or renamed, a second editor, a long pause, Apps Script's
// daily quota spent, an answer the add-on does not know, a column deleted or cleared. Each ends
// with paid work kept, never paid twice, and rows that tell the truth.
import type { LocalHandler, LocalService } from '../../sandbox';
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';
const BRAVO = 'demo-key-bravo';
const HEADER = ['Name', 'Email', 'Website'];
const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];
const PENDING = /^(Queued|Sending|Processing)/;
const DAY = 24 * 60 * 60 * 1000;

function rows(n: number): unknown[][] {
  return Array.from({ length: n }, (_, k) => [`Person ${k}`, `person${k}@company${k % 7}.com`, `https://company${k % 7}.com`]);
}

function world(n: number, opts: Parameters<typeof addonWorld>[0] = {}): World {
  const w = addonWorld({ service: { processingRate: 1 }, ...opts });
  w.host.sheet().load([HEADER, ...rows(n)]);
  w.host.open();
  connect(w, ALPHA);
  w.host.select(`Sheet1!A1:C${n + 1}`);
  return w;
}

function start(w: World, action = 'email', user = OWNER) {
  const r = w.host.callFromSidebar('startRun', [{ action, confirmed: true }], user);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as { id: string; state: string };
}

function jobs(w: World, user = OWNER) {
  return w.host.callFromSidebar('listJobs', [], user).value as Array<{ id: string; state: string; message: string; sheetName: string }>;
}

function statuses(w: World, sheet = 'Sheet1', header = 'Email · Result'): string[] {
  return column(w, header, sheet).map(String);
}

function posts(w: World, path = '/email-validations') {
  return w.host.requests.filter((q) => q.method.toUpperCase() === 'POST' && q.url.endsWith(path));
}

test("another account's key connected mid-job: the job pauses naming its account, and reconnecting collects what was paid", () => {
  const w = world(60);
  start(w);
  connect(w, BRAVO);
  runTriggers(w, 20);
  const [job] = jobs(w);
  expect(job!.state).toBe('paused');
  expect(job!.message).toMatch(/started with the account "Alpha Outbound \(demo\)".*Connect that account again/);
  const paused = statuses(w);
  expect(paused.some((s) => s.startsWith('Error'))).toBe(false);
  expect(paused.filter((s) => PENDING.test(s))).toEqual([]);
  expect(
    paused.filter((s) => /^Paused \(part \d+\): its batches belong to the account "Alpha Outbound \(demo\)"/.test(s)).length,
  ).toBeGreaterThan(0);
  connect(w, ALPHA);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(60);
  expect(w.service.account(ALPHA)!.spent.email).toBe(60);
  expect(w.service.account(BRAVO)!.spent.email).toBe(0);
  expect(posts(w)).toHaveLength(1);
  expect(jobs(w)[0]!.state).toBe('done');
});

test("the job's sheet deleted mid-batch: its batch is canceled at the service, the results it finished are kept, the job ends saying where", () => {
  // Slow enough that the batch still runs at the next step under either answer: a minute after
  // the start, or two hours when Apps Script refuses short one-shots (backgroundOneShots: the
  // hourly trigger) and runs it without its spreadsheet (triggerDocument: the first run by id
  // only notes so).
  const w = world(1000, { service: { processingRate: 0.1 } });
  start(w);
  // Results already written to the sheet go with it: the person deleted them.
  const placed = statuses(w).filter((s) => FINAL.includes(s)).length;
  const doc = w.host.spreadsheet;
  doc.addSheet('Notes');
  doc.removeSheet(doc.sheetByName('Sheet1')!);
  runTriggers(w);
  const spent = w.service.account(ALPHA)!.spent.email;
  const [job] = jobs(w);
  expect(job!.state).toBe('canceled');
  expect(job!.message).toMatch(
    /The sheet "Sheet1" was deleted, so the job was canceled\..*see the sheet "Email validation · unplaced results"/,
  );
  // Canceled at the service: it stops charging long before the 1,000 rows would have cost.
  expect(spent).toBeLessThan(1000);
  expect(spent).toBeGreaterThan(0);
  w.host.clock.advance(DAY);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent);
  const kept = w.host.sheet('Email validation · unplaced results').values().slice(1);
  expect(kept.length).toBe(spent - placed);
  expect(kept.every((r) => FINAL.includes(String(r[1])))).toBe(true);
  expect(w.host.triggerList()).toEqual([]);
});

test('a job whose sheet was deleted can still be canceled from the job list', () => {
  const w = world(1000);
  const { id } = start(w);
  const doc = w.host.spreadsheet;
  doc.addSheet('Notes');
  doc.removeSheet(doc.sheetByName('Sheet1')!);
  const r = w.host.callFromSidebar('cancelJob', [id]);
  expect(r.ok).toBe(true);
  expect(w.host.requests.filter((q) => q.method.toUpperCase() === 'PATCH')).toHaveLength(1);
  runTriggers(w);
  expect(jobs(w)[0]!.state).toBe('canceled');
  const spent = w.service.account(ALPHA)!.spent.email;
  w.host.clock.advance(DAY);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent);
  expect(spent).toBeLessThan(1000);
});

test('a job canceled while paused keeps what it paid for: once the key is back its batch is canceled and its results collected', () => {
  const w = world(1000);
  const { id } = start(w);
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  expect(w.host.callFromSidebar('cancelJob', [id]).ok).toBe(true);
  expect(statuses(w).filter((s) => PENDING.test(s))).toEqual([]);
  w.host.clock.advance(60_000);
  connect(w, ALPHA);
  runTriggers(w);
  const [job] = jobs(w);
  expect(job!.state).toBe('canceled');
  const done = statuses(w).filter((s) => FINAL.includes(s)).length;
  const spent = w.service.account(ALPHA)!.spent.email;
  // Every result the service finished before it was told is on its row; nothing more is charged.
  expect(done).toBe(spent);
  expect(spent).toBeLessThan(1000);
  w.host.clock.advance(DAY);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent);
  expect(statuses(w).filter((s) => PENDING.test(s) || s.startsWith('Paused'))).toEqual([]);
});

/** The owner's 60-row job paused by a disconnect, `laterMs` ago; a second editor connected and the rows selected. */
function pausedBeforeEditor(laterMs: number): { w: World; editor: string } {
  const editor = 'editor@acme.example';
  const w = world(60);
  w.host.open({ user: editor });
  connect(w, BRAVO, editor);
  start(w);
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  w.host.clock.advance(laterMs);
  w.host.select('Sheet1!A1:C61');
  return { w, editor };
}

test("a second editor, hours after the owner's job paused, is refused by name and never re-sends its rows", () => {
  const { w, editor } = pausedBeforeEditor(3 * 60 * 60 * 1000);
  const refused = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], editor);
  expect(refused.ok).toBe(false);
  expect(refused.error?.message).toMatch(/Another editor's job \(account "Alpha Outbound \(demo\)"\) is paused on this sheet/);
  expect(w.service.account(BRAVO)!.spent.email).toBe(0);
  connect(w, ALPHA);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(60);
  expect(w.service.account(ALPHA)!.spent.email).toBe(60);
  expect(jobs(w)[0]!.state).toBe('done');
});

test("a second editor 100 days after the owner's job paused may run, but never re-sends the rows that job holds", () => {
  const { w, editor } = pausedBeforeEditor(100 * DAY);
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'email' }], editor);
  expect((preview.value as { summary: string }).summary).toMatch(/held by another editor's job \(account "Alpha Outbound \(demo\)"\)/);
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], editor);
  expect(r.ok).toBe(true);
  runTriggers(w);
  expect(w.service.account(BRAVO)!.spent.email).toBe(0);
  connect(w, ALPHA);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(60);
  expect(w.service.account(ALPHA)!.spent.email).toBe(60);
});

test("another editor's job on other rows of the same column, long after the owner's paused, never sends the owner's rows", () => {
  const editor = 'editor@acme.example';
  // Slow enough that the owner's row is still being processed when they disconnect.
  const w = world(3, { service: { processingRate: 0.01 } });
  w.host.open({ user: editor });
  connect(w, BRAVO, editor);
  w.host.select('Sheet1!A2:C2');
  start(w);
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  w.host.clock.advance(100 * DAY);
  w.host.select('Sheet1!A3:C3');
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], editor).ok).toBe(true);
  runTriggers(w);
  expect(w.service.account(BRAVO)!.spent.email).toBe(1);
  expect(statuses(w)[0]).toMatch(/^Paused \(part 1\)/);
  connect(w, ALPHA);
  runTriggers(w);
  expect(
    statuses(w)
      .slice(0, 2)
      .filter((s) => FINAL.includes(s)),
  ).toHaveLength(2);
  expect(w.service.account(ALPHA)!.spent.email).toBe(1);
});

test('a job resumed after 100 days is not pruned by the next start: it collects every paid result', () => {
  const w = world(40);
  start(w);
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  w.host.clock.advance(100 * DAY);
  connect(w, ALPHA);
  // The next start prunes old records across spreadsheets: the resumed job must not be one.
  w.host.spreadsheet.addSheet('Other').name = 'Other';
  w.host.sheet('Other').load([HEADER, ...rows(3)]);
  w.host.select('Other!A1:C4');
  start(w);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(40);
  expect(statuses(w).filter((s) => PENDING.test(s) || s.startsWith('Paused'))).toEqual([]);
  expect(jobs(w).map((j) => j.state)).toEqual(['done', 'done']);
});

test("Apps Script's daily URL-fetch quota spent mid-job is a wait: no row fails, nothing is paid twice", () => {
  const w = world(60);
  start(w);
  const use = w.host.quotaUse();
  w.host.quota.charge(OWNER, 'urlFetch', w.host.quota.quotas.urlFetch - use.urlFetch, w.host.clock.now());
  runTriggers(w, 10);
  w.host.clock.advance(3 * 60 * 60 * 1000);
  runTriggers(w, 5);
  const [waiting] = jobs(w);
  expect(waiting!.state).toBe('running');
  expect(waiting!.message).toMatch(/Waiting for Apps Script's daily quota/);
  expect(statuses(w).some((s) => s.startsWith('Error'))).toBe(false);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(60);
  expect(w.service.account(ALPHA)!.spent.email).toBe(60);
  expect(posts(w)).toHaveLength(1);
});

test('a paid answer in a word the add-on does not know is written as given, and a rerun does not pay for it again', () => {
  const route = (service: LocalService): LocalHandler => ({
    handle: (req) => {
      const res = service.handle(req);
      return req.method.toUpperCase() === 'GET' ? { ...res, body: res.body.replace(/"result":"risky"/g, '"result":"greylisted"') } : res;
    },
  });
  const w = world(40, { route });
  start(w);
  runTriggers(w);
  const first = statuses(w);
  expect(first.filter((s) => s === 'Answered: greylisted').length).toBeGreaterThan(0);
  expect(first.some((s) => s.startsWith('Error'))).toBe(false);
  const spent = w.service.account(ALPHA)!.spent.email;
  start(w);
  runTriggers(w);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent);
  expect(posts(w)).toHaveLength(1);
});

test('a refused key pauses the job with rows that say so, and it goes on by itself once the key works again', () => {
  const w = world(40);
  start(w);
  const props = w.host.userProperties();
  const name = Object.keys(props).find((k) => props[k] === ALPHA)!;
  w.host.setProperties('user', { [name]: 'revoked-key-000000' });
  runTriggers(w, 3);
  expect(jobs(w)[0]!.state).toBe('paused');
  expect(statuses(w).filter((s) => PENDING.test(s))).toEqual([]);
  // The key works again (restored in the account): nobody reconnects.
  w.host.setProperties('user', { [name]: ALPHA });
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(40);
  expect(w.service.account(ALPHA)!.spent.email).toBe(40);
  expect(jobs(w)[0]!.state).toBe('done');
});

test('the input column deleted mid-job: every row ends, and paid results are kept in their own sheet', () => {
  const w = world(60);
  start(w);
  w.host.sheet().userDeleteColumns(2, 1);
  runTriggers(w);
  const left = statuses(w);
  expect(left.filter((s) => PENDING.test(s))).toEqual([]);
  // Rows answered before the column went keep their answer; every other row says why it ended.
  const gone = left.filter((s) => /^Error: (Not sent: )?the column "Email" was deleted or renamed while the job ran/.test(s));
  expect(gone.length).toBeGreaterThan(0);
  expect(gone.length + left.filter((s) => FINAL.includes(s)).length).toBe(60);
  const spent = w.service.account(ALPHA)!.spent.email;
  expect(w.host.sheet('Email validation · unplaced results').values().slice(1)).toHaveLength(spent - (60 - gone.length));
  expect(jobs(w)[0]!.state).not.toBe('running');
});

test('the status column cleared mid-job: paid results still reach their rows and the job counts them', () => {
  const w = world(40);
  start(w);
  const values = w.host.sheet().values();
  const col = values[0]!.indexOf('Email · Result');
  // The person clears the marks of the rows still waiting.
  const waiting = values.flatMap((r, i) => (PENDING.test(String(r[col])) ? [i + 1] : []));
  expect(waiting.length).toBeGreaterThan(20);
  for (const r of waiting) w.host.sheet().userEdit(`${String.fromCharCode(65 + col)}${r}`, '');
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(40);
  expect(w.service.account(ALPHA)!.spent.email).toBe(40);
  expect(jobs(w)[0]).toMatchObject({ state: 'done' });
  expect(w.host.spreadsheet.sheetByName('Email validation · unplaced results')).toBeUndefined();
});

test('the only marked rows deleted mid-job: their result goes to its own sheet, never to unselected rows with the same key', () => {
  // Five rows of one company; the person runs only the fourth, then deletes it while the service
  // works (slowly: the start does not see it finish).
  const w = addonWorld({ service: { processingRate: 0.01 } });
  const firm = Array.from({ length: 5 }, (_, k) => [`Person ${k}`, `person${k}@firm0.com`, 'https://firm0.com']);
  w.host.sheet().load([HEADER, ...firm]);
  w.host.open();
  connect(w, ALPHA);
  w.host.select('Sheet1!A5:C5');
  start(w, 'company');
  expect(statuses(w, 'Sheet1', 'Company · Status')[3]).toMatch(/^Processing/);
  w.host.sheet().userDeleteRows(5, 1);
  runTriggers(w);
  // The rows never selected keep an empty status and no result.
  expect(statuses(w, 'Sheet1', 'Company · Status')).toEqual(['', '', '', '']);
  expect(w.host.sheet('Company enrichment · unplaced results').values().slice(1)).toHaveLength(1);
  expect(jobs(w)[0]!.state).toBe('done');
});

test("the job list shows the sheet's name as it is now", () => {
  const w = world(20);
  start(w);
  w.host.spreadsheet.sheetByName('Sheet1')!.name = 'Leads';
  expect(jobs(w)[0]!.sheetName).toBe('Leads');
  runTriggers(w);
  expect(jobs(w)[0]).toMatchObject({ sheetName: 'Leads', state: 'done' });
});

test('what a paused week costs: a look an hour, then twice as long apart, then none; one trigger at a time', () => {
  const w = world(40);
  start(w);
  const props = w.host.userProperties();
  const name = Object.keys(props).find((k) => props[k] === ALPHA)!;
  w.host.setProperties('user', { [name]: 'revoked-key-000000' });
  const before = w.host.requests.length;
  const ran = w.host.runTriggersUntil(w.host.clock.now() + 10 * DAY, 1000);
  // Run without its spreadsheet (triggerDocument 'none'), the first trigger that opens it by id
  // only notes so and comes back six minutes later, sending nothing: the looks start after it.
  const fired = w.host.unknowables.triggerDocument === 'none' ? ran.slice(1) : ran;
  const looks = w.host.requests.slice(before);
  // The step that met the refused key, then one request a look (the key tried once), each
  // further apart, none after a week of looking: 12 executions and 12 requests in ten days.
  expect(fired.length).toBe(12);
  expect(looks.length).toBe(fired.length);
  expect(looks.slice(1).every((q) => q.url.endsWith('/account-info') && q.status === 401)).toBe(true);
  const gaps = fired.slice(1).map((f, i) => f.trigger.dueAt! - fired[i]!.trigger.dueAt!);
  expect(gaps.map((g) => Math.round(g / 3_600_000))).toEqual([1, 2, 4, 8, 16, 24, 24, 24, 24, 24, 24]);
  expect(w.host.triggerList()).toEqual([]);
  expect(jobs(w)[0]!.state).toBe('paused');
  expect(statuses(w).filter((s) => PENDING.test(s))).toEqual([]);
  // A connect still ends the wait.
  w.host.setProperties('user', { [name]: ALPHA });
  connect(w, ALPHA);
  runTriggers(w);
  expect(statuses(w).filter((s) => FINAL.includes(s))).toHaveLength(40);
  expect(w.service.account(ALPHA)!.spent.email).toBe(40);
});
