// Batches and lead lists as time-driven work: each item's finish time is fixed on acceptance and
// progress is read from the clock whenever someone looks (no timers). Settling an account records
// every item finished by now, in finishing order, and charges it.
import type { AccountState, Batch } from './account-state';
import { plus, ZERO } from './credits';
import type { Credits } from './options';

export { Batch, type BatchKind, type BatchWork } from './account-state';

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
