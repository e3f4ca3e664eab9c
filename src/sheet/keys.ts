// Normalising what identifies a row: emails, company domains (a URL is reduced to its domain)
// and profile URLs, so duplicates are found and results find their rows again.
import { isEmailAddress } from '../../contract/email-address';

/** A URL's scheme and its `//`, as a URL starts with them. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value).trim();

/**
 * A lower-cased email (`mailto:` dropped, composed to one Unicode form so the same address typed
 * two ways is one key), or undefined when it is not an address by the rule the service applies.
 */
export const normalizeEmail = (value: unknown): string | undefined => {
  const text = cellText(value)
    .replace(/^mailto:/i, '')
    .normalize('NFC')
    .toLowerCase();
  return isEmailAddress(text) ? text : undefined;
};

/**
 * The host a domain or website cell names, not yet checked: `https://www.Acme.com/about` ->
 * `acme.com`; an address gives its domain. Lower-cased and composed: internationalized names stay
 * in Unicode, the form the service looks them up by.
 */
export const hostOf = (value: unknown): string => {
  let text = cellText(value).normalize('NFC').toLowerCase();
  const at = text.lastIndexOf('@');
  if (at >= 0 && !text.includes('/')) text = text.slice(at + 1);
  text = text.replace(SCHEME, '').replace(/^www\d?\./, '');
  return (text.split(/[/?#:\s]/)[0] ?? '').replace(/\.+$/, '');
};

export const NOT_A_DOMAIN = 'Not a valid domain or website';

/** Code points, as the service counts; the UTF-16 length when that already decides. */
const longerThan = (text: string, most: number): boolean => text.length > most && (text.length > 2 * most || [...text].length > most);

// Letters of any script, digits and inner hyphens, as the service reads a domain's labels; the
// last label is letters or an ASCII-encoded (xn--) one.
const LABEL = /^(?!-)[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}-]+(?<!-)$/u;
const LAST_LABEL = /^(?:[\p{Ll}\p{Lo}\p{Lm}\p{M}]{2,}|xn--[a-z0-9-]*[a-z0-9])$/u;

/** Why a host is not a domain to send (DNS's 253 and 63 limits), or undefined when it is one. */
export const domainProblem = (host: string): string | undefined => {
  if (longerThan(host, 253)) return 'The domain is longer than 253 characters';
  const labels = host.split('.');
  if (labels.some((l) => longerThan(l, 63))) return 'The domain has a part longer than 63 characters';
  return labels.length > 1 && labels.every((l) => LABEL.test(l)) && LAST_LABEL.test(labels[labels.length - 1]!) ? undefined : NOT_A_DOMAIN;
};

/** `https://www.Acme.com/about` -> `acme.com`; undefined when no domain can be read. */
export const normalizeDomain = (value: unknown): string | undefined => {
  const host = hostOf(value);
  return host && !domainProblem(host) ? host : undefined;
};

/** A profile URL without scheme, `www.`, query, fragment or trailing slash; lower-cased. */
export const normalizeProfileUrl = (value: unknown): string | undefined => {
  const text = cellText(value);
  if (!text) return undefined;
  const bare = text
    .replace(SCHEME, '')
    .replace(/^www\./i, '')
    .split(/[?#]/)[0]!
    .replace(/\/+$/, '');
  if (!/^[^/\s]+\.[^/\s]+\/\S+$/.test(bare)) return undefined;
  return bare.toLowerCase();
};

/** The address sent for a profile: https, as the service's links are. */
export const profileUrlForRequest = (normalized: string): string => `https://${normalized}`;
