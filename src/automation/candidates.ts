// Which rows of a watched sheet an automated run sends for one action: rows never sent, rows
// whose inputs changed since they were, and results older than the user allows; and which rows
// only need their first stamp (results from before automation watched the sheet).
import type { ActionId, ActionOptions } from '../jobs/actions';
import { estimateCredits } from '../jobs/actions';
import { readStamp, rowFingerprint } from '../jobs/row-stamp';
import { readStatus } from '../jobs/row-status';
import type { ColumnMapping } from '../sheet/columns';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RowsToSend {
  /** Sheet rows to send, in sheet order, within the credits allowed. */
  send: number[];
  /** Rows with an outcome but no stamp, with the fingerprint to stamp them with. */
  firstStamps: Array<{ row: number; fingerprint: string }>;
  /** Rows that would be sent but for the credits allowed. */
  left: number;
  /** Of `send`: rows whose result was older than the stale limit. */
  stale: number;
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

/** Whether a row is due: what its status and stamp say, as the file's opening describes. */
function isDue(status: unknown, stamp: ReturnType<typeof readStamp>, fingerprint: string, s: PickSettings): 'new' | 'changed' | 'stale' | 'stamp' | false {
  const st = readStatus(status);
  if (s.retryAt !== undefined)
    return (st.kind === 'error' || st.kind === 'canceled') && stamp?.at === s.retryAt && stamp.fingerprint === fingerprint ? 'changed' : false;
  if (st.kind === 'empty' || st.kind === 'other') return 'new';
  // A job holds the row (or held it: its answer may be paid for); never sent again unasked.
  if (st.kind === 'queued' || st.kind === 'processing' || st.kind === 'paused' || st.kind === 'sending') return false;
  if (!stamp) return 'stamp';
  if (stamp.fingerprint !== fingerprint) return 'changed';
  return st.kind === 'done' && s.staleDays > 0 && s.now - stamp.at >= s.staleDays * DAY_MS ? 'stale' : false;
}

/**
 * The rows one run sends: due rows in sheet order, each distinct key counted once against the
 * credits allowed (rows that cannot be sent cost nothing and are always taken, to say why).
 */
export function pickRows(sheet: SheetRows, s: PickSettings): RowsToSend {
  const out: RowsToSend = { send: [], firstStamps: [], left: 0, stale: 0, credits: 0 };
  const perKey = creditsPerKey(s.action, s.options);
  const keys = new Set<string>();
  for (const { row, values } of sheet.rows) {
    const fingerprint = rowFingerprint(s.action, values, sheet.mapping, s.options);
    if (!fingerprint) continue;
    const due = isDue(values[sheet.status], sheet.stamp === undefined ? undefined : readStamp(values[sheet.stamp]), fingerprint.id, s);
    if (!due) continue;
    if (due === 'stamp') {
      out.firstStamps.push({ row, fingerprint: fingerprint.id });
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
    if (due === 'stale') out.stale++;
  }
  return out;
}
