// Guards the key of companies the service lists without a website (the spec's `website` is
// `string?`): such a company is known by its profile URL, so searching again below writes none twice.
import { addonWorld, connect } from '../support/addon-world';
import type { LocalRequest } from '../../sandbox';

const KEY = 'demo-key-alpha';

test('a search again below the rows (as the sidebar advises) writes no company twice', () => {
  const w = addonWorld({
    service: { populationCompanies: 2000 },
    route: (service) => ({
      handle(req: LocalRequest) {
        const res = service.handle(req);
        if (!/\/companies\/search$/.test(req.path)) return res;
        const body = JSON.parse(res.body) as { results: Array<{ website: string | null }> };
        body.results.forEach((c, i) => {
          if (i % 3 === 0) c.website = null;
        });
        return { ...res, body: JSON.stringify(body) };
      },
    }),
  });
  w.host.open();
  connect(w, KEY);
  const run = (...a: unknown[]) => {
    const r = w.host.callFromSidebar('runSearch', a);
    if (!r.ok) throw new Error(r.error?.message);
    return r.value as { id: number; end?: string; name: string; written: number };
  };
  let s = run({ kind: 'companies', limit: 20 });
  while (!s.end) s = run(null, s.id);
  expect(s).toMatchObject({ end: 'Done.', written: 20 });
  w.host.select(`${s.name}!A1`);
  let again = run({ kind: 'companies', limit: 5, active: true });
  while (!again.end) again = run(null, again.id);
  const urls = w.host
    .sheet(s.name)
    .values()
    .slice(1)
    .map((r) => String(r[5]));
  expect(urls.length).toBe(25);
  expect(new Set(urls).size).toBe(25);
});
