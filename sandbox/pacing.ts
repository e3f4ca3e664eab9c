// The hourly usage limits as a pace, not a refusal: per account and kind of usage there are
// `limit` slots; an item holds one from the moment it finishes until an hour later, so no
// sliding hour ever holds more than `limit` finished items of that kind.
import type { AccountState, Batch, UsageKind } from './account-state';
import { Allowance } from './allowance';
import { HOUR } from './limits';
import type { Limits } from './options';

export type { UsageKind } from './account-state';

export function hourlyLimit(limits: Limits, kind: UsageKind): number {
  return kind === 'enrichments' ? limits.enrichmentsPerHour : limits.validationsPerHour;
}

function allowanceOf(map: Map<UsageKind, Allowance>, kind: UsageKind, limits: Limits): Allowance {
  let a = map.get(kind);
  if (!a) {
    a = new Allowance(hourlyLimit(limits, kind));
    map.set(kind, a);
  }
  return a;
}

/**
 * Fixes the finish times of items `from`… of a batch: each no sooner than the processing rate
 * allows after the one before it, nor before `floor`, nor before a slot of every kind it uses is
 * free. Slots come free in non-decreasing order, so the times stay non-decreasing.
 */
function place(batch: Batch, slots: Allowance[], from: number, floor: number): void {
  const times = batch.times;
  let prev = from === 0 ? batch.startAt : times[from - 1]!;
  for (let i = from; i < batch.size; i++) {
    let at = Math.max(prev + batch.gap(i), floor);
    for (const s of slots) at = Math.max(at, s.earliest());
    for (const s of slots) s.take(at);
    times[i] = at;
    prev = at;
  }
}

/** Whether a batch holds slots at `t`: items still to finish, or items finished within the hour. */
function holdsSlots(batch: Batch, t: number): boolean {
  const end = batch.runsTo();
  if (end === 0) return false;
  return batch.finishedBy(t) < end || batch.times[end - 1]! > t - HOUR;
}

/**
 * Schedules a batch accepted at `t`: its items take slots after everything accepted before it,
 * so earlier batches are never slowed by later ones. A batch that uses no limit (a lead list
 * without options) runs at the processing rate alone.
 */
export function pace(account: AccountState, batch: Batch, t: number, limits: Limits): void {
  const slots = batch.usage.map((k) => allowanceOf(account.allowances, k, limits));
  for (const s of slots) s.release(t);
  place(batch, slots, 0, -Infinity);
  if (slots.length > 0) {
    account.paced = account.paced.filter((b) => holdsSlots(b, t));
    account.paced.push(batch);
  }
}

/**
 * After a cancel at `t`: rebuilds the slots from the items finished within the last hour, then
 * places the unfinished items of the account's other batches again, in acceptance order, so the
 * allowance the canceled items held goes to the batches after them. Only times after `t` move.
 */
export function repace(account: AccountState, t: number, limits: Limits): void {
  account.paced = account.paced.filter((b) => holdsSlots(b, t));
  const fresh = new Map<UsageKind, Allowance>();
  for (const b of account.paced) {
    const done = b.finishedBy(t);
    const slots = b.usage.map((k) => allowanceOf(fresh, k, limits));
    for (let i = b.firstFinishedAfter(t - HOUR); i < done; i++) for (const s of slots) s.take(b.times[i]!);
  }
  for (const b of account.paced) {
    if (b.canceledAt !== undefined) continue;
    const done = b.finishedBy(t);
    if (done < b.size)
      place(
        b,
        b.usage.map((k) => allowanceOf(fresh, k, limits)),
        done,
        t + 1,
      );
  }
  account.allowances = fresh;
}
