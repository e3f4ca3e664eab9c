// The custom functions' cache: lookup answers packed in buckets (read with a few getAll calls,
// merged after a fresh read), and whole answers under a key of their own.
import { cachedValues, documentCache, KEY_MARK_ROOM } from '../gas/document-cache';
import { sha256WebSafe } from '../gas/script-utilities';
import { bucketKey, mergeBucket, readBucket, type Lasting } from './lookup-store';
import { timeNow } from '../gas/clock';

const SECONDS = 6 * 60 * 60;
/** The cache's 250 characters, less the room a spreadsheet's mark may take (see documentCache). */
const MAX_KEY_LENGTH = 250 - KEY_MARK_ROOM;

const minute = (): number => Math.floor(timeNow() / 60000);

const byBucket = (kind: string, fieldIds: ReadonlyArray<string>, queries: Iterable<string>): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const q of queries) {
    const key = bucketKey(kind, fieldIds, q);
    const list = out.get(key);
    if (list) list.push(q);
    else out.set(key, [q]);
  }
  return out;
};

/** The cached answers for `queries` (normalized query texts). */
export const readAnswers = (kind: string, fieldIds: ReadonlyArray<string>, queries: Iterable<string>): Map<string, Lasting> => {
  const buckets = byBucket(kind, fieldIds, queries);
  const texts = cachedValues(documentCache(), [...buckets.keys()]);
  const now = minute();
  const out = new Map<string, Lasting>();
  for (const [key, qs] of buckets) for (const [q, a] of readBucket(texts[key], qs, now)) out.set(q, a);
  return out;
};

/**
 * Saves answers: each bucket is read again just before it is written, so answers another cell
 * saved meanwhile are kept (one that lands between the two calls may be lost, costing a lookup
 * again, never a wrong answer). A cache failure loses only the saving, never the answers.
 */
export const saveAnswers = (kind: string, fieldIds: ReadonlyArray<string>, answers: ReadonlyMap<string, Lasting>): void => {
  if (answers.size === 0) return;
  try {
    const store = documentCache();
    const buckets = byBucket(kind, fieldIds, answers.keys());
    const texts = cachedValues(store, [...buckets.keys()]);
    const now = minute();
    const out: Record<string, string> = {};
    for (const [key, qs] of buckets) out[key] = mergeBucket(texts[key], new Map(qs.map((q) => [q, answers.get(q)!])), now);
    store.putAll(out, SECONDS);
  } catch {
    // The answers are still returned; the next recalculation looks them up again.
  }
};

/** A key for a whole answer: the text itself when it fits a cache key, else its digest. */
export const answerKey = (prefix: string, text: string): string => {
  const plain = `${prefix}${text}`;
  if (plain.length <= MAX_KEY_LENGTH) return plain;
  return `${prefix}#${sha256WebSafe(text)}`;
};

export const readAnswer = (key: string): string | null => documentCache().get(key);

/** Keeps a whole answer; one larger than a cache value (100 KB) is refused by the cache, and not kept. */
export const saveAnswer = (key: string, text: string): void => {
  try {
    documentCache().put(key, text, SECONDS);
  } catch {
    // Looked up again next time.
  }
};
