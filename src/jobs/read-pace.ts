// When an unfinished part is next worth reading: when the pace it has shown says it will be
// done, so a step reads whole pages instead of asking again and again for a page still filling.
import { max, min } from '../base/numbers';

import type { JobRecord } from './job';
import { isSending } from './job-life';
import { isOpen } from './part-state';
import { QUEUED } from './row-status';

/** The pace assumed before a part has shown its own; the service does not publish one. */
export const EXPECTED_ITEMS_PER_SECOND = 50;
/** The longest wait between reads of a part that is still working: the person sees progress. */
export const MAX_QUIET_MS = 5 * 60 * 1000;
/** The shortest wait, whatever the estimate: a step's reads and writes are not free. */
const MIN_WAIT_MS = 2 * 1000;

export interface PartPace {
  /** Items sent in the part. */
  size: number;
  /** Results read so far. */
  got: number;
  /** When the service accepted the part (ms epoch). */
  sentAt: number;
}

const clamp = (ms: number, low: number): number => min(MAX_QUIET_MS, max(low, MIN_WAIT_MS, ms));

/** How long a part of `size` items takes at the assumed pace. */
const expectedMs = (size: number): number => (size / EXPECTED_ITEMS_PER_SECOND) * 1000;

/** The first read of a part just accepted: when it would be done at the assumed pace. */
export const firstReadAt = (size: number, sentAt: number): number => sentAt + clamp(expectedMs(size), 0);

/**
 * The next read of a part still working. From the pace it showed since it was accepted, when
 * it should be done; with no result yet, as long again as it has waited so far. Never before
 * the service's own Retry-After (the earliest moment more results can exist).
 */
export const nextReadAt = (pace: PartPace, now: number, retryAfter: number | undefined): number => {
  const earliest = (retryAfter ?? 0) * 1000;
  const elapsed = max(1, now - pace.sentAt);
  if (pace.got <= 0) return now + clamp(max(elapsed, expectedMs(pace.size) - elapsed), earliest);
  const perMs = pace.got / elapsed;
  return now + clamp(max(0, pace.size - pace.got) / perMs, earliest);
};

/**
 * A part due this soon is read with the ones due now: parts of a job read a few seconds apart
 * would otherwise each want a step of their own. Only a part that has waited four times as
 * long is read early, so a part just sent is not read before it can be done.
 */
export const READ_TOGETHER_MS = 30 * 1000;

/** Whether a step now reads this part. */
export const dueForRead = (part: { readAfter?: number; sentAt?: number }, now: number): boolean => {
  const gap = (part.readAfter ?? 0) - now;
  return gap <= 0 || gap <= min(READ_TOGETHER_MS, (now - (part.sentAt ?? now)) / 4);
};

/** A trigger made before a step's work errs late by this much: firing before the job is due wastes a run. */
const LATE_MARGIN_MS = 10 * 1000;

/**
 * When a job due now will likely want its next step once this step is done, for the trigger
 * made before the step (it picks the job up if the step is cut off). Parts not due keep their
 * time; a part read now will likely wait as long as the job waited last time; rows that go out
 * now are first read when their part should be done; rows held back go out when allowed.
 */
export const expectedNextCheck = (
  job: Pick<JobRecord, 'parts' | 'total' | 'partSize' | 'updatedAt' | 'counts' | 'sendAfter' | 'life'>,
  now: number,
): number => {
  const times = job.parts.filter(isOpen).map((part) => (dueForRead(part, now) ? now + clamp(now - job.updatedAt, 0) : part.readAfter!));
  const queued = job.parts.length === 0 ? job.total : (job.counts[QUEUED] ?? 0);
  if (queued > 0 && isSending(job)) {
    times.push(job.sendAfter !== undefined && job.sendAfter > now ? job.sendAfter : firstReadAt(min(queued, job.partSize || queued), now));
  }
  return (times.length ? min(...times) : now + MIN_WAIT_MS) + LATE_MARGIN_MS;
};

/** When the job is next worth a step: its earliest due part, or the next send. */
export const schedule = (job: JobRecord, queued: number, now: number): void => {
  const times = job.parts.filter(isOpen).map((p) => p.readAfter ?? now);
  if (queued > 0 && isSending(job)) times.push(job.sendAfter ?? now);
  job.nextCheckAt = times.length ? max(now, min(...times)) : now;
};
