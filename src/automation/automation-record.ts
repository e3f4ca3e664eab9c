// What the user's properties keep of one spreadsheet's automation: its settings, today's spend,
// why it waits, and its last runs. Only this module changes a record's runs and spend.
import type { ActionOptions } from '../jobs/actions';
import type { Role } from '../sheet/columns';
import type { AutoAction } from './automation-view';

/** One automated run of one action: a job, while it runs, then what it came to. */
export interface AutoRun {
  id: string;
  at: number;
  action: AutoAction;
  rows: number;
  credits: number;
  /** The job it started; none when nothing was sent. */
  job?: string;
  /** While the job runs: undefined. Then its outcome in words. */
  outcome?: string;
  failed: number;
  alerted?: boolean;
}

/** Why automation waits, and until when it does not run again (none: it runs when due). */
export interface AutoWait {
  why: string;
  /** What stays the same while the same thing holds it (the words may count rows). */
  code?: string;
  until?: number;
  /** The one alert about this wait was sent (or could not be). */
  alerted?: boolean;
}

export interface AutoRecord {
  v: 1;
  on: boolean;
  sheetId: number;
  sheetName: string;
  actions: AutoAction[];
  capRun: number;
  capDay: number;
  staleDays: number;
  options: ActionOptions;
  fields: 'basic' | 'all';
  /** The sheet's column mapping when automation was turned on, by header text. */
  mapping?: Partial<Record<Role, string | null>>;
  /** The account whose key pays; another account connected makes automation wait. */
  account?: { id?: string; name: string };
  since: number;
  lastRunAt?: number;
  /** The day `spent` counts (the spreadsheet's time zone), and the credits its runs may spend at most. */
  day: string;
  spent: number;
  wait?: AutoWait;
  /** Rows the last run left for the next one, by the cap per run. */
  left?: number;
  /** Why the last failed run was e-mailed; runs failing the same way are not, until one ends well. */
  failedTold?: string;
  /** Oldest first, at most MAX_RUNS. */
  runs: AutoRun[];
}

const MAX_RUNS = 12;
export const HOUR_MS = 60 * 60 * 1000;

/** A stored record, or undefined when it is not one (damaged, or from a later version). */
export const readAutoRecord = (value: unknown): AutoRecord | undefined => {
  const r = value as AutoRecord | undefined;
  return r && r.v === 1 && typeof r.sheetId === 'number' && Array.isArray(r.runs) && Array.isArray(r.actions) ? r : undefined;
};

/**
 * Credits this run may still spend, having spent `run` already: the smaller of the two caps
 * left; `day` says the day's cap is the one that binds.
 */
export const allowance = (record: AutoRecord, today: string, run: number): { credits: number; day: boolean } => {
  const dayLeft = record.capDay - (record.day === today ? record.spent : 0);
  const runLeft = record.capRun - run;
  return { credits: Math.max(0, Math.min(runLeft, dayLeft)), day: dayLeft < runLeft };
};

/** Counts a run's most possible spend against today. */
export const spend = (record: AutoRecord, day: string, credits: number): void => {
  if (record.day !== day) [record.day, record.spent] = [day, 0];
  record.spent += credits;
};

/** Adds a run, keeping the newest MAX_RUNS (runs still going are never dropped). */
export const addRun = (record: AutoRecord, run: AutoRun): void => {
  record.runs.push(run);
  while (record.runs.length > MAX_RUNS) {
    const i = record.runs.findIndex((r) => r.outcome !== undefined);
    record.runs.splice(i < 0 ? 0 : i, 1);
  }
};

/** When the next run is due: an hour after the last, or when a wait with an end ends. */
export const runDue = (record: AutoRecord): number | undefined => {
  if (!record.on) return undefined;
  const hourly = record.lastRunAt === undefined ? record.since : record.lastRunAt + HOUR_MS;
  return Math.max(hourly, record.wait?.until ?? 0);
};

/** Sets why automation waits; the same reason (`code`) again keeps its alert sent. Returns whether it is new. */
export const waitFor = (record: AutoRecord, why: string, until?: number, code = why): boolean => {
  const same = (record.wait?.code ?? record.wait?.why) === code;
  record.wait = {
    why,
    ...(code === why ? {} : { code }),
    ...(until === undefined ? {} : { until }),
    ...(same && record.wait?.alerted ? { alerted: true } : {}),
  };
  return !same;
};
