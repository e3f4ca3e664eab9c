// An account's state and the batches it holds: the shapes accounts, batches, pacing, credits and
// usage all work on, kept in one module that imports none of them so they form no cycle.
import type { Allowance } from './allowance';
import type { SlidingWindow } from './limits';
import type { Credits } from './options';
import type { PhoneNumber } from './universe/people';

/** The two hourly usage limits: person and company enrichments together, and email validations. */
export type UsageKind = 'enrichments' | 'validations';

export interface AccountState {
  id: string;
  name: string;
  key: string;
  balance: Credits;
  spent: Credits;
  /** When each person was last charged as found (the 24-hour rule). */
  foundAt: Map<string, number>;
  emailRevealed: Set<string>;
  phoneRevealed: Set<string>;
  requestWindows: Map<string, SlidingWindow>;
  /** Items accepted in the last hour, per usage limit: what the `refuse` mode counts. */
  accepted: Record<UsageKind, SlidingWindow>;
  /** The slots of each usage limit that items hold as they finish: what the `pace` mode schedules against. */
  allowances: Map<UsageKind, Allowance>;
  /** Batches holding slots (items to finish, or finished within the hour), in acceptance order. */
  paced: Batch[];
  /** Batches with items not yet settled (charged and recorded). */
  open: Batch[];
  /** Phone numbers this account has reviewed, by id, with the reason given. */
  reviews: Map<string, string>;
  /**
   * Phone numbers handed to this account inside the people it was answered with, by id: with its
   * contacts' numbers, the only ones it can review.
   */
  phones: Map<string, PhoneNumber>;
  /** Identity keys of the leads added to each sequence through the API, by sequence id (see universe/sequences.ts). */
  sequenceLeads: Map<string, Set<string>>;
  /** Every call logged with `POST /calls`, by id. */
  calls: Map<string, LoggedCall>;
  /** The daily limits set with `PATCH /mailboxes/{id}`, by mailbox id, over the seeded ones. */
  mailboxChanges: Map<string, MailboxChange>;
}

/** What the service keeps of a logged call: what its recording needs. */
export interface LoggedCall {
  id: string;
  /** Seconds, as logged. */
  duration: number;
  /** Whether it was logged with a `recording_url`. */
  recorded: boolean;
}

export interface MailboxChange {
  dailyEmailLimit: number;
  /** When it was changed, in ms. */
  at: number;
}

export type BatchKind = 'person_enrichment' | 'company_enrichment' | 'email_validation' | 'lead_list';
export type BatchStatus = 'queued' | 'processing' | 'completed' | 'canceled';

/** What a kind of batch does with one item. */
export interface BatchWork<I, O> {
  /** The result of an item: a pure function of the input. */
  run(input: I, index: number): O;
  /** Whether a finished item shows in the results list. */
  listed(out: O): boolean;
  /** Records what finishing the item costs the account. */
  charge(account: AccountState, input: I, out: O, at: number): void;
  /** The most one item can cost, held back from the balance until the item finishes. */
  reserve: Credits;
}

let sequence = 0;

export class Batch<I = unknown, O = unknown, M = unknown> {
  readonly seq = ++sequence;
  /** Results of finished items, by index. */
  readonly outputs: O[] = [];
  /** Indexes of finished items shown in the results list, in order. */
  readonly listed: number[] = [];
  /**
   * When each item finishes, in ms, fixed when the batch is accepted (see pacing.ts); a cancel of
   * another batch places only items still to finish again. Non-decreasing: counts are a binary search.
   */
  readonly times: Float64Array;
  canceledAt: number | undefined;

  constructor(
    readonly kind: BatchKind,
    readonly id: string | number,
    readonly accountId: string,
    readonly createdAt: number,
    readonly startAt: number,
    /** Items per second, at most. */
    readonly rate: number,
    readonly inputs: I[],
    readonly work: BatchWork<I, O>,
    readonly meta: M,
    /** The hourly usage limits the items count against. */
    readonly usage: ReadonlyArray<UsageKind>,
  ) {
    this.times = new Float64Array(inputs.length);
  }

  get size(): number {
    return this.inputs.length;
  }

  /** The least time the processing rate puts between item `i - 1` (or the start) and item `i`. */
  gap(i: number): number {
    return Math.ceil(((i + 1) * 1000) / this.rate) - Math.ceil((i * 1000) / this.rate);
  }

  /** When item `i` finishes if nothing stops it. */
  finishAt(i: number): number {
    return this.times[i]!;
  }

  /** How many items finish at or before `t` if nothing stops them. */
  private countBy(t: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many items have finished by `t` (a cancel stops the count). */
  finishedBy(t: number): number {
    return this.countBy(this.canceledAt === undefined ? t : Math.min(t, this.canceledAt));
  }

  /** The index of the first item finishing after `t`. */
  firstFinishedAfter(t: number): number {
    return this.countBy(t);
  }

  /** How many items will ever finish: all of them, or those finished when it was canceled. */
  runsTo(): number {
    return this.canceledAt === undefined ? this.size : this.finishedBy(this.canceledAt);
  }

  /** When the last item finishes, if nothing stops it. */
  get completesAt(): number {
    return this.finishAt(this.size - 1);
  }

  /** When the first item starts: the end of the queue delay, or later when the allowance holds it back. */
  get beginsAt(): number {
    return this.size === 0 ? this.startAt : this.finishAt(0) - this.gap(0);
  }

  status(t: number): BatchStatus {
    if (this.canceledAt !== undefined && this.canceledAt <= t && this.finishedBy(this.canceledAt) < this.size) return 'canceled';
    if (t < this.beginsAt) return 'queued';
    return this.finishedBy(t) >= this.size ? 'completed' : 'processing';
  }

  ended(t: number): boolean {
    const s = this.status(t);
    return s === 'completed' || s === 'canceled';
  }

  /**
   * Seconds until more results can exist, while the batch is not ended: the next item's finish.
   * In the ordinary queue delay it is the start instead, as clients poll the new batch then.
   */
  retryAfter(t: number): number | undefined {
    if (this.ended(t)) return undefined;
    const next = t < this.startAt && this.beginsAt === this.startAt ? this.startAt : this.finishAt(this.finishedBy(t));
    return Math.max(1, Math.ceil((next - t) / 1000));
  }

  /** When the results last changed, for `updated_at`. */
  lastChangeAt(t: number): number {
    const done = this.finishedBy(t);
    if (this.canceledAt !== undefined && this.canceledAt <= t) return this.canceledAt;
    return done === 0 ? this.createdAt : this.finishAt(done - 1);
  }

  /** Items that will still finish (and may still be charged). */
  pendingCount(): number {
    return this.runsTo() - this.outputs.length;
  }
}
