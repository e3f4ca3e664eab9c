// The output fields of each action: readable headers and how nested values are flattened
// into one cell (company fields, phone numbers, experiences, headcounts).
import type { BatchEmailValidationResult, Company, Experience, LeadListEntry, Person, PhoneNumber } from '../api/schemas';

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

export function phonesText(phones: ReadonlyArray<PhoneNumber> | null | undefined): string {
  return join((phones ?? []).filter((p) => !p.is_wrong_number).map((p) => `${p.type}: ${p.number}`));
}

export function experiencesText(experiences: ReadonlyArray<Experience> | null | undefined): string {
  return join((experiences ?? []).map((e) => `${e.title} at ${e.company_name}${span(e.start_date, e.end_date)}`));
}

function mapText(map: Readonly<Record<string, number | undefined>> | undefined): string {
  if (!map) return '';
  return join(
    Object.keys(map)
      .filter((k) => typeof map[k] === 'number')
      .sort((a, b) => (map[b] ?? 0) - (map[a] ?? 0))
      .map((k) => `${k}: ${map[k]}`),
  );
}

type AnyCompany = Company & { industry?: string | null };

/**
 * Makes fields headed `prefix` + `header` that show the value at `key` of what `pick` finds
 * (nothing when it finds nothing), or what `get` makes of it. With a `reads` prefix, each field
 * reads its `key` under it; without one (email and lead-list items), a field does not say.
 * The tables below repeat this shape field after field: written once, dist/Code.js carries it once.
 */
function fieldOf<T, V>(
  pick: (v: T) => V | null | undefined,
  prefix: string,
  idPrefix: string,
  reads: string | undefined,
): (id: string, header: string, basic?: boolean, key?: string, get?: (value: V) => unknown) => FieldDef<T> {
  return (id, header, basic = false, key = id, get = (value) => (value as Record<string, unknown>)[key]) => {
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
}

/** Company fields, shared by company enrichment and the company of a person. */
function companyFields<T>(
  pick: (v: T) => AnyCompany | null | undefined,
  prefix: string,
  idPrefix: string,
  readsPrefix: string,
): Array<FieldDef<T>> {
  const f = fieldOf(pick, prefix, idPrefix, readsPrefix);
  return [
    f('name', 'Name', true),
    f('website', 'Website', true),
    f('industry', 'Industry'),
    f('size', 'Size', true),
    f('employees', 'Employees', true, 'estimated_number_of_employees'),
    f('location', 'Location', true),
    f('country', 'Country', false, 'location_details', (c) => c.location_details?.country),
    f('founded', 'Founded', false, 'founded_year'),
    f('type', 'Type'),
    f('revenue_range', 'Revenue range', true, 'estimated_revenue'),
    f('revenue', 'Revenue'),
    f('total_funding', 'Total funding'),
    f('funding_stage', 'Latest funding stage', false, 'latest_funding_stage'),
    f('funding_date', 'Latest funding date', false, 'latest_funding_date'),
    f('followers', 'Followers'),
    f('presence', 'Profile presence', false, 'profile_presence'),
    f('b2b', 'B2B', false, 'is_b2b'),
    f('b2c', 'B2C', false, 'is_b2c'),
    f('keywords', 'Keywords', false, 'keywords', (c) => join(c.keywords)),
    f('technologies', 'Technologies', false, 'technologies', (c) => join(c.technologies)),
    f('departments', 'Department headcount', false, 'department_headcount', (c) => mapText(c.department_headcount)),
    f('locations', 'Locations', false, 'locations', (c) => join((c.locations ?? []).map((l) => l.address))),
    f('overview', 'Overview'),
    f('profile_url', 'Profile URL'),
    f('sic', 'SIC codes', false, 'sic_codes', (c) => join(c.sic_codes, ', ')),
    f('naics', 'NAICS codes', false, 'naics_codes', (c) => join(c.naics_codes, ', ')),
    f('traffic_rank', 'Traffic rank'),
  ];
}

const itself = <T>(v: T) => v;
const personField = fieldOf<Person, Person>(itself, 'Person · ', '', '');

export const PERSON_FIELDS: Array<FieldDef<Person>> = [
  personField('name', 'Name', true),
  personField('title', 'Title', true),
  personField('email', 'Email', true),
  personField('phones', 'Phones', true, 'phone_numbers', (p) => phonesText(p.phone_numbers)),
  personField('location', 'Location', true),
  personField('profile_url', 'Profile URL', true),
  personField('first_name', 'First name'),
  personField('last_name', 'Last name'),
  personField('headline', 'Headline'),
  personField('position_start', 'In role since', false, 'current_position_start_date'),
  personField('country', 'Country', false, 'location_details', (p) => p.location_details?.country),
  personField('gender', 'Gender'),
  personField('presence', 'Profile presence', false, 'profile_presence'),
  personField('experiences', 'Experience', false, 'experiences', (p) => experiencesText(p.experiences)),
  personField('educations', 'Education', false, 'educations', (p) =>
    join(
      (p.educations ?? []).map(
        (e) => `${join([e.degree, e.field_of_study], ', ')}${e.degree || e.field_of_study ? ' — ' : ''}${e.school_name}`,
      ),
    ),
  ),
  personField('languages', 'Languages', false, 'languages', (p) =>
    join((p.languages ?? []).map((l) => (l.proficiency ? `${l.language} (${l.proficiency})` : l.language))),
  ),
  personField('about', 'About'),
  ...companyFields<Person>((p) => p.company, 'Person · Company ', 'company_', 'company.').map((f) => ({
    ...f,
    basic: f.id === 'company_name' || f.id === 'company_website',
  })),
];

export const COMPANY_FIELDS: Array<FieldDef<AnyCompany>> = companyFields<AnyCompany>(itself, 'Company · ', '', '');

export const EMAIL_FIELDS: Array<FieldDef<BatchEmailValidationResult>> = [
  fieldOf<BatchEmailValidationResult, BatchEmailValidationResult>(itself, 'Email · ', '', undefined)('catch_all', 'Catch-all', true),
];

const leadField = fieldOf<LeadListEntry, LeadListEntry>(itself, 'Lead list · ', '', undefined);

export const LEAD_FIELDS: Array<FieldDef<LeadListEntry>> = [
  leadField('first_name', 'First name', true),
  leadField('last_name', 'Last name', true),
  leadField('title', 'Title', true),
  leadField('email', 'Email', true),
  leadField('email_result', 'Email result', true, '', (l) => l.email_validation_result.result),
  leadField('company_name', 'Company', true),
  leadField('company_domain', 'Company domain'),
  leadField('industry', 'Industry'),
  leadField('profile_url', 'Profile URL'),
  leadField('phones', 'Phones', false, '', (l) => phonesText(l.phone_numbers)),
];

/** Every key the fields `ids` read; undefined when one of them does not say (read everything). */
export function readsOf<T>(all: ReadonlyArray<FieldDef<T>>, ids: ReadonlyArray<string>): string[] | undefined {
  const out = new Set<string>();
  for (const f of all) {
    if (!ids.includes(f.id)) continue;
    if (!f.reads) return undefined;
    for (const key of f.reads) out.add(key);
  }
  return [...out];
}

/** The chosen fields: 'basic', 'all', or a list of ids (unknown ids are refused). */
export function chooseFields<T>(all: ReadonlyArray<FieldDef<T>>, choice: 'basic' | 'all' | ReadonlyArray<string>): Array<FieldDef<T>> {
  if (choice === 'all') return [...all];
  if (choice === 'basic') return all.filter((f) => f.basic);
  const unknown = choice.filter((id) => !all.some((f) => f.id === id));
  if (unknown.length) throw new Error(`Unknown field(s): ${unknown.join(', ')}.`);
  return all.filter((f) => choice.includes(f.id));
}
