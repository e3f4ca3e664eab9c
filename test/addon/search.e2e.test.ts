// Find people and companies through the built bundle: the count, then the results written into a
// sheet by the sidebar's steps and, once it is closed, by the time-driven trigger alone; a search
// of 10,000 people within the service's rate limit; appending below a sheet's own rows without
// writing anyone twice; a deleted sheet, a refused key, Cancel; and enriching the rows written.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addonWorld, column, connect, runTriggers, type World, type WorldOptions } from '../support/addon-world';

const KEY = 'demo-key-alpha';
/** About 12,000 people: room for a search of 10,000 (the default population holds about 1,400). */
const LARGE = { populationCompanies: 2000 };

interface Search {
  id: number;
  kind: string;
  limit: number;
  sheetId: number;
  name: string;
  written: number;
  first: number;
  end?: string;
}

function world(opts: WorldOptions = {}): World {
  const w = addonWorld({ ...opts, service: { ...LARGE, ...opts.service } });
  w.host.open();
  connect(w, KEY);
  return w;
}

function runSearch(w: World, ...args: unknown[]): unknown {
  const r = w.host.callFromSidebar('runSearch', args);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value;
}

const count = (w: World, input: object) => runSearch(w, input, null, true) as number;
const start = (w: World, input: object) => runSearch(w, input) as Search;
const step = (w: World, s: Search, stop?: boolean) => runSearch(w, null, s.id, ...(stop ? [true] : [])) as Search;

/** Starts a search and steps it as the sidebar does until it ends; every answer, in order. */
function searchToEnd(w: World, input: object): Search[] {
  const steps = [start(w, input)];
  while (!steps.at(-1)!.end && steps.length < 200) steps.push(step(w, steps.at(-1)!));
  return steps;
}

/** The service's own answer to a search: every result's profile URL (or website), in order. */
function serviceResults(w: World, kind: 'people' | 'companies', request: object, limit: number): string[] {
  const { kind: _kind, ...filters } = request as { kind?: string };
  const out: string[] = [];
  for (let page = 1; out.length < limit; page++) {
    const r = w.service.handle({
      method: 'POST',
      path: `/${kind}/search`,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...filters, page, page_size: 100 }),
    });
    const results = JSON.parse(r.body).results as Array<{ profile_url: string; website: string }>;
    out.push(...results.map((p) => (kind === 'people' ? p.profile_url : p.website)));
    if (results.length < 100) break;
  }
  return out.slice(0, limit);
}

/** The add-on's requests to a search endpoint, with their answers' statuses and times. */
function searchRequests(w: World) {
  return w.host.requests.filter((q) => /\/(people|companies)\/search$/.test(q.url));
}

/** The most of `times` that fall within any 60 s. */
function peakPerMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 60 * 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

test("the count is what is then written, in the service's order; filters narrow it; the sidebar says searching is free", () => {
  const w = world();
  const broad = { kind: 'people', company_sizes: ['11-50 employees', '51-200 employees'] };
  const narrow = { ...broad, person_titles: ['vp', 'director'] };
  const all = count(w, broad);
  const some = count(w, narrow);
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThan(all);
  const steps = searchToEnd(w, { ...narrow, limit: 10000 });
  const done = steps.at(-1)!;
  expect(done).toMatchObject({ end: 'Done.', written: some, name: 'Search: people', first: 2 });
  const sheet = w.host.sheet('Search: people').values();
  expect(sheet[0]).toEqual(['Name', 'Title', 'Company', 'Company website', 'Location', 'Profile URL']);
  expect(sheet.slice(1).map((r) => r[5])).toEqual(serviceResults(w, 'people', narrow, 10000));
  for (const r of sheet.slice(1)) expect(String(r[1]).toLowerCase()).toMatch(/vp|director/);
  // Companies: their own columns, a second sheet of their own.
  const companies = { kind: 'companies', company_industries: ['software development'] };
  const n = count(w, companies);
  expect(searchToEnd(w, { ...companies, limit: 5 }).at(-1)).toMatchObject({
    end: 'Done.',
    written: Math.min(5, n),
    name: 'Search: companies',
  });
  expect(w.host.sheet('Search: companies').values()[0]).toEqual(['Company', 'Website', 'Size', 'Type', 'Location', 'Profile URL']);
  // The words are the sidebar's, shown with the count.
  const sidebar = readFileSync(join(__dirname, '../../dist/Sidebar.html'), 'utf8');
  expect(sidebar).toContain('Searching costs no credits and reveals no emails or phone numbers.');
});

test('10,000 people into a new sheet, step by step from the sidebar, within the rate limit: every row once, as the service lists them', () => {
  const w = world();
  const steps = searchToEnd(w, { kind: 'people', limit: 10000 });
  const done = steps.at(-1)!;
  expect(done).toMatchObject({ end: 'Done.', written: 10000 });
  // Several executions, each going on from where the last stopped.
  expect(steps.length).toBeGreaterThan(2);
  expect(steps.map((s) => s.written)).toEqual([...steps.map((s) => s.written)].sort((a, b) => a - b));
  const urls = w.host
    .sheet('Search: people')
    .values()
    .slice(1)
    .map((r) => r[5]);
  expect(urls).toHaveLength(10000);
  expect(new Set(urls).size).toBe(10000);
  expect(urls).toEqual(serviceResults(w, 'people', {}, 10000));
  // A page of 100 at a time, none refused by the rate limit, never more than 300 in a minute.
  const requests = searchRequests(w);
  expect(requests).toHaveLength(100);
  expect(requests.every((q) => q.status === 200)).toBe(true);
  const times = requests.map((q) => q.at);
  expect(times.every(Number.isFinite)).toBe(true);
  // Steady pages: many a minute, never the 300 the service allows people search.
  expect(peakPerMinute(times)).toBeGreaterThan(50);
  expect(peakPerMinute(times)).toBeLessThanOrEqual(300);
});

test('a busy service: its 429s are waited out as Retry-After asks and the page asked again; every row still once, in order', () => {
  const w = world({ service: { faults: { rate429: 0.15, seed: 7 } } });
  const done = searchToEnd(w, { kind: 'people', limit: 3000 }).at(-1)!;
  expect(done).toMatchObject({ end: 'Done.', written: 3000 });
  const requests = searchRequests(w);
  // The service's own answer, asked without faults.
  w.service.setFaults({});
  const urls = w.host
    .sheet('Search: people')
    .values()
    .slice(1)
    .map((r) => r[5]);
  expect(urls).toEqual(serviceResults(w, 'people', {}, 3000));
  const refused = requests.flatMap((q, i) => (q.status === 429 ? [i] : []));
  expect(refused.length).toBeGreaterThan(0);
  // The same page asked again, no sooner than the second the service asked for.
  for (const i of refused) {
    expect(requests[i + 1]!.body).toBe(requests[i]!.body);
    expect(requests[i + 1]!.at - requests[i]!.at).toBeGreaterThanOrEqual(1000);
  }
  expect(requests.filter((q) => q.status === 200)).toHaveLength(30);
});

test('with the sidebar closed, the time-driven trigger alone goes on with the search, over several executions, then lets its trigger go', () => {
  // A slow service: the search takes longer than one execution may run.
  const w = world({ service: { faults: { slowRate: 1, slowMs: 4000 } } });
  const first = start(w, { kind: 'people', limit: 10000 });
  expect(first.end).toBeUndefined();
  expect(first.written).toBeGreaterThan(0);
  // Fired one at a time: each execution's rows counted, and no execution fired for nothing.
  const rows = () => w.host.sheet('Search: people').values().length - 1;
  const wrote: number[] = [];
  for (let before = rows(); w.host.fireNextTrigger() && wrote.length < 200; before = rows()) wrote.push(rows() - before);
  expect(wrote.length).toBeGreaterThan(1);
  expect(wrote.every((n) => n > 0)).toBe(true);
  const done = runSearch(w) as Search;
  expect(done).toMatchObject({ id: first.id, end: 'Done.', written: 10000 });
  const urls = w.host
    .sheet('Search: people')
    .values()
    .slice(1)
    .map((r) => r[5]);
  expect(new Set(urls).size).toBe(10000);
  expect(urls).toEqual(serviceResults(w, 'people', {}, 10000));
  expect(searchRequests(w).every((q) => q.status === 200)).toBe(true);
  expect(w.host.triggerList()).toEqual([]);
});

test('appended below a sheet of its own: its columns found by their headers, people already in it skipped, none written twice', () => {
  const w = world();
  const filters = { kind: 'people', person_titles: ['manager'] };
  const expected = serviceResults(w, 'people', filters, 30);
  // Three of the results already there, their profile URLs written another way, and someone else.
  w.host.sheet().load([
    ['Full name', 'LinkedIn', 'Notes'],
    ['Kept One', expected[0]!.replace('https://www.', '').toUpperCase(), 'met at the fair'],
    ['Kept Two', `${expected[2]}/`, ''],
    ['Someone Else', 'https://www.profiles.example/in/someone-else-000000', ''],
    ['Kept Three', expected[4], ''],
  ]);
  w.host.select('Sheet1!A1');
  const done = searchToEnd(w, { ...filters, limit: 20, active: true }).at(-1)!;
  expect(done).toMatchObject({ end: 'Done.', written: 20, first: 6, name: 'Sheet1' });
  const values = w.host.sheet().values();
  expect(values[0]).toEqual(['Full name', 'LinkedIn', 'Notes', 'Title', 'Company', 'Company website', 'Location']);
  const written = values.slice(5).map((r) => r[1]);
  expect(written).toEqual(expected.filter((_, i) => ![0, 2, 4].includes(i)).slice(0, 20));
  expect(values.slice(1, 5).map((r) => r[0])).toEqual(['Kept One', 'Kept Two', 'Someone Else', 'Kept Three']);
  // The same search again adds only people not there yet.
  const again = searchToEnd(w, { ...filters, limit: 5, active: true }).at(-1)!;
  expect(again.written).toBe(5);
  const all = column(w, 'LinkedIn').map(String).slice(4);
  expect(new Set(all).size).toBe(all.length);
  expect(all).toEqual(expected.filter((_, i) => ![0, 2, 4].includes(i)).slice(0, 25));
});

test('a sheet deleted mid-search ends it, saying so and how many rows had been written', () => {
  const w = world({ service: { faults: { slowRate: 1, slowMs: 5000 } } });
  const first = start(w, { kind: 'people', limit: 2000 });
  expect(first.written).toBeGreaterThan(0);
  w.host.userDeleteSheet(first.name);
  const ended = step(w, first);
  expect(ended).toMatchObject({ end: 'The sheet was deleted.', written: first.written });
  // The trigger finds nothing to do.
  runTriggers(w);
  expect(w.host.triggerList()).toEqual([]);
});

test('a refused key ends the search with the reason, the rows written stay, and a search below them goes on past them', () => {
  const w = world({ service: { faults: { slowRate: 1, slowMs: 5000 } } });
  const first = start(w, { kind: 'people', limit: 600 });
  const props = w.host.userProperties();
  const keyName = Object.keys(props).find((k) => props[k] === KEY)!;
  w.host.setProperties('user', { [keyName]: 'revoked-key-000000' });
  const ended = step(w, first);
  expect(ended.end).toMatch(/^The API key was not accepted/);
  expect(ended.written).toBe(first.written);
  expect(JSON.stringify(ended)).not.toContain('revoked-key');
  w.host.setProperties('user', { [keyName]: KEY });
  w.host.select(`${first.name}!A1`);
  const rest = searchToEnd(w, { kind: 'people', limit: 600 - first.written, active: true }).at(-1)!;
  expect(rest.end).toBe('Done.');
  const urls = w.host
    .sheet(first.name)
    .values()
    .slice(1)
    .map((r) => r[5]);
  expect(urls).toEqual(serviceResults(w, 'people', {}, 600));
});

test('Cancel ends the search; the trigger writes nothing more', () => {
  const w = world({ service: { faults: { slowRate: 1, slowMs: 5000 } } });
  const first = start(w, { kind: 'people', limit: 3000 });
  const canceled = step(w, first, true);
  expect(canceled).toMatchObject({ end: 'Canceled.', written: first.written });
  runTriggers(w);
  expect(w.host.sheet(first.name).values()).toHaveLength(first.written + 1);
  expect(runSearch(w)).toMatchObject({ end: 'Canceled.' });
});

test('enrich people on the rows written: the ended search selects them, and the enrichment fills them in', () => {
  const w = world();
  const done = searchToEnd(w, { kind: 'people', person_titles: ['engineer'], limit: 30 }).at(-1)!;
  expect(done.written).toBe(30);
  runSearch(w, null, done.id);
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'person' }]).value as { counts: { distinct: number } };
  expect(preview.counts.distinct).toBe(30);
  expect(w.host.callFromSidebar('startRun', [{ action: 'person', confirmed: true }]).ok).toBe(true);
  runTriggers(w);
  const values = w.host.sheet(done.name).values();
  const status = values[0]!.indexOf('Person · Status');
  const name = values[0]!.indexOf('Person · Name');
  expect(values.slice(1).map((r) => r[status])).toEqual(Array(30).fill('Enriched'));
  // The people found are the people enriched: searching and enriching agree.
  expect(values.slice(1).map((r) => r[name])).toEqual(values.slice(1).map((r) => r[0]));
});

test('the menu opens the sidebar on its Find tab', () => {
  const w = world();
  expect(w.host.clickMenu('Find people or companies…').ok).toBe(true);
  expect(w.host.ui.sidebars().at(-1)!.html).toContain('<body data-view="find">');
});

const RUNS = Number(process.env.SEARCH_RUNS ?? 25);
const SEED = process.env.SEARCH_SEED === undefined ? undefined : Number(process.env.SEARCH_SEED);

/** A profile URL as a person might have typed it: scheme, `www.`, case, a trailing slash or a query. */
const typed = (url: string) =>
  fc
    .record({ scheme: fc.constantFrom('https://www.', 'http://', ''), upper: fc.boolean(), tail: fc.constantFrom('', '/', '?trk=list') })
    .map(({ scheme, upper, tail }) => {
      const text = `${scheme}${url.replace('https://www.', '')}${tail}`;
      return upper ? text.toUpperCase() : text;
    });

test(`appending, generated (${RUNS} runs, SEARCH_SEED replays): the sheet's own rows untouched, the new ones the service's next, no one twice`, () => {
  const filters = { kind: 'people', person_titles: ['manager'] };
  const w0 = addonWorld();
  const expected = serviceResults(w0, 'people', filters, 60);
  const sheet = fc.record({
    profileHeader: fc.constantFrom('Profile URL', 'LinkedIn', 'linkedin url', 'Person profile'),
    nameHeader: fc.constantFrom('Name', 'Full name', 'Contact'),
    extra: fc.subarray(['Notes', 'Owner', 'Stage']),
    order: fc.nat(),
    present: fc.uniqueArray(fc.nat({ max: 39 }), { maxLength: 15 }),
    others: fc.nat({ max: 3 }),
    limit: fc.integer({ min: 1, max: 20 }),
  });
  const scenario = sheet.chain((s) => fc.tuple(fc.constant(s), fc.tuple(...s.present.map((i) => typed(expected[i]!)))));
  fc.assert(
    fc.property(scenario, ([s, urls]) => {
      const w = world({ service: { populationCompanies: 240 } });
      const headers = [s.nameHeader, s.profileHeader, ...s.extra];
      // The columns in some order of the generator's choosing.
      const order = headers.map((_, i) => i).sort((a, b) => ((a * 7 + s.order) % 5) - ((b * 7 + s.order) % 5) || a - b);
      const row = (name: string, url: string) => order.map((i) => (i === 0 ? name : i === 1 ? url : `${headers[i]} of ${name}`));
      const own = [
        ...urls.map((u, k) => row(`Present ${k}`, u)),
        ...Array.from({ length: s.others }, (_, k) => row(`Other ${k}`, `https://www.profiles.example/in/other-${k}`)),
      ];
      w.host.sheet().load([order.map((i) => headers[i]!), ...own]);
      w.host.select('Sheet1!A1');
      const done = searchToEnd(w, { ...filters, limit: s.limit, active: true }).at(-1)!;
      const values = w.host.sheet().values();
      const at = values[0]!.indexOf(s.profileHeader);
      const wanted = expected.filter((_, i) => !s.present.includes(i)).slice(0, s.limit);
      expect(done).toMatchObject({ end: 'Done.', written: wanted.length, first: own.length + 2 });
      expect(values.slice(1, own.length + 1).map((r) => r.slice(0, headers.length))).toEqual(own);
      expect(values.slice(own.length + 1).map((r) => r[at])).toEqual(wanted);
      expect(values[0]).toEqual([...order.map((i) => headers[i]), 'Title', 'Company', 'Company website', 'Location']);
    }),
    { numRuns: RUNS, seed: SEED, verbose: 1 },
  );
});
