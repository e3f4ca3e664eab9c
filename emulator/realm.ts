// The script's realm: a bare vm context holding only what Apps Script's V8 offers, a `Date`
// that reads the virtual clock, and helpers that move values and errors into that realm.
import * as vm from 'node:vm';

export interface Realm {
  context: vm.Context;
  /** An `Exception` made with the realm's own `Error`, so `e instanceof Error` holds in the script. */
  exception(message: string): Error;
  /** A deep copy of plain host data (arrays, objects, dates) built from the realm's constructors. */
  adopt(value: unknown, keep: (v: object) => boolean): unknown;
  /**
   * `adopt` for a 2-D array of primitives and dates (what a range read answers), without the
   * general walk; undefined when `rows` holds anything else, which then goes through `adopt`.
   */
  adoptGrid(rows: unknown[]): unknown[] | undefined;
  /** True when `value` is an Error of the realm (the script threw it). */
  isError(value: unknown): value is Error;
}

// Runs inside the context: replaces Date with one whose "now" is the host clock and returns
// the helpers as closures, so nothing but `Date` is added to the script's globals.
const PRELUDE = `(function (hostNow) {
  'use strict';
  var RealDate = Date;
  function VirtualDate() {
    if (!new.target) return new RealDate(hostNow()).toString();
    var args = arguments.length === 0 ? [hostNow()] : Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  }
  VirtualDate.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true });
  VirtualDate.now = function () { return hostNow(); };
  VirtualDate.parse = RealDate.parse;
  VirtualDate.UTC = RealDate.UTC;
  globalThis.Date = VirtualDate;
  function exception(message) { var e = new Error(message); e.name = 'Exception'; return e; }
  // Bound once: a global read in a vm context goes through the host's interceptor, which is slow
  // in loops over every row and cell of a range.
  var NewArray = Array;
  var isArray = Array.isArray;
  var objectKeys = Object.keys;
  var toTag = Object.prototype.toString;
  function adopt(v, keep) {
    if (v === null || typeof v !== 'object') return v;
    if (keep(v)) return v;
    if (isArray(v)) { var a = new NewArray(v.length); for (var i = 0; i < v.length; i++) a[i] = adopt(v[i], keep); return a; }
    if (toTag.call(v) === '[object Date]') return new RealDate(v.getTime());
    var o = {};
    objectKeys(v).forEach(function (k) { o[k] = adopt(v[k], keep); });
    return o;
  }
  function adoptGrid(rows) {
    var out = new NewArray(rows.length);
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      if (!isArray(row)) return undefined;
      var line = new NewArray(row.length);
      for (var j = 0; j < row.length; j++) {
        var c = row[j];
        if (c !== null && typeof c === 'object') {
          if (toTag.call(c) !== '[object Date]') return undefined;
          c = new RealDate(c.getTime());
        }
        line[j] = c;
      }
      out[i] = line;
    }
    return out;
  }
  function isError(v) { return v instanceof Error; }
  return { exception: exception, adopt: adopt, adoptGrid: adoptGrid, isError: isError };
})`;

/** Names a fresh Node vm context has beyond ECMAScript itself, none of which Apps Script offers. */
const NOT_IN_APPS_SCRIPT = ['WebAssembly'];

// Compiled once and run in each execution's new context, as the bundle is (compiled-bundle.ts).
const REMOVE_EXTRAS = new vm.Script(NOT_IN_APPS_SCRIPT.map((name) => `delete globalThis.${name};`).join('\n'));
const INSTALL = new vm.Script(PRELUDE);

export function createRealm(sandbox: Record<string, unknown>, now: () => number): Realm {
  const context = vm.createContext(sandbox, { codeGeneration: { strings: true, wasm: false } });
  REMOVE_EXTRAS.runInContext(context);
  const install = INSTALL.runInContext(context) as (hostNow: () => number) => {
    exception(message: string): Error;
    adopt(value: unknown, keep: (v: object) => boolean): unknown;
    adoptGrid(rows: unknown[]): unknown[] | undefined;
    isError(value: unknown): boolean;
  };
  const helpers = install(now);
  return {
    context,
    exception: helpers.exception,
    adopt: helpers.adopt,
    adoptGrid: helpers.adoptGrid,
    isError: (v: unknown): v is Error => helpers.isError(v),
  };
}
