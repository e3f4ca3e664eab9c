// The output fields of each action: readable headers and how nested values are flattened
// into one cell (company fields, phone numbers, experiences, headcounts).
import { fail } from '../base/fail';
import type { BatchEmailValidationResult, Company, Experience, JobOpening, LeadListEntry, Person, PhoneNumber } from '../api/schemas';

export interface FieldDef<T> {
  id: string;
  header: string;
  get(value: T): unknown;
  /**
   * The keys of the value `get` reads (`company.name` inside a nested object), when results are
   * read for some fields only: a key no chosen field reads is not parsed at all.
   */
  reads?: ReadonlyArray<string>;
  /** Part of the short default set. */
  basic?: boolean;
}

const join = (items: ReadonlyArray<unknown> | null | undefined, sep = '; ') =>
  (items ?? []).filter((x) => x !== null && x !== undefined && x !== '').join(sep);

const span = (start?: string | null, end?: string | null) =>
  start || end ? ` (${(start ?? '?').slice(0, 7)} – ${end ? end.slice(0, 7) : 'present'})` : '';

export const phonesText = (phones: ReadonlyArray<PhoneNumber> | null | undefined): string =>
  join((phones ?? []).filter((p) => !p.is_wrong_number).map((p) => `${p.type}: ${p.number}`));

export const experiencesText = (experiences: ReadonlyArray<Experience> | null | undefined): string =>
  join((experiences ?? []).map((e) => `${e.title} at ${e.company_name}${span(e.start_date, e.end_date)}`));

const mapText = (map: Readonly<Record<string, number | undefined>> | undefined): string =>
  map
    ? join(
        Object.keys(map)
          .filter((k) => typeof map[k] === 'number')
          .sort((a, b) => (map[b] ?? 0) - (map[a] ?? 0))
          .map((k) => `${k}: ${map[k]}`),
      )
    : '';

type AnyCompany = Company & { industry?: string | null };

/** How one field differs from the plain case: the value at the key of its id, headed by its id's words, not basic. */
interface FieldSpec<V> {
  /** The header (after the prefix), when it is not the id in words (`revenue_range`: "Revenue range"). */
  header?: string;
  /** Part of the short default set. */
  basic?: boolean;
  /** The key of the value shown, when it is not the id. */
  key?: string;
  /** What the cell shows, made from the whole value, when it is not the value at `key`. */
  get?: (value: V) => unknown;
}

/** `done` -> "Done". */
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `first_name` -> "First name". */
export const words = (id: string) => capital(id.replace(/_/g, ' '));

/** Headers the add-on writes itself start with one of these, and are never read as input. */
export const OUTPUT_PREFIXES = ['Person · ', 'Company · ', 'Email · ', 'Lead list · '] as const;
const [PERSON, COMPANY, EMAIL, LEAD_LIST] = OUTPUT_PREFIXES;

/**
 * Makes fields headed `prefix` + their header that show what their spec says of what `pick`
 * finds (nothing when it finds nothing). With a `reads` prefix, each field reads its key under it;
 * without one (email and lead-list items), a field does not say. The tables below repeat this
 * shape field after field: written once, dist/Code.js carries it once, and a header that is the
 * id in words is not written at all.
 */
const fieldOf =
  <T, V>(
    pick: (v: T) => V | null | undefined,
    prefix: string,
    idPrefix: string,
    reads: string | undefined,
  ): ((id: string, spec?: FieldSpec<V>) => FieldDef<T>) =>
  (id, { header = words(id), basic = false, key = id, get = (value: V) => (value as Record<string, unknown>)[key] } = {}) => {
    const f: FieldDef<T> = {
      id: `${idPrefix}${id}`,
      header: `${prefix}${header}`,
      get: (v) => {
        const value = pick(v);
        return value ? get(value) : '';
      },
      basic,
    };
    if (reads !== undefined) f.reads = [`${reads}${key}`];
    return f;
  };

const basic = { basic: true };
// Fields that persons and companies (and lead-list entries) share.
const profileUrl = { header: 'Profile URL' };
const presence = { header: 'Profile presence', key: 'profile_presence' };
const country = {
  key: 'location_details',
  get: (v: { location_details?: { country?: string | null } | null }) => v.location_details?.country,
};

/** Company fields, shared by company enrichment and the company of a person. */
const companyFields = <T>(
  pick: (v: T) => AnyCompany | null | undefined,
  prefix: string,
  idPrefix: string,
  readsPrefix: string,
): Array<FieldDef<T>> => {
  const f = fieldOf(pick, prefix, idPrefix, readsPrefix);
  return [
    f('name', basic),
    f('website', basic),
    f('industry'),
    f('size', basic),
    f('employees', { basic: true, key: 'estimated_number_of_employees' }),
    f('location', basic),
    f('country', country),
    f('founded', { key: 'founded_year' }),
    f('type'),
    f('revenue_range', { basic: true, key: 'estimated_revenue' }),
    f('revenue'),
    f('total_funding'),
    f('funding_stage', { header: 'Latest funding stage', key: 'latest_funding_stage' }),
    f('funding_date', { header: 'Latest funding date', key: 'latest_funding_date' }),
    f('followers'),
    f('presence', presence),
    f('b2b', { header: 'B2B', key: 'is_b2b' }),
    f('b2c', { header: 'B2C', key: 'is_b2c' }),
    f('keywords', { get: (c) => join(c.keywords) }),
    f('technologies', { get: (c) => join(c.technologies) }),
    f('departments', { header: 'Department headcount', key: 'department_headcount', get: (c) => mapText(c.department_headcount) }),
    f('locations', { get: (c) => join((c.locations ?? []).map((l) => l.address)) }),
    f('overview'),
    f('profile_url', profileUrl),
    f('sic', { header: 'SIC codes', key: 'sic_codes', get: (c) => join(c.sic_codes, ', ') }),
    f('naics', { header: 'NAICS codes', key: 'naics_codes', get: (c) => join(c.naics_codes, ', ') }),
    f('traffic_rank'),
  ];
};

const itself = <T>(v: T) => v;
const personField = fieldOf<Person, Person>(itself, PERSON, '', '');

export const PERSON_FIELDS: Array<FieldDef<Person>> = [
  personField('name', basic),
  personField('title', basic),
  personField('email', basic),
  personField('phones', { basic: true, key: 'phone_numbers', get: (p) => phonesText(p.phone_numbers) }),
  personField('location', basic),
  personField('profile_url', { ...profileUrl, basic: true }),
  personField('first_name'),
  personField('last_name'),
  personField('headline'),
  personField('position_start', { header: 'In role since', key: 'current_position_start_date' }),
  personField('country', country),
  personField('gender'),
  personField('presence', presence),
  personField('experiences', { header: 'Experience', get: (p) => experiencesText(p.experiences) }),
  personField('educations', {
    header: 'Education',
    get: (p) =>
      join(
        (p.educations ?? []).map(
          (e) => `${join([e.degree, e.field_of_study], ', ')}${e.degree || e.field_of_study ? ' — ' : ''}${e.school_name}`,
        ),
      ),
  }),
  personField('languages', {
    get: (p) => join((p.languages ?? []).map((l) => (l.proficiency ? `${l.language} (${l.proficiency})` : l.language))),
  }),
  personField('about'),
  ...companyFields<Person>((p) => p.company, `${PERSON}Company `, 'company_', 'company.').map((f) => ({
    ...f,
    basic: f.id === 'company_name' || f.id === 'company_website',
  })),
];

export const COMPANY_FIELDS: Array<FieldDef<AnyCompany>> = companyFields<AnyCompany>(itself, COMPANY, '', '');

export const EMAIL_FIELDS: Array<FieldDef<BatchEmailValidationResult>> = [
  fieldOf<BatchEmailValidationResult, BatchEmailValidationResult>(
    itself,
    EMAIL,
    '',
    undefined,
  )('catch_all', {
    header: 'Catch-all',
    basic: true,
  }),
];

const leadField = fieldOf<LeadListEntry, LeadListEntry>(itself, LEAD_LIST, '', undefined);

export const LEAD_FIELDS: Array<FieldDef<LeadListEntry>> = [
  leadField('first_name', basic),
  leadField('last_name', basic),
  leadField('title', basic),
  leadField('email', basic),
  // In the words of the email validation's own result column: `deliverable` reads Deliverable.
  leadField('email_result', { basic: true, get: (l) => words(l.email_validation_result.result) }),
  leadField('company_name', { header: 'Company', basic: true }),
  leadField('company_domain'),
  leadField('industry'),
  leadField('profile_url', profileUrl),
  leadField('phones', { get: (l) => phonesText(l.phone_numbers) }),
];

/** Every key the fields `ids` read; undefined when one of them does not say (read everything). */
export const readsOf = <T>(all: ReadonlyArray<FieldDef<T>>, ids: ReadonlyArray<string>): string[] | undefined => {
  const out = new Set<string>();
  for (const f of all) {
    if (!ids.includes(f.id)) continue;
    if (!f.reads) return undefined;
    for (const key of f.reads) out.add(key);
  }
  return [...out];
};

/** The chosen fields: 'basic', 'all', or a list of ids (unknown ids are refused). */
export const chooseFields = <T>(all: ReadonlyArray<FieldDef<T>>, choice: 'basic' | 'all' | ReadonlyArray<string>): Array<FieldDef<T>> => {
  if (choice === 'all') return [...all];
  if (choice === 'basic') return all.filter((f) => f.basic);
  const unknown = choice.filter((id) => !all.some((f) => f.id === id));
  if (unknown.length) fail(`Unknown field(s): ${unknown.join(', ')}.`);
  return all.filter((f) => choice.includes(f.id));
};

/** A job opening's cells under these headers, as an import of a company's openings and =JOB_OPENINGS write them. */
export const JOB_OPENING_HEADERS = ['Title', 'Location', 'Seniorities', 'Departments', 'Job functions', 'First seen', 'URL'];

export const jobOpeningCells = (j: JobOpening): string[] => [
  j.title,
  j.raw_location ?? '',
  j.seniorities.join(', '),
  j.departments.join(', '),
  j.job_functions.join(', '),
  j.first_seen_at,
  j.url,
];
