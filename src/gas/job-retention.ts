// Which finished job records the user's property store lets go. The store (500 KB) is shared by
// every spreadsheet the person uses the add-on in, so finished jobs are pruned across all of them.
import { isLive, type JobRecord } from '../jobs/job';

export interface StoredJob {
  key: string;
  spreadsheetId: string;
  job: Pick<JobRecord, 'life' | 'updatedAt'> & { parts?: JobRecord['parts'] };
  bytes: number;
}

export const RETENTION = {
  /** Finished jobs kept per spreadsheet: the latest few are what its job list shows. */
  perSpreadsheet: 5,
  /** Finished jobs kept in all. */
  total: 30,
  /** Bytes of finished records kept in all, well inside the store. */
  totalBytes: 48 * 1024,
  /** A finished job older than this is dropped. */
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * How long a paused job's claim on its sheet and action holds against other editors. Live
   * jobs themselves are never pruned, however long left: their rows say Queued, Processing or
   * Paused until a step ends them, and a pruned record would leave those words on rows no job
   * works on (a spreadsheet whose triggers never see it, reopened months later).
   */
  liveMaxAgeMs: 90 * 24 * 60 * 60 * 1000,
} as const;

/** The keys of records to delete: finished ones past the limits (live ones never). */
export const jobsToPrune = (stored: StoredJob[], now: number): string[] => {
  const finished = stored.filter((s) => !isLive(s.job)).sort((a, b) => b.job.updatedAt - a.job.updatedAt);
  const perSheet = new Map<string, number>();
  const drop: string[] = [];
  let kept = 0;
  let bytes = 0;
  for (const s of finished) {
    const inSheet = perSheet.get(s.spreadsheetId) ?? 0;
    const keep =
      now - s.job.updatedAt <= RETENTION.maxAgeMs &&
      inSheet < RETENTION.perSpreadsheet &&
      kept < RETENTION.total &&
      bytes + s.bytes <= RETENTION.totalBytes;
    if (keep) {
      perSheet.set(s.spreadsheetId, inSheet + 1);
      kept++;
      bytes += s.bytes;
    } else drop.push(s.key);
  }
  return drop;
};

/** When a write still does not fit: the oldest finished record, to make room for a new job. */
export const oldestFinished = (stored: StoredJob[]): string | undefined =>
  stored.filter((s) => !isLive(s.job)).sort((a, b) => a.job.updatedAt - b.job.updatedAt)[0]?.key;
