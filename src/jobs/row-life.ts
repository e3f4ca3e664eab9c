// A row's life for one action, and the one answer to "is this row already answered for the key it
// holds?", which manual runs and automation both ask. Nothing else decides whether a key is bought.
//
//   new ──a run marks it──▶ held (queued, sending, processing, paused)
//    ▲                        │            │
//    │                        │            └──refused, failed, canceled──▶ failed (nothing known paid)
//    │                        ▼
//    │      the service accepted its request: the key goes into the paid ledger (sheet, action, key, when)
//    │                        ▼
//    │                    answered ──older than the re-check age──▶ stale ──a run──▶ held
//    │                        │
//    └──key changed: the ledger has no entry for the new key───────┘
//
// What was paid is the ledger's fact, never a header's name or a cell's text: a result column
// renamed or deleted, or a note typed into a result cell, leaves a row answered. The status cell
// still tells a held row (a job's marks) and a failed one (its words say nothing was paid, or it
// may have been and is never sent again by itself).
import type { RowStatus } from './row-status';

/**
 * Actions whose requests buy an answer of the key (validated, enriched): the paid ledger keeps
 * them. Adding a lead to a list is not an answer of its key: the same person added to another
 * list is not paid twice, and a list's own rows say what it took.
 */
export const buysAnswer = (action: string): boolean => action !== 'lead_list';

/** Keys whose request the service accepted on one sheet for one action, each with when (ms). */
export type Paid = ReadonlyMap<string, number>;

export const DAY_MS = 24 * 60 * 60 * 1000;

export type RowLife =
  | { s: 'new' }
  | { s: 'held' }
  | { s: 'failed' }
  /** `at`: when its request was accepted; none for a result from before the ledger. */
  | { s: 'answered'; at?: number }
  | { s: 'stale'; at: number };

/** Older than the re-check age (`recheckDays` 0: an answer never goes stale). */
export const isStale = (at: number, now: number, recheckDays: number): boolean => recheckDays > 0 && now - at >= recheckDays * DAY_MS;

/**
 * Where a row that sends `key` stands: held or failed by its status cell, else answered (or
 * stale) when the ledger holds its key or its status shows a result, else new.
 */
export const rowLife = (status: RowStatus, key: string, paid: Paid, now: number, recheckDays = 0): RowLife => {
  const k = status.kind;
  if (k === 'queued' || k === 'sending' || k === 'processing' || k === 'paused') return { s: 'held' };
  if (k === 'error' || k === 'canceled' || k === 'skipped') return { s: 'failed' };
  const at = paid.get(key);
  if (at !== undefined) return isStale(at, now, recheckDays) ? { s: 'stale', at } : { s: 'answered', at };
  return k === 'done' ? { s: 'answered' } : { s: 'new' };
};

/** Whether a row is answered for its key: the question every run asks before it spends. */
export const isAnswered = (status: RowStatus, key: string, paid: Paid, now: number, recheckDays = 0): boolean =>
  rowLife(status, key, paid, now, recheckDays).s === 'answered';
