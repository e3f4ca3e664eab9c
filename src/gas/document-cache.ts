// The document's CacheService cache (the user's where a script has no document), asked once per
// use and read in chunks; and a read-and-update of one value under the document lock.

/** Keys per getAll: a 10,000-row range touches at most every bucket, in two or three calls. */
const CHUNK = 100;

type Cache = GoogleAppsScript.Cache.Cache;

/** The cache: ask for it once and keep the handle for every read and write of one use. */
export const documentCache = (): Cache => CacheService.getDocumentCache() ?? CacheService.getUserCache();

/** The values `store` holds for `keys`, asked in chunks. */
export const cachedValues = (store: Cache, keys: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (let i = 0; i < keys.length; i += CHUNK) Object.assign(out, store.getAll(keys.slice(i, i + CHUNK)));
  return out;
};

/**
 * Reads `key`, lets `update` decide, and keeps the value it returns (none: nothing is written),
 * all under the document lock so two cells never update from the same old value. `fallback` when
 * the lock is not had within `waitMs` or anything fails.
 */
export const updateCachedValue = <T>(
  key: string,
  waitMs: number,
  seconds: number,
  fallback: T,
  update: (old: string | null) => { value?: string; result: T },
): T => {
  const lock = LockService.getDocumentLock();
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
