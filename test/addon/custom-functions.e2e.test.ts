// Custom functions in custom-function mode: a 500-domain range inside the 30-second limit,
// recalculation served from the cache with no fetch, short messages in cells, the owner's key.
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
type Grid = Array<Array<string | number | boolean>>;

function world(opts: Parameters<typeof addonWorld>[0] = {}): World {
  const w = addonWorld(opts);
  w.host.open();
  connect(w, KEY);
  return w;
}

const domains = (n: number) => Array.from({ length: n }, (_, i) => [`company${i}.com`]);
const fetches = (w: World) => w.host.requests.length;

test('a 500-domain range is answered in one call, inside the 30-second limit, in parallel groups', () => {
  const w = world();
  const before = fetches(w);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(500), 'name, size, employees']);
  expect(r.timedOut).toBe(false);
  expect(r.error).toBeUndefined();
  const grid = r.cell as Grid;
  expect(grid).toHaveLength(500);
  expect(grid.every((row) => row.length === 3 && typeof row[0] === 'string' && row[0] !== '')).toBe(true);
  expect(r.result.elapsedMs).toBeLessThan(30000);
  expect(fetches(w) - before).toBe(500);
  // Fetched together, not one by one.
  expect(r.result.calls['UrlFetchApp.fetchAll']).toBeLessThanOrEqual(10);
  expect(r.result.calls['UrlFetchApp.fetch'] ?? 0).toBe(0);
});

test('recalculating (a sort, a reopen) is served from the cache: no fetch, no credit', () => {
  const w = world();
  const people = [['jane.doe@example.com'], ['sam.lee@example.com'], ['x@gdpr-removed.example']];
  const first = w.host.runCustomFunction('ENRICH_PERSON', [people, 'name, title']);
  const spent = w.service.account(KEY)!.spent.email;
  expect(spent).toBe(1);
  const before = fetches(w);
  const again = w.host.runCustomFunction('ENRICH_PERSON', [[people[2], people[0], people[1]], 'name, title']);
  expect(fetches(w)).toBe(before);
  expect(again.result.calls['UrlFetchApp.fetchAll'] ?? 0).toBe(0);
  expect((again.cell as Grid)[1]).toEqual((first.cell as Grid)[0]);
  expect((again.cell as Grid)[0]![0]).toBe('removed for privacy');
  expect(w.service.account(KEY)!.spent.email).toBe(spent);
});

test('cells read short messages: not found, bad input, blank stays blank', () => {
  const w = world();
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['notfound-company.invalid']).cell).toBe('not found');
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['not a domain']).cell).toBe('not a domain or profile URL');
  expect(w.host.runCustomFunction('ENRICH_PERSON', ['nobody']).cell).toBe('not an email or profile URL');
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'shoe_size']).cell).toMatch(/Unknown field/);
  const grid = w.host.runCustomFunction('ENRICH_COMPANY', [[['acme.com'], [''], ['notfound.invalid']], 'name, size']).cell as Grid;
  expect(grid[1]).toEqual(['', '']);
  expect(grid[2]).toEqual(['not found', '']);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['https://www.acme.com/about', 'name']).cell).toBe('Acme');
});

test('a range larger than the per-minute limit sends only what the limit allows; the rest waits for a recalculation', () => {
  const w = world();
  const emails = Array.from({ length: 400 }, (_, i) => [`person${i}@example.com`]);
  const first = w.host.runCustomFunction('ENRICH_PERSON', [emails, 'name']).cell as Grid;
  const deferred = first.filter((r) => String(r[0]).startsWith('too many at once')).length;
  expect(deferred).toBe(50);
  expect(w.host.requests.filter((q) => q.status === 429)).toHaveLength(0);
  w.host.clock.advance(61000);
  const before = fetches(w);
  const second = w.host.runCustomFunction('ENRICH_PERSON', [emails, 'name']).cell as Grid;
  expect(fetches(w) - before).toBe(50);
  expect(second.filter((r) => String(r[0]).startsWith('too many at once'))).toHaveLength(0);
});

test('a rate-limited row says so and is fetched again later; answered rows are not', () => {
  const w = world();
  // Another range used most of this minute's 500 requests (the service's default limit).
  const earlier = Array.from({ length: 460 }, (_, i) => [`earlier${i}.com`]);
  w.host.runCustomFunction('ENRICH_COMPANY', [earlier, 'name']);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  const grid = r.cell as Grid;
  const limited = grid.filter((row) => row[0] === 'rate limited, try again later').length;
  expect(limited).toBeGreaterThan(0);
  expect(limited).toBeLessThan(100);
  w.host.clock.advance(61000);
  const before = fetches(w);
  w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  expect(fetches(w) - before).toBe(limited);
});

test('custom functions use the spreadsheet owner\'s key: an editor\'s own key is never used, and the cell says so', () => {
  const w = addonWorld();
  const editor = 'editor@acme.example';
  w.host.open({ user: editor });
  connect(w, 'demo-key-bravo', editor);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com'], { asUser: editor });
  expect(r.cell).toMatch(/connect your key.*spreadsheet owner's key/);
  expect(w.host.requests.filter((q) => q.url.includes('/companies/find'))).toHaveLength(0);
  connect(w, KEY, OWNER);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name'], { asUser: editor }).cell).toBe('Acme');
  const lookup = w.host.requests.find((q) => q.url.includes('/companies/find'))!;
  expect(Object.entries(lookup.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1]).toBe(`Bearer ${KEY}`);
});

test('job openings as rows under a header, with filters; headers for the lookups', () => {
  const w = world();
  const all = w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com']).cell as Grid;
  const rows = w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com', 'seniority: Senior, Manager']).cell as Grid;
  expect(rows[0]).toEqual(['Title', 'Location', 'Seniorities', 'Departments', 'Job functions', 'First seen', 'URL']);
  expect(rows.length).toBeGreaterThan(1);
  expect(all.length).toBeGreaterThan(rows.length);
  for (const r of rows.slice(1)) expect(String(r[2])).toMatch(/Senior|Manager/);
  expect(w.host.runCustomFunction('JOB_OPENINGS', ['acme.com', 'colour: red']).cell).toMatch(/unknown filter "colour"/);
  expect(w.host.runCustomFunction('PROSPECTING_HEADERS', ['company', 'name, size, employees']).cell).toEqual([['Name', 'Size', 'Employees']]);
  expect(w.host.runCustomFunction('PROSPECTING_HEADERS', ['planet']).cell).toMatch(/company" or "person/);
});

test('a formula in the sheet recalculates through the host like Sheets would', () => {
  const w = world();
  w.host.sheet().load([['Domain', 'Company'], ['acme.com', '=ENRICH_COMPANY(A2, "name")']]);
  const results = w.host.recalculate();
  expect(results[0]!.cell).toBe('Acme');
});
