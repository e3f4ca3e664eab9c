// POST /people/search and POST /companies/search over the searchable population: filtered, in a
// stable order, page-numbered. Searching reveals nothing and costs nothing.
import { json, type Ctx, type Reply } from '../state';
import { Lru } from '../universe/cache';
import { companyFromDomain, normalizeDomain, type CompanyRecord } from '../universe/companies';
import { findPerson, personJson, type PersonRecord } from '../universe/people';
import { population } from '../universe/population';
import { readCompanySearch, readPeopleSearch, type SearchQuery } from './search-body';
import { rememberCompany } from './render';

/** The population's people, built once per seed and size: every search filters all of them. */
const peopleBySeed = new Map<string, PersonRecord[]>();

function populationPeople(seed: number, companies: number): PersonRecord[] {
  const key = `${seed}/${companies}`;
  let people = peopleBySeed.get(key);
  if (!people) {
    people = population(seed, companies).people.map((m) => {
      const o = findPerson(seed, { email: m.email }, companies);
      if (o.status !== 'enriched') throw new Error('a member of the population is always found');
      return o.person;
    });
    peopleBySeed.set(key, people);
  }
  return people;
}

const has = (text: unknown, needle: string) => typeof text === 'string' && text.toLowerCase().includes(needle);

/** Whether one filter passes: absent, or one of its values (alternatives) matches. */
function passes(values: string[] | undefined, test: (value: string) => boolean): boolean {
  return values === undefined || values.some(test);
}

function companyMatches(c: CompanyRecord, q: SearchQuery): boolean {
  const j = c.json;
  const l = q.lists;
  return (
    passes(l.company_names, (v) => has(c.name, v)) &&
    passes(l.company_locations, (v) => has(j['location'], v)) &&
    passes(l.company_domains, (v) => normalizeDomain(v) === c.domain) &&
    passes(l.company_sizes, (v) => j['size'] === v) &&
    passes(l.company_types, (v) => j['type'] === v) &&
    passes(l.company_revenue, (v) => j['estimated_revenue'] === v) &&
    passes(l.company_industries, (v) => c.industry.name.toLowerCase() === v) &&
    passes(l.company_keywords, (v) => ((j['keywords'] as string[] | null) ?? []).some((k) => k.toLowerCase() === v))
  );
}

function personMatches(p: PersonRecord, q: SearchQuery): boolean {
  const b = p.base;
  const l = q.lists;
  return (
    (q.personName === undefined || has(p.name, q.personName)) &&
    passes(l.person_titles, (v) => has(p.title, v)) &&
    passes(l.person_locations, (v) => has(b['location'], v)) &&
    passes(l.person_keywords, (v) => has(p.title, v) || has(b['headline'], v) || has(b['about'], v)) &&
    companyMatches(p.company, q)
  );
}

/**
 * The matches of recent searches, by kind, seed, population and filters (not the page): a search
 * is read page by page, and each page filtered the whole population again. The population and its
 * records never change, so the same filters always match the same records in the same order.
 */
const recentMatches = new Lru<string, ReadonlyArray<PersonRecord | CompanyRecord>>(32);

function matchesOf<T extends PersonRecord | CompanyRecord>(kind: string, ctx: Ctx, q: SearchQuery, find: () => T[]): T[] {
  const key = JSON.stringify([kind, ctx.state.seed, ctx.state.populationCompanies, q.personName ?? null, q.lists]);
  return recentMatches.get(key, find) as T[];
}

function resultPage<T>(items: T[], q: SearchQuery): { slice: T[]; pagination: Record<string, number> } {
  const start = (q.page - 1) * q.pageSize;
  return {
    slice: items.slice(start, start + q.pageSize),
    pagination: { page: q.page, page_size: q.pageSize, total: items.length, total_pages: Math.ceil(items.length / q.pageSize) },
  };
}

export function searchPeople(ctx: Ctx): Reply {
  const q = readPeopleSearch(ctx.body);
  const found = matchesOf('people', ctx, q, () =>
    populationPeople(ctx.state.seed, ctx.state.populationCompanies).filter((p) => personMatches(p, q)),
  );
  const { slice, pagination } = resultPage(found, q);
  const results = slice.map((p) => {
    rememberCompany(ctx.state, p.company);
    return personJson(p, { email: false, phones: false });
  });
  return json(200, { object: 'person_search_result', results, _pagination: pagination });
}

export function searchCompanies(ctx: Ctx): Reply {
  const q = readCompanySearch(ctx.body);
  const { seed, populationCompanies } = ctx.state;
  const found = matchesOf('companies', ctx, q, () =>
    population(seed, populationCompanies)
      .domains.map((d) => companyFromDomain(seed, d))
      .filter((c) => companyMatches(c, q)),
  );
  const { slice, pagination } = resultPage(found, q);
  const results = slice.map((c) => {
    rememberCompany(ctx.state, c);
    return c.json;
  });
  return json(200, { object: 'company_search_result', results, _pagination: pagination });
}
