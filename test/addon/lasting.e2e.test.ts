// What the add-on costs a user's Apps Script quotas over a job's life: triggers made per trigger
// run, property calls of a watched job and of a poll that finds nothing due.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addonWorld, column, connect, OWNER, type World } from '../support/addon-world';

const KEY = 'lasting-key-0001';
const HOUR = 60 * 60 * 1000;

function emails(n: number): unknown[][] {
  return [['Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`Person ${i}`, `person${i}@company${i % 97}.com`])];
}

/** A validation of `rows` rows started from the menu; `before` runs first on the new world. */
function started(
  rows: number,
  opts: { deployment?: 'test'; service?: { processingRate: number }; oauthScopes?: string[] } = {},
  before: (w: World) => void = () => {},
): World {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Lasting', credits: { email: 200000, phone: 0 } }], ...opts });
  before(w);
  w.host.sheet().load(emails(rows));
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  w.host.ui.answer('YES');
  const r = w.host.clickMenu('Validate emails');
  if (!r.ok) throw new Error(r.error?.message);
  return w;
}

function propertyCalls(stats: Record<string, number>): number {
  return Object.entries(stats)
    .filter(([name]) => name.startsWith('PropertiesService.Properties.'))
    .reduce((n, [, c]) => n + c, 0);
}

function created(stats: Record<string, number>): number {
  return stats['ScriptApp.ClockTriggerBuilder.create'] ?? 0;
}

function finished(w: World): number {
  return column(w, 'Email · Result').filter((v) => /^(Deliverable|Risky|Undeliverable|Unknown)/.test(String(v))).length;
}

test.each([10000, 25000])('a %i-row job left to its triggers makes at most 1.5 triggers per trigger run and leaves none behind', (rows) => {
  const w = started(rows);
  w.host.resetStats();
  let runs = 0;
  for (let r = w.host.fireNextTrigger(); r; r = w.host.fireNextTrigger()) {
    runs++;
    expect(r.ok).toBe(true);
    // One waiting trigger at most, and never a spent one left counting toward the limits.
    const mine = w.host.triggerList();
    expect(mine.length).toBeLessThanOrEqual(1);
    expect(mine.filter((t) => t.spent)).toEqual([]);
    if (runs > 2000) throw new Error('the job never ended');
  }
  expect(finished(w)).toBe(rows);
  const made = created(w.host.stats());
  console.log(`${rows} rows: ${runs} trigger runs, ${made} triggers made, ${propertyCalls(w.host.stats())} property calls`);
  expect(made / runs).toBeLessThanOrEqual(1.5);
  expect(made).toBeLessThanOrEqual(runs + 1);
  expect(w.host.triggerList()).toEqual([]);
});

test('a poll that finds nothing due makes at most 2 property calls', () => {
  const w = started(2000);
  const jobs = () => w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
  expect(jobs()[0]!.state).toBe('running');
  w.host.resetStats();
  const r = w.host.callFromSidebar('pollJobs', []);
  expect(r.ok).toBe(true);
  expect((r.value as { nextPollSeconds: number }).nextPollSeconds).toBeGreaterThan(0);
  expect(propertyCalls(w.host.stats())).toBeLessThanOrEqual(2);
  expect(w.host.requests.length).toBeGreaterThan(0);
});

test('watching a 20,000-row job in the sidebar costs at most 1,500 property calls an hour', () => {
  const w = started(20000);
  w.host.resetStats();
  const t0 = w.host.clock.now();
  let polls = 0;
  let nextPoll = t0 + 5000;
  // A sidebar kept open, polling every 5 s (more often than it does: it waits as long as the
  // server says nothing can change), while the trigger carries the job on too.
  for (let guard = 0; guard < 100000; guard++) {
    const due = w.host.triggerList()[0]?.dueAt ?? Infinity;
    if (due <= nextPoll) {
      w.host.fireNextTrigger();
      continue;
    }
    w.host.clock.advanceTo(nextPoll);
    const r = w.host.callFromSidebar('pollJobs', []);
    expect(r.ok).toBe(true);
    polls++;
    if ((r.value as { nextPollSeconds: number }).nextPollSeconds === 0) break;
    nextPoll = w.host.clock.now() + 5000;
  }
  expect(finished(w)).toBe(20000);
  const hours = (w.host.clock.now() - t0) / HOUR;
  const calls = propertyCalls(w.host.stats());
  console.log(
    `watched 20,000 rows: ${hours.toFixed(2)} h, ${polls} polls, ${calls} property calls (${Math.round(calls / hours)} an hour), ${created(w.host.stats())} triggers made`,
  );
  expect(calls / Math.max(hours, 1)).toBeLessThanOrEqual(1500);
});

function storeBytes(values: Record<string, string>): number {
  return Object.entries(values).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
}

/** Finished job records as jobs in other spreadsheets left them, `perSheet` in each of `sheets`. */
function finishedElsewhere(template: string, sheets: number, perSheet: number, now: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let s = 0; s < sheets; s++) {
    for (let j = 0; j < perSheet; j++) {
      const id = `old-${s}-${j}`;
      const record = {
        ...(JSON.parse(template) as Record<string, unknown>),
        id,
        state: 'done',
        updatedAt: now - (s * perSheet + j) * 60000,
      };
      out[`job.sheet-${s}.${id}`] = JSON.stringify(record);
    }
  }
  return out;
}

test('after jobs in 100 spreadsheets the store holds at most 100 KB, and a new job starts even when it was full', () => {
  const w = started(20);
  const template = Object.entries(w.host.userProperties()).find(([k]) => k.startsWith('job.'))![1];
  // 100 spreadsheets with 2 finished jobs each, then a store filled close to its 500 KB.
  const full = Math.floor((480 * 1024) / (100 * (template.length + 40)));
  for (const [sheets, perSheet, atLeast] of [
    [100, 2, 90 * 1024],
    [100, full, 400 * 1024],
  ] as const) {
    w.host.setProperties('user', finishedElsewhere(template, sheets, perSheet, w.host.clock.now()));
    const before = storeBytes(w.host.userProperties());
    expect(before).toBeGreaterThan(atLeast);
    w.host.select('Sheet1!A1:B21');
    const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
    expect(r.error?.message).toBeUndefined();
    const after = w.host.userProperties();
    console.log(`store: ${before} bytes before the new job, ${storeBytes(after)} after`);
    expect(storeBytes(after)).toBeLessThanOrEqual(100 * 1024);
    // The newest finished jobs are the ones kept; the key stays.
    expect(Object.keys(after).some((k) => k === 'job.sheet-0.old-0-0')).toBe(true);
    expect(Object.values(after)).toContain(KEY);
  }
});

function jobsView(w: World) {
  return w.host.callFromSidebar('pollJobs', []).value as { jobs: Array<{ state: string }>; nextPollSeconds: number; background: string };
}

test('where no trigger can be made (a test deployment), starting, polling and checking still work, and the job list says why', () => {
  const w = started(12000, { deployment: 'test' });
  expect(w.host.triggerList()).toEqual([]);
  let view = jobsView(w);
  expect(view.jobs[0]!.state).toBe('running');
  expect(view.background).toMatch(/Background steps are off: a test deployment cannot run triggers\./);
  // The sidebar's polls and the menu's check carry the job to its end.
  for (let i = 0; i < 500 && view.nextPollSeconds > 0; i++) {
    w.host.clock.advance(view.nextPollSeconds * 1000);
    if (i % 2) expect(w.host.clickMenu('Check running jobs now').ok).toBe(true);
    view = jobsView(w);
  }
  expect(view.jobs[0]!.state).toBe('done');
  expect(finished(w)).toBe(12000);
  expect(view.background).toBe('');
});

test('without the full spreadsheets scope, a trigger that runs without its spreadsheet exits cleanly, says so in the log, and the sidebar carries the job on', () => {
  // A slow service: the job cannot end in the first poll, so the note has a running job to show with.
  // The person did not grant the full scope (granular consent): `currentonly` alone.
  const w = started(12000, { service: { processingRate: 5 }, oauthScopes: currentOnly() });
  w.host.setTriggerDocument('none');
  const r = w.host.fireNextTrigger()!;
  expect(r.ok).toBe(true);
  expect(r.logs.map((l) => l.message).join('\n')).toMatch(/without its spreadsheet/);
  expect(w.host.triggerList()).toEqual([]);
  // Under the add-on's `currentonly` scope the trigger cannot open it by id either.
  expect(r.logs.map((l) => l.message).join('\n')).not.toMatch(/permission/i);
  // The job list says why the job is not moving, not only "running".
  const listed = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  expect(listed[0]).toMatchObject({ state: 'running', message: expect.stringMatching(/without this spreadsheet/) });
  let view = jobsView(w);
  expect(view.background).toMatch(/without this spreadsheet/);
  for (let i = 0; i < 500 && view.nextPollSeconds > 0; i++) {
    w.host.clock.advance(view.nextPollSeconds * 1000);
    view = jobsView(w);
  }
  expect(view.jobs[0]!.state).toBe('done');
  expect(finished(w)).toBe(12000);
});

test('under the full spreadsheets scope, a trigger without its spreadsheet opens it by id and finishes the job with nobody watching', () => {
  const w = started(12000, { service: { processingRate: 5 }, oauthScopes: fullScope() });
  w.host.setTriggerDocument('none');
  let runs = 0;
  for (let r = w.host.fireNextTrigger(); r; r = w.host.fireNextTrigger()) {
    expect(r.ok).toBe(true);
    expect(r.logs.map((l) => l.message).join('\n')).not.toMatch(/without its spreadsheet/);
    if (++runs > 200) throw new Error('the job never ended');
  }
  expect(finished(w)).toBe(12000);
  expect(w.host.triggerList()).toEqual([]);
  // The job list carries no note that background steps are off.
  const view = jobsView(w);
  expect(view.jobs[0]!.state).toBe('done');
  expect(view.background).toBe('');
});

const manifestScopes = (): string[] =>
  (JSON.parse(readFileSync(join(__dirname, '../../dist/appsscript.json'), 'utf8')) as { oauthScopes: string[] }).oauthScopes;

/** The add-on's scopes: the full spreadsheets scope (automation opens spreadsheets by id). */
function fullScope(): string[] {
  const scopes = manifestScopes();
  expect(scopes).toContain('https://www.googleapis.com/auth/spreadsheets');
  return scopes;
}

/** The add-on's scopes with `currentonly` in place of the full spreadsheets scope. */
function currentOnly(): string[] {
  const full = 'https://www.googleapis.com/auth/spreadsheets';
  return [...manifestScopes().filter((s) => s !== full), `${full}.currentonly`];
}

test('under the full scope, the first run by id only takes note; from then on a sidebar step and a run by id keep each other out', () => {
  const w = started(12000, { service: { processingRate: 5 }, oauthScopes: fullScope() });
  w.host.setTriggerDocument('none');
  const sent = w.host.requests.length;
  // A sidebar step began before any run by id: it holds the document lock only.
  const sidebar = w.host.holdLock('document');
  expect(w.host.fireNextTrigger()!.ok).toBe(true);
  sidebar.release();
  // That first run took note and sent nothing; its trigger waits past any step begun before.
  expect(w.host.requests.length).toBe(sent);
  expect(w.host.userProperties()['prospecting.byId']).toBe('1');
  const [next] = w.host.triggerList();
  expect(next!.dueAt! - w.host.clock.now()).toBeGreaterThanOrEqual(6 * 60 * 1000 - 1000);
  // A later sidebar step holds the user's lock as well: the run by id waits for it.
  const user = w.host.holdLock('user');
  expect(w.host.fireNextTrigger()!.ok).toBe(true);
  expect(w.host.requests.length).toBe(sent);
  user.release();
  for (let r = w.host.fireNextTrigger(), n = 0; r && n < 300; r = w.host.fireNextTrigger(), n++) expect(r.ok).toBe(true);
  expect(finished(w)).toBe(12000);
  expect(w.service.account(KEY)!.spent.email).toBe(12000);
});

test('under the full scope, a key refused in a run by id pauses the job; once the key works, runs by id resume it (its claim keeps other editors off) and it ends', () => {
  const w = started(3000, { service: { processingRate: 5 }, oauthScopes: fullScope() });
  w.host.setTriggerDocument('none');
  w.host.fireNextTrigger();
  // The stored key is refused for a while, then works again (nobody reconnects).
  const props = w.host.userProperties();
  const name = Object.keys(props).find((k) => props[k] === KEY)!;
  w.host.setProperties('user', { [name]: 'revoked-key-000000' });
  for (let i = 0; i < 3; i++) w.host.fireNextTrigger();
  const view = jobsView(w);
  expect(view.jobs[0]!.state).toBe('paused');
  w.host.setProperties('user', { [name]: KEY });
  w.host.runTriggersUntil(w.host.clock.now() + 30 * HOUR);
  // Nobody opened the sidebar: the triggers alone, running without the spreadsheet, finished it.
  expect(w.host.callFromSidebar('listJobs', []).value).toMatchObject([{ state: 'done' }]);
  expect(finished(w)).toBe(3000);
});

test('under the full scope, a job that ends in a run by id leaves its claim only until a run with the spreadsheet lets it go', () => {
  const w = started(3000, { oauthScopes: fullScope() });
  w.host.setTriggerDocument('none');
  for (let r = w.host.fireNextTrigger(), n = 0; r && n < 300; r = w.host.fireNextTrigger(), n++) expect(r.ok).toBe(true);
  expect(finished(w)).toBe(3000);
  const claims = () => Object.keys(w.host.documentProperties()).filter((k) => k.startsWith('prospecting.running.'));
  // A run by id cannot reach the claims: the claim is still there.
  expect(claims()).toHaveLength(1);
  // The next step with the spreadsheet (here Check running jobs now) lets it go.
  w.host.setTriggerDocument('active');
  expect(w.host.clickMenu('Check running jobs now').ok).toBe(true);
  expect(claims()).toEqual([]);
});

test("triggers left in other documents are cleared when the user's 20-trigger limit is reached", () => {
  // Twenty of the add-on's triggers from documents the user no longer opens, some spent.
  const w = started(12000, {}, (fresh) => {
    for (let i = 0; i < 20; i++) {
      const t = fresh.host.triggers.add({
        handler: 'continueJobs',
        user: OWNER,
        documentId: `old-doc-${i}`,
        eventType: 'CLOCK',
        createdAt: 0,
        dueAt: fresh.host.clock.now() + 3 * HOUR,
      });
      if (i % 2) fresh.host.triggers.markFired(t.uid, fresh.host.clock.now());
    }
  });
  const mine = w.host.triggerList();
  expect(mine).toHaveLength(1);
  expect(mine[0]!.documentId).toBe(w.host.spreadsheet.id);
  expect(jobsView(w).background).toBe('');
});

test('a recorded trigger that no longer exists is made again by the next poll that steps', () => {
  const w = started(12000, { service: { processingRate: 5 } });
  const [mine] = w.host.triggerList();
  expect(mine).toBeDefined();
  // Deleted by hand in the Apps Script dashboard, say; the record still names it. A poll between
  // steps answers from the cache; the next one with a job due checks the trigger and makes it again.
  w.host.triggers.remove(mine!.uid);
  const first = jobsView(w);
  w.host.clock.advance(first.nextPollSeconds * 1000);
  const view = jobsView(w);
  expect(view.jobs[0]!.state).toBe('running');
  const now = w.host.triggerList();
  expect(now).toHaveLength(1);
  expect(now[0]!.uid).not.toBe(mine!.uid);
});

test('a disconnect while a step holds the spreadsheet still removes the key; the next trigger pauses the jobs', () => {
  const w = started(12000);
  const held = w.host.holdLock('document');
  const r = w.host.callFromSidebar('disconnect', []);
  held.release();
  expect(r.ok).toBe(true);
  expect(Object.values(w.host.userProperties())).not.toContain(KEY);
  const fired = w.host.fireNextTrigger()!;
  expect(fired.ok).toBe(true);
  const view = jobsView(w);
  expect(view.jobs[0]!.state).toBe('paused');
  // One trigger looks again in an hour (a key connected from another spreadsheet), not every step.
  expect(w.host.triggerList()).toHaveLength(1);
  expect(w.host.triggerList()[0]!.dueAt! - w.host.clock.now()).toBeGreaterThan(55 * 60_000);
  // Connecting again collects what was paid for and finishes the job.
  connect(w, KEY);
  for (let r2 = w.host.fireNextTrigger(), i = 0; r2 && i < 200; r2 = w.host.fireNextTrigger(), i++);
  expect(finished(w)).toBe(12000);
});
