// What survives google.script.run between the sidebar and the server. Arguments may only be
// primitives, plain objects and arrays (a Date or function makes the call fail); a return value
// holding a Date reaches the sidebar as null; functions and undefined fields are dropped and
// undefined inside arrays becomes null.

export class SidebarArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SidebarArgumentError';
  }
}

const isDate = (v: unknown) => Object.prototype.toString.call(v) === '[object Date]';

function copy(value: unknown, seen: Set<object>, onProhibited: (what: string) => void): unknown {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') {
    onProhibited('BigInt');
    return undefined;
  }
  if (value === null || typeof value !== 'object') return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (isDate(value)) {
    onProhibited('Date');
    return undefined;
  }
  if (seen.has(value)) {
    onProhibited('circular reference');
    return undefined;
  }
  seen.add(value);
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map((v) => {
      if (typeof v === 'function') onProhibited('Function');
      const c = copy(v, seen, onProhibited);
      return c === undefined ? null : c;
    });
  } else {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[k];
      if (typeof v === 'function') onProhibited('Function');
      const c = copy(v, seen, onProhibited);
      if (c !== undefined) o[k] = c;
    }
    out = o;
  }
  seen.delete(value);
  return out;
}

/** The arguments as the server receives them; throws as the client does for prohibited types. */
export function sidebarArguments(args: readonly unknown[]): unknown[] {
  return args.map((a, i) => {
    if (typeof a === 'function')
      throw new SidebarArgumentError(`google.script.run argument ${i + 1} is a Function, which cannot be sent to the server.`);
    const c = copy(a, new Set(), (what) => {
      throw new SidebarArgumentError(`google.script.run argument ${i + 1} holds a ${what}, which cannot be sent to the server.`);
    });
    return c === undefined ? null : c;
  });
}

/** The server's return value as the sidebar's success handler receives it. */
export function sidebarReturnValue(value: unknown): unknown {
  let holdsDate = false;
  const c = copy(value, new Set(), (what) => {
    if (what === 'Date') holdsDate = true;
    if (what === 'circular reference') holdsDate = true;
  });
  return holdsDate ? null : c === undefined ? null : c;
}
