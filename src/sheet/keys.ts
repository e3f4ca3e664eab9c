// Normalising what identifies a row: emails, company domains (a URL is reduced to its domain)
// and profile URLs, so duplicates are found and results find their rows again.
import { isEmailAddress } from '../../contract/email-address';

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/**
 * A lower-cased email (`mailto:` dropped, composed to one Unicode form so the same address typed
 * two ways is one key), or undefined when it is not an address by the rule the service applies.
 */
export function normalizeEmail(value: unknown): string | undefined {
  const text = cellText(value)
    .replace(/^mailto:/i, '')
    .normalize('NFC')
    .toLowerCase();
  return isEmailAddress(text) ? text : undefined;
}

/** `https://www.Acme.com/about` -> `acme.com`; undefined when no domain can be read. */
export function normalizeDomain(value: unknown): string | undefined {
  let text = cellText(value).toLowerCase();
  if (!text) return undefined;
  const at = text.lastIndexOf('@');
  if (at >= 0 && !text.includes('/')) text = text.slice(at + 1);
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^www\d?\./, '');
  text = text.split(/[/?#:\s]/)[0] ?? '';
  text = text.replace(/\.+$/, '');
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(text)) return undefined;
  return text;
}

/** A profile URL without scheme, `www.`, query, fragment or trailing slash; lower-cased. */
export function normalizeProfileUrl(value: unknown): string | undefined {
  const text = cellText(value);
  if (!text) return undefined;
  const bare = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^www\./i, '')
    .split(/[?#]/)[0]!
    .replace(/\/+$/, '');
  if (!/^[^/\s]+\.[^/\s]+\/\S+$/.test(bare)) return undefined;
  return bare.toLowerCase();
}

/** The address sent for a profile: https, as the service's links are. */
export function profileUrlForRequest(normalized: string): string {
  return `https://${normalized}`;
}
