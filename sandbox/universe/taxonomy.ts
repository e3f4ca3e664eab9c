// The spec's enumerations the universe must stay inside: department and job-function keys,
// company sizes, presence bands, funding stages, revenue ranges, job seniorities.

// The department and job-function keys are the spec's; the client's schemas hold the one copy.
import { COMPANY_TYPES, DEPARTMENTS, JOB_FUNCTIONS, JOB_SENIORITIES, PHONE_TYPES, type Department } from '../../contract/enumerations';

export { DEPARTMENTS, JOB_FUNCTIONS, type Department };
export const ALL_JOB_FUNCTIONS: ReadonlyArray<string> = DEPARTMENTS.flatMap((d) => JOB_FUNCTIONS[d]);

/** Sizes the spec allows, with the employee range each covers. */
export const SIZE_BANDS = [
  { size: '1-10 employees', min: 1, max: 10 },
  { size: '11-50 employees', min: 11, max: 50 },
  { size: '51-200 employees', min: 51, max: 200 },
  { size: '201-500 employees', min: 201, max: 500 },
  { size: '10001+ employees', min: 10001, max: 180000 },
] as const;

export function sizeFor(employees: number): string {
  const band = SIZE_BANDS.find((b) => employees >= b.min && employees <= b.max);
  if (!band) throw new Error(`no size band holds ${employees} employees`);
  return band.size;
}

export function companyPresence(followers: number): string {
  if (followers >= 100000) return 'massive';
  if (followers >= 10000) return 'large';
  if (followers >= 1000) return 'moderate';
  if (followers >= 1) return 'limited';
  return 'none';
}

export function personPresence(followers: number): string {
  if (followers >= 10000) return 'influencer';
  if (followers >= 5000) return 'micro_influencer';
  if (followers >= 500) return 'large';
  if (followers >= 100) return 'moderate';
  if (followers >= 1) return 'limited';
  return 'none';
}

export const REVENUE_BANDS = [
  { label: '$0-$1M', min: 50000, max: 1000000 },
  { label: '$1M-$10M', min: 1000000, max: 10000000 },
  { label: '$10M-$100M', min: 10000000, max: 100000000 },
  { label: '$100M-$1B', min: 100000000, max: 1000000000 },
  { label: '$1B+', min: 1000000000, max: 40000000000 },
] as const;

export { COMPANY_TYPES };

/** Funding rounds in the order a company raises them, with a typical amount range in USD. */
export const FUNDING_ROUNDS: ReadonlyArray<readonly [string, number, number]> = [
  ['seed', 500000, 3000000],
  ['series_a', 5000000, 20000000],
  ['series_b', 15000000, 60000000],
  ['series_c', 40000000, 150000000],
  ['series_d', 80000000, 300000000],
  ['series_e', 150000000, 500000000],
];
export const OTHER_FUNDING = [
  'angel',
  'venture_round_unknown_series',
  'debt',
  'convertible_note',
  'private_equity',
  'equity_crowdfunding',
  'other',
] as const;

export { JOB_SENIORITIES };

export { PHONE_TYPES };
