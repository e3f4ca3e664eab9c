// Which rows of a watched sheet an automated run sends for one action: rows never sent, rows
// whose inputs changed since they were, and results older than the user allows; which rows take
// the fresh result another row already holds for the same key (never paid twice); and which only
// need their first stamp (results from before automation watched the sheet).
import type { ActionId, ActionOptions } from '../jobs/actions';
import { estimateCredits } from '../jobs/actions';
import { readStamp, rowFingerprint } from '../jobs/row-stamp';
import { readStatus, type RowStatus } from '../jobs/row-status';
import type { ColumnMapping } from '../sheet/columns';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RowsToSend {
  /** Sheet rows to send, in sheet order, within the credits allowed. */
  send: number[];
  /** Rows with an outcome but no stamp, with the fingerprint to stamp them with. */
  firstStamps: Array<{ row: number; fingerprint: string }>;
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

/** A result older than the stale limit. */
const isStale = (stamp: { at: number }, s: PickSettings): boolean => s.staleDays > 0 && s.now - stamp.at >= s.staleDays * DAY_MS;

/** Whether a row is due: what its status and stamp say, as the file's opening describes. */
const isDue = (st: RowStatus, stamp: ReturnType<typeof readStamp>, fingerprint: string, s: PickSettings): 'send' | 'stamp' | false => {
  if (s.retryAt !== undefined)
    return (st.kind === 'error' || st.kind === 'canceled') && stamp?.at === s.retryAt && stamp.fingerprint === fingerprint ? 'send' : false;
  if (st.kind === 'empty' || st.kind === 'other') return 'send';
  // A job holds the row (or held it: its answer may be paid for); never sent again unasked.
  if (st.kind === 'queued' || st.kind === 'processing' || st.kind === 'paused' || st.kind === 'sending') return false;
  if (!stamp) return 'stamp';
  return stamp.fingerprint !== fingerprint || (st.kind === 'done' && isStale(stamp, s)) ? 'send' : false;
};

/**
 * The rows one run sends: due rows in sheet order, each distinct key counted once against the
 * credits allowed (rows that cannot be sent cost nothing and are always taken, to say why).
 */
export const pickRows = (sheet: SheetRows, s: PickSettings): RowsToSend => {
  const out: RowsToSend = { send: [], firstStamps: [], copies: [], left: 0, credits: 0 };
  const perKey = creditsPerKey(s.action, s.options);
  const keys = new Set<string>();
  const read = sheet.rows.map(({ row, values }) => {
    const fingerprint = rowFingerprint(s.action, values, sheet.mapping, s.options);
    const stamp = sheet.stamp === undefined ? undefined : readStamp(values[sheet.stamp]);
    return { row, values, fingerprint, stamp, status: readStatus(values[sheet.status]) };
  });
  // Rows holding a key's result (fresh), or waiting for it in a job: the same key is not paid again.
  const holders = new Map<string, { row: number; pending: boolean }>();
  for (const r of read) {
    if (!r.fingerprint?.sends || r.stamp?.fingerprint !== r.fingerprint.id) continue;
    const pending = r.status.kind === 'queued' || r.status.kind === 'processing' || r.status.kind === 'paused';
    const fresh = r.status.kind === 'done' && !isStale(r.stamp, s);
    if (pending || fresh) holders.set(r.fingerprint.id, { row: r.row, pending });
  }
  for (const { row, fingerprint, stamp, status } of read) {
    if (!fingerprint) continue;
    const due = isDue(status, stamp, fingerprint.id, s);
    if (!due) continue;
    if (due === 'stamp') {
      out.firstStamps.push({ row, fingerprint: fingerprint.id });
      continue;
    }
    const holder = s.retryAt === undefined ? holders.get(fingerprint.id) : undefined;
    if (holder && holder.row !== row) {
      if (!holder.pending) out.copies.push({ row, from: holder.row });
      continue;
    }
    if (fingerprint.sends && !keys.has(fingerprint.id)) {
      if (perKey > 0 && out.credits + perKey > s.credits) {
        out.left++;
        continue;
      }
      keys.add(fingerprint.id);
      out.credits += perKey;
    }
    out.send.push(row);
  }
  return out;
};
