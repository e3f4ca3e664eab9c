// Generated runs of adding rows to an existing lead list, through the built bundle: sheets with
// repeats, bad and blank cells, lists with little or no room, sorts while requests are out and
// service faults. However it goes, no row is left waiting, each row's word is true of its own
// lead at the service, and no lead is added twice. A failure prints the seed and the path:
// `LISTS_SEED=… LISTS_PATH=… npx jest test/addon/lead-list-additions.property`.
import fc from 'fast-check';
import { faultyAnswer, rng, type Fault } from '../chaos/chaos-world';
import { addonWorld, column, connect, OWNER, runTriggers, type World, tabs } from '../support/addon-world';
import type { LocalRequest } from '../../sandbox';

const RUNS = Number(process.env.LISTS_RUNS ?? 25);
const SEED = process.env.LISTS_SEED === undefined ? undefined : Number(process.env.LISTS_SEED);
const PATH = process.env.LISTS_PATH;

const KEY = 'demo-key-alpha';
const CAPACITY = 60000;
const DOMAINS = ['harborlogistics.com', 'cedarhealth.org', 'bluefinanalytics.com', 'notfound.example'];
const FAULTS: Fault[] = ['r429', 'r429bare', 'r500', 'drop', 'slow', 'cutoff'];

const scenario = fc.record({
  cells: fc.array(
    fc.oneof(
      { weight: 8, arbitrary: fc.record({ who: fc.nat(9), at: fc.nat(DOMAINS.length - 1) }) },
      { weight: 1, arbitrary: fc.constantFrom('not an email', '') },
    ),
    { minLength: 1, maxLength: 14 },
  ),
  partSize: fc.integer({ min: 1, max: 5 }),
  /** Leads the list still has room for, or room to spare. */
  room: fc.oneof(fc.constant(undefined), fc.nat(8)),
  /** Of the sheet's people, those the list already holds (added elsewhere). */
  already: fc.array(fc.nat(9), { maxLength: 3 }),
  sorts: fc.array(fc.record({ at: fc.integer({ min: 1, max: 12 }), by: fc.constantFrom(1, 2), ascending: fc.boolean() }), { maxLength: 3 }),
  faults: fc.record({ seed: fc.nat(), rate: fc.integer({ min: 0, max: 25 }), kinds: fc.subarray(FAULTS, { minLength: 1 }) }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const emailOf = (c: Scenario['cells'][number]) => (typeof c === 'string' ? c : `person.${c.who}@${DOMAINS[c.at]}`);

function service(w: World, method: string, path: string, body?: unknown) {
  const r = w.service.handle({
    method,
    path,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return JSON.parse(r.body) as Record<string, unknown>;
}

/** A list of the account's, holding the people named and, with little room, fillers that match nobody. */
function existingList(w: World, s: Scenario): string {
  const own = s.already.map((who) => ({ email: `person.${who}@${DOMAINS[0]}` }));
  const size = s.room === undefined ? own.length + 1 : CAPACITY - s.room;
  const fill = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ email: `filler.${from + i}@notfound.example` }));
  const first = [...own, ...fill(0, Math.min(10000, size) - own.length)];
  const id = String(service(w, 'POST', '/lead-lists', { name: 'Existing', owner: OWNER, type: 'email', leads: first }).id);
  for (let at = first.length; at < size; at += 10000)
    service(w, 'POST', `/lead-lists/${id}/leads`, { leads: fill(at, Math.min(10000, size - at)) });
  return id;
}

function runScenario(s: Scenario): void {
  const draw = rng(s.faults.seed);
  let faultsOn = false;
  let requests = 0;
  /** Leads added at the service, by the email of each, over every answer that added them. */
  const added = new Map<string, number>();
  const holder: { w?: World } = {};
  const route = {
    handle(req: LocalRequest) {
      const w = holder.w!;
      if (faultsOn) {
        requests++;
        const sort = s.sorts.find((x) => x.at === requests);
        // The person sorts while this request is on its way.
        if (sort) w.host.sheet().userSort(sort.by, sort.ascending);
      }
      const fault: Fault = faultsOn && draw() * 100 < s.faults.rate ? s.faults.kinds[Math.floor(draw() * s.faults.kinds.length)]! : 'none';
      return faultyAnswer(fault, req, draw, KEY, (r) => {
        const res = w.service.handle(r);
        if (r.method.toUpperCase() === 'POST' && /\/leads$/.test(r.path)) {
          const leads = (JSON.parse(r.body ?? '{}') as { leads: Array<{ email: string }> }).leads;
          const pointer = res.status === 409 ? /\/leads\/(\d+)/.exec(res.body) : null;
          const took = res.status === 202 ? leads.length : pointer ? Number(pointer[1]) : 0;
          for (const l of leads.slice(0, took)) added.set(l.email, (added.get(l.email) ?? 0) + 1);
        }
        return res;
      });
    },
  };
  const w = addonWorld({ route: () => route });
  holder.w = w;
  const rows = [['Name', 'Email'], ...s.cells.map((c, i) => [`r${i + 1}`, emailOf(c)])];
  w.host.sheet().load(rows);
  // A frozen header row stays on top when the person sorts.
  w.host.sheet().setFrozenRows(1);
  w.host.setProperties('script', { 'prospecting.partSize': String(s.partSize) });
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${rows.length}`);
  const id = existingList(w, s);

  faultsOn = true;
  const start = w.host.callFromSidebar('startRun', [{ action: 'lead_list', listId: id, options: {}, confirmed: true }]);
  if (start.ok) runTriggers(w, 400);
  else expect(start.error?.message).toMatch(/^[A-Z].*[.)]$/);
  faultsOn = false;

  // What the list holds of this run (its leads carry a part tag), as the service lists it.
  const listed = new Set<string>();
  let path: string | undefined = `/lead-lists/${id}?page[size]=1000`;
  while (path) {
    const page = service(w, 'GET', path) as {
      leads: Array<{ email: string; data: Record<string, unknown> }>;
      _links: { next?: { href: string } };
    };
    for (const l of page.leads) if (l.data.sheet_part !== undefined) listed.add(l.email.toLowerCase());
    path = page._links.next?.href;
  }

  for (const [email, times] of added) expect([email, times]).toEqual([email, 1]);
  // Rows are only sorted, never deleted or edited: every result found its row, none went elsewhere.
  expect(tabs(w)).toEqual(['Sheet1']);
  const names = column(w, 'Name');
  const emails = column(w, 'Email');
  const statuses = start.ok ? column(w, 'Lead list · Status') : names.map(() => '');
  names.forEach((name, i) => {
    const email = String(emails[i]).toLowerCase();
    const status = String(statuses[i] ?? '');
    const seen = [name, email, status];
    expect(status).not.toMatch(/^(Queued|Sending|Processing|Paused)/);
    if (!start.ok) return;
    if (status === 'Added to list') expect([...seen, listed.has(email)]).toEqual([...seen, true]);
    else if (status === 'List full' || status.startsWith('Skipped')) expect([...seen, added.has(email)]).toEqual([...seen, false]);
    else if (status === 'Not found') expect([...seen, listed.has(email)]).toEqual([...seen, false]);
    else if (email && email !== 'not an email') expect(status).toMatch(/^Error: /);
  });
}

test('adding to an existing list: no row left waiting, each row true of its own lead, no lead added twice', () => {
  fc.assert(
    fc.property(scenario, (s) => runScenario(s)),
    { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH !== undefined, verbose: 1 },
  );
});
