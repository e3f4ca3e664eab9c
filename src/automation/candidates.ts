// Which rows of a watched sheet an automated run sends for one action: rows never sent, rows
// whose key changed since, and answers older than the user's re-check age, as row-life.ts decides
// from the paid ledger; which rows take the fresh result another row already holds for the same
// key (never paid twice); and which answers only need dating (results from before automation
// watched the sheet, or before the ledger kept what was paid).
import type { ActionId, ActionOptions } from '../jobs/action-catalog';
import { estimateCredits } from '../jobs/credit-parts';
import { isStale, rowLife, type Paid } from '../jobs/row-life';
import { readStamp, rowFingerprint } from '../jobs/row-stamp';
import { readStatus, type RowStatus } from '../jobs/row-status';
import type { ColumnMapping } from '../sheet/columns';

export interface RowsToSend {
  /** Sheet rows to send, in sheet order, within the credits allowed. */
  send: number[];
  /** Rows with an outcome but no stamp, with the fingerprint to stamp them with. */
  firstStamps: Array<{ row: number; fingerprint: string }>;
  /** Answers the ledger does not hold yet (dated by their stamp, or now when first found). */
  paid: Array<{ key: string; at: number }>;
  /** Rows whose key was paid for (when) while no row shows its answer: they say so, and are not bought again. */
  told: Array<{ row: number; at: number }>;
  /** Due rows whose key another row holds a fresh result for: that row's result is copied. */
  copies: Array<{ row: number; from: number }>;
  /** Rows that would be sent but for the credits allowed. */
  left: number;
  /** The most the rows sent can spend. */
  credits: number;
}

export interface SheetRows {
  /** Every row below the header: sheet row number and cells. */
  rows: ReadonlyArray<{ row: number; values: ReadonlyArray<unknown> }>;
  mapping: ColumnMapping;
  status: number;
  stamp: number | undefined;
  /** The paid ledger's keys for this sheet and action. */
  paid: Paid;
}

export interface PickSettings {
  action: ActionId;
  options: ActionOptions;
  now: number;
  /** 0: results never go stale. */
  staleDays: number;
  /** Credits the rows sent may spend at most. */
  credits: number;
  /** Send only rows that ended with an error or canceled, stamped at this minute (a run's retry). */
  retryAt?: number;
}

const creditsPerKey = (action: ActionId, options: ActionOptions): number => {
  const one = estimateCredits(action, 1, options);
  return one.email + one.phone;
};

type Read = { row: number; fp: { id: string; sends: boolean; key?: string }; stamp: ReturnType<typeof readStamp>; status: RowStatus };

/**
 * What a run does with a row: send it, copy another row's answer onto it (`copy`), date an answer
 * the ledger lacks (`date`, with when it was paid, and `stamp` when its stamp cell is missing), or nothing.
 */
type Due = 'send' | 'copy' | { date: number; stamp: boolean } | false;

const due = ({ fp, stamp, status }: Read, paid: Paid, s: PickSettings): Due => {
  const stamped = stamp?.fingerprint === fp.id;
  // A retry: the run's failed rows, but never one whose request may have started (it may be paid for).
  if (s.retryAt !== undefined)
    return (
      (status.kind === 'canceled' || (status.kind === 'error' && !(fp.key && paid.has(fp.key)))) &&
      stamped &&
      stamp.at === s.retryAt &&
      'send'
    );
  if (!fp.sends) {
    // Rows that cannot be sent cost nothing: marked again only when their cells change.
    if (status.kind === 'empty' || status.kind === 'other') return 'send';
    return !stamp ? { date: s.now, stamp: true } : !stamped && 'send';
  }
  const life = rowLife(status, fp.key!, paid, s.now, s.staleDays);
  switch (life.s) {
    case 'held':
      return false;
    case 'failed':
      // Never sent again unasked (its answer may be paid for), unless its key changed since.
      return !stamp ? { date: s.now, stamp: true } : !stamped && 'send';
    case 'stale':
      return 'send';
    case 'new':
      // A stamp for this very key from before the ledger: it was sent, whatever its cell says now.
      if (!stamped) return 'send';
      return isStale(stamp.at, s.now, s.staleDays) ? 'send' : { date: stamp.at, stamp: false };
    case 'answered':
      if (life.at !== undefined) return status.kind === 'empty' && 'copy';
      // A result the ledger never saw: dated by its stamp, or from now when it has none.
      if (!stamp) return { date: s.now, stamp: true };
      if (!stamped) return 'send';
      return isStale(stamp.at, s.now, s.staleDays) ? 'send' : { date: stamp.at, stamp: false };
  }
};

/**
 * The rows one run sends: due rows in sheet order, each distinct key counted once against the
 * credits allowed (rows that cannot be sent cost nothing and are always taken, to say why).
 */
export const pickRows = (sheet: SheetRows, s: PickSettings): RowsToSend => {
  const out: RowsToSend = { send: [], firstStamps: [], paid: [], told: [], copies: [], left: 0, credits: 0 };
  const perKey = creditsPerKey(s.action, s.options);
  const keys = new Set<string>();
  const read: Read[] = [];
  for (const { row, values } of sheet.rows) {
    const fp = rowFingerprint(s.action, values, sheet.mapping, s.options);
    if (fp)
      read.push({
        row,
        fp,
        stamp: sheet.stamp === undefined ? undefined : readStamp(values[sheet.stamp]),
        status: readStatus(values[sheet.status]),
      });
  }
  // Rows showing a key's fresh result, or waiting for it in a job: the same key is not paid again.
  const holders = new Map<string, { row: number; pending: boolean }>();
  for (const r of read) {
    if (!r.fp.sends) continue;
    const life = rowLife(r.status, r.fp.key!, sheet.paid, s.now, s.staleDays);
    const stamped = r.stamp?.fingerprint === r.fp.id;
    const pending = life.s === 'held' && stamped;
    const shown =
      r.status.kind === 'done' &&
      life.s === 'answered' &&
      (life.at !== undefined || (stamped && !isStale(r.stamp!.at, s.now, s.staleDays)));
    if (pending || shown) holders.set(r.fp.id, { row: r.row, pending });
  }
  for (const r of read) {
    const { row, fp } = r;
    const d = due(r, sheet.paid, s);
    if (!d) continue;
    if (typeof d === 'object') {
      if (d.stamp) out.firstStamps.push({ row, fingerprint: fp.id });
      if (fp.sends && r.status.kind !== 'error' && r.status.kind !== 'canceled' && r.status.kind !== 'skipped')
        out.paid.push({ key: fp.key!, at: d.date });
      continue;
    }
    const holder = s.retryAt === undefined ? holders.get(fp.id) : undefined;
    if (holder && holder.row !== row) {
      if (!holder.pending) out.copies.push({ row, from: holder.row });
      continue;
    }
    // Paid for, its answer in no row now (the row holding it was overwritten): said, not bought again.
    if (d === 'copy') {
      if (sheet.status >= 0) out.told.push({ row, at: sheet.paid.get(fp.key!)! });
      continue;
    }
    if (fp.sends && !keys.has(fp.id)) {
      if (perKey > 0 && out.credits + perKey > s.credits) {
        out.left++;
        continue;
      }
      keys.add(fp.id);
      out.credits += perKey;
    }
    out.send.push(row);
  }
  return out;
};
