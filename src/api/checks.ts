// Refinements and length checks for text and lists that raise the very issues zod's `z.refine()`,
// `z.minLength()` and `z.maxLength()` raise, and objects whose properties have defaults as
// `z._default()` gives them, made on zod's base check: the bundle's zod/mini (zod-subset.ts) has
// only that one, as zod's own bring classes of their own into dist/Code.js.
import { isString } from '../base/is-string';
import * as z from 'zod/mini';
import { number } from './kinds';
import { thousands } from '../base/numbers';

type Sized = string | ReadonlyArray<unknown>;
type LengthIssue = z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig>;

/** An error message, fixed or made from the issue (the `error` parameter of zod's checks). */
export interface LengthParams {
  error?: string | ((issue: LengthIssue) => string);
}

/** As zod's: a length check runs on anything with a length, even after an earlier issue. */
const hasLength = (payload: z.core.ParsePayload): boolean => {
  const value = payload.value as { length?: unknown } | null | undefined;
  return value !== null && value !== undefined && value.length !== undefined;
};

const lengthCheck = <T extends Sized>(bound: number, atLeast: boolean, params?: LengthParams): z.core.$ZodCheck<T> => {
  const check: z.core.$ZodCheck<T> = z.check<T>(
    (ctx) => {
      const input = ctx.value;
      // Text is measured in code points, as zod measures it.
      const length = isString(input) ? [...input].length : input.length;
      if (atLeast ? length >= bound : length <= bound) return;
      const origin = isString(input) ? 'string' : Array.isArray(input) ? 'array' : 'unknown';
      // Too small under a minimum, too big over a maximum.
      ctx.issues.push({
        origin,
        ...(atLeast ? { code: 'too_small' as const, minimum: bound } : { code: 'too_big' as const, maximum: bound }),
        inclusive: true,
        input,
        inst: check,
        continue: true,
      });
    },
    { ...params, when: hasLength } as z.core.$ZodCustomParams,
  );
  return check;
};

/**
 * A value `ok` accepts, as `z.refine(ok, params)` checks it: a failure is a custom issue that lets
 * later checks run. zod's refinement is a schema class of its own, which the bundle's zod lacks.
 */
export const refine = <T>(ok: (value: T) => unknown, params?: { error?: string }): z.core.$ZodCheck<T> => {
  const check: z.core.$ZodCheck<T> = z.check<T>((ctx) => {
    if (!ok(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, inst: check, continue: true });
  }, params);
  return check;
};

/** At least `minimum` characters or items, as `z.minLength(minimum, params)` checks it. */
export const minLength = <T extends Sized>(minimum: number, params?: LengthParams): z.core.$ZodCheck<T> =>
  lengthCheck<T>(minimum, true, params);

/** At most `maximum` characters or items, as `z.maxLength(maximum, params)` checks it. */
export const maxLength = <T extends Sized>(maximum: number, params?: LengthParams): z.core.$ZodCheck<T> =>
  lengthCheck<T>(maximum, false, params);

type In<S extends z.core.$ZodLooseShape> = z.input<z.ZodMiniObject<S>>;
/** What such an object takes: the defaulted properties may be left out. */
type DefaultedInput<S extends z.core.$ZodLooseShape, K extends string> = Omit<In<S>, K> & { [P in K & keyof In<S>]?: In<S>[P] };

/**
 * `z.object(shape)` whose properties named in `defaults` take that value when absent or
 * undefined, as `z._default()` on each would give it: the output has them in the shape's order,
 * a default object is copied for each parse, and a default is not checked. A check on the object
 * that fills them in: `z._default()` brings classes the bundle's zod lacks.
 */
export const withDefaults = <S extends z.core.$ZodLooseShape, K extends keyof S & string>(
  shape: S,
  defaults: { [P in K]: z.output<S[P]> },
): z.ZodMiniType<z.output<z.ZodMiniObject<S>>, DefaultedInput<S, K>> => {
  const keys = Object.keys(shape);
  const optional: z.core.$ZodLooseShape = { ...shape };
  for (const key of Object.keys(defaults)) optional[key] = z.optional(shape[key]);
  return z.object(optional).check((ctx) => {
    const value = ctx.value;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      if (key in defaults && value[key] === undefined) {
        const fallback: unknown = defaults[key as K];
        out[key] = typeof fallback === 'object' && fallback !== null ? { ...fallback } : fallback;
      } else if (key in value) out[key] = value[key];
    }
    ctx.value = out;
  }) as never;
};

/** A whole number from 0 to `max`, or the sentence saying what it must be. */
export const upTo = (max: number, what: string) =>
  number().check((ctx) => {
    if (!Number.isInteger(ctx.value) || ctx.value < 0 || ctx.value > max)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `${what} must be a whole number from 0 to ${thousands(max)}.`,
      });
  });
