// Wraps the fakes in proxies for the script: only Apps Script's methods are visible, every call
// goes through the Runtime, and returned values are copied into the script's realm.
import type { Realm } from './realm';
import type { Runtime } from './runtime';

/** A fake service class names itself with a static `kind` such as `SpreadsheetApp.Range`. */
interface ServiceClass {
  kind: string;
  /** Enum-like properties (e.g. `ButtonSet`) the script may read. */
  enums?: readonly string[];
}

function kindOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const ctor = (value as { constructor?: Partial<ServiceClass> }).constructor;
  return typeof ctor?.kind === 'string' ? ctor.kind : undefined;
}

const methodCache = new WeakMap<object, Set<string>>();

// Bound once: a global read under a test runner's vm context is slow, and values are copied row by row.
const isArray = Array.isArray;
const objectKeys = Object.keys;
const toTag = Object.prototype.toString;

function publicMethods(target: object): Set<string> {
  const proto = Object.getPrototypeOf(target) as object;
  let names = methodCache.get(proto);
  if (names) return names;
  names = new Set();
  for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    for (const key of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, key);
      if (key !== 'constructor' && !key.startsWith('_') && typeof d?.value === 'function') names.add(key);
    }
  }
  methodCache.set(proto, names);
  return names;
}

export class Instrumenter {
  private proxies = new WeakMap<object, object>();
  private targets = new WeakMap<object, object>();

  constructor(
    private readonly runtime: Runtime,
    readonly realm: Realm,
  ) {}

  isProxy = (v: object): boolean => this.targets.has(v);

  /** Replaces proxies the script passed back (a trigger to delete, a blob payload) by their fakes. */
  unwrap<T>(value: T): T {
    if (value === null || typeof value !== 'object') return value;
    const t = this.targets.get(value);
    if (t) return t as T;
    if (isArray(value)) return value.map((v: unknown) => this.unwrap(v)) as T;
    if (toTag.call(value) !== '[object Object]') return value;
    const out: Record<string, unknown> = {};
    for (const k of objectKeys(value)) out[k] = this.unwrap((value as Record<string, unknown>)[k]);
    return out as T;
  }

  private prewrap(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (this.targets.has(value)) return value;
    if (kindOf(value)) return this.wrap(value);
    if (isArray(value)) return value.map((v: unknown) => this.prewrap(v));
    if (toTag.call(value) !== '[object Object]') return value;
    const out: Record<string, unknown> = {};
    for (const k of objectKeys(value)) out[k] = this.prewrap((value as Record<string, unknown>)[k]);
    return out;
  }

  /** A value on its way into the script: fakes become proxies, data becomes the realm's own. */
  toScript(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (kindOf(value)) return this.wrap(value);
    // Range reads answer grids of plain values, up to hundreds of thousands of cells: copied in
    // one pass. Anything else (a grid holding a fake, a list of ranges) takes the general walk.
    if (isArray(value)) {
      const grid = this.realm.adoptGrid(value);
      if (grid !== undefined) return grid;
    }
    return this.realm.adopt(this.prewrap(value), this.isProxy);
  }

  wrap(target: object): object {
    const existing = this.proxies.get(target);
    if (existing) return existing;
    const ctor = target.constructor as unknown as ServiceClass;
    const kind = ctor.kind;
    const short = kind.slice(kind.lastIndexOf('.') + 1);
    const methods = publicMethods(target);
    const bound = new Map<string, (...args: unknown[]) => unknown>();
    const proxy = new Proxy(target, {
      get: (t, prop) => {
        if (prop === Symbol.toPrimitive || prop === 'toString') return () => short;
        if (typeof prop === 'symbol') return undefined;
        if (ctor.enums?.includes(prop)) return this.toScript((t as Record<string, unknown>)[prop]);
        if (!methods.has(prop)) return undefined;
        let fn = bound.get(prop);
        if (!fn) {
          // The script's clock stops for the whole of the host's work, copying values included.
          fn = (...args: unknown[]) =>
            this.runtime.serviceCall(() =>
              this.toScript(
                this.runtime.invoke(
                  kind,
                  prop,
                  t,
                  args.map((a) => this.unwrap(a)),
                  this.realm,
                ),
              ),
            );
          bound.set(prop, fn);
        }
        return fn;
      },
      has: (_t, prop) => typeof prop === 'string' && (methods.has(prop) || Boolean(ctor.enums?.includes(prop))),
      ownKeys: () => [],
      getOwnPropertyDescriptor: () => undefined,
      set: () => true,
      defineProperty: () => true,
      deleteProperty: () => true,
    });
    this.proxies.set(target, proxy);
    this.targets.set(proxy, target);
    return proxy;
  }
}
