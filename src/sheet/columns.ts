// Finding the header row and mapping columns to what they hold, from their headers.
import { isString } from '../base/is-string';
import { fail } from '../base/fail';
import { OUTPUT_PREFIXES, words } from './fields';
import { columnOf } from './grid';
import { normalizeEmail } from './keys';
import { ROLES, roleOfText, type Role } from './header-roles';

export { headerWords, ROLES, type Role } from './header-roles';

/** Each role in words: its id's (`first_name`: "First name"), but for these two. */
const LABELS: Partial<Record<Role, string>> = { profile_url: 'Profile URL', domain: 'Company domain or website' };
export const ROLE_LABELS = Object.fromEntries(ROLES.map((role) => [role, LABELS[role] ?? words(role)])) as Record<Role, string>;

/** Role -> zero-based column index within the header row. */
export type ColumnMapping = Partial<Record<Role, number>>;

export const roleOfHeader = (header: unknown): Role | undefined => {
  const text = isString(header) ? header : '';
  if (!text || OUTPUT_PREFIXES.some((p) => text.startsWith(p))) return undefined;
  return roleOfText(text);
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
