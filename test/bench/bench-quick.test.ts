// The quick bench in-process, on the built dist/Code.js: for each action both sides finish every
// row for the same credits, the naive script fetching per row and writing cell by cell, the add-on
// sending far fewer requests in blocks; the custom function, the bundle comparison, the targets
// and the chart's data read from the same run, and the blocks a full run writes into the docs.
// Counts only, never wall-clock times.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_ACTIONS } from '../../bench/actions';
import { chartData, METRICS } from '../../bench/chart';
import { QUICK_PLAN, runBench, type BenchResult } from '../../bench/compare';
import { beginMarker, docBlocks, endMarker, fillBlocks } from '../../bench/doc-blocks';
import { formatTable, show } from '../../bench/table';
import { formatTargets, targets, verdict } from '../../bench/targets';

let result: BenchResult;

// Reads dist/Code.js as the other end-to-end tests do (npm test builds it first).
beforeAll(async () => {
  result = await runBench(QUICK_PLAN);
}, 120000);

const comparison = (action: string) => result.comparisons.find((c) => c.action === action)!;

test.each(BENCH_ACTIONS)('%s: the naive script and the add-on finish the same rows for the same credits', (action) => {
  const { rows, naive, addon } = comparison(action);
  expect(naive).toBeDefined();
  const n = naive!;
  expect(n.finished).toBe(rows);
  expect(addon.finished).toBe(rows);
  if (action === 'email') {
    // A naive run cut off between starting a validation and noting it pays for that row again.
    expect(addon.credits).toBe(rows);
    expect(n.credits).toBeGreaterThanOrEqual(rows);
    expect(n.credits).toBeLessThanOrEqual(rows + n.timedOut);
  } else {
    expect(addon.credits).toBe(n.credits);
  }
  if (action === 'person') expect(n.credits).toBeGreaterThan(0);
  // One request per row (a run cut off mid-row may ask once more); email validation starts a
  // batch of one and polls it, so at least two.
  const perRow = action === 'email' ? 2 : 1;
  expect(n.requests).toBe(n.fetchCalls);
  expect(n.fetchCalls).toBeGreaterThanOrEqual(rows * perRow);
  if (action !== 'email') expect(n.fetchCalls).toBeLessThanOrEqual(rows + n.timedOut);
  expect(n.cellWrites).toBeGreaterThanOrEqual(rows);
  expect(n.blockWrites).toBe(0);
  expect(n.triggersCreated).toBe(1);
  expect(n.executions).toBe(n.triggersFired + 1);
  // The add-on sends batches, writes blocks, and reads every result it delivers.
  expect(addon.requests * 10).toBeLessThan(n.requests);
  expect(addon.cellWrites).toBe(0);
  expect(addon.blockWrites).toBeGreaterThan(0);
  expect(addon.appsScriptMinutes).toBeLessThan(n.appsScriptMinutes);
  expect(addon.http429).toBe(0);
  expect(addon.resultsDelivered).toBe(rows);
  expect(addon.resultItemsReceived).toBeGreaterThanOrEqual(addon.resultsDelivered);
  expect(addon.executions).toBe(addon.triggersFired + 1);
  expect(n.fitsConsumerQuotas).toBe(true);
  expect(addon.fitsConsumerQuotas).toBe(true);
});

test('the table has every action and the comparison column; the targets read person enrichment', () => {
  const table = formatTable(result);
  for (const c of result.comparisons)
    expect(table).toContain(`${c.action === 'email' ? 'email validation' : `${c.action} enrichment`}, ${c.rows} rows`);
  expect(table).toContain('add-on/naive');
  const t = targets(result);
  expect(t.rows).toBe(QUICK_PLAN.sizes[0]!.rows);
  expect(t.list.find((x) => x.label === 'URL fetches')!.value).toBe(comparison('person').addon.requests);
  expect(t.list.find((x) => x.label.startsWith('50,000'))!.value).toBeUndefined();
  expect(formatTargets(result)).toMatch(/\nQuick run: \d of 3 targets it can judge met.*, are not judged at 200 rows/);
});

test('=ENRICH_COMPANY: a small range is answered in one recalculation, then served from the cache', () => {
  const small = result.customFunctions.find((f) => f.domains === QUICK_PLAN.customFunction[0])!;
  expect(small.first).toMatchObject({
    executions: 1,
    fetches: small.domains,
    http429: 0,
    timedOut: 0,
    values: small.domains,
    errorRows: 0,
  });
  // The host's virtual time, not the machine's.
  expect(small.first.longestMs).toBeLessThan(small.limitMs);
  expect(small.rounds).toHaveLength(0);
  expect(small.again).toMatchObject({ executions: 1, fetches: 0, values: small.domains, errorRows: 0 });
});

test('=ENRICH_COMPANY: a range past the refusal size is refused before any request, then answered in parts, each domain fetched once', () => {
  const large = result.customFunctions.find((f) => f.domains === QUICK_PLAN.customFunction[1])!;
  expect(large.first.fetches).toBe(0);
  expect(large.first.errorRows).toBe(large.domains);
  expect(large.first.error).toMatch(/^More than 2,000 rows to look up: use .* › Enrich companies/);
  expect(large.split).toEqual({ formulas: 2, rowsEach: 2000 });
  const fetched = large.rounds.reduce((n, r) => n + r.fetches, 0);
  expect(fetched).toBe(large.domains);
  expect(large.rounds.every((r) => r.http429 === 0 && r.timedOut === 0 && r.longestMs < large.limitMs)).toBe(true);
  expect(large.rounds[large.rounds.length - 1]).toMatchObject({ values: large.domains, errorRows: 0 });
  expect(large.again).toMatchObject({ fetches: 0, values: large.domains, errorRows: 0 });
});

test('the bundle comparison measures dist/Code.js itself against a larger full-zod build', () => {
  const { dist, fullZod, sameAsDist } = result.bundle;
  expect(dist.bytes).toBe(readFileSync(join(__dirname, '../../dist/Code.js')).length);
  expect(sameAsDist).toBe(true);
  expect(fullZod.bytes).toBeGreaterThan(dist.bytes);
  expect(dist.schemasAtLoad).toBe(0);
  expect(dist.loads).toBe(QUICK_PLAN.loads);
});

test('the heavy day ends every row and cell of its three jobs within a consumer account’s quotas', () => {
  const d = result.day;
  expect(d).toMatchObject({ rows: QUICK_PLAN.day.rows, cells: QUICK_PLAN.day.cells, refused: 0, fitsConsumerQuotas: true });
  expect(d.rowsEnded).toBe(3 * d.rows);
  expect(d.cellsAnswered).toBe(d.cells);
  expect(d.polls).toBeGreaterThan(0);
  // Every cell fetched once at most, every job's rows in batches: far fewer fetches than rows.
  expect(d.urlFetch).toBeGreaterThanOrEqual(d.cells);
  expect(d.urlFetch).toBeLessThan(d.cells + d.rows);
  expect(formatTable(result)).toMatch(/A heavy day: three jobs of 2,000 rows/);
});

test('formulas over a month of daily reopening pay on day 1 only, and the table says so', () => {
  const m = result.month;
  expect(m).toMatchObject({ people: QUICK_PLAN.month.people, companies: QUICK_PLAN.month.companies, storeHoldsKey: false });
  const [first, ...later] = m.days;
  expect(later).toHaveLength(29);
  expect(first!.fetches).toBe(m.people + m.companies);
  expect(first!.credits).toBeGreaterThan(0);
  expect(later.reduce((n, d) => n + d.credits, 0)).toBe(0);
  expect(later.reduce((n, d) => n + d.fetches, 0)).toBeLessThanOrEqual(first!.fetches * 0.05);
  expect(m.days.every((d) => d.errors === 0)).toBe(true);
  // One read of the document's answers a formula a day.
  for (const d of later) expect(d.properties).toBeLessThanOrEqual(d.executions);
  expect(formatTable(result)).toMatch(
    /Formulas over 30 days of daily reopening: 10 =ENRICH_PERSON cells.*\n {2}day 1: [\d.]+ credits, 60 fetches/,
  );
  expect(formatTable(result)).toMatch(/\n {2}days 2-30: 0 credits, 0 fetches \(0\.0% of day 1\)/);
});

test('the chart has both sides of every action for each metric', () => {
  const points = chartData(result.comparisons);
  for (const [metric] of METRICS) {
    for (const action of ['person enrichment', 'company enrichment', 'email validation']) {
      const sides = points.filter((p) => p.metric === metric && p.action === action).map((p) => p.side);
      expect(sides.sort()).toEqual(['add-on', 'naive script']);
    }
  }
});

test('the figures go into the docs between their markers, each page having them, and only there', () => {
  const blocks = docBlocks(result);
  for (const [page, named] of Object.entries(blocks)) {
    const before = readFileSync(join(__dirname, '../..', page), 'utf8');
    const filled = fillBlocks(before, named, page);
    for (const [name, block] of Object.entries(named)) expect(filled).toContain(`${beginMarker(name)}\n\n${block}\n\n${endMarker(name)}`);
    // Written again, the page keeps its markers and holds the new figures in place of the old.
    expect(fillBlocks(filled, named, page)).toBe(filled);
    const outside = (text: string) => text.replace(/<!-- npm run bench writes this block: (\w+) begin -->[\s\S]*?\1 end -->/g, '');
    expect(outside(filled)).toBe(outside(before));
  }
  const person = comparison('person');
  expect(blocks['docs/benchmark.md']!.comparison).toContain(
    `| URL fetches | ${show(person.naive!.requests)} | ${show(person.addon.requests)} |`,
  );
  expect(blocks['docs/benchmark.md']!.targets).toContain(verdict(result));
  expect(blocks['docs/quotas.md']!.quotas).toContain(`${result.day.urlFetch.toLocaleString('en-US')} of 20,000 URL fetches`);
  expect(() => fillBlocks('a page without markers', { figures: 'x' }, 'page.md')).toThrow('page.md has no block "figures"');
});

test('answers reused from another sheet: every row reused, nothing sent, no credit, a few sheet calls; the table says so', () => {
  const r = result.reuse;
  expect(r.reused).toBe(QUICK_PLAN.reuse);
  expect(r.sent).toBe(0);
  expect(r.run.credits).toBe(0);
  expect(r.run.requests).toBe(0);
  expect(r.run.blockReads + r.run.cellReads + r.run.blockWrites + r.run.cellWrites).toBeLessThanOrEqual(12);
  expect(formatTable(result)).toMatch(
    /Answers reused\n {2}500 rows validated on one sheet, .*: 500 answers reused, 0 emails sent, 0 credits, 0 URL fetches/,
  );
});
