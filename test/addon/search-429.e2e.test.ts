// Guards a search against waits longer than the client's retry budget: a 429 whose Retry-After
// exceeds it leaves the search pending, told to wait, and the next step goes on; only a refusal a
// retry cannot fix (here a 400) ends it.
import { addonWorld, connect, runTriggers, type World } from '../support/addon-world';
import type { LocalRequest, LocalResponse } from '../../sandbox';

const KEY = 'demo-key-alpha';

interface Search {
  id: number;
  end?: string;
  wait?: number;
  written: number;
  name: string;
}

/** The third people-search request answered `answer`, the rest by the service. */
function world(answer: LocalResponse): World {
  let n = 0;
  const w = addonWorld({
    service: { populationCompanies: 2000 },
    route: (service) => ({
      handle: (req: LocalRequest) => (/\/people\/search$/.test(req.path) && ++n === 3 ? answer : service.handle(req)),
    }),
  });
  w.host.open();
  connect(w, KEY);
  return w;
}

const error = (status: number, code: string, headers: Record<string, string> = {}): LocalResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail: 'Refused here.' }] }),
});

function steps(w: World): Search[] {
  const run = (...a: unknown[]) => {
    const r = w.host.callFromSidebar('runSearch', a);
    if (!r.ok) throw new Error(r.error?.message);
    return r.value as Search;
  };
  const all = [run({ kind: 'people', limit: 1000 })];
  while (!all.at(-1)!.end && all.length < 50) all.push(run(null, all.at(-1)!.id));
  return all;
}

test('a 429 asking to wait 40 s (past the retry budget) is waited out, not the end of the search', () => {
  const w = world(error(429, 'rate_limited', { 'retry-after': '40' }));
  const all = steps(w);
  expect(all.at(-1)).toMatchObject({ end: 'Done.', written: 1000 });
  // One step answered that the search waits, still going on, after the pages before the 429.
  const waited = all.filter((s) => s.wait !== undefined);
  expect(waited).toEqual([expect.objectContaining({ wait: 40, written: 200 })]);
  expect(waited[0]!.end).toBeUndefined();
  const urls = w.host
    .sheet(all[0]!.name)
    .values()
    .slice(1)
    .map((r) => r[5]);
  expect(urls).toHaveLength(1000);
  expect(new Set(urls).size).toBe(1000);
});

test('a refused filter (400) ends the search with the reason; the rows written stay', () => {
  const w = world(error(400, 'invalid_parameter'));
  const last = steps(w).at(-1)!;
  expect(last.end).toMatch(/^The service rejected a parameter/);
  expect(last).toMatchObject({ written: 200 });
  expect(last.wait).toBeUndefined();
  expect(w.host.sheet(last.name).values()).toHaveLength(201);
});

test('with the sidebar closed after the 429, the trigger goes on with the search after the wait', () => {
  const w = world(error(429, 'rate_limited', { 'retry-after': '40' }));
  const first = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 1000 }]).value as Search;
  expect(first).toMatchObject({ wait: 40, written: 200 });
  runTriggers(w);
  expect(w.host.callFromSidebar('runSearch', []).value).toMatchObject({ end: 'Done.', written: 1000 });
  expect(w.host.triggerList()).toEqual([]);
});
