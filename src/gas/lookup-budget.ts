// Takes request slots from the per-minute budget the formula cells of one spreadsheet share,
// kept in the document cache and changed under the document lock.
import { CELL_BUDGET, parseClaims, takeFrom, type RateBucket } from '../sheet/lookup-budget';

/**
 * How long a cell waits for the lock. Short: a job step holds the document lock while it works,
 * and a cell that cannot wait recalculates later rather than send past the budget.
 */
const LOCK_WAIT_MS = 2000;

/**
 * Up to `want` requests this cell may send now to the service's `bucket`; 0 when the minute is
 * spent. The lock keeps two cells from spending the same slots; any failure grants nothing.
 */
export function takeRequests(bucket: RateBucket, want: number): number {
  const lock = LockService.getDocumentLock();
  if (!lock) return 0;
  try {
    if (!lock.tryLock(LOCK_WAIT_MS)) return 0;
    const cache = CacheService.getDocumentCache() ?? CacheService.getUserCache();
    const key = `pfs.budget.${bucket}`;
    const { granted, claims } = takeFrom(parseClaims(cache.get(key)), Date.now(), want, CELL_BUDGET[bucket]);
    if (granted > 0) cache.put(key, JSON.stringify(claims), 120);
    return granted;
  } catch {
    return 0;
  } finally {
    if (lock.hasLock()) lock.releaseLock();
  }
}
