// Reading fields of a JSON body with the right error code and a pointer to the field:
// absent required fields are `missing_field`, wrong types and values `unsupported_value`.
import { emailProblem, isEmailAddress } from '../contract/email-address';
import { missing, unsupported } from './errors';

type Obj = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The email rule the add-on applies too: UTF-8 allowed, no spaces or control characters anywhere. */
export function isEmail(value: string): boolean {
  return isEmailAddress(value);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function absent(v: unknown): boolean {
  return v === undefined || v === null;
}

export function optString(obj: Obj, key: string, ptr: string): string | undefined {
  const v = obj[key];
  if (absent(v)) return undefined;
  if (typeof v !== 'string') throw unsupported(`${ptr}/${key}`, `${key} must be a string`);
  return v;
}

export function reqString(obj: Obj, key: string, ptr: string): string {
  const v = optString(obj, key, ptr);
  if (v === undefined || v.trim() === '') throw missing(`${ptr}/${key}`, `${key} is required`);
  return v;
}

export function optEmail(obj: Obj, key: string, ptr: string): string | undefined {
  const v = optString(obj, key, ptr);
  if (v === undefined || v === '') return undefined;
  // Checked as sent, not trimmed: a space or a control character at either end is an error too.
  const problem = emailProblem(v);
  if (problem !== undefined) throw unsupported(`${ptr}/${key}`, `${key} ${JSON.stringify(v)} is not an email address: it ${problem}`);
  return v;
}

export function reqEmail(obj: Obj, key: string, ptr: string): string {
  const v = optEmail(obj, key, ptr);
  if (v === undefined) throw missing(`${ptr}/${key}`, `${key} is required`);
  return v;
}

export function optUuid(obj: Obj, key: string, ptr: string): string | undefined {
  const v = optString(obj, key, ptr);
  if (v === undefined) return undefined;
  if (!isUuid(v)) throw unsupported(`${ptr}/${key}`, `${key} must be a UUID`);
  return v.toLowerCase();
}

export function reqUuid(obj: Obj, key: string, ptr: string): string {
  const v = optUuid(obj, key, ptr);
  if (v === undefined) throw missing(`${ptr}/${key}`, `${key} is required`);
  return v;
}

export function optBoolean(obj: Obj, key: string, ptr: string): boolean | undefined {
  const v = obj[key];
  if (absent(v)) return undefined;
  if (typeof v !== 'boolean') throw unsupported(`${ptr}/${key}`, `${key} must be true or false`);
  return v;
}

export function optInteger(obj: Obj, key: string, ptr: string, min = -Infinity): number | undefined {
  const v = obj[key];
  if (absent(v)) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw unsupported(`${ptr}/${key}`, `${key} must be an integer`);
  if (v < min) throw unsupported(`${ptr}/${key}`, `${key} must be at least ${min}`);
  return v;
}

export function optObject(obj: Obj, key: string, ptr: string): Obj | undefined {
  const v = obj[key];
  if (absent(v)) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw unsupported(`${ptr}/${key}`, `${key} must be an object`);
  return v as Obj;
}

function optEnum<T extends string>(obj: Obj, key: string, ptr: string, allowed: ReadonlyArray<T>): T | undefined {
  const v = optString(obj, key, ptr);
  if (v === undefined) return undefined;
  if (!(allowed as ReadonlyArray<string>).includes(v)) {
    throw unsupported(`${ptr}/${key}`, `${key} "${v}" is not one of ${allowed.join(', ')}`);
  }
  return v as T;
}

export function reqEnum<T extends string>(obj: Obj, key: string, ptr: string, allowed: ReadonlyArray<T>): T {
  const v = optEnum(obj, key, ptr, allowed);
  if (v === undefined) throw missing(`${ptr}/${key}`, `${key} is required (one of ${allowed.join(', ')})`);
  return v;
}

/**
 * A required array of objects with a size cap. Over the cap is `unsupported_value` (a per-request
 * limit); checked before the items so an oversized request is refused without reading it all.
 */
export function reqObjectArray(obj: Obj, key: string, ptr: string, max: number, what: string): Obj[] {
  const v = obj[key];
  if (absent(v)) throw missing(`${ptr}/${key}`, `${key} is required`);
  if (!Array.isArray(v)) throw unsupported(`${ptr}/${key}`, `${key} must be an array`);
  if (v.length === 0) throw unsupported(`${ptr}/${key}`, `${key} needs at least one ${what}`);
  if (v.length > max) {
    throw unsupported(`${ptr}/${key}`, `${key} has ${v.length} ${what}s; one request may carry at most ${max}`);
  }
  v.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw unsupported(`${ptr}/${key}/${i}`, `each ${what} must be an object`);
    }
  });
  return v as Obj[];
}

export function optStringArray(obj: Obj, key: string, ptr: string): string[] | undefined {
  const v = obj[key];
  if (absent(v)) return undefined;
  if (!Array.isArray(v)) throw unsupported(`${ptr}/${key}`, `${key} must be an array of strings`);
  v.forEach((s, i) => {
    if (typeof s !== 'string') throw unsupported(`${ptr}/${key}/${i}`, `${key} must hold strings`);
  });
  return v as string[];
}
