// What the bench measures of one side's run, read from its host, its service and this process.
import { CONSUMER_DAILY_QUOTAS, type AppsScriptHost, type ExecutionResult } from '../emulator';
import type { LocalService } from '../sandbox';

export interface Figures {
  rows: number;
  /** Rows that ended with a final status. */
  finished: number;
  fetchCalls: number;
  fetchAllCalls: number;
  /** Every HTTP request sent, inside fetchAll included. */
  requests: number;
  http429: number;
  blockReads: number;
  cellReads: number;
  blockWrites: number;
  cellWrites: number;
  propertyReads: number;
  propertyWrites: number;
  triggersCreated: number;
  triggersFired: number;
  executions: number;
  timedOut: number;
  appsScriptMinutes: number;
  triggerRuntimeMinutes: number;
  virtualHours: number;
  credits: number;
  /** Node CPU of the whole run (host, service and script together), in seconds. */
  nodeCpuSeconds: number;
  peakRssMb: number;
  realSeconds: number;
  /** The most any quota day used, against a consumer account's daily quotas. */
  worstDay: { urlFetch: number; properties: number; triggerRuntimeMs: number };
  fitsConsumerQuotas: boolean;
}

const PROPERTY_READS = ['getProperty', 'getProperties', 'getKeys'];

function sum(stats: Record<string, number>, names: string[]): number {
  return names.reduce((n, k) => n + (stats[k] ?? 0), 0);
}

/** Samples CPU, memory and real time around a run. */
export class ProcessMeter {
  private readonly cpu = process.cpuUsage();
  private readonly started = performance.now();
  peakRss = process.memoryUsage().rss;

  sample(): void {
    this.peakRss = Math.max(this.peakRss, process.memoryUsage().rss);
  }

  done(): { nodeCpuSeconds: number; peakRssMb: number; realSeconds: number } {
    this.sample();
    const c = process.cpuUsage(this.cpu);
    return {
      nodeCpuSeconds: (c.user + c.system) / 1e6,
      peakRssMb: this.peakRss / 2 ** 20,
      realSeconds: (performance.now() - this.started) / 1000,
    };
  }
}

export interface RunRecord {
  host: AppsScriptHost;
  service: LocalService;
  key: string;
  user: string;
  rows: number;
  finished: number;
  startedAt: number;
  /** How many requests the host had recorded before the run (setup, such as connecting). */
  requestsBefore: number;
  /** Every execution the side ran: its start and each trigger fired. */
  executions: ExecutionResult[];
  triggersFired: number;
  meter: ProcessMeter;
}

/** Reads the figures of a finished run; the host's stats must have been reset at its start. */
export function figuresOf(r: RunRecord): Figures {
  const stats = r.host.stats();
  const props = Object.keys(stats).filter((k) => k.startsWith('PropertiesService.Properties.'));
  const reads = props.filter((k) => PROPERTY_READS.includes(k.split('.').pop()!));
  const writes = props.filter((k) => !reads.includes(k));
  const days = r.host.quotaHistory(r.user);
  const worstDay = {
    urlFetch: Math.max(0, ...days.map((d) => d.urlFetch)),
    properties: Math.max(0, ...days.map((d) => d.properties)),
    triggerRuntimeMs: Math.max(0, ...days.map((d) => d.triggerRuntimeMs)),
  };
  const q = CONSUMER_DAILY_QUOTAS;
  return {
    rows: r.rows,
    finished: r.finished,
    fetchCalls: stats['UrlFetchApp.fetch'] ?? 0,
    fetchAllCalls: stats['UrlFetchApp.fetchAll'] ?? 0,
    requests: r.host.requests.length - r.requestsBefore,
    http429: r.host.requests.slice(r.requestsBefore).filter((q) => q.status === 429).length,
    blockReads: sum(stats, ['SpreadsheetApp.Range.getValues', 'SpreadsheetApp.Range.getDisplayValues']),
    cellReads: sum(stats, ['SpreadsheetApp.Range.getValue', 'SpreadsheetApp.Range.getDisplayValue']),
    blockWrites: stats['SpreadsheetApp.Range.setValues'] ?? 0,
    cellWrites: stats['SpreadsheetApp.Range.setValue'] ?? 0,
    propertyReads: sum(stats, reads),
    propertyWrites: sum(stats, writes),
    triggersCreated: stats['ScriptApp.ClockTriggerBuilder.create'] ?? 0,
    triggersFired: r.triggersFired,
    executions: r.executions.length,
    timedOut: r.executions.filter((e) => e.timedOut).length,
    appsScriptMinutes: r.host.costReport().totalMs / 60000,
    triggerRuntimeMinutes: days.reduce((n, d) => n + d.triggerRuntimeMs, 0) / 60000,
    virtualHours: (r.host.clock.now() - r.startedAt) / 3600000,
    credits: r.service.account(r.key)!.spent.email,
    ...r.meter.done(),
    worstDay,
    fitsConsumerQuotas: worstDay.urlFetch <= q.urlFetch && worstDay.properties <= q.properties && worstDay.triggerRuntimeMs <= q.triggerRuntimeMs,
  };
}

/** Fires the host's triggers until none is left (or `max`), keeping each run; returns how many fired. */
export function fireAll(host: AppsScriptHost, executions: ExecutionResult[], meter: ProcessMeter, max = 5000): number {
  let fired = 0;
  while (fired < max) {
    const r = host.fireNextTrigger();
    if (!r) break;
    fired++;
    executions.push(r);
    meter.sample();
  }
  return fired;
}
