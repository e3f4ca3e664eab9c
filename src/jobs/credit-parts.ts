// What credits pay for, by the spec's rates: the parts of a run's estimate and of a job's spend
// (people found, emails validated, emails revealed, phones revealed), each counted, priced and
// of its kind. Estimates, spends and their words all start from these counts.
import type { ActionId, ActionOptions } from './action-catalog';

/** What a credit pays for. */
export type PaidFor = 'found' | 'validated' | 'revealed' | 'phones';

/** How many of each were (or may be) paid for: the parts of a spend, or of an estimate. */
export type Tally = Partial<Record<PaidFor, number>>;

/** One part of a price: what it pays for, how many, at what rate, in which kind of credit. */
export interface CreditPart {
  what: PaidFor;
  count: number;
  rate: number;
  kind: 'email' | 'phone';
}

export interface CreditEstimate {
  email: number;
  phone: number;
}

/**
 * The spec's rates ("Credits"), in the order a price names its parts, each with the words for one
 * and for more (what a server-side message says; the sidebar words its own).
 */
export const RATES: ReadonlyArray<[PaidFor, number, CreditPart['kind'], string, string]> = [
  ['found', 0.5, 'email', 'person found', 'people found'],
  ['revealed', 1, 'email', 'email revealed', 'emails revealed'],
  ['validated', 1, 'email', 'email validated', 'emails validated'],
  ['phones', 1, 'phone', 'phone revealed', 'phones revealed'],
];

/** The parts of a tally that cost something, in the order of RATES. */
export const creditParts = (tally: Tally): CreditPart[] =>
  RATES.filter(([what]) => tally[what]).map(([what, rate, kind]) => ({ what, count: tally[what]!, rate, kind }));

/** Credits of each kind a tally costs. */
export const creditsOf = (tally: Tally): CreditEstimate => {
  const out = { email: 0, phone: 0 };
  for (const p of creditParts(tally)) out[p.kind] += p.count * p.rate;
  return out;
};

/** Adds `more` into `into` (a job's or a day's spend). */
export const addTally = (into: Tally, more: Tally): Tally => {
  for (const [what, n] of Object.entries(more) as Array<[PaidFor, number]>) if (n) into[what] = (into[what] ?? 0) + n;
  return into;
};

/**
 * What `rows` distinct rows may pay for at most: every person found, every email revealed or
 * validated, every phone revealed, as the action and its options ask. Company enrichment is free.
 */
export const estimateTally = (action: ActionId, rows: number, o: ActionOptions): Tally => {
  const list = action === 'lead_list';
  const person = action === 'person';
  const n = (yes: unknown) => (yes ? rows : 0);
  return {
    found: n(person || (list && o.enrich)),
    revealed: n(person && o.revealEmail),
    validated: n(action === 'email' || (list && o.validateEmail)),
    phones: n((person || list) && o.revealPhones),
  };
};

/** The most a run can spend, by the spec's rates, for this many distinct rows. */
export const estimateCredits = (action: ActionId, rows: number, options: ActionOptions): CreditEstimate =>
  creditsOf(estimateTally(action, rows, options));

/** What the user's jobs spent on one calendar day and in its month (`2026-11-29`, `2026-11`). */
export interface DaySpend {
  day: string;
  today: Tally;
  month: Tally;
}

/** The spend as of `day`: a new day starts from nothing, and a new month too. */
export const spendAsOf = (kept: DaySpend | undefined, day: string): DaySpend => ({
  day,
  today: kept?.day === day ? kept.today : {},
  month: kept?.day.slice(0, 7) === day.slice(0, 7) ? kept.month : {},
});
