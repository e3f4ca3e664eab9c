// Reading the body of POST /people/search and /companies/search: every member optional, members
// the endpoint does not define refused (a misspelt filter must never widen a search), enumerated
// values checked, and the page and page size within their bounds.
import { unsupported } from '../errors';
import { jsonObjectBody } from '../request';
import { COMPANY_TYPES, REVENUE_BANDS, SIZE_BANDS } from '../universe/taxonomy';
import { optInteger, optString, optStringArray } from '../validate';

export const SEARCH_PAGE = { default: 20, min: 1, max: 100 } as const;

/** Filters on the company, shared by both searches. */
const COMPANY_FILTERS = [
  'company_names',
  'company_locations',
  'company_domains',
  'company_sizes',
  'company_types',
  'company_revenue',
  'company_industries',
] as const;
const PERSON_FILTERS = ['person_titles', 'person_locations', 'person_keywords'] as const;
/** Filters the public service takes that the local service cannot judge: accepted and ignored. */
const IGNORED_PERSON = ['person_seniorities', 'person_departments', 'company_focuses'] as const;
const IGNORED_COMPANY = ['company_focuses'] as const;

type CompanyFilter = (typeof COMPANY_FILTERS)[number];
type PersonFilter = (typeof PERSON_FILTERS)[number] | 'company_keywords';

export interface SearchQuery {
  page: number;
  pageSize: number;
  personName?: string;
  /** Each filter given, its values lowercased (exact enum values kept as sent). */
  lists: Partial<Record<CompanyFilter | PersonFilter, string[]>>;
}

const ENUMS: Partial<Record<CompanyFilter, ReadonlyArray<string>>> = {
  company_sizes: SIZE_BANDS.map((b) => b.size),
  company_types: COMPANY_TYPES,
  company_revenue: REVENUE_BANDS.map((b) => b.label),
};

function readCommon(body: Record<string, unknown>, allowed: ReadonlyArray<string>): Pick<SearchQuery, 'page' | 'pageSize'> {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key))
      throw unsupported(`/${key}`, `${key} is not a filter of this search; see the decisions document for the filters`);
  }
  const page = optInteger(body, 'page', '') ?? 1;
  if (page < 1) throw unsupported('/page', 'page must be at least 1');
  const pageSize = optInteger(body, 'page_size', '') ?? SEARCH_PAGE.default;
  if (pageSize < SEARCH_PAGE.min || pageSize > SEARCH_PAGE.max) {
    throw unsupported('/page_size', `page_size must be from ${SEARCH_PAGE.min} to ${SEARCH_PAGE.max}`);
  }
  return { page, pageSize };
}

function readLists<K extends string>(body: Record<string, unknown>, names: ReadonlyArray<K>): Partial<Record<K, string[]>> {
  const out: Partial<Record<K, string[]>> = {};
  for (const name of names) {
    const values = optStringArray(body, name, '');
    if (values === undefined || values.length === 0) continue;
    const allowed = (ENUMS as Partial<Record<string, ReadonlyArray<string>>>)[name];
    if (allowed) {
      values.forEach((v, i) => {
        if (!allowed.includes(v)) throw unsupported(`/${name}/${i}`, `"${v}" is not one of ${allowed.join(', ')}`);
      });
      out[name] = values;
    } else {
      out[name] = values.map((v) => v.trim().toLowerCase());
    }
  }
  return out;
}

export function readPeopleSearch(raw: unknown): SearchQuery {
  const body = raw === undefined ? {} : jsonObjectBody(raw);
  const common = readCommon(body, ['page', 'page_size', 'person_name', ...PERSON_FILTERS, ...COMPANY_FILTERS, ...IGNORED_PERSON]);
  for (const name of IGNORED_PERSON) optStringArray(body, name, '');
  const personName = optString(body, 'person_name', '')?.trim().toLowerCase() || undefined;
  return { ...common, personName, lists: { ...readLists(body, PERSON_FILTERS), ...readLists(body, COMPANY_FILTERS) } };
}

export function readCompanySearch(raw: unknown): SearchQuery {
  const body = raw === undefined ? {} : jsonObjectBody(raw);
  const common = readCommon(body, ['page', 'page_size', 'company_keywords', ...COMPANY_FILTERS, ...IGNORED_COMPANY]);
  for (const name of IGNORED_COMPANY) optStringArray(body, name, '');
  return { ...common, lists: { ...readLists(body, ['company_keywords'] as const), ...readLists(body, COMPANY_FILTERS) } };
}
