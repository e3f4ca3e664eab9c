// A full run's figures as markdown, written into docs/benchmark.md and docs/quotas.md between
// their markers, so the pages show what the bench last measured and nobody types a figure in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_DAILY_QUOTAS } from '../emulator';
import { ACTION_DEFS, BENCH_ACTIONS, hourlyLimitHours } from './actions';
import type { BenchResult, Comparison } from './compare';
import type { CustomFunctionFigures, RecalcFigures } from './custom-function-run';
import { sheetCalls, type Figures } from './figures';
import { DAY_HOURS } from './heavy-day';
import { reuseLine, show } from './table';
import { targets, verdict } from './targets';

export const beginMarker = (name: string): string => `<!-- npm run bench writes this block: ${name} begin -->`;
export const endMarker = (name: string): string => `<!-- npm run bench writes this block: ${name} end -->`;

const n = (x: number): string => x.toLocaleString('en-US');
const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;

/** One figure across runs: the value when they agree, else the lowest to the highest. */
function span(values: number[], fmt: (v: number) => string = show): string {
  const lo = fmt(Math.min(...values));
  const hi = fmt(Math.max(...values));
  return lo === hi ? lo : `${lo} to ${hi}`;
}

function comparisonBlock(result: BenchResult): string {
  const compared = result.comparisons.filter((c) => c.naive);
  const rows = Math.max(0, ...compared.map((c) => c.rows));
  const at = BENCH_ACTIONS.map((a) => compared.find((c) => c.action === a && c.rows === rows)).filter(
    (c): c is Comparison => c !== undefined,
  );
  const line = (label: string, value: (f: Figures) => string) => row([label, ...at.flatMap((c) => [value(c.naive!), value(c.addon)])]);
  const out = [
    `At ${n(rows)} rows:`,
    '',
    row([`${n(rows)} rows`, ...at.flatMap((c) => [`${c.action}: naive`, 'add-on'])]),
    row(['---', ...at.flatMap(() => ['---:', '---:'])]),
    line('URL fetches', (f) => show(f.requests)),
    line("sheet calls (reads + writes; a row's hidden state asked alone counts)", (f) => show(sheetCalls(f))),
    line('executions (cut at 6 min)', (f) => `${show(f.executions)} (${show(f.timedOut)})`),
    line('executions refused by a daily quota', (f) => show(f.quotaRefusals)),
    line('est. Apps Script minutes', (f) => show(f.appsScriptMinutes)),
    line('virtual hours to finish', (f) => show(f.virtualHours)),
    line("fits a consumer account's daily quotas", (f) => (f.fitsConsumerQuotas ? 'yes' : `no (${show(f.quotaDays)} days)`)),
  ];
  const alone = result.comparisons.filter((c) => !c.naive).map((c) => c.addon);
  if (alone.length) {
    const size = alone[0]!.rows;
    const floor = Math.max(...BENCH_ACTIONS.map((a) => hourlyLimitHours(a, size)));
    const hours = alone.map((f) => f.virtualHours);
    const limit = n(ACTION_DEFS.person.hourlyLimit);
    const cut = alone.reduce((t, f) => t + f.timedOut, 0);
    out.push(
      '',
      `${n(size)} rows of each action finish through the add-on in ${span(hours)} virtual hours, ` +
        `${Math.max(...hours) <= floor ? 'under' : 'over'} the ${show(floor)} hours that ${n(size)} rows at ${limit} an hour ` +
        `come to (a sliding hour lets the first ${limit} start at once), in ${span(alone.map((f) => f.executions))} executions, ` +
        `${cut === 0 ? 'none' : n(cut)} cut off, with ${span(alone.map((f) => f.requests))} URL fetches, ` +
        `${span(alone.map(sheetCalls))} sheet calls and ${span(alone.map((f) => f.triggerRuntimeMinutes))} minutes of trigger ` +
        `runtime; the start takes ${span(alone.map((f) => f.firstSeconds))} s of estimated Apps Script time in ` +
        `${span(alone.map((f) => f.firstCalls))} service calls.`,
    );
  }
  return out.join('\n');
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const shown = (r: RecalcFigures, domains: number) =>
  r.errorRows ? `\`#ERROR!\` on ${n(r.errorRows)} of ${n(domains)} rows` : `${n(r.values)} values`;

/** A range answered within its size: each recalculation in a row. */
function rangeTable(f: CustomFunctionFigures): string {
  const recalc = (label: string, r: RecalcFigures) =>
    row([label, n(r.executions), n(r.fetches), `${secs(r.longestMs)} of ${secs(f.limitMs)}`, shown(r, f.domains)]);
  return [
    `One formula over a column of domains, \`${f.formula}\`:`,
    '',
    row([`${n(f.domains)} domains`, 'executions', 'fetches', 'longest cell (host time)', 'rows shown']),
    row(['---', '---:', '---:', '---:', '---']),
    recalc('first recalculation', f.first),
    ...f.rounds.map((r, i) => recalc(`Refresh formulas in selection, ${i === 0 ? 'a minute' : `${i + 1} minutes`} later`, r)),
    recalc('entered again, every row cached', f.again),
  ].join('\n');
}

/** A range past the refusal size: what the person is told, and the rounds of the formulas it is split into. */
function refusedRange(f: CustomFunctionFigures, result: BenchResult): string {
  const sum = (k: 'executions' | 'fetches' | 'http429') => f.rounds.reduce((t, r) => t + r[k], 0);
  const fetches = sum('fetches');
  const last = f.rounds[f.rounds.length - 1];
  const split = f.split ? `Split into ${n(f.split.formulas)} formulas of ${n(f.split.rowsEach)} rows, the column` : 'The column';
  const answered = last && last.errorRows === 0 ? 'is answered' : `is NOT answered (${n(last?.errorRows ?? f.domains)} rows under #ERROR!)`;
  const company = result.comparisons.find((c) => c.action === 'company' && c.rows === f.domains)?.addon;
  const http429 = sum('http429');
  return [
    `Over ${n(f.domains)} domains the formula is ${f.first.fetches === 0 ? 'refused before any request' : 'answered in part'}: ` +
      `\`${f.first.error ?? 'no error'}\` ${split} ${answered} after ${n(f.rounds.length)} rounds of Refresh formulas in ` +
      `selection a minute apart (${f.minutesToAnswer.toFixed(0)} minutes, ${n(sum('executions'))} executions, ${n(fetches)} fetches` +
      `${fetches === f.domains ? ', each domain once' : ''}, ${http429 === 0 ? 'no 429' : `${n(http429)} 429s`}, no cell over ` +
      `${secs(Math.max(0, ...f.rounds.map((r) => r.longestMs)))}); the single formula over all ${n(f.domains)} rows then answers ` +
      `${f.again.fetches === 0 ? 'from the cache with no fetch' : `with ${n(f.again.fetches)} fetches`}.`,
    company
      ? `Enrich companies (the company enrichment run above) does the same ${n(f.domains)} rows with ${n(company.requests)} ` +
        `fetches in ${show(company.virtualHours)} virtual hours.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function formulasBlock(result: BenchResult): string {
  const m = result.month;
  const [first, ...later] = m.days;
  const sum = (k: 'credits' | 'fetches' | 'properties' | 'executions') => later.reduce((t, d) => t + d[k], 0);
  const month =
    `Over ${n(m.days.length)} days of reopening, ${n(m.people)} \`=ENRICH_PERSON\` cells and one \`=ENRICH_COMPANY\` ` +
    `over ${n(m.companies)} rows cost, on day 1, ${show(first!.credits)} credits, ${n(first!.fetches)} fetches, ` +
    `${n(first!.properties)} property calls and ${n(first!.executions)} cell executions; on days 2 to ${n(m.days.length)} ` +
    `together, ${show(sum('credits'))} credits, ${n(sum('fetches'))} fetches, ${n(sum('properties'))} property calls and ` +
    `${n(sum('executions'))} cell executions. The kept answers take ${n(m.storeBytes)} bytes of the document's store.`;
  const parts = result.customFunctions.map((f) => (f.split || f.first.fetches === 0 ? refusedRange(f, result) : rangeTable(f)));
  return [...parts, month].join('\n\n');
}

function targetsBlock(result: BenchResult): string {
  const { rows, list, figures } = targets(result);
  return [
    `Person enrichment, ${n(rows)} rows:`,
    '',
    row(['figure', 'measured', 'target', '']),
    row(['---', '---:', '---:', '---']),
    ...list.map((t) =>
      row([
        t.label,
        t.value === undefined ? 'not run' : show(t.value),
        t.target,
        t.value === undefined ? '' : t.met(t.value, figures) ? 'met' : 'not met',
      ]),
    ),
    '',
    `${verdict(result)}; the whole bench took ${(result.realSeconds / 60).toFixed(1)} minutes of real time on the machine that ran it.`,
  ].join('\n');
}

function quotasBlock(result: BenchResult): string {
  const q = CONSUMER_DAILY_QUOTAS;
  const d = result.day;
  const runtime = q.triggerRuntimeMs / 60000;
  const alone = result.comparisons.filter((c) => c.rows === d.rows && !c.naive).map((c) => c.addon);
  const jobsAlone = alone.reduce((t, f) => t + f.triggerRuntimeMinutes, 0);
  const start = result.comparisons.find((c) => c.action === 'person' && c.rows === d.rows && !c.naive)?.addon;
  const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(0)}%`;
  const lines = [row(['what', 'cost']), row(['---', '---'])];
  if (start)
    lines.push(
      row([
        `starting ${n(start.rows)} rows of person enrichment (hidden and filtered rows found included)`,
        `${show(start.firstSeconds)} s of estimated Apps Script time, ${n(start.firstCalls)} service calls`,
      ]),
    );
  lines.push(
    row([
      `a heavy day: three ${n(d.rows)}-row jobs (emails, people, companies), the sidebar open all ${DAY_HOURS} hours ` +
        `(polling whenever a job can change, at least every 30 s, also while nothing runs: ${n(d.polls)} polls), ` +
        `${n(d.cells)} formula cells each its own execution`,
      `${n(d.urlFetch)} of ${n(q.urlFetch)} URL fetches, ${n(d.properties)} of ${n(q.properties)} property calls, ` +
        `${show(d.triggerRuntimeMinutes)} of ${runtime} minutes of trigger runtime` +
        (alone.length ? ` (left to their triggers the three jobs take ${show(jobsAlone)} minutes)` : '') +
        `; rows ended ${n(d.rowsEnded)} of ${n(3 * d.rows)}, cells answered ${n(d.cellsAnswered)} of ${n(d.cells)}`,
    ]),
  );
  const most = Math.max(d.triggerRuntimeMinutes, jobsAlone);
  return [
    ...lines,
    '',
    `So a heavy day uses about ${pct(d.urlFetch, q.urlFetch)} of a consumer account's URL fetches, ` +
      `${pct(d.properties, q.properties)} of its property calls and at most ${pct(most, runtime)} of its trigger runtime` +
      `${d.fitsConsumerQuotas ? '' : ', and does NOT fit its day'}.`,
  ].join('\n');
}

/** Every block the bench writes, by page and name. */
export function docBlocks(result: BenchResult): Record<string, Record<string, string>> {
  return {
    'docs/benchmark.md': {
      comparison: comparisonBlock(result),
      formulas: formulasBlock(result),
      reuse: `${reuseLine(result.reuse)}.`,
      targets: targetsBlock(result),
    },
    'docs/quotas.md': { quotas: quotasBlock(result) },
  };
}

/** The page with each named block's text put between its markers; a page missing a marker is an error. */
export function fillBlocks(page: string, blocks: Record<string, string>, where: string): string {
  let out = page;
  for (const [name, text] of Object.entries(blocks)) {
    const begin = beginMarker(name);
    const end = endMarker(name);
    const from = out.indexOf(begin);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${where} has no block "${name}" (${begin} ... ${end})`);
    out = `${out.slice(0, from + begin.length)}\n\n${text}\n\n${out.slice(to)}`;
  }
  return out;
}

/** Writes a full run's blocks into the pages under `root`; returns the pages written. */
export function writeDocBlocks(result: BenchResult, root: string): string[] {
  return Object.entries(docBlocks(result)).map(([page, blocks]) => {
    const path = join(root, page);
    writeFileSync(path, fillBlocks(readFileSync(path, 'utf8'), blocks, page));
    return page;
  });
}
