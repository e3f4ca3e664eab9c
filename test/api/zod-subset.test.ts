// The bundle's zod/mini (src/api/zod-subset.ts) reads every value as zod itself does: the same
// success, the same output (its keys in the same order), the same issues in the same words, and
// the same words for the sidebar. Each schema here is built twice by one builder, once on zod and
// once on the subset (the modules loaded again with `zod/mini` as the subset, as the build bundles them).
import fc from 'fast-check';
import * as zod from 'zod/mini';
import * as kinds from '../../src/api/kinds';
import * as checks from '../../src/api/checks';
import * as schemasModule from '../../src/api/schemas';
import * as requests from '../../src/api/requests';
import * as inputErrors from '../../src/api/input-errors';
import * as f from '../support/fixtures';

interface Kit {
  z: typeof zod;
  k: typeof kinds;
  c: typeof checks;
  s: typeof schemasModule;
  r: typeof requests;
  i: typeof inputErrors;
}

const real: Kit = { z: zod, k: kinds, c: checks, s: schemasModule, r: requests, i: inputErrors };

/** The same modules with `zod/mini` resolved to the subset. */
function subsetKit(): Kit {
  let kit: Kit | undefined;
  jest.isolateModules(() => {
    jest.doMock('zod/mini', () => jest.requireActual('../../src/api/zod-subset'));
    kit = {
      z: jest.requireMock('zod/mini'),
      k: jest.requireActual('../../src/api/kinds'),
      c: jest.requireActual('../../src/api/checks'),
      s: jest.requireActual('../../src/api/schemas'),
      r: jest.requireActual('../../src/api/requests'),
      i: jest.requireActual('../../src/api/input-errors'),
    };
  });
  jest.dontMock('zod/mini');
  return kit!;
}
const subset = subsetKit();

/** A value as a list of its entries at every depth, so that the order of keys is compared too. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (typeof value === 'object' && value !== null && !(value instanceof Date) && !(value instanceof Map)) {
    return Object.keys(value).map((key) => [key, ordered((value as Record<string, unknown>)[key])]);
  }
  return value;
}

/** What a parse gives, what `parse` throws, and what the sidebar is told. */
function outcome(schema: zod.ZodMiniType, value: unknown, kit: Kit): unknown {
  const r = schema.safeParse(value);
  let thrown: unknown;
  try {
    schema.parse(value);
  } catch (e) {
    const error = e as Error & { issues: unknown };
    thrown = { isError: e instanceof Error, name: error.name, message: error.message, issues: ordered(error.issues) };
  }
  let told: unknown;
  try {
    told = { data: ordered(kit.i.parseInput(schema, value, 'request')) };
  } catch (e) {
    told = { message: (e as Error).message };
  }
  return { ...(r.success ? { data: ordered(r.data) } : { issues: ordered(r.error.issues) }), thrown, told };
}

const keys = fc.constantFrom('a', 'b', 'c', 'n', 'o', 'constructor', 'toString');
const leaf = fc.oneof(
  fc.constantFrom('a', 'b', 'x', 'ab', '', ' ab ', 1, 1.5, -2, NaN, Infinity, null, undefined, true, false),
  fc.string({ maxLength: 4 }),
  fc.integer(),
);
const values: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
    fc.constant(new Date(0)),
    fc.constant(Object.create(null) as unknown),
    fc.constant(JSON.parse('{"__proto__": 1, "a": "a"}') as unknown),
  ),
})).value;

type Build = (kit: Kit) => zod.ZodMiniType;

/** Schemas of every shape the add-on's code makes, built by one builder on each. */
const builders: Array<[string, Build]> = [
  ['unknown', ({ z }) => z.unknown()],
  ['an object', ({ z, k }) => z.object({ a: k.string(), b: z.optional(k.number()) })],
  ['a loose object', ({ z, k }) => z.looseObject({ a: z.optional(k.string()), n: k.nullable(k.number()) })],
  ['a strict object', ({ z, k }) => z.strictObject({ a: z.optional(k.string()), b: z.optional(z.unknown()) })],
  ['an object with unknowns that must be there', ({ z, k }) => z.object({ a: z.unknown(), n: k.nullable(z.unknown()) })],
  ['an optional of an optional', ({ z, k }) => z.object({ a: z.optional(z.optional(k.string())) })],
  [
    'objects inside objects and lists',
    ({ z, k }) =>
      z.object({
        o: z.optional(z.looseObject({ a: k.oneOf(['a', 'b']), c: k.array(z.strictObject({ a: k.string() })) })),
        a: z.optional(k.array(z.object({ b: z.optional(k.literal('b')) }))),
      }),
  ],
  [
    'an object checked after its properties',
    ({ z, k, c }) =>
      z
        .object({ a: z.optional(k.string()), b: z.optional(k.string()) })
        .check(c.refine((v) => Boolean(v.a || v.b), { error: 'needs a or b' })),
  ],
  [
    'an object whose check raises issues of its own',
    ({ z, k }) =>
      z.strictObject({ a: z.optional(k.array(k.string())) }).check((ctx) => {
        (ctx.value.a ?? []).forEach((item, i) => {
          if (item.length > 1) ctx.issues.push({ code: 'custom', input: item, path: ['a', i], message: 'is too long' });
        });
      }),
  ],
  [
    'a text trimmed, then checked for its length with words made from the issue',
    ({ k, c }) =>
      k
        .string()
        .check(
          inputErrors.trim,
          c.minLength(1, { error: 'is empty' }),
          c.maxLength(2, { error: (issue) => `is over ${String(issue.maximum)}` }),
        ),
  ],
  [
    'checks with `when` after an issue that stops and one that does not',
    ({ z, c }) =>
      z.unknown().check(
        (ctx) => {
          if (ctx.value === 'ab') ctx.issues.push({ code: 'custom', input: ctx.value, continue: false });
          if (ctx.value === 'x') ctx.issues.push({ code: 'custom', input: ctx.value, continue: true, message: 'is x' });
          if (ctx.value === 'a') ctx.issues.push({ code: 'custom', input: ctx.value });
        },
        c.minLength(3) as zod.core.$ZodCheck<unknown>,
        c.refine(() => false, { error: 'refused' }),
      ),
  ],
  [
    'a check of its own with words, raising an issue that names it',
    ({ z }) => {
      const own: zod.core.$ZodCheck<unknown> = z.check(
        (ctx) => {
          if (typeof ctx.value !== 'number') ctx.issues.push({ code: 'custom', input: ctx.value, inst: own });
        },
        { error: 'must be a number' },
      );
      return z.object({ v: z.unknown().check(own) });
    },
  ],
  ['a check on an optional', ({ z, k, c }) => z.object({ a: z.optional(k.string()).check(c.refine((v) => v !== 'a')) })],
  ['defaults', ({ k, c }) => c.withDefaults({ a: k.string(), b: k.string(), d: k.record(k.number()) }, { b: '', d: {} })],
  [
    'a union of objects',
    ({ z, k }) => k.union([z.object({ a: k.literal('a') }), z.looseObject({ a: k.oneOf(['b', 'c']), b: k.string() })]),
  ],
  ['a whole number', ({ s }) => s.wholeNumber()],
];

describe.each(builders)('%s reads as zod reads it', (_name, build) => {
  const ours = build(subset);
  const zods = build(real);
  test('on any value', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(outcome(ours, value, subset)).toStrictEqual(outcome(zods, value, real));
      }),
      { numRuns: 250 },
    );
  });
  test('under a key of an object, and in a list', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('v', 'w'), values, { maxKeys: 2 }), (value) => {
        const wrap = (kit: Kit, s: zod.ZodMiniType) => kit.z.object({ v: s, w: kit.z.optional(kit.k.array(s)) });
        expect(outcome(wrap(subset, ours), value, subset)).toStrictEqual(outcome(wrap(real, zods), value, real));
      }),
      { numRuns: 120 },
    );
  });
});

/** A value with one thing changed somewhere inside it: a key removed, replaced, or added. */
const changed = (base: unknown): fc.Arbitrary<unknown> =>
  fc.tuple(fc.nat(), fc.constantFrom('remove', 'replace', 'add'), values).map(([pick, how, next]) => {
    const copy: unknown = structuredClone(base);
    const spots: Array<[Record<string, unknown>, string]> = [];
    const walk = (v: unknown) => {
      if (typeof v !== 'object' || v === null) return;
      for (const key of Object.keys(v)) {
        spots.push([v as Record<string, unknown>, key]);
        walk((v as Record<string, unknown>)[key]);
      }
    };
    walk(copy);
    if (!spots.length) return copy;
    const [holder, key] = spots[pick % spots.length]!;
    if (how === 'remove') delete holder[key];
    else if (how === 'replace') holder[key] = next;
    else holder[Array.isArray(holder) ? holder.length : 'added_later'] = next;
    return copy;
  });

/** The add-on's reading schemas and request checks, on the fixtures and on changes to them. */
const whole: Array<[string, (kit: Kit) => zod.ZodMiniType, unknown]> = [
  ['a person', ({ s }) => s.schemas.Person(), f.person],
  ['a company', ({ s }) => s.schemas.Company(), f.company],
  ['a company lookup', ({ s }) => s.schemas.CompanyLookup(), f.companyLookup],
  [
    'a person enrichment batch',
    ({ s }) => s.schemas.PersonEnrichmentBatch(),
    f.personBatch('completed', [{ id: 1, status: 'enriched', result: f.person }]),
  ],
  [
    'a person enrichment batch read for some keys',
    ({ s }) => s.enrichmentReading('Person', ['name', 'company.name', 'email']),
    f.personBatch('completed', [{ id: 1, status: 'enriched', result: f.person }]),
  ],
  [
    'a company enrichment batch',
    ({ s }) => s.schemas.CompanyEnrichmentBatch(),
    f.companyBatch('completed', [{ id: 1, status: 'found', result: f.company }]),
  ],
  ['an email validation batch', ({ s }) => s.schemas.EmailValidationBatch(), f.emailBatch('completed', [])],
  ['a lead list', ({ s }) => s.schemas.LeadList(), f.leadList([f.leadEntry])],
  ['a call record', ({ s }) => s.schemas.CallRecord(), f.callRecord],
  ['a contact', ({ s }) => s.schemas.Contact(), f.contact],
  ['a search page', ({ s }) => s.searchReading('people', ['name', 'company.name']), { results: [f.person], _pagination: { total: 1 } }],
  [
    'an answer to adding leads to a sequence',
    ({ s }) => s.sequenceAddSchema(),
    { total_added_to_sequence: 1, already_in_sequence_and_skipped: [{ email: 'a@b.co' }] },
  ],
  [
    'a lead list to create',
    ({ r }) => r.leadListCreateSchema(),
    { name: 'List', owner: 'owner@example.com', type: 'profile', leads: [{ profile_url: 'https://x.test/in/a', email: 'a@example.com' }] },
  ],
  [
    'people to enrich',
    ({ r }) => r.personEnrichmentCreateSchema(),
    { leads: [{ email: 'a@example.com' }, { name: 'A', company_name: 'B' }], reveal_email: true },
  ],
  [
    'a call to log',
    ({ r }) => r.callCreateSchema(),
    { from: '+1', to: '+2', duration: 3, answered: true, human: true, task_id: f.UUID(1), user_id: f.UUID(2) },
  ],
  ['a job openings query', ({ r }) => r.jobOpeningsQuerySchema(), { domain: 'example.com', seniorities: ['senior'], remote: true }],
];

describe.each(whole)('%s reads as zod reads it', (_name, build, fixture) => {
  const ours = build(subset);
  const zods = build(real);
  test('as it is, and with any one thing in it changed', () => {
    expect(outcome(ours, fixture, subset)).toStrictEqual(outcome(zods, fixture, real));
    fc.assert(
      fc.property(changed(fixture), (value) => {
        expect(outcome(ours, value, subset)).toStrictEqual(outcome(zods, value, real));
      }),
      { numRuns: 200 },
    );
  });
});

test('the subset is what these schemas were built on', () => {
  // Guards the comparison itself: had the mock not applied, both sides would be zod.
  expect(Object.keys(subset.z).sort()).toEqual(['check', 'looseObject', 'object', 'optional', 'strictObject', 'unknown']);
  expect(subset.s.schemas.Person()).not.toBeInstanceOf(zod.ZodMiniObject);
});
