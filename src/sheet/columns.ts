// Finding the header row and mapping columns to what they hold, from their headers.
import { isString } from '../api/is-string';
import { fail } from '../api/errors';
import { OUTPUT_PREFIXES, words } from './fields';
import { columnOf } from './grid';
import { normalizeEmail } from './keys';

export const ROLES = ['email', 'profile_url', 'domain', 'company_name', 'full_name', 'first_name', 'last_name', 'title', 'phone'] as const;
export type Role = (typeof ROLES)[number];

/** Each role in words: its id's (`first_name`: "First name"), but for these two. */
const LABELS: Partial<Record<Role, string>> = { profile_url: 'Profile URL', domain: 'Company domain or website' };
export const ROLE_LABELS = Object.fromEntries(ROLES.map((role) => [role, LABELS[role] ?? words(role)])) as Record<Role, string>;

/** Role -> zero-based column index within the header row. */
export type ColumnMapping = Partial<Record<Role, number>>;

/** A header in plain lower-case words, as the header patterns read it. */
export const headerWords = (header: string): string =>
  header
    .toLowerCase()
    .replace(/[_\-./]+/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// Most specific first: "company website" is a domain, "company" alone is a name.
const PATTERNS: Array<[Role, RegExp]> = [
  ['email', /^(work |business |personal |contact |primary )?e ?mail( address)?$/],
  ['profile_url', /^(linkedin|linked in|li)( profile)?( url| link)?$|^(person )?profile( url| link)?$|^social profile$/],
  ['domain', /^(company |account |organization )?(domain|website|web site|site|url|web)( name| address)?$/],
  ['first_name', /^(first|given)( name)?$|^firstname$|^fname$/],
  ['last_name', /^(last|family|sur)( ?name)?$|^lastname$|^lname$/],
  ['full_name', /^(full |contact |person |lead )?name$|^contact$|^person$|^lead$/],
  ['company_name', /^(company|account|organization|organisation|employer|business)( name)?$/],
  ['title', /^(job )?title$|^position$|^role$|^job$/],
  ['phone', /^(phone|mobile|cell|telephone|tel|direct dial)( number| no)?$/],
];

export const roleOfHeader = (header: unknown): Role | undefined => {
  const text = isString(header) ? header : '';
  if (!text || OUTPUT_PREFIXES.some((p) => text.startsWith(p))) return undefined;
  const w = headerWords(text);
  for (const [role, pattern] of PATTERNS) if (pattern.test(w)) return role;
  return undefined;
};

/** Maps each role to the first column whose header names it. */
export const detectMapping = (headers: ReadonlyArray<unknown>): ColumnMapping => {
  const mapping: ColumnMapping = {};
  headers.forEach((h, i) => {
    const role = roleOfHeader(h);
    if (role !== undefined && mapping[role] === undefined) mapping[role] = i;
  });
  return mapping;
};

/** A header row names at least one role and holds no email address (data rows do). */
export const looksLikeHeader = (row: ReadonlyArray<unknown>): boolean =>
  row.some((c) => roleOfHeader(c) !== undefined) && !row.some((c) => normalizeEmail(c) !== undefined);

/**
 * A person's changes to a mapping, by header name: each key named takes the column headed so
 * (an unknown header is refused with a clear message), or is removed (`null` or ''). A key
 * `known` refuses is refused in words, as the `what` it is not (`Unknown column role "x".`).
 */
export const overrideMapping = <K extends string>(
  headers: ReadonlyArray<unknown>,
  detected: Partial<Record<K, number>>,
  overrides: Partial<Record<K, string | null>>,
  known: (key: string) => boolean,
  what: string,
): Partial<Record<K, number>> => {
  const mapping = { ...detected };
  for (const key of Object.keys(overrides) as K[]) {
    if (!known(key)) fail(`Unknown ${what} "${key}".`);
    const header = overrides[key];
    if (header === null || header === undefined || header === '') delete mapping[key];
    else mapping[key] = columnHeaded(headers, header);
  }
  return mapping;
};

/** Applies a person's changes to a detected mapping of roles (see overrideMapping). */
export const applyMappingOverrides = (
  headers: ReadonlyArray<unknown>,
  detected: ColumnMapping,
  overrides: Partial<Record<Role, string | null>>,
): ColumnMapping => overrideMapping(headers, detected, overrides, (key) => ROLES.includes(key as Role), 'column role');

/** The first column headed `header`, or the sentence that says there is none. */
export const columnHeaded = (headers: ReadonlyArray<unknown>, header: string): number => {
  const i = columnOf(headers, header.trim());
  if (i === undefined) fail(`There is no column headed "${header}" on this sheet.`);
  return i;
};
