// How often the open sidebar asks about its jobs: no sooner than the jobs can change, slower while
// nothing changes, never slower than the idle pace (so a job started anywhere else shows within
// one poll), and never giving up after a failed poll. Pure: no DOM, no timers.

/** Never poll sooner than this: each poll may step jobs for up to 20 s of the person's quota. */
export const MIN_DELAY_S = 5;
/**
 * The slowest pace, and the pace while nothing runs: a job started from the menu, another
 * window, automation or a trigger shows within it. A poll that finds nothing due steps nothing
 * and is answered from the user's cache (no property call), so waiting longer would save nothing.
 */
export const IDLE_DELAY_S = 30;
export const BACKOFF = 1.5;

export interface Cadence {
  /** Seconds until the next poll. */
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
 * After an answer: the server's figure (between the minimum and the idle pace) when something
 * changed or a person just acted, else the last delay backed off up to the idle pace; the idle
 * pace when the server says nothing runs (0).
 */
export function afterAnswer(c: Cadence, seen: string, nextPollSeconds: number): Cadence {
  if (!(nextPollSeconds > 0)) return { delay: IDLE_DELAY_S, seen };
  const base = Math.min(IDLE_DELAY_S, Math.max(MIN_DELAY_S, nextPollSeconds));
  const quiet = c.seen === seen && c.delay > 0;
  return { delay: quiet ? Math.max(base, Math.min(IDLE_DELAY_S, c.delay * BACKOFF)) : base, seen };
}

/** After a failed poll: try again later, each time a little later, so a passing failure heals. */
export function afterFailure(c: Cadence): Cadence {
  return { delay: Math.min(IDLE_DELAY_S, Math.max(MIN_DELAY_S, c.delay * BACKOFF)), seen: c.seen };
}

/** A person acted (Refresh, Cancel, a new run): the next answer sets the pace afresh. */
export function afterAction(c: Cadence): Cadence {
  return { delay: c.delay, seen: undefined };
}
