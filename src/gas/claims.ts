// Which users' jobs hold an action on a sheet, kept in document properties (shared by editors):
// row states in the sheet are shared, so two editors must not run the same action on the same
// sheet at once. A running job renews its claim as it steps (stale after two hours without);
// a paused job's claim holds as long as its record is kept, since its rows wait for paid results.
// A stale claim no longer holds the action, but its job's marks are never taken for leftovers.
import { isString } from '../base/is-string';
import { activeSpreadsheet, documentProperties } from './active-document';
import { readAuto } from './automation-store';
import { loadJobs } from './job-store';
import type { JobRecord } from '../jobs/job';
import { RETENTION } from './job-retention';
import { newId } from './script-utilities';
import { parseStored } from './stored-json';
import { timeNow } from './clock';
import { putUserValues, userValues } from './user-store';

const STALE_MS = 2 * 60 * 60 * 1000;

export interface Claim {
  user: string;
  job: string;
  at: number;
  /** The job is paused, waiting for its owner's key: its rows are held, nothing moves. */
  paused?: boolean;
  /** The service account the holder's job pays with, to name the holder to other editors. */
  account?: string;
  /** The holder's automation watches the sheet: it holds for as long as automation is on. */
  auto?: boolean;
}

const key = (sheetId: number, action: string): string => `prospecting.running.${sheetId}.${action}`;

const ME = 'prospecting.me';

interface Me {
  id: string;
  /** The temporary user key when the id was made, which claims stored before it name. */
  key?: string;
}

/**
 * Who this user is to claims: a random id made once and kept in the user's own properties, since
 * the temporary user key "rotates every 30 days" (Session reference). Two made at once: the one
 * kept wins, and the other's claims are still known by their job or automation.
 */
const me = (): Me => {
  const found = parseStored<Me>(userValues()[ME]);
  if (isString(found?.id)) return found;
  const made = { id: newId(), key: Session.getTemporaryActiveUserKey() };
  putUserValues({ [ME]: JSON.stringify(made) });
  return made;
};

/**
 * Whether a claim is this user's: it names this user's id, or (stored before the id, under a key
 * since rotated) this user's key then, a job of this user here, or this user's automation of the action.
 */
const mine = (c: Claim, sheetId: number, action: string): boolean | undefined => {
  const { id, key } = me();
  if (c.user === id || c.user === key) return true;
  const here = activeSpreadsheet()?.getId() ?? '';
  if (c.job !== 'auto') return loadJobs(here).some((j) => j.id === c.job);
  const auto = readAuto(here);
  return auto?.on && auto.sheetId === sheetId && (auto.actions as string[]).includes(action);
};

/** Every claim on this action on this sheet (one per job; a record saved as one claim is read as a list). */
const read = (sheetId: number, action: string): Claim[] => {
  const props = documentProperties();
  // A trigger run that reached its spreadsheet by id cannot see the claims: another editor's
  // job may hold marks, so nothing of theirs is taken, and no claim is written.
  if (!props) return [{ user: '', job: '', at: timeNow() }];
  // None, or a damaged record, holds nothing.
  const value = parseStored<Claim | Claim[]>(props.getProperty(key(sheetId, action)));
  return (Array.isArray(value) ? value : [value]).filter((c): c is Claim => isString(c?.user) && isString(c.job));
};

/** False when the claims cannot be written (a run that opened its spreadsheet by id). */
const write = (sheetId: number, action: string, claims: Claim[]): boolean => {
  const props = documentProperties();
  if (!props) return false;
  if (claims.length) props.setProperty(key(sheetId, action), JSON.stringify(claims));
  else props.deleteProperty(key(sheetId, action));
  return true;
};

const holds = (claim: Claim): boolean => claim.auto || timeNow() - claim.at < (claim.paused ? RETENTION.liveMaxAgeMs : STALE_MS);

/**
 * Another editor's claim on this action on this sheet, however old: its rows' marks are that
 * editor's job's, never stale marks to send again (a job's end releases its claim).
 */
export const anotherEditorsClaim = (sheetId: number, action: string): Claim | undefined =>
  read(sheetId, action).find((c) => !mine(c, sheetId, action));

/**
 * Whether another editor's job has marks in this job's status column (its claim is there, however
 * old). A run that cannot read the claims (its spreadsheet opened by id) goes by the job's own
 * note of when its claim last kept them off (`aloneUntil`).
 */
export const othersHoldMarks = (job: Pick<JobRecord, 'sheetId' | 'action' | 'aloneUntil'>): boolean =>
  documentProperties() ? anotherEditorsClaim(job.sheetId, job.action) !== undefined : !(timeNow() < (job.aloneUntil ?? 0));

/** Another editor's claim on this action on this sheet, while it holds the whole action. */
export const claimedByAnother = (sheetId: number, action: string): Claim | undefined =>
  read(sheetId, action).find((c) => holds(c) && !mine(c, sheetId, action));

type How = { paused?: boolean; account?: string; auto?: boolean };

/** Claims the action on the sheet for the job; the claims held before, or undefined when it cannot be written here. */
const put = (sheetId: number, action: string, jobId: string, how: How): Claim[] | undefined => {
  const held = read(sheetId, action);
  return write(sheetId, action, [...held.filter((c) => c.job !== jobId), { user: me().id, job: jobId, at: timeNow(), ...how }])
    ? held
    : undefined;
};

/** Claims the action on the sheet for the job; false when it cannot be written here. */
export const claim = (sheetId: number, action: string, jobId: string, how: How = {}): boolean => Boolean(put(sheetId, action, jobId, how));

/**
 * Claims the action for a job and notes on it when, and until when no other editor's job can
 * have marks beside its own: none had when the claim was written, and the claim keeps them off
 * while it holds (see `othersHoldMarks`). False when it cannot be written here.
 */
export const claimJob = (job: JobRecord, how: How = {}): boolean => {
  const held = put(job.sheetId, job.action, job.id, how);
  if (!held) return false;
  job.claimedAt = timeNow();
  job.aloneUntil = held.some((c) => c.job !== job.id && !mine(c, job.sheetId, job.action))
    ? 0
    : job.claimedAt + (how.paused ? RETENTION.liveMaxAgeMs : STALE_MS);
  return true;
};

/** Lets the job's claim go; false when the claims cannot be reached (a run by id). */
export const release = (sheetId: number, action: string, jobId: string): boolean => {
  if (!documentProperties()) return false;
  const claims = read(sheetId, action);
  if (claims.some((c) => c.job === jobId))
    write(
      sheetId,
      action,
      claims.filter((c) => c.job !== jobId),
    );
  return true;
};
