// Enumerations read tolerantly: a value the service added after this add-on was written is kept
// as text, and callers ask `isKnown` before acting on it, so only that one item is affected.
import { isString } from '../base/is-string';

/** A value from the spec's list, or one the service added later (kept as it came). */
export type Open<T extends string> = T | (string & {});

/** True when `value` is one of `known`: narrows an open value to the list the add-on handles. */
export const isKnown = <T extends string>(known: ReadonlyArray<T>, value: unknown): value is T =>
  isString(value) && (known as ReadonlyArray<string>).includes(value);

/** Service text shown to a person is cut short: it could be anything. */
const SHOWN = 40;

/**
 * What a row says when its item carries a value this add-on does not know, for example
 * `the service answered "greylisted", which this add-on does not know yet`.
 */
export const unknownValueMessage = (value: unknown): string => {
  const text = isString(value) ? value : (JSON.stringify(value) ?? String(value));
  const shown = text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
  return `the service answered "${shown}", which this add-on does not know yet`;
};
