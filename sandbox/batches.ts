// Batches and lead lists as time-driven work: items finish at a fixed rate after a short queue,
// computed from the clock whenever someone looks (no timers). Settling an account records every
// item finished by now, in finishing order, and charges it.
import type { AccountState } from './accounts';
import { plus, ZERO } from './credits';
import type { Credits } from './options';

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
  canceledAt: number | undefined;

  constructor(
    readonly kind: BatchKind,
    readonly id: string | number,
    readonly accountId: string,
    readonly createdAt: number,
    readonly startAt: number,
    /** Items per second. */
    readonly rate: number,
    readonly inputs: I[],
    readonly work: BatchWork<I, O>,
    readonly meta: M,
  ) {}

  get size(): number {
    return this.inputs.length;
  }

  /** When item `i` finishes if nothing stops it. */
  finishAt(i: number): number {
    return this.startAt + Math.ceil(((i + 1) * 1000) / this.rate);
  }

  /** How many items have finished by `t` (a cancel stops the count). */
  finishedBy(t: number): number {
    const at = this.canceledAt === undefined ? t : Math.min(t, this.canceledAt);
    if (at < this.startAt) return 0;
    let k = Math.min(this.size, Math.floor(((at - this.startAt) * this.rate) / 1000));
    while (k < this.size && this.finishAt(k) <= at) k++;
    while (k > 0 && this.finishAt(k - 1) > at) k--;
    return k;
  }

  /** When the last item finishes, if nothing stops it. */
  get completesAt(): number {
    return this.finishAt(this.size - 1);
  }

  status(t: number): BatchStatus {
    if (this.canceledAt !== undefined && this.canceledAt <= t && this.finishedBy(this.canceledAt) < this.size) return 'canceled';
    if (t < this.startAt) return 'queued';
    return this.finishedBy(t) >= this.size ? 'completed' : 'processing';
  }

  ended(t: number): boolean {
    const s = this.status(t);
    return s === 'completed' || s === 'canceled';
  }

  /** Seconds until something changes, while the batch is not ended. */
  retryAfter(t: number): number | undefined {
    if (this.ended(t)) return undefined;
    const next = t < this.startAt ? this.startAt : this.finishAt(this.finishedBy(t));
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
    const total = this.canceledAt === undefined ? this.size : this.finishedBy(this.canceledAt);
    return total - this.outputs.length;
  }
}

/**
 * Records every item of the account's batches finished by `now`, oldest first across batches, so
 * the once-per-24-hours and once-ever credit rules see items in the order they really finished.
 */
export function settle(account: AccountState, now: number): void {
  const due: Array<{ at: number; batch: Batch; i: number }> = [];
  for (const batch of account.open) {
    const done = batch.finishedBy(now);
    for (let i = batch.outputs.length; i < done; i++) due.push({ at: batch.finishAt(i), batch, i });
  }
  due.sort((a, b) => a.at - b.at || a.batch.seq - b.batch.seq || a.i - b.i);
  for (const { at, batch, i } of due) {
    const input = batch.inputs[i];
    const out = batch.work.run(input, i);
    batch.outputs.push(out);
    if (batch.work.listed(out)) batch.listed.push(i);
    batch.work.charge(account, input, out, at);
  }
  account.open = account.open.filter((b) => b.pendingCount() > 0);
}

/** Credits held back for items still to finish. */
export function reserved(account: AccountState): Credits {
  let total = ZERO;
  for (const b of account.open) total = plus(total, b.work.reserve, b.pendingCount());
  return total;
}

export function available(account: AccountState): Credits {
  const r = reserved(account);
  return { email: account.balance.email - r.email, phone: account.balance.phone - r.phone };
}
