// What the bench measures of one side's run, read from its host, its service and this process.
import { CONSUMER_DAILY_QUOTAS, Messages, type AppsScriptHost, type ExecutionResult } from '../emulator';
import type { LocalService } from '../sandbox';
import type { ResultItemCounter } from './result-items';

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
  /** Executions refused or stopped by a daily quota (fetches, properties, trigger runtime). */
  quotaRefusals: number;
  /** The host's estimate: service calls by the cost model plus the script's own time. */
  appsScriptMinutes: number;
  /** The first execution (the add-on's start from the sidebar; the naive script's first run): estimated seconds and service calls. */
  firstSeconds: number;
  firstCalls: number;
  triggerRuntimeMinutes: number;
  virtualHours: number;
  credits: number;
  /** The script's own JavaScript time between service calls, loading included (costReport().scriptMs). */
  scriptCpuSeconds: number;
  /** Result items the service sent on batch reads, and how many distinct ones. */
  resultItemsReceived: number;
  resultsDelivered: number;
  /** Node CPU of the whole run (host, service and script together), in seconds. */
  nodeCpuSeconds: number;
  /** The process's resident memory, sampled after each execution: earlier runs' memory not yet returned included. */
  peakRssMb: number;
  /** The JS heap in use, sampled after each execution, garbage collected before the run when node allows. */
  peakHeapMb: number;
  realSeconds: number;
  /** Quota days the run touched. */
  quotaDays: number;
  /** The most any quota day used, against a consumer account's daily quotas. */
  worstDay: { urlFetch: number; properties: number; triggerRuntimeMs: number };
  fitsConsumerQuotas: boolean;
}

export const sheetCalls = (f: Figures): number => f.blockReads + f.cellReads + f.blockWrites + f.cellWrites;

const PROPERTY_READS = ['getProperty', 'getProperties', 'getKeys'];
const BLOCK_READS = /^SpreadsheetApp\.Range\.(getValues|getDisplayValues|getFormulas|getNotes|getNumberFormats)$/;
// A row's hidden state asked one row at a time is a per-row read of the sheet like any other.
const CELL_READS =
  /^SpreadsheetApp\.(Range\.(getValue|getDisplayValue|getFormula|getNote|getNumberFormat)|Sheet\.(isRowHiddenByUser|isRowHiddenByFilter))$/;
const BLOCK_WRITES = /^SpreadsheetApp\.Range\.(setValues|setFormulas|setFormulasR1C1|setFormulaR1C1|setNotes|setNumberFormats)$/;
const CELL_WRITES = /^SpreadsheetApp\.Range\.(setValue|setFormula|setNote|setNumberFormat)$/;
const QUOTA_MESSAGES = [Messages.urlFetchDailyQuota, Messages.propertiesDailyQuota, Messages.triggerRuntimeQuota];

/** Whether an execution's error is Apps Script refusing it for a spent daily quota. */
export function isQuotaRefusal(message: string | undefined): boolean {
  return message !== undefined && QUOTA_MESSAGES.some((m) => message.includes(m));
}

/** No execution refused, and a day's use within a consumer account's daily quotas. */
export function fitsConsumerDay(refusals: number, day: { urlFetch: number; properties: number; triggerRuntimeMs: number }): boolean {
  const q = CONSUMER_DAILY_QUOTAS;
  return refusals === 0 && day.urlFetch <= q.urlFetch && day.properties <= q.properties && day.triggerRuntimeMs <= q.triggerRuntimeMs;
}

function count(stats: Record<string, number>, pattern: RegExp): number {
  return Object.entries(stats).reduce((n, [k, v]) => (pattern.test(k) ? n + v : n), 0);
}

declare const gc: (() => void) | undefined;

/** Samples CPU, memory and real time around a run; collects garbage first when node allows it (--expose-gc). */
export class ProcessMeter {
  private readonly cpu: NodeJS.CpuUsage;
  private readonly started: number;
  private peakRss = 0;
  private peakHeap = 0;

  constructor() {
    if (typeof gc === 'function') gc();
    this.cpu = process.cpuUsage();
    this.started = performance.now();
    this.sample();
  }

  sample(): void {
    const m = process.memoryUsage();
    this.peakRss = Math.max(this.peakRss, m.rss);
    this.peakHeap = Math.max(this.peakHeap, m.heapUsed);
  }

  done(): { nodeCpuSeconds: number; peakRssMb: number; peakHeapMb: number; realSeconds: number } {
    this.sample();
    const c = process.cpuUsage(this.cpu);
    return {
      nodeCpuSeconds: (c.user + c.system) / 1e6,
      peakRssMb: this.peakRss / 2 ** 20,
      peakHeapMb: this.peakHeap / 2 ** 20,
      realSeconds: (performance.now() - this.started) / 1000,
    };
  }
}

export interface RunRecord {
  host: AppsScriptHost;
  service: LocalService;
  items: ResultItemCounter;
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

/** What a side's run is measured from: taken after its setup, with the tallies reset. */
export interface RunStart {
  meter: ProcessMeter;
  startedAt: number;
  requestsBefore: number;
  /** Every execution the side runs: its start, then each trigger fired. */
  executions: ExecutionResult[];
}

/** Starts measuring a run: setup before this point (opening, connecting) is not counted. */
export function beginRun(host: AppsScriptHost, items: ResultItemCounter): RunStart {
  const meter = new ProcessMeter();
  const startedAt = host.clock.now();
  const requestsBefore = host.requests.length;
  host.resetStats();
  items.reset();
  return { meter, startedAt, requestsBefore, executions: [] };
}

/** Reads the figures of a finished run; the host's stats and the item counter must have been reset at its start. */
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
  const quotaRefusals = r.executions.filter((e) => isQuotaRefusal(e.error?.message)).length;
  const report = r.host.costReport();
  const requests = r.host.requests.slice(r.requestsBefore);
  return {
    rows: r.rows,
    finished: r.finished,
    fetchCalls: stats['UrlFetchApp.fetch'] ?? 0,
    fetchAllCalls: stats['UrlFetchApp.fetchAll'] ?? 0,
    requests: requests.length,
    http429: requests.filter((q) => q.status === 429).length,
    blockReads: count(stats, BLOCK_READS),
    cellReads: count(stats, CELL_READS),
    blockWrites: count(stats, BLOCK_WRITES),
    cellWrites: count(stats, CELL_WRITES),
    propertyReads: props.filter((k) => reads.includes(k)).reduce((n, k) => n + stats[k]!, 0),
    propertyWrites: writes.reduce((n, k) => n + stats[k]!, 0),
    triggersCreated: stats['ScriptApp.ClockTriggerBuilder.create'] ?? 0,
    triggersFired: r.triggersFired,
    executions: r.executions.length,
    timedOut: r.executions.filter((e) => e.timedOut).length,
    quotaRefusals,
    appsScriptMinutes: report.totalMs / 60000,
    firstSeconds: (r.executions[0]?.elapsedMs ?? 0) / 1000,
    firstCalls: Object.values(r.executions[0]?.calls ?? {}).reduce((n, c) => n + c, 0),
    triggerRuntimeMinutes: days.reduce((n, d) => n + d.triggerRuntimeMs, 0) / 60000,
    virtualHours: (r.host.clock.now() - r.startedAt) / 3600000,
    credits: r.service.account(r.key)!.spent.email,
    scriptCpuSeconds: report.scriptMs / 1000,
    resultItemsReceived: r.items.received,
    resultsDelivered: r.items.distinct,
    ...r.meter.done(),
    quotaDays: days.length,
    worstDay,
    fitsConsumerQuotas: fitsConsumerDay(quotaRefusals, worstDay),
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
