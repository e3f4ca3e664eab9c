// A job's life: the one type of its state and every move between states, as part-state.ts is
// for a part. Nothing else sets a job's state; the engine and the job loop ask for moves by name.
//
//   running ─┬─ sending ──stop sending (credits spent, …)──▶ draining ─┐
//            │     │                                                    │
//            │     └──────────cancel (the person, a deleted sheet)──────┴─▶ canceling
//            │
//            ├──key refused, disconnected, batches of another account, the sheet out of reach──▶ paused ◀─┐
//            │                                                        (why, since, next retry)          │
//            ◀──────────────resume (a connect, the retry finding the key good)──────────────────────────┤
//            │                                                                   paused ─why changed────┘
//            ╰──every part settled──▶ done | failed | canceled      paused ──cancel──▶ paused (was canceling)
//
// A paused job remembers how it was running (`was`), so a job that stopped sending, or was being
// canceled, goes on the same way when it resumes.
import { min } from '../base/numbers';
import { fail } from '../base/fail';

/** A paused job's key is tried again after an hour, then twice as long each time (at most a day), for a week. */
const RETRY_FIRST_MS = 60 * 60 * 1000;
const RETRY_MAX_MS = 24 * 60 * 60 * 1000;
const RETRY_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** How a running job goes: sending rows, only reading what was sent, or canceling. */
export type Running =
  | { s: 'running'; mode: 'sending' }
  /** Nothing more is sent (`why` says so on the rows left); open parts are still read. */
  | { s: 'running'; mode: 'draining'; why: string }
  /** Nothing more is sent; open parts are read (the service was told to cancel them); ends canceled. */
  | { s: 'running'; mode: 'canceling'; why: string };

/** Why a job waits for its owner, each with what ends the wait. */
export type PauseWhy =
  /** The service refused the key: a connect, or a retry finding the key good again. */
  | 'key'
  /** The owner disconnected, or no key is stored: a connect, or a retry finding one connected. */
  | 'no_key'
  /** The connected account is not the one that paid for the job's batches: connecting that account. */
  | 'account';

/** `retryAt`: when it looks again by itself; none after a week of looking (a connect still resumes it). */
export type Paused = { s: 'paused'; why: PauseWhy; was: Running; since: number; tries?: number; retryAt?: number };

export type JobLife = Running | Paused | { s: 'done' } | { s: 'failed'; why: string } | { s: 'canceled'; why: string };

export type JobState = JobLife['s'];

/** Every allowed move, by state name (and, for running, by mode); an ended job has none. */
type Name = JobState | `running.${Running['mode']}`;
const SENDING = 'running.sending';
const DRAINING = 'running.draining';
const CANCELING = 'running.canceling';
const ON_FROM_SENDING: ReadonlyArray<Name> = [DRAINING, CANCELING, 'paused', 'done', 'failed'];
const NEXT: Partial<Record<Name, ReadonlyArray<Name>>> = {
  [SENDING]: ON_FROM_SENDING,
  [DRAINING]: ON_FROM_SENDING,
  [CANCELING]: ['paused', 'canceled', 'failed'],
  paused: ['paused', SENDING, DRAINING, CANCELING, 'canceled'],
};

const nameOf = (life: JobLife): Name => (life.s === 'running' ? `running.${life.mode}` : life.s);

/** Moves a job to its next state; a move the lifecycle does not allow is a bug, thrown. */
export const moveJob = (job: { life: JobLife }, next: JobLife): void => {
  const from = nameOf(job.life);
  const to = nameOf(next);
  if (!NEXT[from]?.includes(to)) fail(`A job cannot go from ${from} to ${to}.`);
  job.life = next;
};

/** Running or paused: the job still holds rows and, maybe, batches paid for. */
export const isLive = (job: { life: JobLife }): boolean => isRunning(job) || isPaused(job);

export const isRunning = (job: { life: JobLife }): job is { life: Running } => job.life.s === 'running';

export const isPaused = (job: { life: JobLife }): job is { life: Paused } => job.life.s === 'paused';

/** A running job that may still send rows. */
export const isSending = (job: { life: JobLife }): boolean => nameOf(job.life) === SENDING;

export const isCanceling = (job: { life: JobLife }): boolean => nameOf(job.life) === CANCELING;

/** How the job runs, or ran before its pause. */
const runningOf = (life: JobLife): JobLife => (life.s === 'paused' ? life.was : life);

/** Why nothing more is sent, when a running job stopped sending for a reason of its own. */
export const stopReason = (job: { life: JobLife }): string | undefined => {
  const life = runningOf(job.life);
  return life.s === 'running' && life.mode === 'draining' ? life.why : undefined;
};

/** Stops sending: the rows not sent say `why`; what was sent is still read. */
export const stopSending = (job: { life: JobLife }, why: string): void => {
  if (isRunning(job) && !isCanceling(job)) moveJob(job, { s: 'running', mode: 'draining', why });
};

/** Cancels: nothing more is sent; the job ends canceled once what was sent is read. */
export const startCanceling = (job: { life: JobLife }, why: string): void => {
  const life = job.life;
  if (isCanceling(job) || runningOf(life).s !== 'running') return;
  const canceling: Running = { s: 'running', mode: 'canceling', why };
  if (life.s === 'paused') life.was = canceling;
  else moveJob(job, canceling);
};

/** Pauses a running job, or notes that a paused one still waits (its retry failed, or why changed). */
export const pause = (job: { life: JobLife }, why: PauseWhy, now: number): void => {
  if (!isLive(job)) return;
  const life = job.life as Running | Paused;
  // Each retry looks again (a key connected from another spreadsheet, a key working again).
  const [was, since, tries] = life.s === 'paused' ? [life.was, life.since, (life.tries ?? 0) + 1] : [life, now, 0];
  const next: JobLife = { s: 'paused', why, was, since, tries };
  if (now - since < RETRY_FOR_MS) next.retryAt = now + min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** tries);
  moveJob(job, next);
};

/** A paused job goes on as it was running. */
export const resume = (job: { life: JobLife }): void => {
  if (isPaused(job)) moveJob(job, job.life.was);
};

/** Ends a running job: canceled when it was canceling, failed when `failed`, else done. */
export const finish = (job: { life: JobLife }, failed: string | undefined): void => {
  const life = job.life;
  if (life.s !== 'running') return;
  moveJob(
    job,
    life.mode === 'canceling' ? { s: 'canceled', why: life.why } : failed !== undefined ? { s: 'failed', why: failed } : { s: 'done' },
  );
};
