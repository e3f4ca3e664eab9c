// What an account has used of its hourly usage limits right now, read from its batches without
// changing them: the figures the read-only view shows so a person can see what a run cost.
import type { AccountState, UsageKind } from './account-state';
import { HOUR } from './limits';
import type { Limits, UsageLimitMode } from './options';
import { hourlyLimit } from './pacing';

export interface UsageCount {
  /** The hourly limit. */
  limit: number;
  /**
   * What counts against the limit now, in the service's mode: items finished within the last
   * hour (`pace`, each holds a slot for an hour from its finish) or items accepted within the
   * last hour (`refuse`, counted when their batch is accepted).
   */
  used: number;
  /** Items accepted and not finished yet (held back by the processing rate or the allowance). */
  waiting: number;
}

export type HourlyUsage = Record<UsageKind, UsageCount>;

/** Items of the account's batches using `kind` that finished in the sliding hour ending at `t`. */
function finishedWithinHour(account: AccountState, kind: UsageKind, t: number): number {
  let n = 0;
  // `paced` holds every batch with items finished within the hour (and maybe a few older ones,
  // which add nothing here): batches that hold no slot any more are the only ones dropped.
  for (const b of account.paced) {
    if (!b.usage.includes(kind)) continue;
    n += Math.max(0, b.finishedBy(t) - b.firstFinishedAfter(t - HOUR));
  }
  return n;
}

/** Items of the account's batches using `kind` accepted and still to finish at `t`. */
function waiting(account: AccountState, kind: UsageKind, t: number): number {
  let n = 0;
  for (const b of account.open) if (b.usage.includes(kind)) n += Math.max(0, b.runsTo() - b.finishedBy(t));
  return n;
}

export function hourlyUsage(account: AccountState, t: number, limits: Limits, mode: UsageLimitMode): HourlyUsage {
  const count = (kind: UsageKind): UsageCount => ({
    limit: hourlyLimit(limits, kind),
    used: mode === 'refuse' ? account.accepted[kind].used(t) : finishedWithinHour(account, kind, t),
    waiting: waiting(account, kind, t),
  });
  return { enrichments: count('enrichments'), validations: count('validations') };
}
