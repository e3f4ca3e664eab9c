// Automation over three virtual days, as a form fills a sheet: rows arrive at generated times
// (some repeating an address, some without a valid one, some corrected later), and the hourly
// trigger alone must send each row once within about an hour, re-check results once they are
// two days old, keep to the credit caps, and keep the day's Apps Script quotas.
import fc from 'fast-check';
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';
import { HOUR, KEY, validationsSent } from '../support/automation-world';
import { readStamp, rowFingerprint } from '../../src/jobs/row-stamp';
import { detectMapping } from '../../src/sheet/columns';

const DAY = 24 * HOUR;
const STALE_DAYS = 2;

type Arrival = { at: number; kind: 'new' | 'repeat' | 'invalid' | 'fix' };

/** A world whose service can be told to refuse the key for a while. */
function world(credits = 100_000): World & { refuse: (on: boolean) => void } {
  let refusing = false;
  const w = addonWorld({
    accounts: [{ key: KEY, name: 'Form owner', credits: { email: credits, phone: 0 } }],
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        if (!refusing) return svc.handle(req);
        return {
          status: 401,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            object: 'error',
            _errors: [{ code: 'unauthorized', title: 'Unauthorized', detail: 'The API key was revoked' }],
          }),
        };
      },
    }),
  });
  w.host.open();
  connect(w, KEY);
  return { ...w, refuse: (on) => (refusing = on) };
}

function turnOn(w: World, capPerRun: number, capPerDay: number): void {
  const r = w.host.callFromSidebar('saveAutomation', [
    { on: true, actions: ['email'], capPerRun, capPerDay, staleDays: STALE_DAYS, alerts: true },
  ]);
  if (!r.ok) throw new Error(r.error?.message);
}

const arrivals = fc
  .array(
    fc.record({
      at: fc.integer({ min: 0, max: 3 * DAY - HOUR }),
      kind: fc.constantFrom<Arrival['kind']>('new', 'new', 'new', 'repeat', 'invalid', 'fix'),
    }),
    { minLength: 15, maxLength: 40 },
  )
  .map((a) => a.sort((x, y) => x.at - y.at));

interface Played {
  w: ReturnType<typeof world>;
  start: number;
  end: number;
  /** Sheet row → when its current address arrived, and the address. */
  rows: Map<number, { at: number; email: string; valid: boolean }>;
  /** Sheet row → when its status first read as a result for its current address. */
  done: Map<number, number>;
  triggersSeen: number;
  /** Addresses a correction overwrote: their results left the sheet, so a later row with one pays again. */
  overwritten: Set<string>;
}

/** Plays the arrivals on the host's clock, the triggers firing as they come due. */
function play(list: Arrival[], capPerRun: number, capPerDay: number, credits?: number): Played {
  const w = world(credits);
  const sheet = w.host.sheet('Sheet1');
  sheet.load([['Email', 'Name']]);
  turnOn(w, capPerRun, capPerDay);
  const start = w.host.clock.now();
  const rows = new Map<number, { at: number; email: string; valid: boolean }>();
  const done = new Map<number, number>();
  const overwritten = new Set<string>();
  let next = 2;
  let triggersSeen = 0;
  const look = () => {
    const values = sheet.values();
    const status = values[0]!.indexOf('Email · Result');
    if (status < 0) return;
    for (const row of rows.keys()) {
      const cell = String(values[row - 1]?.[status] ?? '');
      if (!done.has(row) && cell && !/^(Queued|Processing)/.test(cell)) done.set(row, w.host.clock.now());
    }
    triggersSeen = Math.max(triggersSeen, w.host.triggerList().filter((t) => !t.spent).length);
  };
  const until = (t: number) => {
    // Fires what comes due, looking at the sheet in between, as a person glancing at it would.
    for (let at = w.host.clock.now(); at < t; at = Math.min(t, at + 10 * 60 * 1000)) {
      w.host.runTriggersUntil(Math.min(t, at + 10 * 60 * 1000));
      look();
    }
  };
  list.forEach((a, i) => {
    until(start + a.at);
    if (a.kind === 'fix' && rows.size > 0) {
      // A person corrects an address already there: the row is sent again, once.
      const [row, was] = [...rows.entries()].find(([, r]) => !r.valid) ?? [...rows.entries()][i % rows.size]!;
      overwritten.add(was.email.toLowerCase());
      const email = `fixed${i}@corrected-${i % 5}.com`;
      sheet.userEdit(`A${row}`, email);
      rows.set(row, { at: w.host.clock.now(), email, valid: true });
      done.delete(row);
      return;
    }
    const email =
      a.kind === 'invalid'
        ? `not-an-address-${i}`
        : a.kind === 'repeat' && rows.size
          ? [...rows.values()][i % rows.size]!.email
          : `lead${i}@company-${i % 7}.com`;
    sheet.load([[email, `Lead ${i}`]], `A${next}`);
    rows.set(next++, { at: w.host.clock.now(), email, valid: !email.startsWith('not-') });
  });
  const end = start + 3 * DAY + 2 * HOUR;
  until(end);
  return { w, start, end, rows, done, triggersSeen, overwritten };
}

test('with room under the caps, every row is handled once within about an hour, and re-checked once when two days old', () => {
  fc.assert(
    fc.property(arrivals, (list) => {
      const { w, end, rows, done, triggersSeen, overwritten } = play(list, 10_000, 50_000);
      // Within about an hour: the next hourly run, plus the minute its trigger may be late.
      for (const [row, r] of rows) {
        expect(done.get(row)).toBeDefined();
        expect(done.get(row)! - r.at).toBeLessThanOrEqual(HOUR + 10 * 60 * 1000);
      }
      // Sent once, or twice when the first result went stale before the end; never more.
      const sent = validationsSent(w);
      const current = new Set([...rows.values()].filter((r) => r.valid).map((r) => r.email.toLowerCase()));
      for (const email of current) {
        if (overwritten.has(email)) continue;
        const times = sent.filter((s) => s.email === email).map((s) => s.at);
        expect(times.length).toBeGreaterThanOrEqual(1);
        expect(times.length).toBeLessThanOrEqual(2);
        if (times.length === 2) expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(STALE_DAYS * DAY - 60_000);
        if (times[0]! + STALE_DAYS * DAY + HOUR + 10 * 60 * 1000 <= end) expect(times).toHaveLength(2);
      }
      // Rows without an address are never sent, and say why.
      for (const r of rows.values()) if (!r.valid) expect(sent.some((s) => s.email === r.email)).toBe(false);
      // One trigger served it all, and the day's quotas held.
      expect(triggersSeen).toBe(1);
      for (const day of w.host.quotaHistory(OWNER)) {
        expect(day.urlFetch).toBeLessThan(20_000 / 10);
        expect(day.properties).toBeLessThan(50_000 / 10);
        expect(day.triggerRuntimeMs).toBeLessThan((90 * 60 * 1000) / 2);
      }
    }),
    { numRuns: 2, endOnFailure: true, seed: Number(process.env.AUTO_SEED ?? Date.now() % 2 ** 31) },
  );
});

test('tight caps: no run and no day spends more than its cap, and rows left wait for the next run, sent once', () => {
  fc.assert(
    fc.property(arrivals, fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 8 }), (list, capPerRun, extra) => {
      const capPerDay = capPerRun + extra;
      const { w, overwritten } = play(list, capPerRun, capPerDay);
      const sent = validationsSent(w);
      // Each request is one run's; each day (the spreadsheet's, UTC) within its cap.
      const perRequest = new Map<number, number>();
      for (const s of sent) perRequest.set(s.at, (perRequest.get(s.at) ?? 0) + 1);
      for (const n of perRequest.values()) expect(n).toBeLessThanOrEqual(capPerRun);
      const perDay = new Map<string, number>();
      for (const s of sent) {
        const day = new Date(s.at).toISOString().slice(0, 10);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(capPerDay);
      // Nothing is sent twice inside two days.
      const firsts = new Map<string, number>();
      for (const s of sent) {
        const first = firsts.get(s.email);
        if (first === undefined || overwritten.has(s.email)) firsts.set(s.email, s.at);
        // Stamps keep the minute: two days less a minute.
        else expect(s.at - first).toBeGreaterThanOrEqual(STALE_DAYS * DAY - 60_000);
      }
    }),
    { numRuns: 2, endOnFailure: true, seed: Number(process.env.AUTO_SEED ?? Date.now() % 2 ** 31) },
  );
});

type Event =
  { at: number; kind: 'new' | 'repeat' | 'invalid' | 'fix' | 'sort' | 'offon' } | { at: number; kind: 'refuse' | 'faults'; hours: number };

const events = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          at: fc.integer({ min: 0, max: 3 * DAY }),
          kind: fc.constantFrom('new' as const, 'new' as const, 'repeat' as const, 'invalid' as const, 'fix' as const),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ at: fc.integer({ min: 0, max: 3 * DAY }), kind: fc.constantFrom('sort' as const, 'offon' as const) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          at: fc.integer({ min: 0, max: 3 * DAY }),
          kind: fc.constantFrom('refuse' as const, 'faults' as const),
          hours: fc.integer({ min: 1, max: 5 }),
        }),
      },
    ),
    { minLength: 15, maxLength: 45 },
  )
  .map((a) => a.sort((x, y) => x.at - y.at) as Event[]);

test('interleaved with sorts, a refused key, service faults and automation turned off and on, each row ends with its own result and none is paid twice', () => {
  fc.assert(
    fc.property(events, fc.integer({ min: 3, max: 40 }), (list, capPerRun) => {
      let refusedUntil = 0;
      let faultyUntil = 0;
      let draw = 1;
      const w = addonWorld({
        accounts: [{ key: KEY, name: 'Form owner', credits: { email: 100_000, phone: 0 } }],
        route: (svc) => ({
          handle(req: LocalRequest): LocalResponse {
            const now = w.host.clock.now();
            const error = (status: number, code: string): LocalResponse => ({
              status,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail: code }] }),
            });
            if (now < refusedUntil) return error(401, 'unauthorized');
            // A passing 5xx on about a third of requests while faults last.
            draw = (draw * 48271) % 2147483647;
            if (now < faultyUntil && draw % 3 === 0) return error(503, 'service_unavailable');
            return svc.handle(req);
          },
        }),
      });
      w.host.open();
      connect(w, KEY);
      const sheet = w.host.sheet('Sheet1');
      sheet.load([['Email', 'Name']]);
      // Frozen, as a form's responses sheet has it: sorting the sheet leaves it on top.
      sheet.setFrozenRows(1);
      turnOn(w, capPerRun, capPerRun * 3);
      const start = w.host.clock.now();
      const emails: string[] = [];
      const overwritten = new Set<string>();
      let waits = 0;
      list.forEach((e, i) => {
        w.host.runTriggersUntil(Math.max(w.host.clock.now(), start + e.at));
        const height = sheet.values().length;
        if (e.kind === 'sort') sheet.userSort(1, i % 2 === 0);
        else if (e.kind === 'offon') {
          const off = w.host.callFromSidebar('saveAutomation', [
            { on: false, actions: ['email'], capPerRun, capPerDay: capPerRun * 3, staleDays: STALE_DAYS, alerts: true },
          ]);
          expect(off.ok).toBe(true);
          w.host.runTriggersUntil(w.host.clock.now() + HOUR / 2);
          turnOn(w, capPerRun, capPerRun * 3);
        } else if (e.kind === 'refuse') {
          refusedUntil = w.host.clock.now() + e.hours * HOUR;
          waits++;
        } else if (e.kind === 'faults') faultyUntil = w.host.clock.now() + e.hours * HOUR;
        else if (e.kind === 'fix' && height > 1) {
          const email = `fixed${i}@corrected.com`;
          const row = 2 + (i % (height - 1));
          // The address it held, and its result, leave the sheet: a later row with it is paid again.
          overwritten.add(String(sheet.values()[row - 1]![0]).toLowerCase());
          sheet.userEdit(`A${row}`, email);
          emails.push(email);
        } else {
          const email =
            e.kind === 'invalid'
              ? `not-an-address-${i}`
              : e.kind === 'repeat' && emails.length
                ? emails[i % emails.length]!
                : `lead${i}@company-${i % 7}.com`;
          sheet.load([[email, `Lead ${i}`]], `A${height + 1}`);
          emails.push(email);
        }
      });
      // Quiet at last: every wait and fault over, and time for the caps to let every row through.
      refusedUntil = faultyUntil = 0;
      w.host.runTriggersUntil(w.host.clock.now() + 2 * DAY);
      const values = sheet.values();
      const col = (h: string) => values[0]!.indexOf(h);
      const [status, stamp] = [col('Email · Result'), col('Email · Checked')];
      const mapping = detectMapping(values[0]!);
      for (const row of values.slice(1)) {
        const fingerprint = rowFingerprint('email', row, mapping, {});
        if (!fingerprint) continue;
        const result = String(row[status]);
        // Its own result: an answer (or why it cannot be sent), stamped for the address it holds now;
        // or an error the service's fault left (a send that may have started is never repeated
        // unasked), which its run counts for "retry the failed rows" and an alert tells.
        expect(result).toMatch(fingerprint.sends ? /^(Deliverable|Risky|Undeliverable|Unknown|Error: .*)$/ : /^Skipped: /);
        if (result.startsWith('Error')) expect(w.host.mail.some((m) => /failed/.test(m.subject))).toBe(true);
        expect(readStamp(row[stamp])?.fingerprint).toBe(fingerprint.id);
      }
      // Never paid twice: an address is sent again only once its result is two days old.
      const firsts = new Map<string, number>();
      for (const s of validationsSent(w)) {
        const first = firsts.get(s.email);
        // Stamps keep the minute: two days less a minute.
        if (first === undefined || s.at - first >= STALE_DAYS * DAY - 60_000 || overwritten.has(s.email)) firsts.set(s.email, s.at);
        else throw new Error(`${s.email} was sent again ${Math.round((s.at - first) / 60000)} minutes after it was first sent`);
      }
      // One alert per refusal at most (a refusal may fall between runs and never be seen).
      expect(w.host.mail.filter((m) => /refused/.test(m.body)).length).toBeLessThanOrEqual(waits);
    }),
    { numRuns: 3, endOnFailure: true, seed: Number(process.env.AUTO_SEED ?? Date.now() % 2 ** 31) },
  );
});
