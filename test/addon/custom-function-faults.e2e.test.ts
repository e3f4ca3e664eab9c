// A seeded property over service faults: a formula returns lasting answers only or throws; rows it
// answered are kept, never asked again, and a later recalculation finishes the rest.
import fc from 'fast-check';
import type { CustomFunctionResult } from '../../emulator';
import { ConnectionDropped, type LocalRequest, type LocalResponse } from '../../sandbox';
import { rng } from '../chaos/chaos-world';
import { addonWorld, connect } from '../support/addon-world';

const KEY = 'cf-Key-Alpha-000001';
type Grid = Array<Array<string | number | boolean>>;
type RowKind = 'found' | 'notfound' | 'removed' | 'bad' | 'blank' | 'dup';
type Fault = 'r429' | 'r429bare' | 'r500' | 'drop' | 'html' | 'cutoff' | 'echoKey' | 'slow';

const LASTING = [
  'not found',
  'removed for privacy',
  'not a domain or profile URL',
  'not an email or profile URL',
  'the service did not accept this input',
];
const TRANSIENT_WORDS = /rate limit|try again|recalculate|busy|did not answer|in time|credits|key/i;

function input(kind: 'company' | 'person', row: RowKind, i: number): string {
  if (kind === 'company') {
    return {
      found: `firm${i}.com`,
      notfound: `notfound${i}.invalid`,
      removed: `notfound-r${i}.invalid`,
      bad: 'not a domain',
      blank: '',
      dup: 'firm0.com',
    }[row];
  }
  return {
    found: `p${i}@example.com`,
    notfound: `p${i}@notfound.example`,
    removed: `p${i}@gdpr-removed.example`,
    bad: 'nobody',
    blank: '',
    dup: 'p0@example.com',
  }[row];
}

function expected(kind: 'company' | 'person', row: RowKind): string | RegExp {
  switch (row) {
    case 'found':
    case 'dup':
      return /^(?!not found$|removed for privacy$)\S.*$/;
    case 'notfound':
      return 'not found';
    case 'removed':
      return kind === 'person' ? 'removed for privacy' : 'not found';
    case 'bad':
      return kind === 'person' ? 'not an email or profile URL' : 'not a domain or profile URL';
    case 'blank':
      return '';
  }
}

const scenario = fc.record({
  kind: fc.constantFrom<'company' | 'person'>('company', 'person'),
  rows: fc.array(fc.constantFrom<RowKind>('found', 'found', 'found', 'notfound', 'removed', 'bad', 'blank', 'dup'), {
    minLength: 1,
    maxLength: 80,
  }),
  single: fc.boolean(),
  seed: fc.nat(),
  rate: fc.integer({ min: 0, max: 70 }),
  kinds: fc.subarray<Fault>(['r429', 'r429bare', 'r500', 'drop', 'html', 'cutoff', 'echoKey', 'slow'], { minLength: 1 }),
});

test('every cell shows a lasting answer or throws; answered rows are kept and finished later', () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const draw = rng(s.seed);
      let faultsOn = false;
      /**
       * Whether the last answer to each lookup while faults were on was the service's own (a
       * fetchAll that fails whole is asked again one by one, so only the last one counts).
       */
      const faithful = new Map<string, boolean>();
      const w = addonWorld({
        accounts: [{ key: KEY, name: 'Faults', credits: { email: 1e6, phone: 0 } }],
        route: (svc) => ({
          handle(req: LocalRequest): LocalResponse {
            const fault = faultsOn && draw() * 100 < s.rate ? s.kinds[Math.floor(draw() * s.kinds.length)]! : undefined;
            if (faultsOn) faithful.set(req.path, false);
            const error = (status: number, code: string, detail: string, headers: Record<string, string> = {}): LocalResponse => ({
              status,
              headers: { 'content-type': 'application/json', ...headers },
              body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail }] }),
            });
            if (fault === 'r429')
              return error(429, 'rate_limited', 'Too many requests', { 'retry-after': String(1 + Math.floor(draw() * 60)) });
            if (fault === 'r429bare') return error(429, 'rate_limited', 'Too many requests');
            if (fault === 'r500') return error(500, 'internal_server_error', 'The service failed');
            if (fault === 'echoKey') return error(500, 'internal_server_error', `Key ${KEY.toUpperCase()} was refused upstream`);
            if (fault === 'drop') throw new ConnectionDropped();
            if (fault === 'html')
              return { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Bad gateway</body></html>' };
            const res = svc.handle(req);
            if (fault === 'cutoff' && res.status === 200) return { ...res, body: res.body.slice(0, Math.floor(res.body.length / 2)) };
            if (fault === 'slow') return { ...res, delayMs: 30000 };
            if (faultsOn && [200, 404, 451].includes(res.status)) faithful.set(req.path, true);
            return res;
          },
        }),
      });
      const host = w.host;
      host.open();
      connect(w, KEY);
      const rows = s.single ? s.rows.slice(0, 1) : s.rows;
      const inputs = rows.map((r, i) => input(s.kind, r, i));
      const fn = s.kind === 'company' ? 'ENRICH_COMPANY' : 'ENRICH_PERSON';
      const call = (): CustomFunctionResult => host.runCustomFunction(fn, [s.single ? inputs[0] : inputs.map((x) => [x]), 'name']);

      faultsOn = true;
      const first = call();
      faultsOn = false;
      const cells = (r: CustomFunctionResult): unknown[] => (s.single ? [r.cell] : (r.cell as Grid).map((row) => row[0]));
      if (first.cell === '#ERROR!') {
        expect(first.error ?? '').toMatch(/recalculate|Exceeded maximum execution time/);
        expect((first.error ?? '').toLowerCase()).not.toContain(KEY.toLowerCase());
      } else {
        for (const c of cells(first)) {
          expect(typeof c).toBe('string');
          if (LASTING.includes(c as string) || c === '') continue;
          expect(c).not.toMatch(TRANSIENT_WORDS);
        }
      }

      // The service is well again: recalculations finish, asking only what was not answered.
      const sentBefore = host.requests.length;
      let final = first;
      for (let i = 0; i < 4 && final.cell === '#ERROR!'; i++) {
        host.clock.advance(65000);
        final = call();
      }
      expect(final.error).toBeUndefined();
      cells(final).forEach((c, i) => {
        const want = expected(s.kind, rows[i]!);
        if (typeof want === 'string') expect(c).toBe(want);
        else expect(c).toMatch(want);
      });
      if (first.cell !== '#ERROR!') expect(final.cell).toEqual(first.cell);
      if (!first.timedOut) {
        const again = host.requests.slice(sentBefore).map((q) => q.url.slice(q.url.indexOf('/', 8)));
        for (const path of again) expect(faithful.get(path)).not.toBe(true);
      }
    }),
    { seed: Number(process.env.CF_SEED ?? 20261102), numRuns: Number(process.env.CF_RUNS ?? 60) },
  );
}, 600000);
