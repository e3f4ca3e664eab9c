// What the user's properties keep of one spreadsheet's automation: its settings, its recent spend,
// why it waits, and its last runs. Only this module changes a record's runs and spend.
import type { ActionOptions } from '../jobs/action-catalog';
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
  /**
   * Credits runs of the last two days may have spent, as [quarter hour since 1970, credits]: every
   * time zone's midnight falls on a quarter hour, so the day of a spend is known in any zone.
   */
  spends?: Array<[number, number]>;
  /** The spreadsheet's time zones of the last two days, each with when it was last seen. */
  zones?: Record<string, number>;
  /** A record from before `spends`: the day its `spent` counted, in the spreadsheet's zone then. */
  day?: string;
  spent?: number;
  wait?: AutoWait;
  /** Rows the last run left for the next one, by the cap per run. */
  left?: number;
  /** Due rows the last run left because the person hid or filtered them out. */
  hidden?: number;
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

/** The calendar day holding an instant in a time zone, as `2026-11-26`. */
export type DayOf = (timeZone: string, at: number) => string;

/** Where and when a run counts its spend: the spreadsheet's time zone now. */
export interface SpendClock {
  zone: string;
  now: number;
  dayOf: DayOf;
}

const QUARTER_MS = 15 * 60 * 1000;
const KEEP_MS = 48 * HOUR_MS;

/**
 * Today's spend, in real time: the most that the calendar day holding now, in any time zone the
 * spreadsheet had in the last two days, has spent; a zone changed back and forth never opens a
 * fresh allowance. Notes the zone as seen now, forgets what is two days old, and takes a record's
 * spend from before the log as spent now.
 */
export const spentToday = (record: AutoRecord, { zone, now, dayOf }: SpendClock): number => {
  record.spends = record.spends
    ? record.spends.filter(([q]) => now - q * QUARTER_MS < KEEP_MS)
    : record.day === dayOf(zone, now)
      ? [[Math.floor(now / QUARTER_MS), record.spent!]]
      : [];
  delete record.day;
  delete record.spent;
  const zones = Object.entries(record.zones ?? {}).filter(([, at]) => now - at < KEEP_MS);
  record.zones = Object.fromEntries([...zones, [zone, now]]);
  let most = 0;
  for (const z in record.zones) {
    const today = dayOf(z, now);
    most = Math.max(
      most,
      record.spends.reduce((n, [q, credits]) => (dayOf(z, q * QUARTER_MS) === today ? n + credits : n), 0),
    );
  }
  return most;
};

/**
 * Credits this run may still spend, having spent `run` already: the smaller of the two caps
 * left; `day` says the day's cap binds (also when both leave the same: then nothing more goes today).
 */
export const allowance = (record: AutoRecord, clock: SpendClock, run: number): { credits: number; day: boolean } => {
  const dayLeft = record.capDay - spentToday(record, clock);
  const runLeft = record.capRun - run;
  return { credits: Math.max(0, Math.min(runLeft, dayLeft)), day: dayLeft <= runLeft };
};

/** Counts a run's most possible spend now (`spentToday` has tidied the log). */
export const spend = (record: AutoRecord, now: number, credits: number): void => {
  const q = Math.floor(now / QUARTER_MS);
  const spends = (record.spends ??= []);
  const last = spends[spends.length - 1];
  if (last?.[0] === q) last[1] += credits;
  else spends.push([q, credits]);
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
