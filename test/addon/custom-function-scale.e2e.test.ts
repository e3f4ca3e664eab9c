// Custom functions at scale: 10,000 and 20,000 cached rows inside the 30-second limit, 20,000 to
// look up refused first, and a filled-down column kept under the per-minute limit.
import type { LocalHandler, LocalRequest } from '../../sandbox';
import { connectedWorld, type World, type WorldOptions } from '../support/addon-world';

const KEY = 'demo-key-alpha';
type Grid = Array<Array<string | number | boolean>>;

const world = (opts: WorldOptions = {}): World => connectedWorld(KEY, opts);

const domains = (from: number, n: number) => Array.from({ length: n }, (_, i) => [`company${from + i}.com`]);

/** The most requests the service saw in any 60 seconds. */
function busiestMinute(times: number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= 60000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

test("a 10,000-row range whose answers are cached is recalculated within 30 s of the host's time, with no fetch; so is a 20,000-row one", () => {
  const w = world();
  // Fill the cache as a person would: 2,000-row ranges, recalculated until each is answered.
  for (let from = 0; from < 10000; from += 2000) {
    for (let round = 0; round < 6; round++) {
      const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(from, 2000), 'name']);
      if (r.cell !== '#ERROR!') break;
      expect(r.error).toMatch(/rows still to be looked up \(busy/);
      w.host.clock.advance(65000);
    }
  }
  const lookups = w.host.requests.filter((q) => q.url.includes('/companies/find'));
  expect(lookups).toHaveLength(10000);
  expect(busiestMinute(lookups.map((q) => q.at))).toBeLessThanOrEqual(400);

  const before = w.host.requests.length;
  const all = w.host.runCustomFunction('ENRICH_COMPANY', [domains(0, 10000), 'name, size, employees']);
  expect(all.error).toBeUndefined();
  expect(all.timedOut).toBe(false);
  console.log(
    `10,000 cached rows recalculated in ${all.result.elapsedMs} ms of the host's time; calls: ${JSON.stringify(all.result.calls)}`,
  );
  expect(all.result.elapsedMs).toBeLessThan(30000);
  const grid = all.cell as Grid;
  expect(grid).toHaveLength(10000);
  expect(grid.every((row) => row.length === 3 && typeof row[0] === 'string' && row[0] !== '')).toBe(true);
  expect(w.host.requests.length).toBe(before);

  // 20,000 rows, every one cached (each company twice): cached rows do not count toward the limit.
  const twice = w.host.runCustomFunction('ENRICH_COMPANY', [[...domains(0, 10000), ...domains(0, 10000)], 'name']);
  expect(twice.error).toBeUndefined();
  console.log(`20,000 cached rows recalculated in ${twice.result.elapsedMs} ms of the host's time`);
  expect(twice.result.elapsedMs).toBeLessThan(30000);
  expect((twice.cell as Grid)[15000]).toEqual([grid[5000]![0]]);
  expect(w.host.requests.length).toBe(before);
}, 300000);

test('a 20,000-row range to look up is refused before any request, in words pointing to the menu', () => {
  const w = world();
  const before = w.host.requests.length;
  const r = w.host.runCustomFunction('ENRICH_COMPANY', [domains(0, 20000), 'name']);
  expect(r.cell).toBe('#ERROR!');
  expect(r.error).toBe(
    'More than 2,000 rows to look up: use Extensions › Prospecting for Sheets › Enrich companies for a range this large.',
  );
  expect(r.result.elapsedMs).toBeLessThan(30000);
  expect(w.host.requests.length).toBe(before);
});

/** The service answering at once: cells finish fast, so a filled-down column bursts. */
function fastRoute(service: LocalHandler): LocalHandler {
  return { handle: (req: LocalRequest) => ({ ...service.handle(req), delayMs: 5 }) };
}

test('a filled-down column of single-cell formulas stays under the per-minute limit; the cells over the budget throw and answer later', () => {
  const w = world({ route: fastRoute });
  // Six hundred cells filled down, started together as Sheets runs them side by side: without
  // the shared budget the service would see 600 in a minute. They queue for the document lock
  // that guards the budget; those that cannot get it in time, or find the minute spent, throw.
  w.host.sheet().load(domains(0, 600).map(([d], i) => [d, `=ENRICH_COMPANY(A${i + 1}, "name")`]));
  const first = w.host.recalculate();
  expect(first).toHaveLength(600);
  const answered = first.filter((r) => r.cell !== '#ERROR!');
  expect(answered.length).toBeGreaterThanOrEqual(100);
  expect(answered.length).toBeLessThanOrEqual(400);
  for (const r of answered) expect(typeof r.cell === 'string' && r.cell !== '').toBe(true);
  // Sheets computes a failed cell again on the next recalculation: a minute apart, until done.
  let left = first.filter((r) => r.cell === '#ERROR!');
  for (let round = 0; left.length > 0 && round < 10; round++) {
    for (const r of left)
      expect(r.error).toBe(
        'Busy with other lookups or a running job: in a minute, recalculate (Extensions › Prospecting for Sheets › Refresh formulas in selection).',
      );
    w.host.clock.advance(65000);
    left = w.host.recalculate().filter((r) => r.cell === '#ERROR!');
  }
  expect(left).toEqual([]);

  const lookups = w.host.requests.filter((q) => q.url.includes('/companies/find'));
  expect(lookups).toHaveLength(600);
  expect(new Set(lookups.map((q) => q.url)).size).toBe(600);
  expect(w.host.requests.filter((q) => q.status === 429)).toHaveLength(0);
  expect(busiestMinute(w.host.requests.map((q) => q.at))).toBeLessThan(500);
  expect(busiestMinute(lookups.map((q) => q.at))).toBeLessThanOrEqual(400);
}, 120000);
