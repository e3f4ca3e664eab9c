// Row actions paced by the service's own limits, through the built bundle at the service's default
// limits: call recordings (50 an hour) and mailbox limits (one change a minute, one an hour per
// mailbox). What a run cannot send now stays Queued and goes on by the time-driven trigger alone.
import { addonWorld, connect, runTriggers, type World, type WorldOptions } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const USER_ID = '11111111-2222-4333-8444-555555555555';
const TASK_ID = '11111111-2222-4333-8444-555555555556';
const HOUR = 60 * 60 * 1000;

function world(opts: WorldOptions = {}): World {
  const w = addonWorld(opts);
  w.host.open();
  connect(w, KEY);
  return w;
}

/** A call logged straight with the service (not through the add-on): its id. */
function logCall(w: World, i: number, recorded: boolean): string {
  const body = {
    from: '+15550100',
    to: `+1555${String(100000 + i).slice(-6)}`,
    duration: 30 + (i % 50),
    answered: true,
    human: true,
    task_id: TASK_ID,
    user_id: USER_ID,
    ...(recorded ? { recording_url: `https://recordings.example/call-${i}.wav` } : {}),
  };
  const res = w.service.handle({
    method: 'POST',
    path: '/calls',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`POST /calls: ${res.status} ${res.body}`);
  return JSON.parse(res.body).id as string;
}

function sidebar<T>(w: World, name: string, args: unknown[]): T {
  const r = w.host.callFromSidebar(name, args);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as T;
}

const column = (w: World, header: string, sheet?: string) => {
  const values = w.host.sheet(sheet).values();
  const i = values[0]!.indexOf(header);
  if (i < 0) throw new Error(`no column ${header}`);
  return values.slice(1).map((r) => r[i]);
};

const recordingGets = (w: World) => w.host.requests.filter((q) => /\/calls\/[^/]+\/recording$/.test(q.url.split('?')[0]!));

test('500 calls: 50 links now, the rest by the trigger alone at the hourly limit, each call fetched once, none left Queued', () => {
  const w = world();
  // The service takes calls at its own request rate: the clock moves between them.
  const ids: string[] = [];
  for (let i = 0; i < 500; i++) {
    ids.push(logCall(w, i, i % 10 !== 3));
    if (i % 50 === 49) w.host.clock.advance(60 * 1000);
  }
  w.host.sheet().load([['Call ID', 'Notes'], ...ids.map((id, i) => [id, `call ${i}`])]);
  w.host.select('Sheet1!A1:B501');
  const started = w.host.clock.now();
  const first = sidebar<{ succeeded: number; message: string; complete: boolean }>(w, 'runRowAction', [{ action: 'call_recordings' }]);
  expect(first.succeeded).toBe(50);
  expect(first.complete).toBe(false);
  expect(first.message).toMatch(/wait for the service's limit and go on by themselves in about \d+ minutes, also with the sidebar closed/);
  expect(column(w, 'Recording · Status').filter((s) => s === 'Queued')).toHaveLength(450);
  expect(w.host.triggerList()).toHaveLength(1);

  const fired = runTriggers(w, 100);
  const status = column(w, 'Recording · Status');
  const urls = column(w, 'Recording · URL');
  const expires = column(w, 'Recording · Expires');
  status.forEach((s, i) => {
    if (i % 10 === 3) {
      expect(s).toBe('No recording');
      expect(urls[i]).toBe('');
    } else {
      expect(s).toBe('Recording linked');
      expect(String(urls[i])).toMatch(/^https?:\/\/.+/);
      expect(Date.parse(String(expires[i]))).toBeGreaterThan(started);
    }
  });
  // About ten hours for 500 calls at 50 an hour: nine more hours of triggers, a handful each.
  const hours = (w.host.clock.now() - started) / HOUR;
  expect(hours).toBeGreaterThan(8.9);
  expect(hours).toBeLessThan(11);
  expect(fired).toBeGreaterThanOrEqual(9);
  expect(fired).toBeLessThan(40);
  // Each call fetched once: every answered request is a different call; refusals stay few.
  const gets = recordingGets(w);
  const answered = gets.filter((q) => q.status !== 429);
  expect(answered).toHaveLength(500);
  expect(new Set(answered.map((q) => q.url)).size).toBe(500);
  expect(gets.length - answered.length).toBeLessThanOrEqual(2 * fired + 2);
  expect(w.host.triggerList()).toEqual([]);
  // Nothing is fetched again by a re-run: every row is done.
  const again = sidebar<{ sent: number }>(w, 'runRowAction', [{ action: 'call_recordings' }]);
  expect(again.sent).toBe(0);
  expect(recordingGets(w)).toHaveLength(gets.length);
});

test('a sort while calls wait: each answer still lands on the row of its call', () => {
  const w = world();
  // Every third call has no recording: a misplaced answer would show on the wrong kind of row.
  const ids = Array.from({ length: 80 }, (_, i) => logCall(w, i, i % 3 !== 0));
  w.host
    .sheet()
    .load([
      ['Name', 'Call ID', 'Has recording'],
      ...ids.map((id, i) => [`person ${String(i).padStart(3, '0')}`, id, i % 3 !== 0 ? 'yes' : 'no']),
    ]);
  w.host.select('Sheet1!A1:C81');
  sidebar(w, 'runRowAction', [{ action: 'call_recordings' }]);
  expect(column(w, 'Recording · Status').filter((s) => s === 'Queued')).toHaveLength(30);
  // The person sorts by name, descending, while 30 calls wait for the next hour.
  w.host.sheet().userSortRange('A2:F81', 1, false);
  runTriggers(w, 20);
  const values = w.host.sheet().values();
  const head = values[0]!;
  const statusAt = head.indexOf('Recording · Status');
  expect(values[1]![0]).toBe('person 079');
  for (const r of values.slice(1)) expect(r[statusAt]).toBe(r[2] === 'yes' ? 'Recording linked' : 'No recording');
  expect(new Set(values.slice(1).map((r) => r[head.indexOf('Call ID')])).size).toBe(80);
});

test('expired links are fetched again only when asked, and only those', () => {
  const w = world();
  const ids = Array.from({ length: 6 }, (_, i) => logCall(w, i, i !== 0));
  w.host.sheet().load([['Call ID'], ...ids.map((id) => [id])]);
  w.host.select('Sheet1!A1:A7');
  sidebar(w, 'runRowAction', [{ action: 'call_recordings' }]);
  const firstUrls = column(w, 'Recording · URL');
  // A day later every link has expired; a plain run fetches nothing.
  w.host.clock.advance(25 * HOUR);
  const gets = recordingGets(w).length;
  expect(sidebar<{ sent: number }>(w, 'runRowAction', [{ action: 'call_recordings' }]).sent).toBe(0);
  expect(recordingGets(w)).toHaveLength(gets);
  // Asked: the expired links only (a call with no recording is not asked about again).
  const refreshed = sidebar<{ sent: number; succeeded: number }>(w, 'runRowAction', [{ action: 'call_recordings', refresh: true }]);
  expect(refreshed).toMatchObject({ sent: 5, succeeded: 5 });
  const urls = column(w, 'Recording · URL');
  expect(column(w, 'Recording · Status')[0]).toBe('No recording');
  for (let i = 1; i < 6; i++) expect(urls[i]).not.toBe(firstUrls[i]);
  // Asked again at once: every link is fresh, nothing is fetched.
  expect(sidebar<{ sent: number }>(w, 'runRowAction', [{ action: 'call_recordings', refresh: true }]).sent).toBe(0);
});

test('disconnected while calls wait: the waiting rows say why they were not sent, and no trigger keeps coming', () => {
  const w = world();
  const ids = Array.from({ length: 60 }, (_, i) => logCall(w, i, true));
  w.host.sheet().load([['Call ID'], ...ids.map((id) => [id])]);
  w.host.select('Sheet1!A1:A61');
  sidebar(w, 'runRowAction', [{ action: 'call_recordings' }]);
  expect(column(w, 'Recording · Status').filter((s) => s === 'Queued')).toHaveLength(10);
  sidebar(w, 'disconnect', []);
  const gets = recordingGets(w).length;
  expect(runTriggers(w, 10)).toBeLessThanOrEqual(2);
  const status = column(w, 'Recording · Status');
  expect(status.filter((s) => s === 'Recording linked')).toHaveLength(50);
  expect(
    status.filter((s) => s === 'Skipped: not sent: no API key is connected. Connect one in the sidebar and run it again.'),
  ).toHaveLength(10);
  expect(recordingGets(w)).toHaveLength(gets);
  expect(w.host.triggerList()).toEqual([]);
});

function importMailboxes(w: World): string {
  let step = sidebar<{ sheetName: string; done: boolean; next?: string }>(w, 'runTool', [{ tool: 'mailboxes' }]);
  while (!step.done) step = sidebar(w, 'runTool', [{ tool: 'mailboxes' }, step.next]);
  return step.sheetName;
}

test('mailboxes: imported, limits edited on 50 rows, applied one a minute by the trigger alone; a second change of one waits its hour', () => {
  const w = world({ service: { mailboxUsers: 14 } });
  const name = importMailboxes(w);
  const sheet = w.host.sheet(name);
  const rows = sheet.values();
  const head = rows[0]!;
  expect(head).toEqual(['Email', 'Provider', 'Mailbox status', 'User', 'Daily email limit', 'Limit · Applied', 'Mailbox ID']);
  const active = rows.flatMap((r, i) => (i > 0 && r[2] === 'active' ? [i] : []));
  expect(active.length).toBeGreaterThanOrEqual(50);
  const reconnect = rows.findIndex((r) => r[2] === 'needs reconnection');
  expect(reconnect).toBeGreaterThan(0);
  // 50 active mailboxes get a new limit, one that needs reconnection too; the others are left alone.
  const changed = active.slice(0, 50);
  const newLimit = (i: number) => (Number(rows[i]![4]) > 1900 ? 1900 : Number(rows[i]![4]) + 7);
  for (const i of changed) sheet.userEdit(`E${i + 1}`, newLimit(i));
  sheet.userEdit(`E${reconnect + 1}`, 99);
  w.host.select(`${name}!A1:G${rows.length}`);
  const started = w.host.clock.now();
  const first = sidebar<{ succeeded: number; sent: number }>(w, 'runRowAction', [{ action: 'mailbox_limits' }]);
  expect(first.succeeded).toBe(1);
  runTriggers(w, 200);
  const after = w.host.sheet(name).values();
  const status = head.length;
  for (const i of changed) {
    expect(after[i]![status]).toBe('Applied');
    expect(after[i]![5]).toBe(newLimit(i));
  }
  expect(after[reconnect]![status]).toMatch(/^Error: the mailbox needs reconnection/);
  // Only changed rows were sent: 51 changes answered, none for the rows left alone.
  const patches = w.host.requests.filter((q) => q.method === 'PATCH' && q.url.includes('/mailboxes/'));
  expect(patches.filter((q) => q.status !== 429)).toHaveLength(51);
  const minutes = (w.host.clock.now() - started) / 60000;
  expect(minutes).toBeGreaterThan(49);
  expect(minutes).toBeLessThan(75);
  for (const [i, r] of after.entries()) if (i > 0 && !changed.includes(i) && i !== reconnect) expect(r[status] ?? '').toBe('');
  expect(w.host.triggerList()).toEqual([]);

  // The same mailbox changed again within its hour: it waits the hour, then is applied.
  const one = changed[0]!;
  w.host.sheet(name).userEdit(`E${one + 1}`, 321);
  w.host.select(`${name}!A${one + 1}:G${one + 1}`);
  const again = sidebar<{ succeeded: number; message: string }>(w, 'runRowAction', [{ action: 'mailbox_limits' }]);
  expect(again.succeeded).toBe(0);
  expect(again.message).toMatch(/go on by themselves in about/);
  const t0 = w.host.clock.now();
  runTriggers(w, 20);
  expect(w.host.sheet(name).values()[one]![status]).toBe('Applied');
  expect(w.host.sheet(name).values()[one]![5]).toBe(321);
  expect(w.host.clock.now() - t0).toBeLessThan(HOUR);
  expect(w.host.triggerList()).toEqual([]);
});

test('a limit out of bounds or not a whole number is refused before any request, naming the column', () => {
  const w = world();
  const name = importMailboxes(w);
  const sheet = w.host.sheet(name);
  const rows = sheet.values();
  const active = rows.flatMap((r, i) => (i > 0 && r[2] === 'active' ? [i] : []));
  sheet.userEdit(`E${active[0]! + 1}`, 0);
  sheet.userEdit(`E${active[1]! + 1}`, 2001);
  sheet.userEdit(`E${active[2]! + 1}`, 'lots');
  w.host.select(`${name}!A1:G${rows.length}`);
  const before = w.host.requests.length;
  const out = sidebar<{ succeeded: number; skipped: number }>(w, 'runRowAction', [{ action: 'mailbox_limits' }]);
  expect(out).toMatchObject({ succeeded: 0, skipped: 3 });
  expect(w.host.requests.length).toBe(before);
  const status = rows[0]!.length;
  for (const i of active.slice(0, 3))
    expect(sheet.values()[i]![status]).toBe('Skipped: daily email limit must be a whole number from 1 to 2,000');
});
