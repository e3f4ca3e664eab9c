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

/** Company fields, shared by company enrichment and the company of a person. */
function companyFields<T>(
  pick: (v: T) => AnyCompany | null | undefined,
  prefix: string,
  idPrefix: string,
  readsPrefix: string,
): Array<FieldDef<T>> {
  const f = (id: string, header: string, get: (c: AnyCompany) => unknown, basic = false, key = id): FieldDef<T> => ({
    id: `${idPrefix}${id}`,
    header: `${prefix}${header}`,
    get: (v) => {
      const c = pick(v);
      return c ? get(c) : '';
    },
    basic,
    reads: [`${readsPrefix}${key}`],
  });
  return [
    f('name', 'Name', (c) => c.name, true),
    f('website', 'Website', (c) => c.website, true),
    f('industry', 'Industry', (c) => c.industry),
    f('size', 'Size', (c) => c.size, true),
    f('employees', 'Employees', (c) => c.estimated_number_of_employees, true, 'estimated_number_of_employees'),
    f('location', 'Location', (c) => c.location, true),
    f('country', 'Country', (c) => c.location_details?.country, false, 'location_details'),
    f('founded', 'Founded', (c) => c.founded_year, false, 'founded_year'),
    f('type', 'Type', (c) => c.type),
    f('revenue_range', 'Revenue range', (c) => c.estimated_revenue, true, 'estimated_revenue'),
    f('revenue', 'Revenue', (c) => c.revenue),
    f('total_funding', 'Total funding', (c) => c.total_funding),
    f('funding_stage', 'Latest funding stage', (c) => c.latest_funding_stage, false, 'latest_funding_stage'),
    f('funding_date', 'Latest funding date', (c) => c.latest_funding_date, false, 'latest_funding_date'),
    f('followers', 'Followers', (c) => c.followers),
    f('presence', 'Profile presence', (c) => c.profile_presence, false, 'profile_presence'),
    f('b2b', 'B2B', (c) => c.is_b2b, false, 'is_b2b'),
    f('b2c', 'B2C', (c) => c.is_b2c, false, 'is_b2c'),
    f('keywords', 'Keywords', (c) => join(c.keywords)),
    f('technologies', 'Technologies', (c) => join(c.technologies)),
    f('departments', 'Department headcount', (c) => mapText(c.department_headcount), false, 'department_headcount'),
    f('locations', 'Locations', (c) => join((c.locations ?? []).map((l) => l.address))),
    f('overview', 'Overview', (c) => c.overview),
    f('profile_url', 'Profile URL', (c) => c.profile_url),
    f('sic', 'SIC codes', (c) => join(c.sic_codes, ', '), false, 'sic_codes'),
    f('naics', 'NAICS codes', (c) => join(c.naics_codes, ', '), false, 'naics_codes'),
    f('traffic_rank', 'Traffic rank', (c) => c.traffic_rank),
  ];
}

export const PERSON_FIELDS: Array<FieldDef<Person>> = [
  { id: 'name', header: 'Person · Name', get: (p) => p.name, basic: true, reads: ['name'] },
  { id: 'title', header: 'Person · Title', get: (p) => p.title, basic: true, reads: ['title'] },
  { id: 'email', header: 'Person · Email', get: (p) => p.email, basic: true, reads: ['email'] },
  { id: 'phones', header: 'Person · Phones', get: (p) => phonesText(p.phone_numbers), basic: true, reads: ['phone_numbers'] },
  { id: 'location', header: 'Person · Location', get: (p) => p.location, basic: true, reads: ['location'] },
  { id: 'profile_url', header: 'Person · Profile URL', get: (p) => p.profile_url, basic: true, reads: ['profile_url'] },
  { id: 'first_name', header: 'Person · First name', get: (p) => p.first_name, reads: ['first_name'] },
  { id: 'last_name', header: 'Person · Last name', get: (p) => p.last_name, reads: ['last_name'] },
  { id: 'headline', header: 'Person · Headline', get: (p) => p.headline, reads: ['headline'] },
  {
    id: 'position_start',
    header: 'Person · In role since',
    get: (p) => p.current_position_start_date,
    reads: ['current_position_start_date'],
  },
  { id: 'country', header: 'Person · Country', get: (p) => p.location_details?.country, reads: ['location_details'] },
  { id: 'gender', header: 'Person · Gender', get: (p) => p.gender, reads: ['gender'] },
  { id: 'presence', header: 'Person · Profile presence', get: (p) => p.profile_presence, reads: ['profile_presence'] },
  { id: 'experiences', header: 'Person · Experience', get: (p) => experiencesText(p.experiences), reads: ['experiences'] },
  {
    id: 'educations',
    header: 'Person · Education',
    reads: ['educations'],
    get: (p) =>
      join(
        (p.educations ?? []).map(
          (e) => `${join([e.degree, e.field_of_study], ', ')}${e.degree || e.field_of_study ? ' — ' : ''}${e.school_name}`,
        ),
      ),
  },
  {
    id: 'languages',
    header: 'Person · Languages',
    get: (p) => join((p.languages ?? []).map((l) => (l.proficiency ? `${l.language} (${l.proficiency})` : l.language))),
    reads: ['languages'],
  },
  { id: 'about', header: 'Person · About', get: (p) => p.about, reads: ['about'] },
  ...companyFields<Person>((p) => p.company, 'Person · Company ', 'company_', 'company.').map((f) =>
    f.id === 'company_name' || f.id === 'company_website' ? { ...f, basic: true } : { ...f, basic: false },
  ),
];

export const COMPANY_FIELDS: Array<FieldDef<AnyCompany>> = companyFields<AnyCompany>((c) => c, 'Company · ', '', '');

export const EMAIL_FIELDS: Array<FieldDef<BatchEmailValidationResult>> = [
  { id: 'catch_all', header: 'Email · Catch-all', get: (r) => r.catch_all, basic: true },
];

export const LEAD_FIELDS: Array<FieldDef<LeadListEntry>> = [
  { id: 'first_name', header: 'Lead list · First name', get: (l) => l.first_name, basic: true },
  { id: 'last_name', header: 'Lead list · Last name', get: (l) => l.last_name, basic: true },
  { id: 'title', header: 'Lead list · Title', get: (l) => l.title, basic: true },
  { id: 'email', header: 'Lead list · Email', get: (l) => l.email, basic: true },
  { id: 'email_result', header: 'Lead list · Email result', get: (l) => l.email_validation_result.result, basic: true },
  { id: 'company_name', header: 'Lead list · Company', get: (l) => l.company_name, basic: true },
  { id: 'company_domain', header: 'Lead list · Company domain', get: (l) => l.company_domain },
  { id: 'industry', header: 'Lead list · Industry', get: (l) => l.industry },
  { id: 'profile_url', header: 'Lead list · Profile URL', get: (l) => l.profile_url },
  { id: 'phones', header: 'Lead list · Phones', get: (l) => phonesText(l.phone_numbers) },
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
