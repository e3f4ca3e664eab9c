// The paged reference listings: territories, a company's job openings, excluded domains and emails.
import { invalidParameter, missing, notFound, ApiError } from '../errors';
import { EXCLUSION_PAGE, JOB_OPENING_PAGE, TERRITORY_PAGE } from '../paging';
import { queryBoolean, queryList, queryString } from '../request';
import { json, type Ctx, type Reply } from '../state';
import { excludedDomains, excludedEmails, isJobSeniority, isRemote, jobOpenings, territories, type Exclusion } from '../universe/catalog';
import { companyFromDomain, findCompany } from '../universe/companies';
import { ALL_JOB_FUNCTIONS, DEPARTMENTS } from '../universe/taxonomy';
import { isUuid } from '../validate';
import { page } from './listing-page';
import { rememberCompany } from './render';

export function keywordFilter(ctx: Ctx, name: string): string | undefined {
  const v = queryString(ctx.query, name)?.trim();
  return v ? v : undefined;
}

export function listTerritories(ctx: Ctx): Reply {
  const name = keywordFilter(ctx, 'name');
  const all = territories(ctx.state.seed, ctx.account.id).filter((t) => !name || t.name.toLowerCase().includes(name.toLowerCase()));
  const { items, links } = page(ctx, '/territories', name ? [['name', name]] : [], TERRITORY_PAGE, all);
  return json(200, { territories: items, _links: links });
}

function exclusionsRoute(ctx: Ctx, path: string, field: 'domain' | 'email', list: Exclusion[]): Reply {
  const keyword = keywordFilter(ctx, 'keyword');
  const filtered = list.filter((e) => !keyword || e.value.includes(keyword.toLowerCase()));
  const { items, links } = page(ctx, path, keyword ? [['keyword', keyword]] : [], EXCLUSION_PAGE, filtered);
  const rows = items.map((e) => ({
    [field]: e.value,
    source: e.source,
    date_added: e.date_added,
    excluded_reason: e.excluded_reason,
    excluded_reasons: [...e.excluded_reasons],
  }));
  return json(200, { [field === 'domain' ? 'excluded_domains' : 'excluded_emails']: rows, _links: links });
}

export function listExcludedDomains(ctx: Ctx): Reply {
  return exclusionsRoute(ctx, '/excluded-domains', 'domain', excludedDomains(ctx.state.seed, ctx.account.id));
}

export function listExcludedEmails(ctx: Ctx): Reply {
  return exclusionsRoute(ctx, '/excluded-emails', 'email', excludedEmails(ctx.state.seed, ctx.account.id));
}

function checkedList(ctx: Ctx, name: string, allowed: ReadonlyArray<string>): string[] | undefined {
  const values = queryList(ctx.query, name);
  const bad = values?.find((v) => !allowed.includes(v));
  if (bad !== undefined) throw invalidParameter(`/${name}`, `"${bad}" is not an allowed value of ${name}`);
  return values;
}

export function listJobOpenings(ctx: Ctx): Reply {
  const { state } = ctx;
  const companyId = keywordFilter(ctx, 'company_id');
  const domain = keywordFilter(ctx, 'domain');
  const profileUrl = keywordFilter(ctx, 'profile_url');
  if (!companyId && !domain && !profileUrl) throw missing('/domain', 'Give a company: domain, profile_url or company_id');
  if (companyId && !isUuid(companyId)) throw invalidParameter('/company_id', 'company_id must be a UUID');
  const seniorities = queryList(ctx.query, 'seniorities');
  const badSeniority = seniorities?.find((s) => !isJobSeniority(s));
  if (badSeniority !== undefined) throw invalidParameter('/seniorities', `"${badSeniority}" is not an allowed seniority`);
  const departments = checkedList(ctx, 'departments', DEPARTMENTS);
  const jobFunctions = checkedList(ctx, 'job_functions', ALL_JOB_FUNCTIONS);
  const remote = queryBoolean(ctx.query, 'remote');

  let company;
  if (domain || profileUrl) {
    const outcome = findCompany(state.seed, { domain, profile_url: profileUrl });
    if (!outcome.found) throw new ApiError(404, 'company_not_found', 'No company matches the given domain or profile URL');
    company = outcome.company;
  } else {
    const known = state.companyDomains.get((companyId ?? '').toLowerCase());
    if (!known) throw notFound('No company with this id has been looked up; ask by domain instead');
    company = companyFromDomain(state.seed, known);
  }
  rememberCompany(state, company);
  const openings = jobOpenings(state.seed, company).filter(
    (j) =>
      (!seniorities || j.seniorities.some((s) => seniorities.includes(s))) &&
      (!departments || j.departments.some((d) => departments.includes(d))) &&
      (!jobFunctions || j.job_functions.some((f) => jobFunctions.includes(f))) &&
      (remote === undefined || isRemote(j) === remote),
  );
  const filters: Array<[string, string]> = [];
  if (companyId) filters.push(['company_id', companyId]);
  if (domain) filters.push(['domain', domain]);
  if (profileUrl) filters.push(['profile_url', profileUrl]);
  for (const s of seniorities ?? []) filters.push(['seniorities[]', s]);
  for (const d of departments ?? []) filters.push(['departments[]', d]);
  for (const f of jobFunctions ?? []) filters.push(['job_functions[]', f]);
  if (remote !== undefined) filters.push(['remote', String(remote)]);
  const { items, links } = page(ctx, '/job-openings', filters, JOB_OPENING_PAGE, openings);
  return json(200, {
    company: { id: company.id, name: company.name, domain: company.domain, profile_url: company.profileUrl },
    job_openings: items.map((j) => ({
      ...j,
      seniorities: [...j.seniorities],
      departments: [...j.departments],
      job_functions: [...j.job_functions],
    })),
    _links: links,
  });
}
