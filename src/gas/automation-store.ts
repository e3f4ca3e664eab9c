// Each spreadsheet's automation record and the user's automation settings (which spreadsheet's
// trigger serves every automated one, alerts), in the user's own properties: automation spends
// the user's credits on the user's one hourly trigger.
import { readAutoRecord, runDue, type AutoRecord } from '../automation/automation-record';
import { WATCH_MS } from '../automation/home-watch';
import { isLive } from '../jobs/job-life';
import { timeNow } from './clock';
import { loadDocument } from './job-store';
import { parseStored } from './stored-json';
import { deleteUserValues, putUserValues, userValues } from './user-store';

const PREFIX = 'prospecting.auto.';
const USER = 'prospecting.autoUser';

/** The user's side of automation: the spreadsheet whose trigger runs it all, and alerts. */
export interface AutoUser {
  home?: string;
  alerts?: boolean;
  /** Where alerts go: the person's address when they turned alerts on. */
  to?: string;
  /** The home's last run of automation (its beat, see home-watch.ts), and the home's name then. */
  tickAt?: number;
  homeName?: string;
  /** The one other automated spreadsheet whose trigger looks in on the home once a day. */
  deputy?: string;
  /** Automation moved to another spreadsheet after its home went quiet: from where, and when. */
  moved?: { from: string; since: number; at: number };
}

export const readAuto = (spreadsheetId: string): AutoRecord | undefined =>
  readAutoRecord(parseStored(userValues()[PREFIX + spreadsheetId]));

/** Whether a record is kept for the spreadsheet, readable or not (a later version's). */
export const autoStored = (spreadsheetId: string): boolean => PREFIX + spreadsheetId in userValues();

export const saveAuto = (spreadsheetId: string, record: AutoRecord): void =>
  putUserValues({ [PREFIX + spreadsheetId]: JSON.stringify(record) });

export const dropAuto = (spreadsheetId: string): void => deleteUserValues([PREFIX + spreadsheetId]);

/** Every spreadsheet with automation on. */
export const automated = (): Array<{ id: string; record: AutoRecord }> => {
  const values = userValues();
  const out: Array<{ id: string; record: AutoRecord }> = [];
  for (const k of Object.keys(values)) {
    const record = k.startsWith(PREFIX) ? readAutoRecord(parseStored(values[k])) : undefined;
    if (record?.on) out.push({ id: k.slice(PREFIX.length), record });
  }
  return out;
};

export const readAutoUser = (): AutoUser => parseStored<AutoUser>(userValues()[USER]) ?? {};

export const saveAutoUser = (user: AutoUser): void => putUserValues({ [USER]: JSON.stringify(user) });

/** An automated spreadsheet other than the home becomes the deputy when there is none that can serve. */
export const enlist = (spreadsheetId: string): void => {
  const user = readAutoUser();
  const { home, deputy } = user;
  if (home && home !== spreadsheetId && readAuto(spreadsheetId)?.on && (!deputy || deputy === home || !readAuto(deputy)?.on))
    saveAutoUser({ ...user, deputy: spreadsheetId });
};

/** The home runs automation now: its beat, read by every other spreadsheet that watches it. */
export const beat = (home: GoogleAppsScript.Spreadsheet.Spreadsheet): void => {
  const user = readAutoUser();
  // A job's steps fire the home often: one beat in ten minutes is enough to tell it is alive.
  if ((user.tickAt ?? 0) < timeNow() - 10 * 60 * 1000 || user.homeName !== home.getName())
    saveAutoUser({ ...user, tickAt: timeNow(), homeName: home.getName() });
};

/** This spreadsheet's trigger serves automation from now on; `quiet`: the home it replaces had gone quiet. */
export const takeOver = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, user: AutoUser, quiet = true): void => {
  const next: AutoUser = { ...user, home: spreadsheet.getId(), tickAt: timeNow(), homeName: spreadsheet.getName() };
  if (next.deputy === next.home) delete next.deputy;
  if (quiet && user.tickAt !== undefined) next.moved = { from: user.homeName ?? '', since: user.tickAt, at: timeNow() };
  saveAutoUser(next);
};

/** When a spreadsheet's automated work (its run, or a job of its that runs) is next due. */
export const workDue = (id: string, record: AutoRecord): number | undefined => {
  const times = loadDocument(id)
    .jobs.filter(isLive)
    .map((j) => (j.life.s === 'running' ? j.nextCheckAt : j.life.s === 'paused' ? j.life.retryAt : undefined));
  const due = [runDue(record), ...times].filter((t): t is number => t !== undefined);
  return due.length ? Math.min(...due) : undefined;
};

/**
 * When the home spreadsheet's trigger must next fire for automation; undefined for any other
 * spreadsheet, or when nothing is automated. Jobs of the home are its own steps' business.
 */
export const automationDue = (spreadsheetId: string): number | undefined => {
  const user = readAutoUser();
  // The deputy looks in on the home once a day, to notice it went quiet (one trigger, however many are automated).
  if (user.home !== spreadsheetId)
    return user.deputy === spreadsheetId && readAuto(spreadsheetId)?.on ? (user.tickAt ?? timeNow()) + WATCH_MS : undefined;
  const due = automated()
    .map(({ id, record }) => (id === spreadsheetId ? runDue(record) : workDue(id, record)))
    .filter((t): t is number => t !== undefined);
  return due.length ? Math.min(...due) : undefined;
};
