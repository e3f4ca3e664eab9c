// A day of heavy use on one consumer account, in the host at Apps Script's real limits: three
// jobs of `rows` rows each (emails, people, companies), the sidebar open all day and polling as
// soon as the server says a job can change (never sooner than 5 s nor later than its idle pace of
// 30 s, also while nothing runs, and without the sidebar's backing off: more polls than it
// makes), and `cells` formula cells of
// =ENRICH_COMPANY, each its own execution, computed again a minute after the per-minute budget
// turned them away. What the day costs the user's daily quotas of URL fetches, property calls
// and trigger runtime.
import { DIST } from './addon-run';
import { fitsConsumerDay, isQuotaRefusal } from './figures';
import { benchWorld, KEY, OWNER } from './world';

const HOUR = 3600000;
/** The sidebar's bounds on its wait between polls (sidebar/poll-cadence.ts), in seconds. */
const MIN_DELAY_S = 5;
const IDLE_DELAY_S = 30;
/** How long the day's sidebar stays open, in the host's hours. */
export const DAY_HOURS = 8;
const JOBS = [
  { sheet: 'Emails', action: 'email', status: 'Email · Result' },
  { sheet: 'People', action: 'person', status: 'Person · Status' },
  { sheet: 'Companies', action: 'company', status: 'Company · Status' },
] as const;

export interface HeavyDayFigures {
  rows: number;
  cells: number;
  /** Rows of the three jobs that ended with an outcome, of 3 × rows. */
  rowsEnded: number;
  /** Cells showing a value at the end, of `cells`. */
  cellsAnswered: number;
  polls: number;
  triggerRuns: number;
  /** When the last job ended, from the first start. */
  hoursToEnd: number;
  urlFetch: number;
  properties: number;
  triggerRuntimeMinutes: number;
  /** Executions refused by a spent daily quota. */
  refused: number;
  fitsConsumerQuotas: boolean;
}

function ended(values: unknown[][], header: string): number {
  const i = values[0]!.indexOf(header);
  return values.slice(1).filter((r) => r[i] !== '' && r[i] !== undefined && !/^(Queued|Processing)/.test(String(r[i]))).length;
}

export function runHeavyDay(rows: number, cells: number): HeavyDayFigures {
  const { host } = benchWorld(rows * 3, { bundleDir: DIST }, [['Name']]);
  const data = Array.from({ length: rows }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`, `https://firm${k}.com`]);
  for (const job of JOBS) host.sheet(job.sheet).load([['Name', 'Email', 'Website'], ...data]);
  host.open();
  if (!host.callFromSidebar('connect', [KEY], OWNER).ok) throw new Error('connect failed');
  const t0 = host.clock.now();
  for (const job of JOBS) {
    host.select(`${job.sheet}!A1:C${rows + 1}`);
    const r = host.callFromSidebar('startRun', [{ action: job.action, confirmed: true }]);
    if (!r.ok) throw new Error(`start failed: ${r.error?.message}`);
  }
  let waiting = Array.from({ length: cells }, (_, i) => `cell${i}.example.com`);
  let nextRecalc = t0;
  let nextPoll = t0;
  let polls = 0;
  let triggerRuns = 0;
  let lastEnd = t0;
  let refused = 0;
  const note = (message: string | undefined) => {
    if (isQuotaRefusal(message)) refused++;
  };
  while (host.clock.now() - t0 < DAY_HOURS * HOUR) {
    const recalcAt = waiting.length ? nextRecalc : Infinity;
    const due = Math.min(...host.triggerList().map((t) => (t.spent ? Infinity : (t.dueAt ?? Infinity))));
    const next = Math.min(recalcAt, due, nextPoll);
    host.clock.advanceTo(Math.max(next, host.clock.now()));
    if (next === recalcAt) {
      waiting = waiting.filter((domain) => {
        const cell = host.runCustomFunction('ENRICH_COMPANY', [domain]);
        note(cell.error);
        return cell.cell === '#ERROR!';
      });
      nextRecalc = host.clock.now() + 60000;
    } else if (next === due) {
      triggerRuns++;
      note(host.fireNextTrigger()?.error?.message);
    } else {
      const poll = host.callFromSidebar('pollJobs', []);
      note(poll.error?.message);
      polls++;
      const answer = poll.value as { jobs: Array<{ state: string }>; nextPollSeconds: number } | undefined;
      if (answer?.jobs.some((j) => j.state === 'running')) lastEnd = host.clock.now();
      // The server's figure, within the sidebar's bounds; its idle pace once nothing runs (0).
      const seconds = answer?.nextPollSeconds ? Math.min(IDLE_DELAY_S, Math.max(MIN_DELAY_S, answer.nextPollSeconds)) : IDLE_DELAY_S;
      nextPoll = host.clock.now() + seconds * 1000;
    }
  }
  const day = host.quotaUse(OWNER);
  const rowsEnded = JOBS.reduce((n, job) => n + ended(host.sheet(job.sheet).values(), job.status), 0);
  return {
    rows,
    cells,
    rowsEnded,
    cellsAnswered: cells - waiting.length,
    polls,
    triggerRuns,
    hoursToEnd: (lastEnd - t0) / HOUR,
    urlFetch: day.urlFetch,
    properties: day.properties,
    triggerRuntimeMinutes: day.triggerRuntimeMs / 60000,
    refused,
    fitsConsumerQuotas: fitsConsumerDay(refused, day),
  };
}
