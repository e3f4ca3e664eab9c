// The retry policy, pure: which failures are retried, and after how long.
//
// The rule for requests that start work (creating a batch, a lead list, logging a call): they are
// retried only after a 429, which the service sends before doing anything. After a 5xx or a network
// failure the request may have been carried out, and the API offers no idempotency key to ask, so
// such a request is never re-sent automatically: the error is marked ambiguous and the caller
// reports it instead of risking the same work (and its credits) twice. A success whose body could
// not be read is the same for them: the work started, but its id never arrived.
import { max, min } from '../base/numbers';

export type RequestSafety = 'idempotent' | 'starts_work';

export type Outcome =
  | { kind: 'response'; status: number; retryAfter?: number }
  | { kind: 'network' }
  /** A 2xx whose body was not JSON (HTML from a proxy, cut off on the way). */
  | { kind: 'unreadable'; status: number };

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Time from the first attempt after which no retry is started. */
  budgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  budgetMs: 30000,
};

/** No answer, an unreadable one, or a server failure: whatever the request did is not known. */
const unsettled = (outcome: Outcome): boolean => outcome.kind === 'network' || outcome.kind === 'unreadable' || outcome.status >= 500;

/** Whether this outcome may be retried at all for a request of this safety (a 429 always may). */
export const isRetryable = (outcome: Outcome, safety: RequestSafety): boolean =>
  unsettled(outcome) ? safety === 'idempotent' : outcome.kind === 'response' && outcome.status === 429;

/** A failure after which the request may or may not have taken effect. */
export const isAmbiguous = (outcome: Outcome, safety: RequestSafety): boolean => safety === 'starts_work' && unsettled(outcome);

/**
 * Capped exponential backoff with full jitter, or the server's Retry-After when it gave one.
 * `attempt` counts the attempts already made (1 after the first failure).
 */
export const retryDelayMs = (outcome: Outcome, attempt: number, policy: RetryPolicy, random: () => number): number => {
  if (outcome.kind === 'response' && outcome.retryAfter !== undefined) {
    return max(0, Math.ceil(outcome.retryAfter * 1000));
  }
  const ceiling = min(policy.maxDelayMs, policy.baseDelayMs * Math.pow(2, attempt - 1));
  // Half fixed, half random: never a zero wait, still spreads out retries of many executions.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/**
 * The wait before the next attempt, or undefined when the request must not be retried: not
 * retryable, out of attempts, or the wait would end past the time budget.
 */
export const nextRetryDelay = (
  outcome: Outcome,
  attempt: number,
  elapsedMs: number,
  safety: RequestSafety,
  policy: RetryPolicy,
  random: () => number,
): number | undefined => {
  if (!isRetryable(outcome, safety)) return undefined;
  if (attempt >= policy.maxAttempts) return undefined;
  const delay = retryDelayMs(outcome, attempt, policy, random);
  if (elapsedMs + delay > policy.budgetMs) return undefined;
  return delay;
};
