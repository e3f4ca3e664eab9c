// Records with text keys, enums, literals, unions, lists, numbers, booleans and nullables, raising
// the very issues zod's own kinds raise, made as checks on `z.unknown()`: the bundle's zod/mini
// (zod-subset.ts) has only objects, optionals, `unknown` and checks, as dist/Code.js is loaded by
// every execution.
import * as z from 'zod/mini';

type Check = z.core.$ZodCheck<unknown>;
type Issue = z.core.$ZodRawIssue;

/** A schema that takes any value and then checks it with `run`; `params.error` words its issues. */
const checked = <T, In = T>(run: (ctx: z.core.ParsePayload, inst: Check) => void, params?: { error?: string }): z.ZodMiniType<T, In> => {
  const check: Check = z.check((ctx) => run(ctx, check), params);
  return z.unknown().check(check) as never;
};

/**
 * What `schema` makes of `value`, its issues added to `ctx`'s under `key` (as they are without
 * one). A check is given no parse context: every parse here is synchronous and forward.
 */
const runInto = (ctx: z.core.ParsePayload, schema: z.core.SomeType, value: unknown, key?: PropertyKey): unknown => {
  const result = schema._zod.run({ value, issues: [] }, { async: false }) as z.core.ParsePayload;
  for (const issue of result.issues as Array<Issue & { path?: PropertyKey[] }>) {
    if (key !== undefined) (issue.path ??= []).unshift(key);
    ctx.issues.push(issue);
  }
  return result.value;
};

/** Adds zod's issue for a value that is not of the `expected` type. */
const wrongType = (ctx: z.core.ParsePayload, inst: Check, expected: 'record' | 'boolean' | 'array' | 'string'): void => {
  ctx.issues.push({ expected, code: 'invalid_type', input: ctx.value, inst });
};

/** One of `values`, as `z.enum(values, params)` checks it. */
export const oneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  params?: { error?: string },
): z.ZodMiniType<T[number], T[number]> =>
  checked((ctx, inst) => {
    const input = ctx.value;
    if (!values.includes(input as string)) ctx.issues.push({ code: 'invalid_value', values: [...values], input, inst });
  }, params);

/** Exactly `value`, as `z.literal(value)` checks it (zod words a one-value enum as a literal). */
export const literal = <const T extends string>(value: T): z.ZodMiniType<T, T> => oneOf([value]);

/** An object made by `{}`, `Object.create(null)` or a class of its own, as zod's `isPlainObject` tells it. */
const isPlainObject = (o: unknown): o is Record<string, unknown> => {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const ctor: unknown = o.constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return (
    typeof proto === 'object' && proto !== null && !Array.isArray(proto) && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf')
  );
};

/**
 * Each value checked by `value`, its issues under its key, `__proto__` left out; a key not among
 * `keys` (when given) is unrecognized. Keys are the object's own enumerable text keys, what JSON
 * holds: zod would also refuse a symbol key.
 */
const entries = (value: z.core.SomeType, keys?: ReadonlyArray<string>) =>
  checked<never>((ctx, inst) => {
    const input = ctx.value;
    if (!isPlainObject(input)) return wrongType(ctx, inst, 'record');
    const out: Record<string, unknown> = {};
    const unrecognized: string[] = [];
    for (const key of Object.keys(input)) {
      if (key === '__proto__') continue;
      if (keys && !keys.includes(key)) {
        unrecognized.push(key);
        continue;
      }
      out[key] = runInto(ctx, value, input[key], key);
    }
    ctx.value = out;
    if (unrecognized.length) ctx.issues.push({ code: 'unrecognized_keys', input, inst, keys: unrecognized, continue: true });
  });

/** An object whose every value `value` checks, as `z.record(z.string(), value)` checks it. */
export const record = <V extends z.core.SomeType>(value: V): z.ZodMiniType<Record<string, z.output<V>>, Record<string, z.input<V>>> =>
  entries(value);

/** An object with some of `keys`, each value checked by `value`, as `z.partialRecord(z.enum(keys), value)` checks it. */
export const partialRecord = <const K extends string, V extends z.core.SomeType>(
  keys: ReadonlyArray<K>,
  value: V,
): z.ZodMiniType<Partial<Record<K, z.output<V>>>, Partial<Record<K, z.input<V>>>> => entries(value, keys);

/**
 * The first of `options` that takes the value, as `z.union(options)` reads it: when none does, the
 * one that failed without stopping (if only one did), else an `invalid_union` holding each one's
 * issues as its own parse words them (each parsed again: failures are rare, and zod/mini does not
 * export the code that words an issue).
 */
export const union = <const O extends ReadonlyArray<z.ZodMiniType>>(options: O): z.ZodMiniType<z.output<O[number]>, z.input<O[number]>> =>
  checked((ctx, inst) => {
    const input = ctx.value;
    const going: z.core.ParsePayload[] = [];
    for (const option of options) {
      const result = option._zod.run({ value: input, issues: [] }, { async: false }) as z.core.ParsePayload;
      if (!result.issues.length) {
        ctx.value = result.value;
        return;
      }
      if (result.issues.every((issue) => issue.continue)) going.push(result);
    }
    if (going.length === 1) {
      ctx.value = going[0]!.value;
      ctx.issues.push(...going[0]!.issues);
      return;
    }
    ctx.issues.push({ code: 'invalid_union', input, inst, errors: options.map((o) => o.safeParse(input).error!.issues) });
  });

/** Text, as `z.string()` checks it. */
export const string = (): z.ZodMiniType<string, string> =>
  checked((ctx, inst) => {
    if (typeof ctx.value !== 'string') wrongType(ctx, inst, 'string');
  });

/** `true` or `false`, as `z.boolean()` checks it. */
export const boolean = (): z.ZodMiniType<boolean, boolean> =>
  checked((ctx, inst) => {
    if (typeof ctx.value !== 'boolean') wrongType(ctx, inst, 'boolean');
  });

/** A finite number, as `z.number()` checks it: NaN and infinities are refused, saying which they were. */
export const number = (): z.ZodMiniType<number, number> =>
  checked((ctx, inst) => {
    const input = ctx.value;
    if (typeof input === 'number' && Number.isFinite(input)) return;
    const received = typeof input === 'number' ? String(input) : undefined;
    ctx.issues.push({ expected: 'number', code: 'invalid_type', input, inst, ...(received ? { received } : {}) });
  });

/** `null` or what `inner` takes, as `z.nullable(inner)` reads it when `inner` is not optional. */
export const nullable = <T extends z.ZodMiniType>(inner: T): z.ZodMiniType<z.output<T> | null, z.input<T> | null> =>
  checked((ctx) => {
    if (ctx.value !== null) ctx.value = runInto(ctx, inner, ctx.value);
  });

/** A list whose every item `item` checks, as `z.array(item)` checks it: each item's issues under its index. */
export const array = <T extends z.ZodMiniType>(item: T): z.ZodMiniType<Array<z.output<T>>, Array<z.input<T>>> =>
  checked((ctx, inst) => {
    const input = ctx.value;
    if (!Array.isArray(input)) return wrongType(ctx, inst, 'array');
    const items: unknown[] = input;
    const out: unknown[] = Array(items.length);
    for (let i = 0; i < items.length; i++) out[i] = runInto(ctx, item, items[i], i);
    ctx.value = out;
  });
