// When a spreadsheet's one continuation trigger is kept, made anew or removed. It is replaced only
// when it would fire well off the next due time, so watching a job does not make a trigger a poll.
import { max } from '../base/numbers';
import { ADDON_NAME } from '../config';

/** What the add-on remembers of a spreadsheet's continuation trigger. */
export interface Continuation {
  /** The trigger's unique id, while one is believed to be waiting. */
  uid?: string;
  /** When it fires. */
  dueAt?: number;
  /**
   * The waiting trigger recurs hourly: a one-shot was refused, and add-on triggers may always
   * recur hourly.
   */
  hourly?: boolean;
  /** Why background steps are off: a trigger could not be made, or ran without its spreadsheet. */
  off?: string;
  /** Until when not to try making one again (with `hourly`: a one-shot, from a user's action). */
  offUntil?: number;
}

/** Apps Script fires a one-shot no sooner than about a minute after it is made. */
export const MIN_DELAY_MS = 60 * 1000;
/** The shortest recurrence Apps Script allows an add-on's trigger. */
export const HOUR_MS = 60 * 60 * 1000;
/**
 * A trigger that would fire this much before the work is due is replaced: an execution that
 * finds nothing due costs more than deleting a trigger and making one.
 */
export const EARLY_TOLERANCE_MS = 30 * 1000;
/** A trigger this far past its time has not fired, or its step was cut off: make a new one. */
const LOST_AFTER_MS = 10 * 60 * 1000;

export type ContinuationPlan = { kind: 'keep' } | { kind: 'create'; dueAt: number } | { kind: 'clear' };

const KEEP: ContinuationPlan = { kind: 'keep' };

/**
 * `nextDue` is when the earliest running job wants its next step (undefined: none runs). A
 * waiting trigger is kept when it fires a little before that, or not much after it. Steps come
 * only when a job is due (at the pace its parts show), so a replaced trigger is one per step at
 * most, never one per poll. `background`: a time-driven run, which cannot do better than an
 * hourly trigger once a short one was refused.
 */
export const planContinuation = (state: Continuation, nextDue: number | undefined, now: number, background = false): ContinuationPlan => {
  if (nextDue === undefined) return state.uid || state.off ? { kind: 'clear' } : KEEP;
  const want = max(nextDue, now + MIN_DELAY_MS);
  if (state.uid && state.dueAt !== undefined) {
    const lost = state.dueAt < now - LOST_AFTER_MS;
    // Kept while the work is due within the hour, when a one-shot may be refused; work due later
    // gets a one-shot for its time, which no answer refuses, not an hourly run finding nothing.
    if (state.hourly && !lost && (background || now < (state.offUntil ?? 0)) && want < now + HOUR_MS) return KEEP;
    const tolerance = max(MIN_DELAY_MS, (want - now) / 4);
    const early = state.dueAt < want - EARLY_TOLERANCE_MS && state.dueAt >= now;
    if (!lost && !early && state.dueAt <= want + tolerance) return KEEP;
  }
  if (!state.uid && state.off && state.offUntil !== undefined && now < state.offUntil) return KEEP;
  return { kind: 'create', dueAt: want };
};

/** How long background steps stay off before a trigger is tried again, by reason. */
export const OFF_RETRY_MS = { createFailed: 30 * 60 * 1000, noDocument: 6 * 60 * 60 * 1000 } as const;

/** The sentence the job list shows while background steps are off. */
export const backgroundNote = (state: Continuation): string => {
  if (state.hourly && state.uid)
    return 'Background steps run once an hour (Apps Script refused a sooner one); this sidebar open goes faster.';
  if (!state.off) return '';
  return `Background steps are off: ${state.off} Jobs go on while this sidebar is open, or with Extensions › ${ADDON_NAME} › Check running jobs now.`;
};
