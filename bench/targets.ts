// The issues' targets for person enrichment at 10,000 rows (and at 50,000 rows: virtual hours,
// the start's estimated time, trigger runtime; the heavy day), each beside the figure this run
// measured, met or not, and the run's verdict in one line. A figure that grows with the rows is
// judged only at the size its target is for: a quick run does not judge it. A miss is reported,
// never fatal.
import type { BenchResult } from './compare';
import { sheetCalls, type Figures } from './figures';
import { grid, itemsPerResult, show } from './table';

export interface Target {
  label: string;
  /** The figure measured, undefined when this run did not measure it. */
  value: number | undefined;
  /** The target as text, and whether a value meets it. */
  target: string;
  met: (value: number, f: Figures | undefined) => boolean;
  unit?: string;
  /** The figure grows with the rows: only a run of the size the target is for judges it. */
  sized?: boolean;
}

const TARGET_ROWS = 10000;
const TARGET_LONG_ROWS = 50000;

function person(result: BenchResult, rows: number): Figures | undefined {
  return result.comparisons.find((c) => c.action === 'person' && c.rows === rows)?.addon;
}

/** The person-enrichment size the targets read: 10,000 rows, or the largest run (a quick run). */
function targetRows(result: BenchResult): number {
  const sizes = result.comparisons.filter((c) => c.action === 'person').map((c) => c.rows);
  return sizes.includes(TARGET_ROWS) ? TARGET_ROWS : Math.max(0, ...sizes.filter((n) => n <= TARGET_ROWS));
}

export function targets(result: BenchResult): { rows: number; list: Target[]; figures: Figures | undefined } {
  const rows = targetRows(result);
  const f = person(result, rows);
  const long = person(result, TARGET_LONG_ROWS);
  const list: Target[] = [
    { label: 'URL fetches', value: f?.requests, target: '≤ 15', met: (v) => v <= 15, sized: true },
    { label: 'sheet calls (reads + writes)', value: f && sheetCalls(f), target: '≤ 12', met: (v) => v <= 12, sized: true },
    { label: 'est. Apps Script minutes', value: f?.appsScriptMinutes, target: '≤ 0.4', met: (v) => v <= 0.4, sized: true },
    // Pages polled while a batch runs are read again: a small batch, soon done, reads more of them per result.
    {
      label: 'result items received per delivered result',
      value: f && itemsPerResult(f),
      target: '≤ 1.05',
      met: (v) => v <= 1.05,
      sized: true,
    },
    { label: "add-on's own CPU (s)", value: f?.scriptCpuSeconds, target: '≤ 3', met: (v) => v <= 3, sized: true },
    {
      label: 'triggers created (vs trigger executions + 1)',
      value: f?.triggersCreated,
      target: f ? `≤ ${f.triggersFired + 1}` : '≤ executions + 1',
      met: (v, g) => g !== undefined && v <= g.triggersFired + 1,
    },
    { label: 'warm load of dist/Code.js (ms)', value: result.bundle.dist.warmLoadMs, target: '≤ 5', met: (v) => v <= 5 },
    { label: 'dist/Code.js size (KB)', value: result.bundle.dist.bytes / 1024, target: '≤ 150', met: (v) => v <= 150 },
    {
      label: `${TARGET_LONG_ROWS.toLocaleString('en-US')} rows: virtual hours`,
      value: long?.virtualHours,
      target: '≤ 3.7',
      met: (v) => v <= 3.7,
    },
    {
      label: `${TARGET_LONG_ROWS.toLocaleString('en-US')} rows: the start's est. seconds`,
      value: long?.firstSeconds,
      target: '≤ 60',
      met: (v) => v <= 60,
    },
    {
      label: `${TARGET_LONG_ROWS.toLocaleString('en-US')} rows: trigger runtime minutes`,
      value: long?.triggerRuntimeMinutes,
      target: '≤ 3',
      met: (v) => v <= 3,
    },
    {
      label: `${TARGET_LONG_ROWS.toLocaleString('en-US')} answers reused: sheet calls`,
      value: result.reuse.run.rows >= TARGET_LONG_ROWS ? sheetCalls(result.reuse.run) : undefined,
      target: '≤ 12',
      met: (v) => v <= 12,
    },
    {
      label: `${TARGET_LONG_ROWS.toLocaleString('en-US')} answers reused: credits and URL fetches`,
      value: result.reuse.run.rows >= TARGET_LONG_ROWS ? result.reuse.run.credits + result.reuse.run.requests : undefined,
      target: '= 0',
      met: (v) => v === 0,
    },
    {
      label: 'a heavy day within a consumer account (1 = yes)',
      value: result.day.rows >= TARGET_LONG_ROWS ? Number(result.day.fitsConsumerQuotas) : undefined,
      target: '= 1',
      met: (v) => v === 1,
    },
  ];
  return { rows, list, figures: f };
}

const count = (n: number) => n.toLocaleString('en-US');

/** Whether this run judges the target: it measured it, at the size the target is for when its figure grows with the rows. */
const judges = (t: Target, rows: number): boolean => t.value !== undefined && (!t.sized || rows === TARGET_ROWS);

/**
 * The run's verdict in one line: how many of the targets it measured are met; for a quick run,
 * how many of those it can judge are met, and that the others are not judged at its size.
 */
export function verdict(result: BenchResult): string {
  const { rows, list, figures } = targets(result);
  const judged = list.filter((t) => judges(t, rows));
  const missed = judged.filter((t) => !t.met(t.value!, figures));
  const met = `${judged.length - missed.length} of ${judged.length}`;
  if (rows === TARGET_ROWS) return `${met} measured targets met`;
  const notMet = missed.length ? ` (not met: ${missed.map((t) => t.label).join('; ')})` : '';
  return (
    `Quick run: ${met} targets it can judge met${notMet}; the other ${list.length - judged.length}, ` +
    `for ${count(TARGET_ROWS)} and ${count(TARGET_LONG_ROWS)} rows, are not judged at ${count(rows)} rows (npm run bench judges them).`
  );
}

export function formatTargets(result: BenchResult): string {
  const { rows, list, figures } = targets(result);
  const quick = rows !== TARGET_ROWS;
  const title = quick
    ? `targets: person enrichment, ${count(rows)} rows (quick run; the targets are for ${count(TARGET_ROWS)})`
    : `targets: person enrichment, ${count(rows)} rows`;
  const lines = list.map((t) => [
    t.label,
    t.value === undefined ? 'not run' : show(t.value),
    t.target,
    judges(t, rows) ? (t.met(t.value!, figures) ? 'met' : 'not met') : quick ? `not judged at ${count(rows)} rows` : '',
  ]);
  return `${grid([[title, 'measured', 'target', ''], ...lines])}\n${verdict(result)}`;
}
