// Answers formulas keep in properties past the cache's six hours, so a reopened spreadsheet does
// not pay again: one entry per query and chosen fields, `[minute saved, row or message]`, trusted
// until the user's re-check age, the oldest dropped when a store's share is full.
import { keptStore, RECHECK_KEY } from '../gas/kept-stores';
import { timeNow } from '../gas/clock';
import { utf8Length } from '../sheet/utf8';
import { answerKey } from './lookup-cache';
import type { CellValue } from './lookup-store';

/** What a cell shows for one input: the chosen fields' values, or a lasting message. */
export type Shown = CellValue[] | string;

const PREFIX = 'pfs.a.';
/** The age at which a kept answer is looked up again when the spreadsheet's automation names none. */
export const RECHECK_DAYS = 30;
/** Bytes answers may take of the document's store (500 KB; its other values are a few small settings). */
export const KEPT_BYTES = 300 * 1000;
/** Entries one call deletes at most to make room (each a property call): more than a group of answers takes. */
const DROPS = 40;

const minute = (): number => Math.floor(timeNow() / 60000);

/** An entry's `[minute saved, answer]`; any other value fails the age test. */
const parse = (text: string | undefined): [number, Shown] | undefined => {
  try {
    return JSON.parse(text!) as [number, Shown];
  } catch {
    return undefined;
  }
};

/** The entry's key: `tag` (the kind, its fields' version, the chosen fields' places) and the exact query. */
const keyOf = (tag: string, query: string): string => answerKey(`${PREFIX}${tag}|`, query);

/**
 * The answers kept for `queries` under `tag`, younger than the re-check age: the Auto tab's
 * "check results again after" days for this spreadsheet when it names some, else RECHECK_DAYS.
 */
export const readKept = (tag: string, queries: ReadonlyArray<string>): Map<string, Shown> => {
  const out = new Map<string, Shown>();
  if (queries.length === 0) return out;
  // Asked only for the queries the cache missed, in the execution's one read of the store: a
  // marker read first would cost a call as long as the read itself (about 30 ms either way).
  const values = keptStore()?.values;
  if (!values) return out;
  const oldest = minute() - (parseInt(values[RECHECK_KEY]!) || RECHECK_DAYS) * 1440;
  for (const q of queries) {
    // A query not kept (most of a fresh range) is passed over without a thrown parse.
    const text = values[keyOf(tag, q)];
    const e = text && parse(text);
    if (e && e[0] > oldest) out.set(q, e[1]);
  }
  return out;
};

/**
 * The keys of kept entries to drop, oldest first and at most DROPS, so `adding` more bytes fit in
 * `budget`; undefined when they cannot.
 */
export const makeRoom = (values: Readonly<Record<string, string>>, adding: number, budget: number): string[] | undefined => {
  const kept = Object.keys(values)
    .filter((k) => k.startsWith(PREFIX))
    // An entry starts `[minute,`: its age is read without parsing the rest.
    .map((k) => ({ k, at: parseInt(values[k]!.slice(1)), size: utf8Length(k) + utf8Length(values[k]!) }))
    .sort((a, b) => a.at - b.at);
  let total = kept.reduce((n, e) => n + e.size, adding);
  const drop: string[] = [];
  for (const e of kept) {
    if (total <= budget || drop.length === DROPS) break;
    drop.push(e.k);
    total -= e.size;
  }
  return total <= budget ? drop : undefined;
};

/**
 * Keeps answers (by query) under `tag` in the document's store. Where there is none, it refuses,
 * or it has no room, nothing is kept: the answers are still returned, and looked up again once
 * the cache lets them go.
 */
export const keep = (tag: string, answers: ReadonlyMap<string, Shown>): void => {
  const store = keptStore();
  if (!store || answers.size === 0) return;
  const now = minute();
  const entries: Record<string, string> = {};
  let bytes = 0;
  for (const [q, a] of answers) {
    const k = keyOf(tag, q);
    bytes += utf8Length(k) + utf8Length((entries[k] = JSON.stringify([now, a])));
  }
  try {
    const drop = makeRoom(store.values, bytes, KEPT_BYTES);
    if (!drop) return;
    for (const k of drop) {
      store.props.deleteProperty(k);
      delete store.values[k];
    }
    store.props.setProperties(entries);
    Object.assign(store.values, entries);
  } catch {
    // A store that refuses writes keeps nothing.
  }
};
