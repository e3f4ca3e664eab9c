// How messages write counts and credits: `12,345 rows`, `up to 13.5 email credits (4.5 for up to 9
// people found at 0.5 each; 9 for up to 9 emails validated at 1 each)`.
import { thousands } from '../api/input-errors';
import type { CreditPart, PaidFor } from './credit-parts';

/** `1 row`, `12,345 rows`. */
export const plural = (n: number, word: string): string => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/** What each part pays for, for more than one; `one` words a single one. */
const PAID_WORDS: Record<PaidFor, string> = {
  found: 'people found',
  revealed: 'emails revealed',
  validated: 'emails validated',
  phones: 'phones revealed',
};
const one = (words: string) => words.replace(/^people|s /, (w) => (w.length > 2 ? 'person' : ' '));

/**
 * Credits in words, each kind with its parts: '' when they cost nothing. `upTo` ('up to
 * ') makes it an estimate's most. A price never hides what it pays for (issue: a lead list's
 * validation was counted but unnamed).
 */
export const creditWords = (all: ReadonlyArray<CreditPart>, upTo = ''): string =>
  (['email', 'phone'] as const)
    .map((kind) => {
      const parts = all.filter((p) => p.kind === kind);
      if (!parts.length) return '';
      const total = parts.reduce((n, p) => n + p.count * p.rate, 0);
      const each = parts.map(
        (p) =>
          `${thousands(p.count * p.rate)} for ${upTo}${thousands(p.count)} ${p.count === 1 ? one(PAID_WORDS[p.what]) : PAID_WORDS[p.what]}${p.count === 1 ? '' : ` at ${p.rate} each`}`,
      );
      return `${upTo}${plural(total, `${kind} credit`)} (${each.join('; ')})`;
    })
    .filter(Boolean)
    .join(' and ');
