// Undoing a finished run: what the add-on's own cells of its rows (status, results, stamp) held
// before it, found again by each row's fingerprint (a sort moves rows), and put back only on rows
// that still hold what it wrote. Pure: the store is gas/undo-store.ts.
import { addTo } from '../base/lists';
import type { ColumnMapping, Role } from '../sheet/columns';
import type { Grid } from '../sheet/grid';
import { creditParts } from './credit-parts';
import { creditWords, plural } from './credit-words';
import type { JobRecord } from './job';
import { hash, rowFingerprint } from './row-stamp';

/** How long a finished run can be undone; its record is removed after. */
export const UNDO_MS = 7 * 24 * 60 * 60 * 1000;

/** What the store keeps of a run: its cells' headers, each row's fingerprint and cells before it, and at its end a hash of them. */
export interface UndoRecord {
  sheetId: number;
  /** When it was first and last written to (its start, its end). */
  from: number;
  at: number;
  cols: string[];
  /** `[fingerprint, ...cells]` per row the run wrote, as they were before it. */
  before: string[][];
  /** `[fingerprint, hash of the cells]` per such row when the run ended. */
  after: string[][];
}

export const EDITED = 'edited since';
export const LATER = 'changed by a later run';
const GONE = 'no longer found (deleted, or its key changed)';

/** A data row now: its index, fingerprint and the run's cells as text. */
interface Row {
  i: number;
  fp?: string;
  cells: string[];
}

const cellsHash = (cells: ReadonlyArray<string>): string => hash(cells.join('\u0001'));

/** The cells of one row in `cols`, as text; a column not there reads empty. */
export const cellsOf = (row: ReadonlyArray<unknown>, cols: ReadonlyArray<number | undefined>): string[] =>
  cols.map((c) => (c === undefined ? '' : String(row[c] ?? '')));

/**
 * The job's data rows on the sheet now, with their cells in `headers`' columns: the header row is
 * where the job last saw it, else the first row holding its first header. `cols` are those columns.
 */
export const rowsNow = (grid: Grid, job: JobRecord, headers: ReadonlyArray<string>): { rows: Row[]; cols: Array<number | undefined> } => {
  const holds = (i: number) => grid.columnIn(i, headers[0]!) !== undefined;
  let header = grid.rowIndex(job.headerRow);
  if (!holds(header)) header = grid.rows.findIndex((_, i) => holds(i));
  const cols = headers.map((h) => (header < 0 ? undefined : grid.columnIn(header, h)));
  const mapping: ColumnMapping = {};
  for (const role of Object.keys(job.mapping) as Role[]) mapping[role] = header < 0 ? undefined : grid.columnIn(header, job.mapping[role]!);
  const rows: Row[] = [];
  if (header >= 0)
    grid.rows.forEach((row, i) => {
      if (i > header) rows.push({ i, fp: rowFingerprint(job.action, row, mapping, job.options)?.id, cells: cellsOf(row, cols) });
    });
  return { rows, cols };
};

/** Rows by fingerprint, in sheet order. */
const byPrint = (rows: ReadonlyArray<Row>): Map<string | undefined, Row[]> => {
  const out = new Map<string | undefined, Row[]>();
  for (const r of rows) addTo(out, r.fp, r);
  return out;
};

/**
 * What the run's rows hold at its end: for each row kept before it, the first unused row with its
 * fingerprint. Without `before`, every row with a fingerprint, in sheet order: `planUndo` pairs
 * the first of them with each fingerprint's rows before, which are those, and passes over the rest.
 */
export const afterOf = (before: ReadonlyArray<string[]> | undefined, rows: ReadonlyArray<Row>): string[][] => {
  if (!before) return rows.flatMap((r) => (r.fp ? [[r.fp, cellsHash(r.cells)]] : []));
  const found = byPrint(rows);
  return before.flatMap(([fp]) => {
    const row = found.get(fp)?.shift();
    return row ? [[fp!, cellsHash(row.cells)]] : [];
  });
};

/**
 * What undoing puts back: for each row the run changed, the row now holding its fingerprint and
 * still what it wrote gets its cells before; the others are counted by why. `later` holds the
 * fingerprints of rows later runs on the sheet wrote. Before and after are paired in order.
 */
export const planUndo = (
  record: Pick<UndoRecord, 'before' | 'after'>,
  rows: ReadonlyArray<Row>,
  later: ReadonlySet<string>,
): { writes: Array<[number, string[]]>; left: Record<string, number> } => {
  const befores = new Map<string, string[][]>();
  for (const [fp, ...cells] of record.before) addTo(befores, fp!, cells);
  const found = byPrint(rows);
  const used = new Set<number>();
  const writes: Array<[number, string[]]> = [];
  const left: Record<string, number> = {};
  for (const [fp, wrote] of record.after) {
    const was = befores.get(fp!)?.shift();
    if (!was) continue;
    const candidates = found.get(fp) ?? [];
    // A row a later run wrote is that run's, even where it wrote the same.
    const row = later.has(fp!) ? undefined : candidates.find((r) => !used.has(r.i) && cellsHash(r.cells) === wrote);
    if (row) {
      used.add(row.i);
      writes.push([row.i, was]);
    } else {
      const why = !candidates.length ? GONE : later.has(fp!) ? LATER : EDITED;
      left[why] = (left[why] ?? 0) + 1;
    }
  }
  return { writes, left };
};

/** What an undo says: rows put back, rows left and why, and that credits spent are not returned. */
export const undoWords = (job: JobRecord, back: number, left: Record<string, number>): string => {
  const spent = job.spent && creditWords(creditParts(job.spent));
  const kept = Object.entries(left).map(([why, n]) => `${plural(n, 'row')} ${why}`);
  return [
    `Undone: ${plural(back, 'row')} put back as before the run.`,
    kept.length ? `Not put back: ${kept.join('; ')}.` : '',
    `Credits spent are not returned${spent ? `: this run spent ${spent}` : ''}.`,
  ]
    .filter(Boolean)
    .join(' ');
};
