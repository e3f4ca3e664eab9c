// How messages write counts and credits: `12,345 rows`, `up to 13.5 email credits (4.5 for up to 9
// people found at 0.5 each; 9 for up to 9 emails validated at 1 each)`.
import { thousands } from '../base/numbers';
import { RATES, type CreditPart } from './credit-parts';

/** `1 row`, `12,345 rows`. */
export const plural = (n: number, word: string): string => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/** What answers the spreadsheet had already paid for cost a run: nothing. */
export const reusedWords = (n: number): string => `${plural(n, 'answer')} reused, 0 credits`;

/**
 * Credits in words, each kind with its parts: '' when they cost nothing. `upTo` ('up to ')
 * makes it an estimate's most. A price never hides what it pays for.
 */
export const creditWords = (all: ReadonlyArray<CreditPart>, upTo = ''): string =>
  (['email', 'phone'] as const)
    .map((kind) => {
      let total = 0;
      const each = all.flatMap(({ what, count, rate, kind: k }) => {
        if (k !== kind) return [];
        total += count * rate;
        const [, , , one, many] = RATES.find((r) => r[0] === what)!;
        return `${thousands(count * rate)} for ${upTo}${thousands(count)} ${count === 1 ? one : `${many} at ${rate} each`}`;
      });
      return total ? `${upTo}${plural(total, `${kind} credit`)} (${each.join('; ')})` : '';
    })
    .filter(Boolean)
    .join(' and ');
