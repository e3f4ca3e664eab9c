// Each spreadsheet's automation record and the user's automation settings (which spreadsheet's
// trigger serves every automated one, alerts), in the user's own properties: automation spends
// the user's credits on the user's one hourly trigger.
import { readAutoRecord, runDue, type AutoRecord } from '../automation/automation-record';
import { isLive } from '../jobs/job-life';
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
  if (readAutoUser().home !== spreadsheetId) return undefined;
  const due = automated()
    .map(({ id, record }) => (id === spreadsheetId ? runDue(record) : workDue(id, record)))
    .filter((t): t is number => t !== undefined);
  return due.length ? Math.min(...due) : undefined;
};
