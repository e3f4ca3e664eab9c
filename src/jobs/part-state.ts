// A job's parts: one request each (a batch or a lead list). The one type of a part's state
// and every transition between states; the engine only asks for transitions by name.
//
//   planned ─mark─▶ marked ─send─▶ sending ─accepted─▶ accepted ─page─▶ reading ─end─▶ done
//                                     │  ╰─refused for now (429)─▶ planned (rows back to Queued)
//                                     ├─refused (400, 402)──────▶ failed
//                                     ╰─no clear answer─────────▶ ambiguous
//   accepted | reading ─ended canceled▶ canceled   ─ended in error or lost▶ failed
//   marked ─abandoned (the job ended without sending it)▶ canceled
//
// `planned` lives only inside one step. A step marks the rows of every part it will send in one
// write and saves them `marked`; a `marked` part found when a step starts was never sent (the
// step was cut off first), so its rows go back to Queued.
import { fail } from '../base/fail';

export type PartState =
  | { s: 'planned' }
  | { s: 'marked' }
  | { s: 'sending' }
  | { s: 'accepted'; id: string }
  | { s: 'reading'; id: string; href?: string; skip: number }
  /** Settled parts keep no batch id: nothing more is read, and the record stays small. */
  | { s: 'done' }
  | { s: 'canceled' }
  | { s: 'failed'; reason: string; id?: string }
  | { s: 'ambiguous'; reason: string };

export interface JobPart {
  n: number;
  state: PartState;
  /** Not before this time is the part worth reading again (ms epoch). */
  readAfter?: number;
  /** A link a person can open (lead lists). */
  url?: string;
  /** Items sent, when the service accepted them: with `got`, the part's pace. */
  size?: number;
  sentAt?: number;
  /** Results read so far. */
  got?: number;
  /** Rows marked for it: bounds the rows its results may reach once every mark is gone. */
  rows?: number;
  /** The sheet's rows when it was marked: fewer since, and its marks may have gone with deleted rows. */
  sheetRows?: number;
}

type Name = PartState['s'];

const NEXT: Record<Name, ReadonlyArray<Name>> = {
  planned: ['marked'],
  marked: ['sending', 'planned', 'canceled'],
  sending: ['accepted', 'planned', 'failed', 'ambiguous'],
  accepted: ['reading', 'done', 'canceled', 'failed'],
  reading: ['reading', 'done', 'canceled', 'failed'],
  done: [],
  canceled: [],
  failed: [],
  ambiguous: [],
};

/** Moves a part to its next state; a transition the machine does not allow is a bug, thrown. */
export const move = (part: JobPart, next: PartState): void => {
  if (!NEXT[part.state.s].includes(next.s)) fail(`A part cannot go from ${part.state.s} to ${next.s}.`);
  part.state = next;
  // A settled part keeps only its number, state and link: a 50,000-row job's record stays small.
  // One that may have started keeps its rows' count: they may be paid for, and are told apart.
  if (isSettled(part))
    for (const k of ['readAfter', 'size', 'sentAt', 'got', 'rows', 'sheetRows'] as const)
      if (k !== 'rows' || next.s !== 'ambiguous') delete part[k];
};

/**
 * Ends a marked or sending part the job gives up on without asking the service (its sheet
 * deleted): one cut off while sending may have started, so it is ambiguous, never resent.
 */
export const abandonPart = (part: JobPart, reason: string): void =>
  move(part, part.state.s === 'sending' ? { s: 'ambiguous', reason } : { s: 'canceled' });

/** A part whose results can still be read. */
export const isOpen = (part: JobPart): part is JobPart & { state: { s: 'accepted' | 'reading'; id: string } } =>
  part.state.s === 'accepted' || part.state.s === 'reading';

/** A part that will change no more. */
export const isSettled = (part: JobPart): boolean => NEXT[part.state.s].length === 0;

/** The numbers of the job's parts, as its rows' marks name them. */
export const partNumbers = (job: { parts: ReadonlyArray<JobPart> }): Set<number> => new Set(job.parts.map((p) => p.n));

/** Every part of the job has settled: nothing more will be read. */
export const allSettled = (job: { parts: ReadonlyArray<JobPart> }): boolean => job.parts.every(isSettled);

/** Where reading goes on: the page's link and how many of its results were already used. */
export const cursor = (part: JobPart): { href?: string; skip: number } =>
  part.state.s === 'reading' ? { href: part.state.href, skip: part.state.skip } : { skip: 0 };
