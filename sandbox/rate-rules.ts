// The request rate limits: the sliding windows each request counts against (the default one, an
// endpoint's own, an hour per mailbox) and the one check that admits it to all or refuses it.
import type { AccountState } from './account-state';
import { rateLimited } from './errors';
import { HOUR, MINUTE, SlidingWindow } from './limits';
import type { Limits, RequestBucket } from './options';

/** One window a request counts against. */
export interface RateRule {
  /** The window's name within the account: requests naming the same window share it. */
  window: string;
  windowMs: number;
  limit: number;
  /** What the limit is, for the 429's detail. */
  what: string;
}

/** The rules of a route, given the service's limits and the path's parameters. */
export type RateRules = (limits: Limits, params: string[]) => RateRule[];

/** Every endpoint without a limit of its own: the default requests a minute. */
export const defaultRate: RateRules = (limits) => [
  { window: 'default', windowMs: MINUTE, limit: limits.requestsPerMinute, what: `${limits.requestsPerMinute} requests per minute` },
];

/** An endpoint with a per-minute limit of its own, which it counts against instead of the default one. */
export const perMinute =
  (bucket: RequestBucket): RateRules =>
  (limits) => [{ window: bucket, windowMs: MINUTE, limit: limits[bucket], what: `${limits[bucket]} requests per minute` }];

/** `GET /calls/{id}/recording`: the spec's 50 an hour, over any sliding hour, across the account's calls. */
export const recordingRate: RateRules = (limits) => [
  { window: 'recordings', windowMs: HOUR, limit: limits.recordingsPerHour, what: `${limits.recordingsPerHour} recordings per hour` },
];

/**
 * `/mailboxes/{id}`, GET and PATCH alike: one request a minute for the account and one an hour for
 * any one mailbox. The id is taken as sent (lower-cased), known or not: a request is counted
 * before the service looks the mailbox up, as every request is.
 */
export const mailboxRate: RateRules = (limits, params) => [
  {
    window: 'mailboxes',
    windowMs: MINUTE,
    limit: limits.mailboxRequestsPerMinute,
    what: `${limits.mailboxRequestsPerMinute} mailbox request per minute`,
  },
  {
    window: `mailbox:${(params[0] ?? '').toLowerCase()}`,
    windowMs: HOUR,
    limit: limits.mailboxRequestsPerHour,
    what: `${limits.mailboxRequestsPerHour} request per hour for this mailbox`,
  },
];

function windowOf(account: AccountState, rule: RateRule): SlidingWindow {
  let w = account.requestWindows.get(rule.window);
  if (!w) {
    w = new SlidingWindow(rule.windowMs);
    account.requestWindows.set(rule.window, w);
  }
  return w;
}

/**
 * Counts a request at `t` against every window of its rules, or throws 429 `rate_limited` with
 * `Retry-After` (the latest moment any of them has room again) and counts it against none: a
 * refused request uses up no limit, so a client that waits as told is admitted.
 */
export function admit(account: AccountState, t: number, rules: RateRule[]): void {
  let wait = 0;
  let what = '';
  for (const rule of rules) {
    const w = windowOf(account, rule).waitFor(t, 1, rule.limit);
    if (w > wait) {
      wait = w;
      what = rule.what;
    }
  }
  if (wait > 0) throw rateLimited(wait / 1000, `More than ${what}`);
  for (const rule of rules) windowOf(account, rule).add(t, 1);
}
