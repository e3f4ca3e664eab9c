// The per-minute request budget the formula cells of one spreadsheet share: requests claimed per
// second in the last window, how many more fit, and taking them from the document cache.
import { max, min } from '../base/numbers';
import { updateCachedValue } from '../gas/document-cache';
import { jsonObject } from './lookup-store';
import { timeNow } from '../gas/clock';

/** Service buckets with their own per-minute limit (the spec: 350 `/people/find`, 500 others). */
export type RateBucket = 'people_find' | 'default';

/**
 * What formula cells may send a minute: below the service's limits, leaving room for the
 * add-on's jobs and sidebar on the same key.
 */
export const CELL_BUDGET: Record<RateBucket, number> = { people_find: 300, default: 400 };
/**
 * The service counts a sliding minute per key; a claim counts a little longer here, so one taken
 * just before its requests go out is still counted while the service counts them.
 */
export const BUDGET_WINDOW_MS = 65 * 1000;

/** Requests claimed per second (seconds since the epoch). */
export type Claims = Record<string, number>;

export const parseClaims = (text: string | null | undefined): Claims => {
  // An unreadable record counts as spent: a lost record must not send more than the limit.
  const spent = Number.MAX_SAFE_INTEGER;
  return jsonObject<Claims>(text, { [spent]: spent });
};

/** Up to `want` requests of `limit` in the window ending `now`, and the claims with them added. */
export const takeFrom = (claims: Claims, now: number, want: number, limit: number): { granted: number; claims: Claims } => {
  const since = Math.floor((now - BUDGET_WINDOW_MS) / 1000);
  const kept: Claims = {};
  let used = 0;
  for (const [second, n] of Object.entries(claims)) {
    if (Number(second) > since && typeof n === 'number' && n > 0) {
      kept[second] = n;
      used += n;
    }
  }
  const granted = max(0, min(want, limit - used));
  if (granted > 0) {
    const second = String(Math.floor(now / 1000));
    kept[second] = (kept[second] ?? 0) + granted;
  }
  return { granted, claims: kept };
};

/**
 * How long a cell waits for the lock. Sheets runs a filled-down column's cells side by side, and
 * each holds the lock for a cache read and write (about 70 ms of Apps Script's time), so cells
 * queue for it: ten seconds lets over a hundred through while leaving most of the cell's 30 s. A
 * job step holds the lock while it works; a cell that cannot wait recalculates later rather than
 * send past the budget.
 */
const LOCK_WAIT_MS = 10000;

/**
 * Up to `want` requests this cell may send now to the service's `bucket`; 0 when the minute is
 * spent. The lock keeps two cells from spending the same slots; any failure grants nothing.
 */
export const takeRequests = (bucket: RateBucket, want: number): number =>
  updateCachedValue(`pfs.budget.${bucket}`, LOCK_WAIT_MS, 120, 0, (old) => {
    const { granted, claims } = takeFrom(parseClaims(old), timeNow(), want, CELL_BUDGET[bucket]);
    return granted > 0 ? { value: JSON.stringify(claims), result: granted } : { result: granted };
  });
