// The synchronous transport the client speaks through, and the pure helpers every transport
// shares: query strings, resolving relative links against the base address, Retry-After, redaction.
import { max } from '../base/numbers';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | ReadonlyArray<string> | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

export interface ApiRequest {
  method: HttpMethod;
  /** Relative to the base address (`/territories`), possibly with a query already (a `_links` href). */
  path: string;
  query?: Query;
  body?: unknown;
}

export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  text: string;
  /** Seconds from a `Retry-After` header, when the response carried one. */
  retryAfter?: number;
}

/**
 * Sends requests to the API with the account's key. The key lives only inside the transport:
 * whatever it returns or throws has already been redacted.
 */
export interface Transport {
  /** One request; throws a NetworkError when no response arrived. */
  send(req: ApiRequest): ApiResponse;
  /** Independent requests sent together; a request that got no response yields its NetworkError. */
  sendAll(reqs: ReadonlyArray<ApiRequest>): Array<ApiResponse | Error>;
}

const REDACTED = '[redacted]';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The forms a secret may come back in: as sent, URL-encoded, and JSON-escaped (with `/` as `\/`
 * too, as some servers write it). Letter case is ignored when they are matched, so an echo the
 * service upper-cased, or percent-escapes in either case, are caught as well.
 */
const secretForms = (secret: string): string[] => {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [secret, encodeURIComponent(secret), json, json.replace(/\//g, '\\/')];
  return forms.filter((form, i) => forms.indexOf(form) === i);
};

/** A function that removes every occurrence of the secrets from a text, whatever their letter case. */
export const redactor = (secrets: ReadonlyArray<string>): ((text: string) => string) => {
  // Longest first, so a form that contains another is removed whole.
  const forms = secrets
    .filter((s) => s.length >= 4)
    .flatMap(secretForms)
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
  return (text) => text.replace(pattern, REDACTED);
};

/** Removes every occurrence of the secrets from a text, whatever their letter case. */
export const redact = (text: string, secrets: ReadonlyArray<string>): string => redactor(secrets)(text);

/** `encodeURIComponent` leaves brackets encoded; servers accept both, and this keeps URLs unambiguous. */
export const buildQuery = (query: Query | undefined): string => {
  if (!query) return '';
  const parts: string[] = [];
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    // A list is sent as `key[]=a&key[]=b`.
    const [name, items] = Array.isArray(value) ? [`${key}[]`, value as ReadonlyArray<string>] : [key, [String(value)]];
    for (const item of items) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(item)}`);
  }
  return parts.join('&');
};

const stripSlash = (s: string): string => s.replace(/\/+$/, '');

/**
 * The absolute URL of a request. Relative paths and `_links` hrefs are resolved against the base
 * address; an absolute URL is accepted only under the base address, so the key never travels elsewhere.
 */
export const resolveUrl = (baseUrl: string, { path, query }: Pick<ApiRequest, 'path' | 'query'>): string => {
  const base = stripSlash(baseUrl);
  let url: string;
  if (/^https?:\/\//i.test(path)) {
    if (path !== base && !path.startsWith(`${base}/`) && !path.startsWith(`${base}?`)) {
      throw new Error('Refusing to send the API key to an address outside the configured service.');
    }
    url = path;
  } else {
    url = base + (path.startsWith('/') ? path : `/${path}`);
  }
  const qs = buildQuery(query);
  return qs ? url + (url.includes('?') ? '&' : '?') + qs : url;
};

/** Retry-After is either delta-seconds or an HTTP date. */
export const parseRetryAfter = (value: string | undefined, nowMs: number): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return max(0, (at - nowMs) / 1000);
};

/** Header lookup regardless of case; `each` rewrites every value (the transport redacts them). */
export const lowerCaseHeaders = (headers: Readonly<Record<string, unknown>>, each = (value: string) => value): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const v = headers[name];
    out[name.toLowerCase()] = each(Array.isArray(v) ? v.join(', ') : String(v));
  }
  return out;
};
