// The shared per-minute budget, pure: what fits, the sliding window, and that no sequence of
// claims lets more through in any minute than the budget.
import fc from 'fast-check';
import { BUDGET_WINDOW_MS, CELL_BUDGET, parseClaims, takeFrom, type Claims } from '../../src/formulas/lookup-budget';

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

test("the cells' budget sits below the service's limits (350 /people/find, 500 others a minute)", () => {
  expect(CELL_BUDGET.people_find).toBeLessThan(350);
  expect(CELL_BUDGET.default).toBeLessThan(500);
  expect(BUDGET_WINDOW_MS).toBeGreaterThanOrEqual(60000);
});

test('claims are granted up to the limit, then nothing until the window has passed', () => {
  let claims: Claims = {};
  const take = (at: number, want: number) => {
    const r = takeFrom(claims, at, want, 100);
    claims = r.claims;
    return r.granted;
  };
  expect(take(T0, 60)).toBe(60);
  expect(take(T0 + 10000, 60)).toBe(40);
  expect(take(T0 + 20000, 1)).toBe(0);
  // The first claim leaves the window a little after a minute: the service counts a sliding minute.
  expect(take(T0 + 60000, 1)).toBe(0);
  expect(take(T0 + BUDGET_WINDOW_MS + 1000, 100)).toBe(60);
  expect(Object.keys(claims)).toHaveLength(2);
});

test('no sequence of claims gets more than the limit through in any window of a minute', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ gap: fc.integer({ min: 0, max: 20000 }), want: fc.integer({ min: 1, max: 80 }) }), { maxLength: 80 }),
      fc.integer({ min: 1, max: 200 }),
      (steps, limit) => {
        let claims: Claims = {};
        let now = T0;
        const sent: Array<[number, number]> = [];
        for (const s of steps) {
          now += s.gap;
          const r = takeFrom(parseClaims(JSON.stringify(claims)), now, s.want, limit);
          expect(r.granted).toBeLessThanOrEqual(s.want);
          claims = r.claims;
          if (r.granted) sent.push([now, r.granted]);
        }
        for (const [t] of sent) {
          const inMinute = sent.filter(([u]) => u >= t && u < t + 60000).reduce((a, [, n]) => a + n, 0);
          expect(inMinute).toBeLessThanOrEqual(limit);
        }
      },
    ),
    { seed: 5, numRuns: 300 },
  );
});

test('an unreadable record counts as spent: a damaged budget never sends more', () => {
  expect(takeFrom(parseClaims('{not json'), T0, 10, 400).granted).toBe(0);
  expect(takeFrom(parseClaims(null), T0, 10, 400).granted).toBe(10);
});
