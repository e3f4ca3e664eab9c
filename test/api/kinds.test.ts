// Records, enums, literals, unions, lists, text, numbers, booleans, nullables and refinements made as checks read every value as
// zod's own kinds read it: the same success, the same output, and the same issues with the same words and paths.
import fc from 'fast-check';
import * as z from 'zod/mini';
import { array, boolean, literal, nullable, number, oneOf, partialRecord, record, string, union } from '../../src/api/kinds';
import { maxLength, minLength, refine } from '../../src/api/checks';
import { wholeNumber } from '../../src/api/schemas';
import { parseInput } from '../../src/api/input-errors';

/** What a parse gives, as a plain value to compare. */
function outcome(schema: z.ZodMiniType, value: unknown): unknown {
  const r = schema.safeParse(value);
  return r.success ? { data: r.data } : { issues: r.error.issues };
}

/** What the sidebar is told, or the value read. */
function told(schema: z.ZodMiniType, value: unknown): unknown {
  try {
    return { data: parseInput(schema, value, 'request') };
  } catch (e) {
    return { message: (e as Error).message };
  }
}

const keys = fc.constantFrom('a', 'b', 'c', '1', 'constructor', 'toString');
const leaf = fc.oneof(
  fc.constantFrom('a', 'b', 'x', '', 1, 1.5, -2, NaN, Infinity, -Infinity, null, undefined, true, false),
  fc.string(),
  fc.integer(),
);
const values = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 3 }),
  fc.array(fc.oneof(leaf, fc.dictionary(keys, leaf, { maxKeys: 2 })), { maxLength: 3 }),
  fc.dictionary(keys, leaf, { maxKeys: 4 }),
  fc.dictionary(keys, fc.oneof(leaf, fc.dictionary(keys, leaf, { maxKeys: 3 })), { maxKeys: 4 }),
  fc.constant(new Date(0)),
  fc.constant(new Map()),
  fc.constant(Object.create(null) as unknown),
  fc.constant(JSON.parse('{"__proto__": 1, "a": 2}') as unknown),
);

/** Pairs of a schema made here and zod's own, as the add-on's schemas use them. */
const pairs: Array<[string, z.ZodMiniType, z.ZodMiniType]> = [
  ['an enum', oneOf(['a', 'b']), z.enum(['a', 'b'])],
  ['an enum with its own words', oneOf(['a', 'b'], { error: 'must be a or b' }), z.enum(['a', 'b'], { error: 'must be a or b' })],
  ['a literal', literal('a'), z.literal('a')],
  ['a record', record(z.number()), z.record(z.string(), z.number())],
  ['a record of records', record(record(wholeNumber())), z.record(z.string(), z.record(z.string(), wholeNumber()))],
  ['a record of anything', record(z.unknown()), z.record(z.string(), z.unknown())],
  ['a partial record', partialRecord(['a', 'b'], z.nullable(z.string())), z.partialRecord(z.enum(['a', 'b']), z.nullable(z.string()))],
  [
    'an object of them',
    z.object({ s: literal('a'), e: z.optional(oneOf(['a', 'b'])), r: z.optional(record(z.string())) }),
    z.object({ s: z.literal('a'), e: z.optional(z.enum(['a', 'b'])), r: z.optional(z.record(z.string(), z.string())) }),
  ],
  [
    'an array of them with a check after',
    z.array(oneOf(['a', 'b'])).check(z.refine((a) => a.length !== 1)),
    z.array(z.enum(['a', 'b'])).check(z.refine((a) => a.length !== 1)),
  ],
  ['a union of an enum and a list', union([oneOf(['a', 'b']), z.array(z.string())]), z.union([z.enum(['a', 'b']), z.array(z.string())])],
  [
    'a union of objects',
    union([z.object({ a: literal('a') }), z.object({ a: oneOf(['b', 'c']), b: z.string() })]),
    z.union([z.object({ a: z.literal('a') }), z.object({ a: z.enum(['b', 'c']), b: z.string() })]),
  ],
  [
    'a union with one option failing without stopping',
    union([z.string().check(z.minLength(3)), z.number()]),
    z.union([z.string().check(z.minLength(3)), z.number()]),
  ],
  [
    'a union whose options both fail without stopping',
    union([z.string().check(z.minLength(3)), z.string().check(z.maxLength(1))]),
    z.union([z.string().check(z.minLength(3)), z.string().check(z.maxLength(1))]),
  ],
  ['a boolean', boolean(), z.boolean()],
  ['a text', string(), z.string()],
  ['a text with checks after', string().check(z.minLength(2), maxLength(3)), z.string().check(z.minLength(2), z.maxLength(3))],
  ['a number', number(), z.number()],
  [
    'a refinement with its words, then another',
    string().check(
      refine((t) => t !== 'x', { error: 'must not be x' }),
      refine((t) => t.length < 3),
    ),
    z.string().check(
      z.refine((t) => t !== 'x', { error: 'must not be x' }),
      z.refine((t) => t.length < 3),
    ),
  ],
  [
    'a refinement of a list',
    array(string()).check(refine((a) => a.length !== 1)),
    z.array(z.string()).check(z.refine((a) => a.length !== 1)),
  ],
  ['a nullable', nullable(z.string()), z.nullable(z.string())],
  ['a nullable with a check inside', nullable(z.string().check(z.minLength(2))), z.nullable(z.string().check(z.minLength(2)))],
  ['a list', array(z.string()), z.array(z.string())],
  ['a list of nullable booleans', array(nullable(boolean())), z.array(z.nullable(z.boolean()))],
  ['a list of records', array(record(z.number())), z.array(z.record(z.string(), z.number()))],
  [
    'a sized list',
    array(z.string()).check(minLength(1, { error: 'needs at least one' }), maxLength(2, { error: 'has too many' })),
    z.array(z.string()).check(minLength(1, { error: 'needs at least one' }), maxLength(2, { error: 'has too many' })),
  ],
  [
    'a list of items failing without stopping',
    array(z.string().check(z.minLength(2))).check(z.refine((a) => a.length !== 2)),
    z.array(z.string().check(z.minLength(2))).check(z.refine((a) => a.length !== 2)),
  ],
];

describe.each(pairs)('%s reads as zod reads it', (_name, ours, zods) => {
  test('on any value', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(outcome(ours, value)).toEqual(outcome(zods, value));
        expect(told(ours, value)).toEqual(told(zods, value));
      }),
      { numRuns: 300 },
    );
  });

  test('under a key of an object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('v', 'w'), values, { maxKeys: 2 }), (value) => {
        const a = z.object({ v: ours });
        const b = z.object({ v: zods });
        expect(outcome(a, value)).toEqual(outcome(b, value));
        expect(told(a, value)).toEqual(told(b, value));
      }),
      { numRuns: 200 },
    );
  });
});
