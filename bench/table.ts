// The comparison as a plain-text table: one line per figure, naive, add-on and add-on/naive.
import { CONSUMER_DAILY_QUOTAS } from '../emulator';
import type { Comparison } from './compare';
import type { Figures } from './figures';

type Line = [label: string, value: (f: Figures) => number | string];

const LINES: Line[] = [
  ['rows finished', (f) => f.finished],
  ['UrlFetchApp.fetch calls', (f) => f.fetchCalls],
  ['UrlFetchApp.fetchAll calls', (f) => f.fetchAllCalls],
  ['HTTP requests (fetchAll items included)', (f) => f.requests],
  ['HTTP 429 answers', (f) => f.http429],
  ['sheet block reads (getValues)', (f) => f.blockReads],
  ['sheet cell reads (getValue)', (f) => f.cellReads],
  ['sheet block writes (setValues)', (f) => f.blockWrites],
  ['sheet cell writes (setValue)', (f) => f.cellWrites],
  ['property reads', (f) => f.propertyReads],
  ['property writes', (f) => f.propertyWrites],
  ['triggers created', (f) => f.triggersCreated],
  ['triggers fired', (f) => f.triggersFired],
  ['executions', (f) => f.executions],
  ['executions cut at 6 min', (f) => f.timedOut],
  ['est. Apps Script minutes', (f) => f.appsScriptMinutes],
  ['trigger runtime minutes', (f) => f.triggerRuntimeMinutes],
  ['virtual hours to finish', (f) => f.virtualHours],
  ['credits spent', (f) => f.credits],
  ['node CPU of the whole run (s)', (f) => f.nodeCpuSeconds],
  ['peak RSS of the process (MB)', (f) => f.peakRssMb],
  ['real seconds', (f) => f.realSeconds],
  [`worst day: URL fetches (of ${CONSUMER_DAILY_QUOTAS.urlFetch})`, (f) => f.worstDay.urlFetch],
  [`worst day: property calls (of ${CONSUMER_DAILY_QUOTAS.properties})`, (f) => f.worstDay.properties],
  [`worst day: trigger runtime min (of ${CONSUMER_DAILY_QUOTAS.triggerRuntimeMs / 60000})`, (f) => f.worstDay.triggerRuntimeMs / 60000],
  ['fits consumer daily quotas', (f) => (f.fitsConsumerQuotas ? 'yes' : 'no')],
];

function show(v: number | string): string {
  if (typeof v === 'string') return v;
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(3);
}

function ratio(a: number | string, n: number | string): string {
  if (typeof a === 'string' || typeof n === 'string') return '';
  if (n === 0) return a === 0 ? '-' : 'n/a';
  if (a === 0) return '0×';
  const r = a / n;
  return r >= 10 ? `${r.toFixed(0)}×` : r >= 0.1 ? `${r.toFixed(2)}×` : `${r.toFixed(4)}×`;
}

/** One table per comparison, columns padded to line up. */
export function formatTable(comparisons: Comparison[]): string {
  return comparisons
    .map((c) => {
      const head = [`${c.action} enrichment, ${c.rows.toLocaleString('en-US')} rows`, 'naive', 'add-on', 'add-on/naive'];
      const body = LINES.map(([label, value]) => {
        const n = value(c.naive);
        const a = value(c.addon);
        return [label, show(n), show(a), ratio(a, n)];
      });
      const rows = [head, ...body];
      const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
      return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
    })
    .join('\n\n') + '\n\nworst day: the user\'s busiest quota day, setup included (the add-on\'s connect).\nnode CPU, RSS and real seconds are of this process, host and local service included.';
}
