// Answers a lookup formula finds where the spreadsheet already paid for them (a run's result
// columns, the unplaced-results sheet) before it would buy them: by the runs' own rule
// (jobs/reused-answers.ts), the same key, within the same age.
import { companyKey, type CompanyLookup } from '../sheet/company-lookup';
import { normalizeProfileUrl } from '../sheet/keys';
import { OUTCOMES } from '../jobs/row-status';
import { REUSE_DAYS, reusableSince, type FoundAnswer } from '../jobs/reused-answers';
import type { FieldDef } from '../sheet/fields';
import { findPaidAnswers } from '../gas/paid-answers';
import { keptStore, RECHECK_KEY, REUSE_KEY } from '../gas/kept-stores';
import { currentSpreadsheet } from '../gas/active-document';
import { timeNow } from '../gas/clock';
import { CELL_MESSAGES } from './cell-functions';
import type { Lasting } from './lookup-store';

/** Headers a lookup shows empty unless a run revealed them. */
const UNREVEALED = ['Person · Email', 'Person · Phones'];

/** The key a run keeps the answer of a lookup's query under. */
export const runKeyOf = (kind: 'company' | 'person', query: Record<string, string>): string | undefined => {
  if (kind === 'company') return companyKey(query as CompanyLookup);
  if (query.email) return `e:${query.email}`;
  const profile = normalizeProfileUrl(query.profile_url);
  return profile && `p:${profile}`;
};

/**
 * A found answer as a lookup's lasting answer: a result only when it holds every field the cell
 * shows (`needs`, their headers) but a person's email and phones, which a lookup never reveals
 * (a run that did not reveal them has no such column: the lookup would show them empty too);
 * "not found" or "removed for privacy" as the cell words them.
 */
export const lastingOf = (
  answer: FoundAnswer,
  fields: ReadonlyArray<FieldDef<unknown>>,
  needs: ReadonlyArray<string>,
): Lasting | undefined => {
  if (answer.outcome === OUTCOMES.not_found) return { message: CELL_MESSAGES.notFound };
  if (answer.outcome === OUTCOMES.gdpr_removed) return { message: CELL_MESSAGES.removed };
  if (answer.outcome !== OUTCOMES.enriched || needs.some((h) => !answer.cells.has(h) && !UNREVEALED.includes(h))) return undefined;
  return { row: fields.map((f) => (answer.cells.get(f.header) ?? '') as string) };
};

/** The reuse age the spreadsheet set, read with the formulas' one read of the document's store. */
const reuseAge = (): number => {
  const values = keptStore()?.values ?? {};
  const set = parseInt(values[REUSE_KEY]!);
  return set >= 0 ? set : parseInt(values[RECHECK_KEY]!) || REUSE_DAYS;
};

/**
 * A sheet a formula reads to find answers holds at most this many cells (50,000 rows of 20
 * columns): about 10 s of the cell's 30 by the host's cost of reads, leaving its requests time;
 * a larger one is not read, and the lookup is bought.
 */
const MOST_CELLS = 1_000_000;

/**
 * Lasting answers the spreadsheet holds for `queries` (by query key), for person lookups: those
 * cost credits. A company lookup is free, and a read of the sheets would cost more time than the
 * request. Nothing is found where the spreadsheet cannot be read here: the formula then looks up
 * as before.
 */
export const answersInSheets = (
  kind: 'company' | 'person',
  queries: ReadonlyMap<string, Record<string, string>>,
  fields: ReadonlyArray<FieldDef<unknown>>,
  needs: ReadonlyArray<string>,
): Map<string, Lasting> => {
  const out = new Map<string, Lasting>();
  if (queries.size === 0 || kind !== 'person') return out;
  try {
    const byKey = new Map<string, string[]>();
    for (const [q, query] of queries) {
      const key = runKeyOf(kind, query);
      if (key) (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(q);
    }
    const since = reusableSince(timeNow(), reuseAge());
    for (const [key, answer] of findPaidAnswers(currentSpreadsheet(), kind, new Set(byKey.keys()), since, {}, undefined, MOST_CELLS)) {
      const lasting = lastingOf(answer, fields, needs);
      if (lasting) for (const q of byKey.get(key)!) out.set(q, lasting);
    }
  } catch {
    // Looked up as before.
  }
  return out;
};
