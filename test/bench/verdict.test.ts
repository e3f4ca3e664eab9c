// The bench's verdict line, from made-up figures: a quick run judges only what 200 rows can tell
// (and says the rest is not judged, never "not met"); a full run counts the targets it met.
import type { BenchResult } from '../../bench/compare';
import type { Figures } from '../../bench/figures';
import { formatTargets, verdict } from '../../bench/targets';

/** Figures of an add-on run that meet every target. */
function figures(over: Partial<Figures> = {}): Figures {
  return {
    rows: 0,
    finished: 0,
    fetchCalls: 2,
    fetchAllCalls: 0,
    requests: 3,
    http429: 0,
    blockReads: 4,
    cellReads: 0,
    blockWrites: 4,
    cellWrites: 0,
    propertyReads: 10,
    propertyWrites: 10,
    triggersCreated: 1,
    triggersFired: 1,
    executions: 2,
    timedOut: 0,
    quotaRefusals: 0,
    appsScriptMinutes: 0.2,
    firstSeconds: 10,
    firstCalls: 20,
    triggerRuntimeMinutes: 1,
    virtualHours: 3.4,
    credits: 0,
    scriptCpuSeconds: 0.5,
    resultItemsReceived: 100,
    resultsDelivered: 100,
    nodeCpuSeconds: 1,
    peakRssMb: 100,
    peakHeapMb: 50,
    realSeconds: 1,
    quotaDays: 1,
    worstDay: { urlFetch: 3, properties: 20, triggerRuntimeMs: 60000 },
    fitsConsumerQuotas: true,
    ...over,
  };
}

/** A bench result with person enrichment at these sizes (each with these figures), a heavy day and answers reused at `dayRows`. */
function result(sizes: number[], over: Partial<Figures> = {}, dayRows = 2000): BenchResult {
  return {
    reuse: { run: figures({ rows: dayRows, requests: 0, blockReads: 3, blockWrites: 5 }), reused: dayRows, sent: 0 },
    quick: !sizes.includes(10000),
    comparisons: sizes.map((rows) => ({ action: 'person', rows, addon: figures({ rows, finished: rows, ...over }) })),
    customFunctions: [],
    bundle: { dist: { bytes: 149 * 1024, warmLoadMs: 0.6 } },
    day: { rows: dayRows, fitsConsumerQuotas: true },
    realSeconds: 10,
  } as unknown as BenchResult;
}

test('a quick run judges the targets 200 rows can tell, and calls the others not judged, not missed', () => {
  // Items per result past its target, as a 200-row run reads them: a figure only the full run judges.
  const quick = result([200], { resultItemsReceived: 187 });
  expect(verdict(quick)).toBe(
    'Quick run: 3 of 3 targets it can judge met; the other 11, for 10,000 and 50,000 rows, are not judged at 200 rows (npm run bench judges them).',
  );
  const table = formatTargets(quick);
  expect(table).not.toMatch(/not met/);
  expect(table.match(/not judged at 200 rows$/gm)).toHaveLength(11);
  expect(table.trimEnd().split('\n').at(-1)).toBe(verdict(quick));
});

test('a quick run names a target it can judge that is not met', () => {
  expect(verdict(result([200], { triggersCreated: 3 }))).toBe(
    'Quick run: 2 of 3 targets it can judge met (not met: triggers created (vs trigger executions + 1)); the other 11, for 10,000 and 50,000 rows, are not judged at 200 rows (npm run bench judges them).',
  );
});

test('a full run counts every target it measured, met or not, as before', () => {
  expect(verdict(result([1000, 10000, 50000], {}, 50000))).toBe('14 of 14 measured targets met');
  const slow = result([1000, 10000, 50000], { resultItemsReceived: 187 }, 50000);
  expect(verdict(slow)).toBe('13 of 14 measured targets met');
  expect(formatTargets(slow)).toMatch(/result items received per delivered result +1\.87 +≤ 1\.05 +not met/);
});
