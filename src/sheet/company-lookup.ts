// What a company is looked up by, read from one cell: its domain or its company profile URL, or why
// the cell names no company. The menu's actions and the cell functions both read companies here.
import { cellText, domainProblem, hostOf, normalizeProfileUrl, profileUrlForRequest } from './keys';

export type CompanyLookup = { domain: string } | { profile_url: string };

/** Free-mail and webmail providers: an address there says nothing of its owner's company. */
const PERSONAL =
  /^(?:g(?:oogle)?mail\.com|(?:yahoo|ymail|hotmail|gmx|yandex)\.[a-z.]+|(?:outlook|live|msn|aol|icloud|me|mac|mail|zoho|fastmail|tutanota)\.com|proton(?:mail)?\.(?:me|com|ch)|pm\.me|web\.de|mail\.ru|qq\.com)$/;

/** Sites of people's and companies' profiles: the public one, and the host the local service's links use. */
const PROFILE_SITE = /(?:^|\.)(?:linkedin\.com|profiles\.example)$/;

/**
 * A domain (a website reduced to its host; internationalized names in Unicode, as the service
 * finds them), or a company profile URL, or the reason the cell names no company's; undefined
 * for an empty cell.
 */
export const companyLookupOf = (value: unknown): CompanyLookup | { problem: string } | undefined => {
  const text = cellText(value);
  if (!text) return undefined;
  const host = hostOf(text);
  if (PROFILE_SITE.test(host)) {
    const profile = /\/company\/[^/?#\s]/i.test(text) ? normalizeProfileUrl(text) : undefined;
    return profile ? { profile_url: profileUrlForRequest(profile) } : { problem: `${host} is a profile site, not a company's domain` };
  }
  const problem = domainProblem(host);
  if (problem) return { problem };
  if (PERSONAL.test(host)) return { problem: `${host} is a personal email domain, not a company's` };
  return { domain: host };
};

/** The row key of a lookup, in the form results are keyed by. */
export const companyKey = (lookup: CompanyLookup): string =>
  'domain' in lookup ? `d:${lookup.domain}` : `p:${normalizeProfileUrl(lookup.profile_url)}`;
