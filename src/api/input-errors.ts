// Checking what a person sent from the sidebar or a dialog, with the first problem told as one
// plain sentence that names the field in words: never a schema dump or JSON, and never the value
// itself (it may be an API key).
import { isString } from '../base/is-string';
import { fail } from '../base/fail';
import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

/**
 * Trims the text before the checks after it, as `z.trim()` does: a plain check function, since
 * `z.trim()` brings a check class of its own into dist/Code.js.
 */
export const trim = (ctx: z.core.ParsePayload<string>): void => {
  ctx.value = ctx.value.trim();
};

const NAMED_VALUES = 'a group of named values';

/** Words for the value a schema expected, as in "must be …". */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: NAMED_VALUES,
  record: NAMED_VALUES,
  date: 'a date',
};

/** Words for a string format a schema checks, as in "must be …". */
const FORMATS: Record<string, string> = {
  email: 'an email address',
  url: 'a web address',
  guid: 'an id',
  uuid: 'an id',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time',
};

const quote = (value: unknown): string => (isString(value) ? `"${value}"` : String(value));

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` (or with "and"). */
const list = (values: ReadonlyArray<unknown>, word: 'or' | 'and'): string => {
  const quoted = values.map(quote);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${word} ${quoted[quoted.length - 1]}`;
};

/** `leads[3].email` for the path of a nested field. */
export const fieldName = (path: ReadonlyArray<PropertyKey>): string => {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
};

const valueAt = (value: unknown, path: ReadonlyArray<PropertyKey>): unknown => {
  let at = value;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
};

/** A bound in words, as in "must be at least …": `5 characters long`, `2 items`, `20`. */
const size = (n: number | bigint, origin: string): string => {
  if (origin === 'string') return `${n} character${n === 1 ? '' : 's'} long`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  return String(n);
};

/** What is wrong when no word of the issue says. */
const UNUSABLE = 'is not a value this add-on can use';

/** What is wrong with the field, as the end of "The … must be …" (no subject, no full stop). */
const predicate = (issue: Issue, input: unknown): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return 'is missing';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `must be ${list(issue.values, 'or')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'needs at least one item';
      return `must be at least ${size(issue.minimum, issue.origin)}`;
    case 'too_big':
      return `must be at most ${size(issue.maximum, issue.origin)}`;
    case 'invalid_format':
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : 'is not in the expected form';
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} this add-on does not know: ${list(issue.keys, 'and')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return UNUSABLE;
  }
};

/**
 * One sentence for the first problem. A message the schema's author wrote is kept: a whole
 * sentence (ending with a full stop) as it is, a phrase ("must be an email address") after the
 * field's name. zod's own messages do neither, so they are replaced by words from the issue.
 */
export const describeInputIssue = (issue: Issue, value: unknown, what: string): string => {
  const message = issue.message.trim();
  if (/^[A-Z].*\.$/.test(message)) return message;
  const field = fieldName(issue.path);
  const subject = field ? `The ${what} "${field}"` : `The ${what}`;
  const rest = /^[a-z]/.test(message) ? message : predicate(issue, valueAt(value, issue.path));
  return `${subject} ${rest}.`;
};

/**
 * `value` parsed by `schema`; else an Error whose message is one plain sentence about the first
 * problem, naming the field with `what` (`parseInput(SettingsSchema, input, 'setting')` can
 * throw `The setting "fields" must be "basic" or "all".`).
 */
export const parseInput = <S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.infer<S> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  fail(first ? describeInputIssue(first, value, what) : `The ${what} ${UNUSABLE}.`);
};
