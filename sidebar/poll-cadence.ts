// How often the open sidebar asks about its jobs: no sooner than the jobs can change, slower while
// nothing changes, and never giving up after a failed poll. Pure: no DOM, no timers.

/** Never poll sooner than this: each poll may step jobs for up to 20 s of the person's quota. */
export const MIN_DELAY_S = 5;
/** Backing off stops growing here (a server figure above it is still kept). */
export const MAX_DELAY_S = 60;
export const BACKOFF = 1.5;

export interface Cadence {
  /** Seconds until the next poll; 0 when polling has stopped. */
  delay: number;
  /** What the jobs looked like at the last answer; undefined after a person acted. */
  seen: string | undefined;
}

export const START: Cadence = { delay: 0, seen: undefined };

/** The part of the jobs that says whether anything moved: each job's state and finished rows. */
export function signature(jobs: ReadonlyArray<{ id: string; state: string; finished: number }>): string {
  return jobs
    .map((j) => `${j.id}:${j.state}:${j.finished}`)
    .sort()
    .join('|');
}

/**
 * After an answer: the server's figure (no less than the minimum) when something changed or a
 * person just acted, else the last delay backed off; 0 (stop) when the server says nothing runs.
 */
export function afterAnswer(c: Cadence, seen: string, nextPollSeconds: number): Cadence {
  if (!(nextPollSeconds > 0)) return { delay: 0, seen };
  const base = Math.max(MIN_DELAY_S, nextPollSeconds);
  const quiet = c.seen === seen && c.delay > 0;
  return { delay: quiet ? Math.max(base, Math.min(MAX_DELAY_S, c.delay * BACKOFF)) : base, seen };
}

/** After a failed poll: try again later, each time a little later, so a passing failure heals. */
export function afterFailure(c: Cadence): Cadence {
  return { delay: Math.min(MAX_DELAY_S, Math.max(MIN_DELAY_S, c.delay * BACKOFF)), seen: c.seen };
}

/** A person acted (Refresh, Cancel, a new run): the next answer sets the pace afresh. */
export function afterAction(c: Cadence): Cadence {
  return { delay: c.delay, seen: undefined };
}
