// The document's CacheService cache (the user's where a script has no document), asked once per
// use and read in chunks; and a read-and-update of one value under the document lock.

/** Keys per getAll: a 10,000-row range touches at most every bucket, in two or three calls. */
const CHUNK = 100;

export interface DocumentCache {
  /** The values found for `keys`, asked in chunks. */
  values(keys: ReadonlyArray<string>): Record<string, string>;
  value(key: string): string | null;
  /** Keeps `values` for `seconds`; throws when the cache refuses them. */
  keep(values: Record<string, string>, seconds: number): void;
  /** Keeps one value for `seconds`; throws when the cache refuses it. */
  keepOne(key: string, value: string, seconds: number): void;
}

function cache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getUserCache();
}

/** The cache, asked for once: keep the handle for every read and write of one use. */
export function documentCache(): DocumentCache {
  const store = cache();
  return {
    values(keys) {
      const out: Record<string, string> = {};
      for (let i = 0; i < keys.length; i += CHUNK) Object.assign(out, store.getAll(keys.slice(i, i + CHUNK)));
      return out;
    },
    value: (key) => store.get(key),
    keep: (values, seconds) => store.putAll(values, seconds),
    keepOne: (key, value, seconds) => store.put(key, value, seconds),
  };
}

/**
 * Reads `key`, lets `update` decide, and keeps the value it returns (none: nothing is written),
 * all under the document lock so two cells never update from the same old value. `fallback` when
 * the lock is not had within `waitMs` or anything fails.
 */
export function updateCachedValue<T>(
  key: string,
  waitMs: number,
  seconds: number,
  fallback: T,
  update: (old: string | null) => { value?: string; result: T },
): T {
  const lock = LockService.getDocumentLock();
  if (!lock) return fallback;
  try {
    if (!lock.tryLock(waitMs)) return fallback;
    const store = cache();
    const { value, result } = update(store.get(key));
    if (value !== undefined) store.put(key, value, seconds);
    return result;
  } catch {
    return fallback;
  } finally {
    if (lock.hasLock()) lock.releaseLock();
  }
}
