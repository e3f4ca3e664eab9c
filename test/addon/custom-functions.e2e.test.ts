// Custom functions at the service's default limits: lasting answers are values, all else throws
// its reason; budget, time and size limits of a call; the owner's key; the cache's byte limit.
import type { CustomFunctionResult } from '../../emulator';
import type { LocalHandler, LocalRequest } from '../../sandbox';
import { addonWorld, connect, connectedWorld, OWNER, type World, type WorldOptions } from '../support/addon-world';

const KEY = 'demo-key-alpha';
type Grid = Array<Array<string | number | boolean>>;

const world = (opts: WorldOptions = {}): World => connectedWorld(KEY, opts);

const domains = (n: number, prefix = 'company') => Array.from({ length: n }, (_, i) => [`${prefix}${i}.com`]);
const emails = (n: number) => Array.from({ length: n }, (_, i) => [`person${i}@example.com`]);
const fetches = (w: World, path = '') => w.host.requests.filter((q) => q.url.includes(path)).length;
const thrown = (r: CustomFunctionResult) => {
  expect(r.cell).toBe('#ERROR!');
  return r.error ?? '';
};

test("a range within the minute's budget is answered in one call, in parallel groups, inside the 30-second limit", () => {
  const w = world();
  const before = fetches(w);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(400), 'name, size, employees']);
  expect(r.error).toBeUndefined();
  const grid = r.cell as Grid;
  expect(grid).toHaveLength(400);
  expect(grid.every((row) => row.length === 3 && typeof row[0] === 'string' && row[0] !== '')).toBe(true);
  expect(r.result.elapsedMs).toBeLessThan(30000);
  expect(fetches(w) - before).toBe(400);
  expect(r.result.calls['UrlFetchApp.fetchAll']).toBeLessThanOrEqual(16);
  expect(r.result.calls['UrlFetchApp.fetch'] ?? 0).toBe(0);
  // Cheap keys: no digest per row.
  expect(r.result.calls['Utilities.computeDigest'] ?? 0).toBe(0);
});

test('recalculating (a sort, a reopen) is served from the cache: no fetch, no credit, no key needed', () => {
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
  expect((again.cell as Grid)[0]).toEqual(['removed for privacy', '']);
  expect(w.service.account(KEY)!.spent.email).toBe(spent);
  // Other fields of the same people come from the same cached answers.
  const other = w.host.runCustomFunction('ENRICH_PERSON', [people, 'email, name']);
  expect(fetches(w)).toBe(before);
  expect((other.cell as Grid)[0]![0]).toBe((first.cell as Grid)[0]![0]);
  // Cached answers need no key: they still show after the owner disconnects.
  expect(w.host.callFromSidebar('disconnect', []).ok).toBe(true);
  expect(w.host.runCustomFunction('ENRICH_PERSON', [people, 'name, title']).cell).toEqual(first.cell);
});

test('cells read lasting answers: not found, bad input, blank stays blank, a field-list mistake', () => {
  const w = world();
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['notfound-company.invalid']).cell).toBe('not found');
  expect(w.host.runCustomFunction('ENRICH_PERSON', ['x@gdpr-removed.example', 'name']).cell).toBe('removed for privacy');
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['not a domain']).cell).toBe('not a domain or profile URL');
  expect(w.host.runCustomFunction('ENRICH_PERSON', ['nobody']).cell).toBe('not an email or profile URL');
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'shoe_size']).cell).toMatch(/Unknown field/);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['', 'name']).cell).toBe('');
  const grid = w.host.runCustomFunction('ENRICH_COMPANY', [[['acme.com'], [''], ['notfound.invalid'], ['nope']], 'name, size'])
    .cell as Grid;
  expect(grid[0]![0]).toBe('Acme');
  expect(grid[1]).toEqual(['', '']);
  expect(grid[2]).toEqual(['not found', '']);
  expect(grid[3]).toEqual(['not a domain or profile URL', '']);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['https://www.acme.com/about', 'name']).cell).toBe('Acme');
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name, size']).cell).toEqual([['Acme', expect.any(String)]]);
});

test("a range over the minute's budget answers in parts: each call says how many rows are left, none is sent twice", () => {
  const w = world();
  const range = emails(1000);
  const messages: string[] = [];
  let r = w.host.runCustomFunction('ENRICH_PERSON', [range, 'name']);
  for (let i = 0; i < 6 && r.cell === '#ERROR!'; i++) {
    messages.push(r.error!);
    w.host.clock.advance(65000);
    r = w.host.runCustomFunction('ENRICH_PERSON', [range, 'name']);
  }
  expect(messages[0]).toBe(
    '700 of 1,000 rows still to be looked up (busy with other lookups or a running job); the rows answered so far are kept: in a minute, recalculate (Extensions › Prospecting for Sheets › Refresh formulas in selection).',
  );
  expect(messages.map((m) => Number(m.split(' ')[0]))).toEqual([700, 400, 100]);
  const grid = r.cell as Grid;
  expect(grid).toHaveLength(1000);
  expect(grid.every((row) => typeof row[0] === 'string' && row[0] !== '')).toBe(true);
  const sent = w.host.requests.filter((q) => q.url.includes('/people/find'));
  expect(sent).toHaveLength(1000);
  expect(new Set(sent.map((q) => q.url)).size).toBe(1000);
  expect(w.host.requests.filter((q) => q.status === 429)).toHaveLength(0);
});

test('a range with more rows to look up than formula cells may send is refused before any request, pointing to the menu', () => {
  const w = world();
  const before = fetches(w);
  const company = w.host.runCustomFunction('ENRICH_COMPANY', [domains(2001), 'name']);
  expect(thrown(company)).toBe(
    'More than 2,000 rows to look up: use Extensions › Prospecting for Sheets › Enrich companies for a range this large.',
  );
  const person = w.host.runCustomFunction('ENRICH_PERSON', [emails(1501), 'name']);
  expect(thrown(person)).toBe(
    'More than 1,500 rows to look up: use Extensions › Prospecting for Sheets › Enrich people for a range this large.',
  );
  expect(fetches(w)).toBe(before);
  expect(company.result.calls['LockService.Lock.tryLock'] ?? 0).toBe(0);
  // At the limit, it is not refused.
  expect(w.host.runCustomFunction('ENRICH_COMPANY', [domains(2000), 'name']).error).toMatch(/^1,600 of 2,000 rows still to be looked up/);
});

test('a missing or refused key throws, sending nothing more; connecting and recalculating answers', () => {
  const w = addonWorld();
  w.host.open();
  const noKey = w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']);
  expect(thrown(noKey)).toMatch(/^No API key is connected: connect one in Extensions › Prospecting for Sheets › Open sidebar/);
  const range = w.host.runCustomFunction('ENRICH_COMPANY', [domains(3), 'name']);
  expect(thrown(range)).toMatch(/^3 of 3 rows still to be looked up \(no API key is connected\)/);
  expect(thrown(w.host.runCustomFunction('JOB_OPENINGS', ['acme.com']))).toMatch(/^No API key is connected/);
  expect(fetches(w)).toBe(0);

  connect(w, KEY);
  const props = w.host.userProperties(OWNER);
  const name = Object.keys(props).find((k) => props[k] === KEY)!;
  w.host.setProperties('user', { [name]: 'revoked-key-000000' });
  const refused = w.host.runCustomFunction('ENRICH_COMPANY', [domains(120), 'name']);
  expect(thrown(refused)).toMatch(/^120 of 120 rows still to be looked up \(the API key was refused\); .*reconnect it/);
  expect(refused.error).not.toMatch(/revoked-key/i);
  // The first group showed the key is refused: no other group went out.
  expect(fetches(w, '/companies/find')).toBe(25);

  connect(w, KEY);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']).cell).toBe('Acme');
});

test('no credits throws until there are credits, then a recalculation answers', () => {
  const w = addonWorld();
  w.host.open();
  connect(w, 'demo-key-empty');
  const single = w.host.runCustomFunction('ENRICH_PERSON', ['jane.doe@example.com', 'name']);
  expect(thrown(single)).toBe(
    'Not enough credits: add credits, then recalculate (Extensions › Prospecting for Sheets › Refresh formulas in selection).',
  );
  const range = w.host.runCustomFunction('ENRICH_PERSON', [[['x@notfound.example'], ['sam.lee@example.com']], 'name']);
  expect(thrown(range)).toMatch(/^2 of 2 rows still to be looked up \(not enough credits\); .*add credits/);
  connect(w, KEY);
  const before = fetches(w, '/people/find');
  const done = w.host.runCustomFunction('ENRICH_PERSON', [[['x@notfound.example'], ['sam.lee@example.com']], 'name']);
  expect(done.cell).toEqual([['not found'], ['Sam Lee']]);
  expect(fetches(w, '/people/find') - before).toBe(2);
});

test('a rate-limited range keeps its answered rows, throws how many are left, and sends only those later', () => {
  const w = world();
  // Something else on the same key (a job, another spreadsheet) used most of this minute.
  for (let i = 0; i < 470; i++) {
    w.service.handle({
      method: 'GET',
      path: `/companies/find?domain=elsewhere${i}.com`,
      headers: { authorization: `Bearer ${KEY}` },
      body: '',
    });
  }
  // What is left of the service's 500 this minute, after connecting.
  const room = 500 - 470 - fetches(w);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  // The second group of 25 met the limit after `room - 25` answers: no other group was sent.
  const left = 100 - room;
  expect(thrown(r)).toMatch(
    new RegExp(`^${left} of 100 rows still to be looked up \\(the service's rate limit was reached\\); the rows answered so far are kept`),
  );
  expect(fetches(w, '/companies/find')).toBe(50);
  expect(w.host.requests.filter((q) => q.status === 429)).toHaveLength(50 - room);
  expect(room).toBeGreaterThan(25);
  w.host.clock.advance(61000);
  const before = fetches(w);
  const again = w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  expect(fetches(w) - before).toBe(left);
  expect((again.cell as Grid).every((row) => typeof row[0] === 'string' && row[0] !== '')).toBe(true);
});

test('a slow service: no group starts that could end past the limit; the rest is thrown as not looked up in time', () => {
  // The script's own time is not charged: which groups fit then depends on the service's delay
  // and the host's model of Apps Script's calls, not on how fast the machine running the test is.
  // Three groups of 5.9 s fit in the 20 s no group starts past, with room for the calls made before
  // the first (the look for answers the spreadsheet already paid for), and a fourth does not.
  const w = world({ route: (svc) => ({ handle: (req) => ({ ...svc.handle(req), delayMs: 5900 }) }), scriptTime: 'none' });
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  expect(r.timedOut).toBe(false);
  expect(thrown(r)).toMatch(
    /^25 of 100 rows still to be looked up \(not looked up in time\); the rows answered so far are kept: to finish, recalculate/,
  );
  expect(r.result.elapsedMs).toBeLessThan(25000);
  expect(r.result.calls['Utilities.sleep'] ?? 0).toBe(0);
  const before = fetches(w);
  const again = w.host.runCustomFunction('ENRICH_COMPANY', [domains(100), 'name']);
  expect(again.error).toBeUndefined();
  expect(fetches(w) - before).toBe(25);
});

test('a cell that cannot take the shared budget (another execution holds its lock) sends nothing and throws busy', () => {
  const w = world();
  // The document's lock, or the script's where a custom function is given none.
  const held = w.host.holdLock(w.host.unknowables.customFunctionDocument === 'given' ? 'document' : 'script');
  const r = w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']);
  expect(thrown(r)).toMatch(/^Busy with other lookups or a running job/);
  expect(fetches(w, '/companies/find')).toBe(0);
  // It waited its turn for the lock (as cells of a filled-down column do), well inside Sheets' 30 s.
  expect(r.result.elapsedMs).toBeGreaterThanOrEqual(10000);
  expect(r.result.elapsedMs).toBeLessThan(15000);
  held.release();
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']).cell).toBe('Acme');
});

test("custom functions use the spreadsheet owner's key: an editor's own key is never used", () => {
  const w = addonWorld();
  const editor = 'editor@acme.example';
  w.host.open({ user: editor });
  connect(w, 'demo-key-bravo', editor);
  const r = w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com'], { asUser: editor });
  expect(thrown(r)).toMatch(/No API key is connected.*spreadsheet owner's key/);
  expect(fetches(w, '/companies/find')).toBe(0);
  connect(w, KEY, OWNER);
  expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name'], { asUser: editor }).cell).toBe('Acme');
  const lookup = w.host.requests.find((q) => q.url.includes('/companies/find'))!;
  expect(Object.entries(lookup.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1]).toBe(`Bearer ${KEY}`);
});

test('job openings as rows under a header, with filters, cached; headers for the lookups', () => {
  const w = world();
  const all = w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com']).cell as Grid;
  const rows = w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com', 'seniority: Senior, Manager']).cell as Grid;
  expect(rows[0]).toEqual(['Title', 'Location', 'Seniorities', 'Departments', 'Job functions', 'First seen', 'URL']);
  expect(rows.length).toBeGreaterThan(1);
  expect(all.length).toBeGreaterThan(rows.length);
  for (const r of rows.slice(1)) expect(String(r[2])).toMatch(/Senior|Manager/);
  const before = fetches(w);
  expect(w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com']).cell).toEqual(all);
  expect(fetches(w)).toBe(before);
  expect(w.host.runCustomFunction('JOB_OPENINGS', ['acme.com', 'colour: red']).cell).toMatch(/unknown filter "colour"/);
  expect(w.host.runCustomFunction('PROSPECTING_HEADERS', ['company', 'name, size, employees']).cell).toEqual([
    ['Name', 'Size', 'Employees'],
  ]);
  expect(w.host.runCustomFunction('PROSPECTING_HEADERS', ['planet']).cell).toMatch(/company" or "person/);
});

/** The service, with multi-byte text made large in some answers: under 90,000 characters, over 100 KB. */
function multiByteRoute(service: LocalHandler): LocalHandler {
  return {
    handle(req: LocalRequest) {
      const res = service.handle(req);
      if (res.status !== 200) return res;
      if (req.path.includes('domain=huge')) {
        const body = JSON.parse(res.body) as { overview?: string };
        body.overview = '東'.repeat(40000);
        return { ...res, body: JSON.stringify(body) };
      }
      if (req.path.startsWith('/job-openings') && req.path.includes('harborlogistics')) {
        const body = JSON.parse(res.body) as { job_openings: Array<{ title: string }> };
        body.job_openings[0]!.title = '職'.repeat(40000);
        return { ...res, body: JSON.stringify(body) };
      }
      return res;
    },
  };
}

test('the cache limit is counted in bytes: a multi-byte answer too large to keep is still answered, and other answers stay cached', () => {
  const w = world({ route: (s) => multiByteRoute(s) });
  const jobs = w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com']);
  expect(jobs.error).toBeUndefined();
  expect(String((jobs.cell as Grid)[1]![0])).toHaveLength(40000);
  // Not cached: asked again next time, and still answered.
  const before = fetches(w, '/job-openings');
  expect(w.host.runCustomFunction('JOB_OPENINGS', ['harborlogistics.com']).error).toBeUndefined();
  expect(fetches(w, '/job-openings')).toBeGreaterThan(before);

  const range = [['small0.com'], ['huge0.com'], ['small1.com'], ['huge1.com'], ['small2.com']];
  const first = w.host.runCustomFunction('ENRICH_COMPANY', [range, 'name, overview']);
  expect(first.error).toBeUndefined();
  expect(String((first.cell as Grid)[1]![1])).toHaveLength(40000);
  const sent = fetches(w, '/companies/find');
  const again = w.host.runCustomFunction('ENRICH_COMPANY', [range, 'name, overview']);
  expect(again.cell).toEqual(first.cell);
  // Only the two answers too large for a cache value were asked again.
  expect(fetches(w, '/companies/find') - sent).toBe(2);
});

test('a formula in the sheet recalculates through the host like Sheets would', () => {
  const w = world();
  w.host.sheet().load([
    ['Domain', 'Company'],
    ['acme.com', '=ENRICH_COMPANY(A2, "name")'],
  ]);
  const results = w.host.recalculate();
  expect(results[0]!.cell).toBe('Acme');
});

test('a row range and a block are answered cell by cell, in reading order, one answer row each', () => {
  const w = world();
  const one = (input: string) => w.host.runCustomFunction('ENRICH_COMPANY', [input, 'name, size']).cell;
  const singles = ['acme.com', 'globex.com', 'initech.io', 'umbrella.co'].map((d) => (one(d) as Grid)[0]);
  w.host.sheet().load([['acme.com', 'globex.com', 'initech.io', '=ENRICH_COMPANY(A1:C1, "name, size")']]);
  const results = w.host.recalculate();
  // A row of three cells: three answer rows.
  expect(results[0]!.cell).toEqual(singles.slice(0, 3));
  // A block of two rows of two cells: four answer rows, a blank cell answered blank.
  const block = w.host.runCustomFunction('ENRICH_COMPANY', [
    [
      ['acme.com', 'globex.com'],
      ['umbrella.co', ''],
    ],
    'name, size',
  ]);
  expect(block.cell).toEqual([singles[0], singles[1], singles[3], ['', '']]);
  const people = w.host.runCustomFunction('ENRICH_PERSON', [[['jane.doe@example.com', 'not an email']], 'name']);
  expect(people.cell).toEqual([
    [w.host.runCustomFunction('ENRICH_PERSON', ['jane.doe@example.com', 'name']).cell],
    ['not an email or profile URL'],
  ]);
});

test('a function that answers for one input refuses a range in words, sending nothing', () => {
  const w = world();
  const before = fetches(w);
  const jobs = w.host.runCustomFunction('JOB_OPENINGS', [[['acme.com', 'globex.com']]]);
  expect(thrown(jobs)).toMatch(/^JOB_OPENINGS domain takes one cell or value, not a range of 2 cells/);
  expect(thrown(w.host.runCustomFunction('PROSPECTING_HEADERS', [[['company'], ['person']]]))).toMatch(
    /PROSPECTING_HEADERS kind takes one cell/,
  );
  expect(thrown(w.host.runCustomFunction('JOB_OPENINGS', ['acme.com', [['remote', 'seniority: VP']]]))).toMatch(
    /JOB_OPENINGS filters takes one cell/,
  );
  expect(fetches(w)).toBe(before);
  // A one-cell range is that cell.
  expect((w.host.runCustomFunction('JOB_OPENINGS', [[['acme.com']]]).cell as Grid)[0]![0]).toBe('Title');
});
