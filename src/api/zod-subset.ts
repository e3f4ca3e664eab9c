// The part of zod/mini the add-on calls (objects, optionals, `unknown`, checks and parsing), which
// the build bundles in place of `zod/mini`: zod's classes weigh 13 KB of dist/Code.js, which every
// execution loads. Each parses as zod 4's does, with the same output and issues in the same words;
// the code is typed and unit-tested against zod itself (test/api/zod-subset.test.ts).
import { isString } from '../base/is-string';

/** An issue as checks raise it; parsing hands it on without `inst`, `schema`, `continue` or `input`. */
type Issue = { code: string; path?: PropertyKey[]; message?: string; continue?: boolean; inst?: Part; schema?: Part } & Record<
  string,
  unknown
>;
interface Payload {
  value: unknown;
  issues: Issue[];
}
/** What an `error` parameter gives: the message, or an object holding it. */
type Words = (issue: Issue) => unknown;
interface Params {
  error?: string | Words;
  when?: (payload: Payload) => boolean;
}
/** The `_zod` of a schema or a check, as zod names it (kinds.ts runs schemas by it). */
interface Internals {
  run: (payload: Payload) => Payload;
  check: (payload: Payload) => void;
  def: { error?: Words; when?: Params['when'] };
  /** Set on `optional()`: an absent key is left out, not refused. */
  opt?: boolean;
  /** Set on schemas (zod's `$ZodType` trait): their own issues are worded by their own `error`. */
  type?: boolean;
}
interface Part {
  _zod: Internals;
}

/** zod's `normalizeParams`: a text `error` becomes a function giving it. */
const def = (params: Params = {}): Internals['def'] => {
  const { error } = params;
  return { ...params, error: isString(error) ? () => error : error };
};

/** zod keeps its internals out of sight of spreads and JSON: a property that is not enumerable. */
const withInternals = <T extends object>(part: T, internals: Partial<Internals>): T & Part =>
  Object.defineProperty(part, '_zod', { value: internals }) as T & Part;

/** `z.check(fn, params)`: a check that runs `fn`, its issues worded by `params.error`. */
export const check = (fn: (payload: Payload) => void, params?: Params): Part => withInternals({}, { check: fn, def: def(params) });

/**
 * Whether an issue from `from` on stops the checks after it (one not marked `continue`). Loops,
 * not array methods: every value of an answer runs it, and reading 10,000 results must stay fast.
 */
const stops = ({ issues }: Payload, from: number): boolean => {
  for (let i = from; i < issues.length; i++) if (issues[i]!.continue !== true) return true;
  return false;
};

/** An issue as a parse answers it: worded, on a path, without the parts that made it (zod's `finalizeIssue`). */
const finalize = (issue: Issue): Issue => {
  const { inst } = issue;
  const schema = inst?._zod.type ? inst : issue.schema;
  const words = (w?: Words) => {
    const said = w?.(issue);
    return isString(said) ? said : (said as { message?: string } | undefined)?.message;
  };
  const message =
    issue.message || (words(inst?._zod.def.error) ?? (schema === inst ? undefined : words(schema?._zod.def.error)) ?? 'Invalid input');
  const out = {} as Issue;
  for (const key of Object.keys(issue)) {
    if (!['inst', 'schema', 'continue', 'input', '__proto__'].includes(key)) out[key] = issue[key];
  }
  out.path ??= [];
  out.message = message;
  return out;
};

/** The error of a failed parse: an Error whose `issues` say what failed, as zod's `$ZodError`. */
const parseError = (issues: Issue[]): Error & { issues: Issue[] } => {
  const final = issues.map(finalize);
  const error = Object.assign(new Error(JSON.stringify(final, null, 2)), { name: '$ZodError' });
  return Object.defineProperty(error, 'issues', { value: final }) as Error & { issues: Issue[] };
};

type Parse = (payload: Payload, self: Schema) => void;
type Shape = Record<string, Schema>;

/** What makes a schema beside its parse: its checks, its `error`, and for objects their shape. */
interface Traits {
  checks?: Part[];
  params?: Params;
  optional?: boolean;
  shape?: Shape;
}

/**
 * A schema: `parse` reads the value, then its checks run in order (a check without `when` only
 * while no issue stops them, one with `when` unless an issue was marked `continue: false`).
 */
class Schema {
  declare readonly _zod: Internals;
  readonly shape?: Shape;

  constructor(
    private readonly parseValue: Parse,
    private readonly traits: Traits = {},
  ) {
    withInternals(this, { run: (payload) => this.run(payload), def: def(traits.params), opt: traits.optional, type: true });
    if (traits.shape) this.shape = traits.shape;
  }

  private run(payload: Payload): Payload {
    this.parseValue(payload, this);
    const { checks } = this.traits;
    if (!checks) return payload;
    let stopped = stops(payload, 0);
    for (const ch of checks) {
      const { when } = ch._zod.def;
      if (when ? payload.issues.some((i) => i.continue === false) || !when(payload) : stopped) continue;
      const before = payload.issues.length;
      ch._zod.check(payload);
      for (let i = before; i < payload.issues.length; i++) payload.issues[i]!.schema ??= this;
      stopped ||= stops(payload, before);
    }
    return payload;
  }

  /** This schema with `checks` after its own; a function is a check of its own. */
  check(...checks: Array<Part | Internals['check']>): Schema {
    const added = checks.map((ch) => (typeof ch === 'function' ? withInternals({}, { check: ch, def: {} }) : ch));
    return new Schema(this.parseValue, { ...this.traits, checks: [...(this.traits.checks ?? []), ...added] });
  }

  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: Error & { issues: Issue[] } } {
    const { issues, value: data } = this.run({ value, issues: [] });
    return issues.length ? { success: false, error: parseError(issues) } : { success: true, data };
  }

  parse(value: unknown): unknown {
    const r = this.safeParse(value);
    if (!r.success) throw r.error;
    return r.data;
  }
}

/** `z.unknown()`: any value, as it came. */
export const unknown = (): Schema => new Schema(() => undefined);

/** `z.optional(inner)`: `undefined`, or what `inner` takes; a key it is under may be absent. */
export const optional = (inner: Schema): Schema =>
  new Schema((payload) => void (payload.value === undefined || inner._zod.run(payload)), { optional: true });

/** zod's test of an object: anything but `null` and arrays whose `typeof` is 'object'. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object of `shape`, its keys in the shape's order; other keys are dropped (`strip`), kept
 * (`loose`) or refused (`strict`), as zod's `$ZodObject` reads them.
 */
const objectOf = (shape: Shape, others: 'strip' | 'loose' | 'strict', params?: Params): Schema => {
  const keys = Object.keys(shape);
  const known = new Set(keys);
  return new Schema(
    (payload, self) => {
      const input = payload.value;
      if (!isObject(input)) {
        payload.issues.push({ expected: 'object', code: 'invalid_type', input, inst: self });
        return;
      }
      const out: Record<string, unknown> = {};
      payload.value = out;
      for (const key of keys) {
        if (key === '__proto__') continue;
        const item = shape[key]!._zod;
        const result = item.run({ value: input[key], issues: [] });
        const present = key in input;
        if (!present && item.opt) continue;
        for (const issue of result.issues) {
          (issue.path ??= []).unshift(key);
          payload.issues.push(issue);
        }
        if (present) out[key] = result.value;
        else if (!result.issues.length)
          payload.issues.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [key] });
      }
      if (others === 'strip') return;
      const unrecognized: string[] = [];
      for (const key in input) {
        if (known.has(key)) continue;
        if (others === 'strict') unrecognized.push(key);
        else if (key !== '__proto__') out[key] = input[key];
      }
      if (unrecognized.length) payload.issues.push({ code: 'unrecognized_keys', keys: unrecognized, input, inst: self, continue: true });
    },
    { params, shape },
  );
};

/** `z.object(shape)`: keys beyond the shape are dropped. */
export const object = (shape: Shape, params?: Params): Schema => objectOf(shape, 'strip', params);

/** `z.looseObject(shape)`: keys beyond the shape are kept as they came. */
export const looseObject = (shape: Shape, params?: Params): Schema => objectOf(shape, 'loose', params);

/** `z.strictObject(shape)`: a key beyond the shape is an `unrecognized_keys` issue. */
export const strictObject = (shape: Shape, params?: Params): Schema => objectOf(shape, 'strict', params);
