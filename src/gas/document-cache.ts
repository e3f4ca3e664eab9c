// The cache and lock the formula cells of one spreadsheet share: the document's own, or where Apps
// Script gives none, the script's with keys marked by the spreadsheet; the cache read in chunks;
// and a read-and-update of one value under that lock.

/** Keys per getAll: a 10,000-row range touches at most every bucket, in two or three calls. */
const CHUNK = 100;

/** What the cells use of a CacheService cache. */
export interface SharedCache {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, seconds: number): void;
  putAll(values: Record<string, string>, seconds: number): void;
}

/** Room a key keeps for the spreadsheet's mark in the script's cache (an id is 44 characters). */
export const KEY_MARK_ROOM = 60;

/** The script's cache seen through keys marked with `mark`: spreadsheets, and accounts, never share entries. */
const marked = (store: SharedCache, mark: string): SharedCache => {
  const rekey = (values: Record<string, string>, from: string, to: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const k in values) if (k.startsWith(from)) out[to + k.slice(from.length)] = values[k]!;
    return out;
  };
  return {
    get: (key) => store.get(mark + key),
    getAll: (keys) => rekey(store.getAll(keys.map((k) => mark + k)), mark, ''),
    put: (key, value, seconds) => store.put(mark + key, value, seconds),
    putAll: (values, seconds) => store.putAll(rekey(values, '', mark), seconds),
  };
};

/**
 * The spreadsheet's mark when Apps Script gives no document lock or cache: "LockService" and
 * "CacheService" (Apps Script reference) return null for them "outside the context of a
 * containing document", and Google does not say whether an add-on's custom function is inside
 * one. The script's lock and cache are given everywhere ("Custom functions" lists both services);
 * undefined where no spreadsheet is active either (a time-driven run without its document).
 * Asked once per execution (globals start afresh in each).
 */
let mark: string | undefined | null = null;
const spreadsheetMark = (): string | undefined => {
  if (mark === null) {
    const id = SpreadsheetApp.getActiveSpreadsheet()?.getId();
    mark = id ? `${id}.` : undefined;
  }
  return mark;
};

/** The cache: ask for it once and keep the handle for every read and write of one use. */
export const documentCache = (): SharedCache => {
  const own = CacheService.getDocumentCache();
  if (own) return own;
  const mark = spreadsheetMark();
  return mark ? marked(CacheService.getScriptCache(), mark) : CacheService.getUserCache();
};

/**
 * The lock that goes with `documentCache`: the document's, else the script's, which serializes
 * every user's cells (each holds it for one read and write, about 70 ms).
 */
const documentLock = (): GoogleAppsScript.Lock.Lock | null =>
  LockService.getDocumentLock() ?? (spreadsheetMark() ? LockService.getScriptLock() : null);

/** The values `store` holds for `keys`, asked in chunks. */
export const cachedValues = (store: SharedCache, keys: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (let i = 0; i < keys.length; i += CHUNK) Object.assign(out, store.getAll(keys.slice(i, i + CHUNK)));
  return out;
};

/**
 * Reads `key`, lets `update` decide, and keeps the value it returns (none: nothing is written),
 * all under the shared lock so two cells never update from the same old value. `fallback` when
 * the lock is not had within `waitMs` or anything fails.
 */
export const updateCachedValue = <T>(
  key: string,
  waitMs: number,
  seconds: number,
  fallback: T,
  update: (old: string | null) => { value?: string; result: T },
): T => {
  const lock = documentLock();
  if (!lock) return fallback;
  try {
    if (!lock.tryLock(waitMs)) return fallback;
    const store = documentCache();
    const { value, result } = update(store.get(key));
    if (value !== undefined) store.put(key, value, seconds);
    return result;
  } catch {
    return fallback;
  } finally {
    if (lock.hasLock()) lock.releaseLock();
  }
};
