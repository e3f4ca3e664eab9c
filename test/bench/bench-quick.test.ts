// The quick bench in-process: both sides finish every row for the same credits, the naive script
// fetches once per row and writes cell by cell, the add-on sends far fewer requests in blocks.
import { QUICK_SIZES, runBench } from '../../bench/compare';
import { formatTable } from '../../bench/table';

// Reads dist/Code.js as the other end-to-end tests do (npm test builds it first).
test('the quick bench compares a naive script and the add-on on the same rows', () => {
  const [c] = runBench(QUICK_SIZES);
  const { rows, naive, addon } = c!;
  expect(naive.finished).toBe(rows);
  expect(addon.finished).toBe(rows);
  // The same people found on both sides cost the same.
  expect(naive.credits).toBeGreaterThan(0);
  expect(addon.credits).toBe(naive.credits);
  // One lookup per row (a run cut off mid-row may ask once more), one cell write per value.
  expect(naive.fetchCalls).toBeGreaterThanOrEqual(rows);
  expect(naive.fetchCalls).toBeLessThanOrEqual(rows + naive.timedOut);
  expect(naive.requests).toBe(naive.fetchCalls);
  expect(naive.cellWrites).toBeGreaterThanOrEqual(rows);
  expect(naive.blockWrites).toBe(0);
  expect(naive.triggersCreated).toBe(1);
  expect(naive.executions).toBe(naive.triggersFired + 1);
  // The add-on sends batches and writes blocks.
  expect(addon.requests * 10).toBeLessThan(naive.requests);
  expect(addon.cellWrites).toBe(0);
  expect(addon.blockWrites).toBeGreaterThan(0);
  expect(addon.appsScriptMinutes).toBeLessThan(naive.appsScriptMinutes);
  expect(addon.http429).toBe(0);
  expect(naive.fitsConsumerQuotas).toBe(true);
  expect(addon.fitsConsumerQuotas).toBe(true);
  const table = formatTable([c!]);
  expect(table).toContain(`person enrichment, ${rows} rows`);
  expect(table).toContain('add-on/naive');
}, 120000);
