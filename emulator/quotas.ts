// Apps Script's daily quotas per user (URL fetches, property reads and writes, e-mail recipients,
// trigger runtime), counted on the virtual clock in days that start with a user's first counted use.
import { GasError, Messages } from './errors';

export interface DailyQuotas {
  /** `UrlFetchApp` requests a day (`fetchAll` counts each request). */
  urlFetch: number;
  /** Calls on a `Properties` object a day, reads and writes alike, whichever store. */
  properties: number;
  /** E-mail recipients a day (`MailApp.sendEmail`): every address of to, cc and bcc counts. */
  mail: number;
  /** Summed run time of time-driven trigger executions a day, in ms. */
  triggerRuntimeMs: number;
}

/** A consumer (gmail.com) account's quotas, as Apps Script publishes them (a Workspace account has 1,500 recipients). */
export const CONSUMER_DAILY_QUOTAS: Readonly<DailyQuotas> = Object.freeze({
  urlFetch: 20000,
  properties: 50000,
  mail: 100,
  triggerRuntimeMs: 90 * 60 * 1000,
});

/** Apps Script: "Quotas are per user and reset 24 hours after the first request." */
export const QUOTA_DAY_MS = 24 * 60 * 60 * 1000;

/** One user's use in one quota day. */
export interface QuotaDay extends DailyQuotas {
  dayStartedAt: number;
}

/** What `host.quotaUse(user)` answers: the current day's use, zero with no day open. */
export interface QuotaUse extends DailyQuotas {
  /** When the user's current day began; null when no day is open (nothing counted for 24 hours). */
  dayStartedAt: number | null;
}

/** The quotas counted in calls (or recipients), refused with Apps Script's message once spent. */
export type CallQuota = 'urlFetch' | 'properties' | 'mail';

const REFUSAL: Record<CallQuota, string> = {
  urlFetch: Messages.urlFetchDailyQuota,
  properties: Messages.propertiesDailyQuota,
  mail: Messages.mailDailyQuota,
};

const unused = (): DailyQuotas => ({ urlFetch: 0, properties: 0, mail: 0, triggerRuntimeMs: 0 });

export class QuotaLedger {
  readonly quotas: Readonly<DailyQuotas>;
  private readonly days = new Map<string, QuotaDay[]>();

  constructor(quotas: Partial<DailyQuotas> = {}) {
    this.quotas = Object.freeze({ ...CONSUMER_DAILY_QUOTAS, ...quotas });
  }

  private current(user: string, now: number): QuotaDay | undefined {
    const last = this.days.get(user)?.at(-1);
    // A clock set back for cells that run side by side may read before the day began: same day.
    return last && now < last.dayStartedAt + QUOTA_DAY_MS ? last : undefined;
  }

  /** The user's day at `now`, opening a new one when none is open (a counted use starts a day). */
  day(user: string, now: number): QuotaDay {
    const open = this.current(user, now);
    if (open) return open;
    const day: QuotaDay = { dayStartedAt: now, ...unused() };
    const list = this.days.get(user) ?? [];
    list.push(day);
    this.days.set(user, list);
    return day;
  }

  /**
   * Counts `n` calls against a call quota, or throws Apps Script's refusal (counting nothing)
   * when they would take the day past it: the last call that fits works, the next one throws.
   */
  charge(user: string, name: CallQuota, n: number, now: number): void {
    const day = this.day(user, now);
    if (day[name] + n > this.quotas[name]) throw new GasError(REFUSAL[name]);
    day[name] += n;
  }

  /**
   * Spends what is left of a call quota in the user's current day (opening one when none is
   * open), as if other scripts of theirs had made the calls: the next call is refused until the
   * day ends, 24 hours after it began.
   */
  useUp(user: string, name: CallQuota, now: number): void {
    const day = this.day(user, now);
    day[name] = Math.max(day[name], this.quotas[name]);
  }

  /** What is left of a call quota in the user's day at `now` (all of it when no day is open); opens no day. */
  remaining(user: string, name: CallQuota, now: number): number {
    return Math.max(0, this.quotas[name] - this.use(user, now)[name]);
  }

  /** Whether the user's trigger runtime for the day at `now` has reached the quota. */
  triggerRuntimeSpent(user: string, now: number): boolean {
    return this.day(user, now).triggerRuntimeMs >= this.quotas.triggerRuntimeMs;
  }

  use(user: string, now: number): QuotaUse {
    const day = this.current(user, now);
    return day ? { ...day } : { dayStartedAt: null, ...unused() };
  }

  /** Every day the user counted anything, oldest first (the last may still be open). */
  history(user: string): QuotaDay[] {
    return (this.days.get(user) ?? []).map((d) => ({ ...d }));
  }
}
