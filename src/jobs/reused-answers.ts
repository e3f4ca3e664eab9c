// Answers the spreadsheet already paid for, found where the add-on wrote them (a sheet's result
// columns, the unplaced-results sheet), so a run or a formula copies one instead of buying it
// again. Only a row whose own inputs read the same key gives its answer, and only the paid ledger
// dates it: an answer is never copied across keys, nor kept past the age the person set.
import type { Role } from '../sheet/columns';
import { applyMappingOverrides, detectMapping } from '../sheet/columns';
import { rowInput, STATUS_HEADERS, type ActionId, type ActionOptions } from './action-catalog';
import { BATCH_KINDS } from './batch-kinds';
import { DAY_MS, type Paid } from './row-life';
import { readStamp, rowFingerprint, STAMP_HEADERS } from './row-stamp';
import { OUTCOMES, shownOutcome } from './row-status';

/** An answer a row shows: its outcome's words and its result cells by header. */
export interface ShownAnswer {
  outcome: string;
  cells: ReadonlyMap<string, unknown>;
}

/** An answer found to reuse, with when its key was paid for. */
export interface FoundAnswer extends ShownAnswer {
  at: number;
}

/** The age past which an answer is bought again, when the person set none and automation names no re-check age. */
export const REUSE_DAYS = 30;

/** How far down a sheet its header row is looked for. */
const HEADER_ROWS = 50;

/** The headers of the unplaced-results sheet before the results' own. */
export const UNPLACED_LEAD = ['Key', 'Status'];

/** A key as the unplaced-results sheet shows it: without its kind, a name `at` its company. */
export const unplacedKey = (key: string): string => key.slice(2).replace('|', ' at ');

const text = (v: unknown): string => String(v ?? '').trim();

const same = (a: ShownAnswer, b: ShownAnswer): boolean =>
  a.outcome === b.outcome && [...a.cells].every(([h, v]) => text(v) === text(b.cells.get(h)));

/** Keeps one answer a key: rows of it that disagree give none (one of them was typed over). */
const collect = (found: Map<string, ShownAnswer>, mixed: Set<string>, key: string, shown: ShownAnswer): void => {
  const before = found.get(key);
  if (before && !same(before, shown)) mixed.add(key);
  else found.set(key, shown);
};

const settle = (found: Map<string, ShownAnswer>, mixed: Set<string>): Map<string, ShownAnswer> => {
  for (const key of mixed) found.delete(key);
  return found;
};

/** The result columns of an action a header row holds: [header, column]. */
const resultColumns = (action: ActionId, heads: ReadonlyArray<string>): Array<[string, number]> =>
  BATCH_KINDS[action].fields.flatMap((f) => {
    const at = heads.indexOf(f.header);
    return at < 0 ? [] : [[f.header, at] as [string, number]];
  });

/**
 * The answers a sheet's rows show for `keys`: rows under the action's status column whose status
 * is an outcome and whose inputs (read by the header row, with the person's own mapping) send the
 * key. A row whose stamp names other inputs was typed over after its answer, and gives none.
 */
export const answersOnSheet = (
  action: ActionId,
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  keys: ReadonlySet<string>,
  options: ActionOptions,
  overrides?: Partial<Record<Role, string | null>>,
): Map<string, ShownAnswer> => {
  const found = new Map<string, ShownAnswer>();
  const mixed = new Set<string>();
  const status = STATUS_HEADERS[action];
  const header = rows.slice(0, HEADER_ROWS).findIndex((r) => r.some((c) => text(c) === status));
  if (header < 0) return found;
  const heads = rows[header]!.map(text);
  const detected = detectMapping(heads);
  const mapping = overrides ? applyMappingOverrides(heads, detected, overrides) : detected;
  const statusAt = heads.indexOf(status);
  const stampAt = heads.indexOf(STAMP_HEADERS[action] ?? '\n');
  const columns = resultColumns(action, heads);
  for (let i = header + 1; i < rows.length; i++) {
    const values = rows[i]!;
    const outcome = shownOutcome(values[statusAt]);
    if (outcome === undefined) continue;
    const input = rowInput(action, values, mapping, options);
    if (!('key' in input) || !keys.has(input.key)) continue;
    const stamp = stampAt < 0 ? undefined : readStamp(values[stampAt]);
    if (stamp && stamp.fingerprint !== rowFingerprint(action, values, mapping, options)?.id) continue;
    collect(found, mixed, input.key, { outcome, cells: new Map(columns.map(([h, c]) => [h, values[c]])) });
  }
  return settle(found, mixed);
};

/** The answers the unplaced-results sheet of an action holds for `keys` (its first row names its columns). */
export const answersUnplaced = (
  action: ActionId,
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  keys: ReadonlySet<string>,
): Map<string, ShownAnswer> => {
  const found = new Map<string, ShownAnswer>();
  const mixed = new Set<string>();
  const heads = (rows[0] ?? []).map(text);
  if (heads[0] !== UNPLACED_LEAD[0] || heads[1] !== UNPLACED_LEAD[1]) return found;
  const byShown = new Map<string, string>();
  for (const key of keys) byShown.set(unplacedKey(key), key);
  const columns = resultColumns(action, heads);
  for (let i = 1; i < rows.length; i++) {
    const values = rows[i]!;
    const key = byShown.get(text(values[0]));
    const outcome = shownOutcome(values[1]);
    if (key !== undefined && outcome !== undefined)
      collect(found, mixed, key, { outcome, cells: new Map(columns.map(([h, c]) => [h, values[c]])) });
  }
  return settle(found, mixed);
};

/**
 * Whether an answer serves a run writing `headers`: it holds each of them (an answer with no
 * values, as "Not found", serves any), and a person found shows the email and phones the run
 * reveals (an answer bought without them would give less than the run pays for).
 */
export const serves = (answer: ShownAnswer, headers: ReadonlyArray<string>, action: ActionId, options: ActionOptions): boolean => {
  const empty = [...answer.cells.values()].every((v) => text(v) === '');
  if (!empty && headers.some((h) => !answer.cells.has(h))) return false;
  if (action !== 'person' || answer.outcome !== OUTCOMES.enriched) return true;
  const shows = (id: string) => text(answer.cells.get(BATCH_KINDS.person.fields.find((f) => f.id === id)!.header)) !== '';
  return (!options.revealEmail || shows('email')) && (!options.revealPhones || shows('phones'));
};

/** The oldest time an answer may be paid at to be reused `days` (0: never) before `now`. */
export const reusableSince = (now: number, days: number): number => (days > 0 ? now - days * DAY_MS : Infinity);

/** When a key was last paid for in any of the ledger's places (sheets) for an action. */
export const lastPaid = (places: Iterable<Paid>, key: string): number | undefined => {
  let at: number | undefined;
  for (const paid of places) {
    const t = paid.get(key);
    if (t !== undefined && !(at !== undefined && at >= t)) at = t;
  }
  return at;
};
