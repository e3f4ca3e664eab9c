// The bench as plain text: a table per action and size (naive, add-on, add-on/naive), the
// custom-function runs, and the bundle comparison; a quick run's tables in brief.
import { CONSUMER_DAILY_QUOTAS } from '../emulator';
import { ACTION_DEFS, hourlyLimitHours } from './actions';
import type { BundleFigures } from './bundle-load';
import type { BenchResult, Comparison } from './compare';
import type { CustomFunctionFigures, RecalcFigures } from './custom-function-run';
import type { HeavyDayFigures } from './heavy-day';
import type { FormulaMonthFigures, MonthDay } from './formula-month';
import type { ReuseFigures } from './reuse-run';
import { sheetCalls, type Figures } from './figures';

type Line = [label: string, value: (f: Figures) => number | string];

export const itemsPerResult = (f: Figures): number => (f.resultsDelivered === 0 ? 0 : f.resultItemsReceived / f.resultsDelivered);

const LINES: Line[] = [
  ['rows finished', (f) => f.finished],
  ['UrlFetchApp.fetch calls', (f) => f.fetchCalls],
  ['UrlFetchApp.fetchAll calls', (f) => f.fetchAllCalls],
  ['URL fetches (HTTP requests, fetchAll items included)', (f) => f.requests],
  ['HTTP 429 answers', (f) => f.http429],
  ['sheet block reads (getValues, ...)', (f) => f.blockReads],
  ['sheet cell reads (getValue, isRowHiddenByUser, ...)', (f) => f.cellReads],
  ['sheet block writes (setValues, ...)', (f) => f.blockWrites],
  ['sheet cell writes (setValue, ...)', (f) => f.cellWrites],
  ['sheet calls (reads + writes)', sheetCalls],
  ['property reads', (f) => f.propertyReads],
  ['property writes', (f) => f.propertyWrites],
  ['triggers created', (f) => f.triggersCreated],
  ['triggers fired (trigger executions)', (f) => f.triggersFired],
  ['executions', (f) => f.executions],
  ['executions cut at 6 min', (f) => f.timedOut],
  ['executions refused by a daily quota', (f) => f.quotaRefusals],
  ['est. Apps Script minutes', (f) => f.appsScriptMinutes],
  ['first execution (the start): est. seconds', (f) => f.firstSeconds],
  ['first execution (the start): service calls', (f) => f.firstCalls],
  ['trigger runtime minutes', (f) => f.triggerRuntimeMinutes],
  ['virtual hours to finish', (f) => f.virtualHours],
  ['credits spent', (f) => f.credits],
  ['result items received per delivered result', (f) => (f.resultsDelivered === 0 ? '-' : itemsPerResult(f))],
  ["script's own CPU (s)", (f) => f.scriptCpuSeconds],
  ['node CPU of the whole run (s)', (f) => f.nodeCpuSeconds],
  ['peak RSS of the process (MB)', (f) => f.peakRssMb],
  ['peak JS heap in use (MB)', (f) => f.peakHeapMb],
  ['real seconds', (f) => f.realSeconds],
  ['quota days used', (f) => f.quotaDays],
  [`worst day: URL fetches (of ${CONSUMER_DAILY_QUOTAS.urlFetch.toLocaleString('en-US')})`, (f) => f.worstDay.urlFetch],
  [`worst day: property calls (of ${CONSUMER_DAILY_QUOTAS.properties.toLocaleString('en-US')})`, (f) => f.worstDay.properties],
  [`worst day: trigger runtime min (of ${CONSUMER_DAILY_QUOTAS.triggerRuntimeMs / 60000})`, (f) => f.worstDay.triggerRuntimeMs / 60000],
  ['fits consumer daily quotas', (f) => (f.fitsConsumerQuotas ? 'yes' : 'no')],
];

/** The lines a quick run shows: what the rows cost each side, the rest being for the full run to tell. */
const QUICK_LINES = new Set([
  'rows finished',
  'URL fetches (HTTP requests, fetchAll items included)',
  'HTTP 429 answers',
  'sheet calls (reads + writes)',
  'executions',
  'est. Apps Script minutes',
  'credits spent',
  'fits consumer daily quotas',
]);

export function show(v: number | string): string {
  if (typeof v === 'string') return v;
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v >= 1 ? v.toFixed(2) : v.toFixed(3);
}

function ratio(a: number | string, n: number | string): string {
  if (typeof a === 'string' || typeof n === 'string') return '';
  if (n === 0) return a === 0 ? '-' : 'n/a';
  if (a === 0) return '0×';
  const r = a / n;
  return r >= 10 ? `${r.toFixed(0)}×` : r >= 0.1 ? `${r.toFixed(2)}×` : `${r.toFixed(4)}×`;
}

/** Lines of cells padded to line up: the first column to the left, the others to the right. */
export function grid(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function comparisonTable(c: Comparison, quick: boolean): string {
  const title = `${ACTION_DEFS[c.action].label}, ${c.rows.toLocaleString('en-US')} rows`;
  const naive = c.naive;
  const head = naive ? [title, 'naive', 'add-on', 'add-on/naive'] : [title, 'add-on'];
  const body = LINES.filter(([label]) => !quick || QUICK_LINES.has(label)).map(([label, value]) => {
    const a = value(c.addon);
    if (!naive) return [label, show(a)];
    const n = value(naive);
    return [label, show(n), show(a), ratio(a, n)];
  });
  let out = grid([head, ...body]);
  if (!naive) {
    const floor = hourlyLimitHours(c.action, c.rows);
    const limit = ACTION_DEFS[c.action].hourlyLimit.toLocaleString('en-US');
    out += `\nvirtual hours to finish vs ${floor.toFixed(2)} h the ${limit}-an-hour limit allows: ${c.addon.virtualHours.toFixed(2)} h (${(c.addon.virtualHours / floor).toFixed(2)}×)`;
  }
  return out;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function recalcRow(label: string, r: RecalcFigures, limitMs: number): string[] {
  return [
    label,
    show(r.executions),
    show(r.fetches),
    show(r.http429),
    `${secs(r.longestMs)} of ${secs(limitMs)}`,
    show(r.cpuMs / 1000),
    show(r.values),
    show(r.messages),
    show(r.errorRows),
  ];
}

function customFunctionTable(f: CustomFunctionFigures): string {
  const head = [
    `${f.formula}, ${f.domains.toLocaleString('en-US')} domains`,
    'executions',
    'fetches',
    '429s',
    'longest cell (host time)',
    'own CPU (s)',
    'values',
    'messages',
    'rows under #ERROR!',
  ];
  const rows = [head, recalcRow('first recalculation', f.first, f.limitMs)];
  const lastRound = f.rounds[f.rounds.length - 1];
  if (f.rounds.length > 0) {
    const sum = (k: 'executions' | 'fetches' | 'http429' | 'cpuMs') => f.rounds.reduce((n, r) => n + r[k], 0);
    const longest = Math.max(...f.rounds.map((r) => r.longestMs));
    const total: RecalcFigures = {
      ...lastRound!,
      executions: sum('executions'),
      fetches: sum('fetches'),
      http429: sum('http429'),
      cpuMs: sum('cpuMs'),
      longestMs: longest,
    };
    const what = f.split ? `${f.split.formulas} formulas of ${f.split.rowsEach.toLocaleString('en-US')} rows` : 'the formula';
    rows.push(recalcRow(`${what}: ${f.rounds.length} round${f.rounds.length === 1 ? '' : 's'}`, total, f.limitMs));
  }
  rows.push(recalcRow('entered again, all cached', f.again, f.limitMs));
  const notes = [`first recalculation: ${f.first.error ? `#ERROR! "${f.first.error}"` : 'answered'}`];
  if (f.rounds.length > 0) {
    const answered = lastRound!.errorRows === 0;
    notes.push(
      `${answered ? 'every row answered' : `NOT every row answered (${lastRound!.errorRows.toLocaleString('en-US')} under #ERROR!)`} after ${f.rounds.length} round${f.rounds.length === 1 ? '' : 's'} ` +
        `(Refresh formulas in selection, a minute apart), ${f.minutesToAnswer.toFixed(1)} min from the first recalculation`,
    );
  }
  return `${grid(rows)}\n${notes.join('\n')}`;
}

function bundleTable(b: BundleFigures): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const rows = [
    ['dist/Code.js against a full-zod build', 'dist/Code.js', 'with zod', 'dist/with zod'],
    ['size', kb(b.dist.bytes), kb(b.fullZod.bytes), ratio(b.dist.bytes, b.fullZod.bytes)],
    [
      'first load into a fresh context',
      ms(b.dist.firstLoadMs),
      ms(b.fullZod.firstLoadMs),
      ratio(b.dist.firstLoadMs, b.fullZod.firstLoadMs),
    ],
    [
      `warm load, median of ${b.dist.loads}`,
      ms(b.dist.warmLoadMs),
      ms(b.fullZod.warmLoadMs),
      ratio(b.dist.warmLoadMs, b.fullZod.warmLoadMs),
    ],
    ['zod schemas built at load', show(b.dist.schemasAtLoad), show(b.fullZod.schemasAtLoad), ''],
  ];
  return `${grid(rows)}\nthe bench's build of the same sources with zod/mini ${b.sameAsDist ? 'is byte for byte dist/Code.js' : 'DIFFERS from dist/Code.js (run npm run build)'}`;
}

const NOTES = [
  "est. Apps Script minutes: the host's cost model for every service call plus the script's own CPU.",
  "script's own CPU: the time the script's JavaScript runs between service calls, bundle loading",
  "  included, as the host measures it (costReport().scriptMs); in the add-on column it is the add-on's",
  '  own CPU. It is processor time, so garbage collection adds to it (a busy machine does not); it includes the',
  "  host copying values into and out of the script's realm (getValues results, setValues arguments),",
  '  which Apps Script counts inside the call: an upper bound.',
  'node CPU, peak RSS, peak JS heap and real seconds are of this whole process (host, local service and',
  '  script together); memory is sampled after each execution, garbage collected before each run when',
  '  node has --expose-gc (npm run bench does). RSS keeps what earlier, larger runs took from the system.',
  "result items received per delivered result: items in the service's answers to batch reads, over the",
  '  distinct items among them (a page read again counts again).',
  "worst day: the user's busiest quota day. fits: no execution refused by a daily quota and every",
  "  worst-day figure within a consumer account's quotas.",
];

/** The heavy day against a consumer account's daily quotas. */
function dayTable(d: HeavyDayFigures): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `A heavy day: three jobs of ${n(d.rows)} rows (emails, people, companies), the sidebar open all day, ${n(d.cells)} formula cells`,
    `  rows ended ${n(d.rowsEnded)} of ${n(3 * d.rows)}, cells answered ${n(d.cellsAnswered)} of ${n(d.cells)}, last job ended after ${d.hoursToEnd.toFixed(2)} h`,
    `  ${n(d.polls)} sidebar polls, ${n(d.triggerRuns)} trigger runs, ${n(d.refused)} executions refused by a daily quota`,
    `  URL fetches ${n(d.urlFetch)} of ${n(CONSUMER_DAILY_QUOTAS.urlFetch)}; property calls ${n(d.properties)} of ${n(CONSUMER_DAILY_QUOTAS.properties)}; trigger runtime ${d.triggerRuntimeMinutes.toFixed(1)} of ${CONSUMER_DAILY_QUOTAS.triggerRuntimeMs / 60000} min`,
    `  fits a consumer account's day: ${d.fitsConsumerQuotas ? 'yes' : 'no'}`,
  ];
  return lines.join('\n');
}

/** The month of daily reopening: day 1, then days 2 to 30 in sum and at most. */
function monthTable(m: FormulaMonthFigures): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const [first, ...later] = m.days as [MonthDay, ...MonthDay[]];
  const sum = (f: (d: MonthDay) => number) => later.reduce((t, d) => t + f(d), 0);
  const most = (f: (d: MonthDay) => number) => Math.max(0, ...later.map(f));
  const share = first.fetches ? ` (${((100 * sum((d) => d.fetches)) / first.fetches).toFixed(1)}% of day 1)` : '';
  const lines = [
    `Formulas over ${m.days.length} days of daily reopening: ${n(m.people)} =ENRICH_PERSON cells, one =ENRICH_COMPANY over ${n(m.companies)} rows`,
    `  day 1: ${n(first.credits)} credits, ${n(first.fetches)} fetches, ${n(first.properties)} property calls, ${n(first.executions)} cell executions`,
    `  days 2-${m.days.length}: ${n(sum((d) => d.credits))} credits, ${n(sum((d) => d.fetches))} fetches${share}; a day at most ${n(most((d) => d.credits))} credits, ${n(most((d) => d.fetches))} fetches, ${n(most((d) => d.properties))} property calls, ${n(most((d) => d.executions))} cell executions`,
    `  cells under #ERROR! at a day's end, at most: ${n(Math.max(...m.days.map((d) => d.errors)))}`,
    `  the answers kept: ${n(m.storeBytes)} bytes of the document's store; the API key in it: ${m.storeHoldsKey ? 'YES' : 'no'}`,
  ];
  return lines.join('\n');
}

/** Answers reused from another sheet: what the run cost, and that it bought nothing. */
export function reuseLine(r: ReuseFigures): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const f = r.run;
  return (
    `${n(f.rows)} rows validated on one sheet, then selected on another in another order: ${n(r.reused)} answers reused, ` +
    `${n(r.sent)} emails sent, ${show(f.credits)} credits, ${n(f.requests)} URL fetches, ${n(sheetCalls(f))} sheet calls ` +
    `(${n(f.blockReads + f.cellReads)} reads, ${n(f.blockWrites + f.cellWrites)} writes), ${n(f.propertyReads + f.propertyWrites)} property calls, ` +
    `${n(f.executions)} execution${f.executions === 1 ? '' : 's'} of ${show(f.firstSeconds)} s estimated Apps Script time, ` +
    `${show(f.scriptCpuSeconds)} s of the add-on's own CPU`
  );
}

/** Every table; a quick run's comparisons in brief, without the notes on figures it does not show. */
export function formatTable(
  result: Pick<BenchResult, 'comparisons' | 'customFunctions' | 'bundle' | 'day' | 'month' | 'reuse'> & { quick?: boolean },
): string {
  const quick = result.quick === true;
  return [
    ...result.comparisons.map((c) => comparisonTable(c, quick)),
    quick ? 'The figures in brief: npm run bench shows them all, with notes on how each is measured.' : NOTES.join('\n'),
    ...result.customFunctions.map(customFunctionTable),
    dayTable(result.day),
    monthTable(result.month),
    `Answers reused\n  ${reuseLine(result.reuse)}`,
    bundleTable(result.bundle),
  ].join('\n\n');
}
