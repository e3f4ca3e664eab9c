// The synchronous lookups: one company by domain or profile URL, one person by email or profile URL.
import { available } from '../batches';
import { affordable, chargePerson, personWorstCase } from '../credits';
import { ApiError, invalidParameter, missing } from '../errors';
import { queryBoolean, queryString } from '../request';
import { json, type Ctx, type Reply } from '../state';
import { companyLookupJson, findCompany } from '../universe/companies';
import { findPerson } from '../universe/people';
import { isEmail } from '../validate';
import { rememberCompany, renderPerson } from './render';

function nonEmpty(ctx: Ctx, name: string): string | undefined {
  const v = queryString(ctx.query, name)?.trim();
  return v ? v : undefined;
}

export function findCompanyRoute(ctx: Ctx): Reply {
  const domain = nonEmpty(ctx, 'domain');
  const profile_url = nonEmpty(ctx, 'profile_url');
  if (!domain && !profile_url) throw missing('/domain', 'Give a domain or a profile_url to match on');
  const outcome = findCompany(ctx.state.seed, { domain, profile_url });
  if (!outcome.found)
    throw new ApiError(404, 'company_not_found', `No company matches ${domain ? `domain ${domain}` : `profile URL ${profile_url}`}`);
  rememberCompany(ctx.state, outcome.company);
  return json(200, companyLookupJson(outcome.company));
}

/** Found: 200 and the person; not found: 404 `person_not_found`; removed for privacy: 451. */
export function findPersonRoute(ctx: Ctx): Reply {
  // The address is checked as sent, like one in a body: a space or control character is an error.
  const rawEmail = queryString(ctx.query, 'email');
  const email = rawEmail === '' ? undefined : rawEmail;
  const profile_url = nonEmpty(ctx, 'profile_url');
  if (!email && !profile_url) throw missing('/email', 'Give an email or a profile_url to match on');
  if (email && !isEmail(email)) throw invalidParameter('/email', `${JSON.stringify(email)} is not an email address`);
  const reveal = {
    email: queryBoolean(ctx.query, 'reveal_email') ?? false,
    phones: queryBoolean(ctx.query, 'reveal_phone_numbers') ?? false,
  };
  const input = {
    email,
    profile_url,
    name: nonEmpty(ctx, 'name'),
    title: nonEmpty(ctx, 'title'),
    company_name: nonEmpty(ctx, 'company_name'),
    company_domain: nonEmpty(ctx, 'company_domain'),
  };
  if (!affordable(available(ctx.account), personWorstCase(reveal))) {
    throw new ApiError(402, 'insufficient_credits', 'The account does not have the credits this lookup may cost');
  }
  const outcome = findPerson(ctx.state.seed, input, ctx.state.populationCompanies);
  if (outcome.status === 'not_found') throw new ApiError(404, 'person_not_found', 'No person matches this lookup');
  if (outcome.status === 'gdpr_removed')
    throw new ApiError(451, 'unavailable_for_legal_reasons', 'This person asked to be removed; their data is not available');
  const p = outcome.person;
  chargePerson(ctx.account, p.id, ctx.t, { found: true, revealEmail: reveal.email, revealPhones: reveal.phones && p.phones.length > 0 });
  return json(200, renderPerson(ctx.state, ctx.account, p, reveal));
}
