// Counts as the sidebar shows them: with thousands separators, written as the server's own
// sentences write them ("50,000"), whatever the browser's language; credits in their parts.

export const thousands = (n: number): string => n.toLocaleString('en-US');

/** One part of a price or a spend, as the server sends it (src/jobs/credit-parts.ts). */
export interface CreditPart {
  what: 'found' | 'validated' | 'revealed' | 'phones';
  count: number;
  rate: number;
  kind: 'email' | 'phone';
}

const PAID: Record<CreditPart['what'], [string, string]> = {
  found: ['person found', 'people found'],
  revealed: ['email revealed', 'emails revealed'],
  validated: ['email validated', 'emails validated'],
  phones: ['phone revealed', 'phones revealed'],
};

const credits = (n: number, kind: string): string => `${thousands(n)} ${kind} credit${n === 1 ? '' : 's'}`;

/**
 * Credits in their parts: "13.5 email credits (9 people found at 0.5, 9 emails validated at 1)"; each
 * kind apart; `none` when nothing was paid. `upTo` ('up to ') makes it an estimate's most.
 */
export function creditText(parts: ReadonlyArray<CreditPart>, none = 'No credits', upTo = ''): string {
  const kinds = (['email', 'phone'] as const).flatMap((kind) => {
    const own = parts.filter((p) => p.kind === kind);
    if (!own.length) return [];
    const total = own.reduce((n, p) => n + p.count * p.rate, 0);
    const each = own.map((p) => `${upTo}${thousands(p.count)} ${PAID[p.what][p.count === 1 ? 0 : 1]} at ${p.rate}`);
    return [`${upTo}${credits(total, kind)} (${each.join(', ')})`];
  });
  return kinds.length ? kinds.join(' and ') : none;
}

/** What one row costs, part by part: "0.5 email credits per person found"; "free" for none. */
export const priceText = (parts: ReadonlyArray<CreditPart>): string =>
  parts.map((p) => `${p.rate} ${p.kind} credit${p.rate === 1 ? '' : 's'} per ${PAID[p.what][0]}`).join(', ') || 'free';

/** Why a count of credits has a half: only a person found, at 0.5 each, makes one. */
export const halves = (n: number): string => (n % 1 ? ' (0.5 for each person found)' : '');
