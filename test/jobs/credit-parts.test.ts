// Prices in parts: what a run may spend and what a job spent, each part named with its count and rate.
import { addTally, creditParts, estimateCredits, estimateTally, spendAsOf } from '../../src/jobs/credit-parts';
import { creditWords } from '../../src/jobs/credit-words';

const words = (...args: Parameters<typeof estimateTally>) => creditWords(creditParts(estimateTally(...args)), 'up to ');

test("the credit estimate follows the spec's rates", () => {
  expect(estimateCredits('person', 10, { revealEmail: true, revealPhones: true })).toEqual({ email: 15, phone: 10 });
  expect(estimateCredits('person', 10, {})).toEqual({ email: 5, phone: 0 });
  expect(estimateCredits('email', 7, {})).toEqual({ email: 7, phone: 0 });
  expect(estimateCredits('company', 7, {})).toEqual({ email: 0, phone: 0 });
  expect(estimateCredits('lead_list', 9, { enrich: true, validateEmail: true })).toEqual({ email: 13.5, phone: 0 });
  expect(estimateCredits('lead_list', 9, { validateEmail: true, revealPhones: true })).toEqual({ email: 9, phone: 9 });
});

test('a lead list names the validation its estimate counts, beside the people found', () => {
  expect(creditParts(estimateTally('lead_list', 9, { enrich: true, validateEmail: true }))).toEqual([
    { what: 'found', count: 9, rate: 0.5, kind: 'email' },
    { what: 'validated', count: 9, rate: 1, kind: 'email' },
  ]);
  expect(words('lead_list', 9, { enrich: true, validateEmail: true })).toBe(
    'up to 13.5 email credits (4.5 for up to 9 people found at 0.5 each; 9 for up to 9 emails validated at 1 each)',
  );
});

test('person enrichment names people found, emails and phones revealed, each kind apart', () => {
  expect(words('person', 10, { revealEmail: true, revealPhones: true })).toBe(
    'up to 15 email credits (5 for up to 10 people found at 0.5 each; 10 for up to 10 emails revealed at 1 each)' +
      ' and up to 10 phone credits (10 for up to 10 phones revealed at 1 each)',
  );
  expect(words('email', 1, {})).toBe('up to 1 email credit (1 for up to 1 email validated)');
});

test('company enrichment, and a list with nothing ticked, cost nothing', () => {
  expect(words('company', 50_000, { revealEmail: true, revealPhones: true })).toBe('');
  expect(words('lead_list', 5, {})).toBe('');
});

test("one row of an existing list: its price per part, with no 'up to'", () => {
  expect(creditWords(creditParts(estimateTally('lead_list', 1, { enrich: true, validateEmail: true, revealPhones: true })))).toBe(
    '1.5 email credits (0.5 for 1 person found; 1 for 1 email validated) and 1 phone credit (1 for 1 phone revealed)',
  );
});

test('a spend adds up, and starts again each day and each month', () => {
  const t = addTally({ found: 2 }, { found: 1, validated: 0, phones: 3 });
  expect(t).toEqual({ found: 3, phones: 3 });
  const kept = { day: '2026-11-29', today: { found: 4 }, month: { found: 10 } };
  expect(spendAsOf(kept, '2026-11-29')).toEqual(kept);
  expect(spendAsOf(kept, '2026-11-30')).toEqual({ day: '2026-11-30', today: {}, month: { found: 10 } });
  expect(spendAsOf(kept, '2026-12-01')).toEqual({ day: '2026-12-01', today: {}, month: {} });
  expect(spendAsOf(undefined, '2026-12-01')).toEqual({ day: '2026-12-01', today: {}, month: {} });
});
