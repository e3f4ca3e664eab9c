// Job records and each spreadsheet's continuation-trigger record, kept in the user's own
// properties (jobs spend the user's credits and run on the user's triggers), mirrored in the
// user's cache so that a sidebar poll that finds nothing due costs no property call.
import type { Continuation } from './continuation';
import type { JobRecord } from '../jobs/job';
import { isLive } from '../jobs/job-life';
import { readJobRecord } from '../jobs/job-record';
import { jobsToPrune, oldestFinished, type StoredJob } from './job-retention';
import { utf8Length } from '../sheet/utf8';
import { parseStored } from './stored-json';
import { deleteUserValues, putUserValues, userValues } from './user-store';

const JOB_PREFIX = 'job.';
const CONTINUATION_PREFIX = 'prospecting.trigger.';
const CACHE_SECONDS = 6 * 60 * 60;

/** What one spreadsheet's jobs look like to this user. */
export interface DocumentJobs {
  /** Oldest first. */
  jobs: JobRecord[];
  continuation: Continuation;
}

const jobKey = (spreadsheetId: string, jobId: string) => `${JOB_PREFIX}${spreadsheetId}.${jobId}`;
const continuationKey = (spreadsheetId: string) => `${CONTINUATION_PREFIX}${spreadsheetId}`;
const cacheKey = (spreadsheetId: string) => `pfs.jobs.${spreadsheetId}`;

const fromValues = (values: Readonly<Record<string, string>>, spreadsheetId: string): DocumentJobs => {
  const prefix = jobKey(spreadsheetId, '');
  const jobs: JobRecord[] = [];
  for (const key of Object.keys(values)) {
    if (!key.startsWith(prefix)) continue;
    // Checked and brought to the current version; a damaged record is left out of the list.
    const job = readJobRecord(parseStored<unknown>(values[key]));
    if (job) jobs.push(job);
  }
  jobs.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  return { jobs, continuation: parseStored<Continuation>(values[continuationKey(spreadsheetId)]) ?? {} };
};

const userCache = (): GoogleAppsScript.Cache.Cache => CacheService.getUserCache();

const mirror = (spreadsheetId: string, state: DocumentJobs): void => {
  try {
    userCache().put(cacheKey(spreadsheetId), JSON.stringify(state), CACHE_SECONDS);
  } catch {
    // Too large for the cache, or the cache is unavailable: polls read the store instead.
    try {
      userCache().remove(cacheKey(spreadsheetId));
    } catch {
      // Nothing to forget.
    }
  }
};

/**
 * A spreadsheet's jobs from the store (one property read per execution; `fresh` reads again,
 * for an execution that has just taken the document lock).
 */
export const loadDocument = (spreadsheetId: string, fresh = false): DocumentJobs => {
  const state = fromValues(userValues(fresh), spreadsheetId);
  mirror(spreadsheetId, state);
  return state;
};

/** The jobs of a spreadsheet, oldest first. */
export const loadJobs = (spreadsheetId: string, fresh = false): JobRecord[] => loadDocument(spreadsheetId, fresh).jobs;

/** A spreadsheet's jobs as last saved, from the cache; undefined when the cache lost them. */
export const cachedDocument = (spreadsheetId: string): DocumentJobs | undefined => {
  try {
    const cached = parseStored<DocumentJobs>(userCache().get(cacheKey(spreadsheetId)));
    // Mirrored by this version or an older one: each record is read as the store's are.
    return cached && { ...cached, jobs: cached.jobs.map(readJobRecord).filter((j): j is JobRecord => j !== undefined) };
  } catch {
    return undefined;
  }
};

const storedJobs = (values: Readonly<Record<string, string>>): StoredJob[] => {
  const out: StoredJob[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (!key.startsWith(JOB_PREFIX)) continue;
    const job = readJobRecord(parseStored<unknown>(raw));
    const spreadsheetId = key.slice(JOB_PREFIX.length, key.lastIndexOf('.'));
    // An unreadable record is pruned like an old finished one.
    out.push({
      key,
      spreadsheetId,
      job: job ?? { life: { s: 'failed', why: '' }, updatedAt: 0 },
      bytes: utf8Length(key) + utf8Length(raw),
    });
  }
  return out;
};

/**
 * Saves one job. A new job first prunes finished records across all spreadsheets; if the store
 * is still too full, the oldest finished records make room, so a new job always starts.
 */
export const saveJob = (spreadsheetId: string, job: JobRecord): void => {
  const key = jobKey(spreadsheetId, job.id);
  const value = JSON.stringify(job);
  const isNew = !(key in userValues());
  if (isNew) deleteUserValues(jobsToPrune(storedJobs(userValues()), job.updatedAt));
  for (;;) {
    try {
      putUserValues({ [key]: value });
      break;
    } catch (e) {
      const full = e instanceof Error && /storage quota|too large/i.test(e.message);
      const room = full ? oldestFinished(storedJobs(userValues()).filter((s) => s.key !== key)) : undefined;
      if (!room) throw e;
      deleteUserValues([room]);
    }
  }
  // Read back from this execution's view, which mirrors it in the cache.
  loadDocument(spreadsheetId);
};

/** Keeps what is known of the spreadsheet's continuation trigger (one write, only when it changed). */
export const saveContinuation = (spreadsheetId: string, continuation: Continuation): void => {
  const key = continuationKey(spreadsheetId);
  const empty = !continuation.uid && !continuation.off;
  const value = JSON.stringify(continuation);
  if (empty ? !(key in userValues()) : userValues()[key] === value) return;
  if (empty) deleteUserValues([key]);
  else putUserValues({ [key]: value });
  // Read back from this execution's view, which mirrors it in the cache.
  loadDocument(spreadsheetId);
};

/** Every spreadsheet's continuation record, for finding the add-on's triggers nobody needs. */
export const allContinuations = (): Array<{ spreadsheetId: string; continuation: Continuation; running: boolean }> => {
  const values = userValues();
  return Object.keys(values)
    .filter((k) => k.startsWith(CONTINUATION_PREFIX))
    .map((k) => {
      const spreadsheetId = k.slice(CONTINUATION_PREFIX.length);
      const state = fromValues(values, spreadsheetId);
      return { spreadsheetId, continuation: state.continuation, running: state.jobs.some(isLive) };
    });
};
