// The lookup cache's entries, pure: answers packed into a fixed set of buckets per kind, each a
// JSON object of normalized query -> [minute saved, answer], kept under the cache's 100 KB.
import { utf8Length } from '../sheet/utf8';

/** A lasting answer: the values of every field of the kind, in order, or a short message. */
export type Lasting = { row: CellValue[] } | { message: string };
export type CellValue = string | number | boolean;
type Entry = [number, CellValue[] | string];

/**
 * Buckets per kind. The cache keeps at most 1,000 items, so one item per row cannot hold a large
 * range; 256 buckets of up to 100 KB hold over 10,000 answers of a kind in a quarter of that.
 */
export const BUCKETS = 256;
/** The most a cached value may take: the cache's 100 KB, less slack. */
export const MAX_VALUE_BYTES = 99 * 1000;
/** How long an answer is trusted, as the cache's own longest lifetime. */
export const ANSWER_MINUTES = 6 * 60;

/** The text that identifies a query (`domain:acme.com`); exact, so two queries never share one. */
export const queryKey = (query: Readonly<Record<string, string>>): string =>
  Object.keys(query)
    .sort()
    .map((k) => `${k}:${query[k]}`)
    .join('|');

/** FNV-1a: a cheap, stable spread of texts over buckets (not a digest: the bucket holds the exact query). */
export const hash32 = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/**
 * The cache key of the bucket holding `query`. `fieldIds` version the key: a change in the
 * fields a kind stores never reads answers saved in an older order.
 */
export const bucketKey = (kind: string, fieldIds: ReadonlyArray<string>, query: string): string =>
  `pfs.${kind}.${fieldsVersion(fieldIds)}.${hash32(query) % BUCKETS}`;

// A 2,000-row range asks for the same fields' version 2,000 times: it is worked out once per list.
const versions = new WeakMap<ReadonlyArray<string>, string>();

export const fieldsVersion = (fieldIds: ReadonlyArray<string>): string => {
  let v = versions.get(fieldIds);
  if (v === undefined) versions.set(fieldIds, (v = hash32(fieldIds.join(',')).toString(36)));
  return v;
};

/** The JSON object `text` holds: `{}` for none or for another JSON value, `unreadable` when it is not JSON. */
export const jsonObject = <T extends object>(text: string | null | undefined, unreadable: T): T => {
  if (!text) return {} as T;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as T) : ({} as T);
  } catch {
    return unreadable;
  }
};

const entries = (text: string | null | undefined): Record<string, Entry> => jsonObject<Record<string, Entry>>(text, {});

const fresh = (entry: Entry | undefined, minute: number): entry is Entry =>
  Array.isArray(entry) && typeof entry[0] === 'number' && minute - entry[0] < ANSWER_MINUTES;

/** The answers a bucket holds for `queries`, as of `minute` (minutes since the epoch). */
export const readBucket = (text: string | null | undefined, queries: Iterable<string>, minute: number): Map<string, Lasting> => {
  const all = entries(text);
  const out = new Map<string, Lasting>();
  for (const q of queries) {
    const e = Object.prototype.hasOwnProperty.call(all, q) ? all[q] : undefined;
    if (fresh(e, minute)) out.set(q, Array.isArray(e[1]) ? { row: e[1] } : { message: String(e[1]) });
  }
  return out;
};

/**
 * A bucket with `answers` added (newest last), expired answers dropped, and the oldest dropped
 * until it fits in `maxBytes` of UTF-8; an answer larger than that alone is not kept.
 */
export const mergeBucket = (
  text: string | null | undefined,
  answers: ReadonlyMap<string, Lasting>,
  minute: number,
  maxBytes = MAX_VALUE_BYTES,
): string => {
  const kept: Array<[string, Entry]> = [];
  for (const [q, e] of Object.entries(entries(text))) if (!answers.has(q) && fresh(e, minute)) kept.push([q, e]);
  for (const [q, a] of answers) kept.push([q, [minute, 'row' in a ? a.row : a.message]]);
  // `{}` plus, for each entry, `"key":value` and a comma.
  const sized = kept
    .map(([q, e]) => ({ q, e, size: utf8Length(JSON.stringify(q)) + utf8Length(JSON.stringify(e)) + 2 }))
    .filter((x) => x.size + 2 <= maxBytes)
    // Oldest first by the minute saved: an object's key order is not to be trusted for that.
    .sort((a, b) => a.e[0] - b.e[0]);
  let total = 2 + sized.reduce((a, x) => a + x.size, 0);
  let first = 0;
  while (total > maxBytes) total -= sized[first++]!.size;
  // No prototype: any text is a plain key, "__proto__" included.
  const out = Object.create(null) as Record<string, Entry>;
  for (const { q, e } of sized.slice(first)) out[q] = e;
  return JSON.stringify(out);
};
