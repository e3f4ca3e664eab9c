// Which user's job holds an action on a sheet, kept in document properties (shared by editors):
// row states in the sheet are shared, so two editors must not run the same action on the same
// sheet at once. A running job renews its claim as it steps (stale after two hours without);
// a paused job's claim holds as long as its record is kept, since its rows wait for paid results.
import { RETENTION } from './job-retention';

const STALE_MS = 2 * 60 * 60 * 1000;

export interface Claim {
  user: string;
  job: string;
  at: number;
  /** The job is paused, waiting for its owner's key: its rows are held, nothing moves. */
  paused?: boolean;
  /** The service account the holder's job pays with, to name the holder to other editors. */
  account?: string;
}

function key(sheetId: number, action: string): string {
  return `prospecting.running.${sheetId}.${action}`;
}

function me(): string {
  return Session.getTemporaryActiveUserKey();
}

function read(sheetId: number, action: string): Claim | undefined {
  const raw = PropertiesService.getDocumentProperties().getProperty(key(sheetId, action));
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Claim;
  } catch {
    return undefined;
  }
}

/** Another editor's claim on this action on this sheet, while it holds. */
export function claimedByAnother(sheetId: number, action: string): Claim | undefined {
  const claim = read(sheetId, action);
  if (!claim || claim.user === me()) return undefined;
  const lasts = claim.paused ? RETENTION.liveMaxAgeMs : STALE_MS;
  return Date.now() - claim.at < lasts ? claim : undefined;
}

export function claim(sheetId: number, action: string, jobId: string, how: { paused?: boolean; account?: string } = {}): void {
  const value: Claim = { user: me(), job: jobId, at: Date.now() };
  if (how.paused) value.paused = true;
  if (how.account) value.account = how.account;
  PropertiesService.getDocumentProperties().setProperty(key(sheetId, action), JSON.stringify(value));
}

export function release(sheetId: number, action: string, jobId: string): void {
  const current = read(sheetId, action);
  if (current && current.job === jobId) PropertiesService.getDocumentProperties().deleteProperty(key(sheetId, action));
}
