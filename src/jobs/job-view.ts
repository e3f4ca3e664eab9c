// What a job says: its view in the sidebar's job list, and the words of its notes and of the rows
// it pauses or loses, kept together so one sentence is written once.
import { isCanceling, isLive, stopReason, type PauseWhy } from './job-life';
import type { JobRecord, JobView } from './job';
import { answeredStatus, isFinishedLabel } from './row-status';
import { plural } from './credit-words';
import { creditParts } from './credit-parts';

export const LOST_HEADER =
  'The header row was deleted or its column names changed while the job ran, so its rows can no longer be found; nothing more was sent.';
export const REMADE_STATUS =
  'The status column was deleted or cleared while the job ran: results go to the rows that still hold their key, and rows not sent by then were not sent. Run again for them.';
export const TROUBLE_NOTE = 'The service is having trouble; the job will try again shortly.';

/** What a row says whose paid answer went with the status column deleted while its job ran. */
export const LOST_ANSWER = answeredStatus(
  'its answer was paid for, then lost with the status column deleted while the job ran. Select the row and run again to buy it again.',
);

/** Where the paid results that found no row went, when some did not. */
export const unplacedNote = ({ unplaced: u }: JobRecord): string | undefined =>
  u && `${plural(u.count, 'result')} already paid for found no row (rows deleted or edited meanwhile): see the sheet "${u.sheet}".`;

/** The account a paused job's batches belong to, in words. */
const theAccount = (account: string | undefined): string => (account ? `the account "${account}"` : 'another account');

/** What a paused job's rows say: why nothing moves, and what ends the wait. */
export const pausedRowWords = (why: PauseWhy, account: string | undefined): string =>
  ({
    key: 'the API key was refused; connect a valid key in the sidebar',
    no_key: 'no API key is connected; connect in the sidebar',
    account: `its batches belong to ${theAccount(account)}; connect its key in the sidebar`,
  })[why];

/** What a paused job says in the job list. */
const pauseNote = (why: PauseWhy, account: string | undefined): string => {
  const collect = 'to collect the results already paid for and send the rest';
  return {
    key: `Paused: the API key was refused. Connect a valid key in the sidebar ${collect}; the job also tries the key again by itself every so often.`,
    no_key: `Paused: no API key is connected. Connect again ${collect}.`,
    account: `Paused: this job was started with ${theAccount(account)}, and only that account's key can read its batches. Connect that account again ${collect}.`,
  }[why];
};

/** What the sidebar shows of a job; `sheetName` is the sheet's name now, when it still exists. */
export const jobView = (job: JobRecord, sheetName = job.sheetName): JobView => {
  const finished = Object.entries(job.counts).reduce((n, [label, count]) => (isFinishedLabel(label) ? n + count : n), 0);
  const life = job.life;
  const message =
    job.undone ??
    (life.s === 'paused'
      ? pauseNote(life.why, job.account?.name)
      : life.s === 'failed' || life.s === 'canceled'
        ? [life.why, unplacedNote(job)].filter(Boolean).join(' ')
        : (job.message ?? stopReason(job) ?? (isCanceling(job) ? 'Canceling.' : '')));
  return {
    id: job.id,
    action: job.action,
    sheetName,
    state: life.s,
    message,
    total: job.total,
    finished,
    counts: { ...job.counts },
    canCancel: isLive(job) && !isCanceling(job),
    links: job.parts.map((p) => p.url).filter((u): u is string => Boolean(u)),
    ...(job.list && { list: { name: job.list.name, adds: Boolean(job.list.id) } }),
    spent: job.spent && creditParts(job.spent),
    ...(job.undoUntil! > Date.now() && { undo: true }),
    ...(job.reused && { reused: job.reused }),
  };
};
