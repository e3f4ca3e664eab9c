// The build's sharing of repeated names and texts (scripts/shared-names.ts) changes bytes, never
// what runs: a bundle of the constructs it must leave working answers the same before and after.
import { transformSync } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { shareNames } from '../../scripts/shared-names';

/** A bundle of the same shape as dist/Code.js, minified as it is, whose one entry point answers `answer` as JSON. */
const bundle = (body: string) =>
  transformSync(`"use strict";var ProspectingAddon=(()=>{${body}return{run:()=>JSON.stringify(answer())}})();\n`, {
    minify: true,
    target: 'es2020',
  }).code;

const run = (code: string): unknown => {
  const context: Record<string, unknown> = {};
  runInNewContext(code, context);
  return JSON.parse((context.ProspectingAddon as { run: () => string }).run());
};

// Each name and text below comes more than once, so that each is shared.
const TRICKY = `
class Box { constructor(v) { this.value = v; this.kind = "box"; } get value2() { return this.value; } static make(v) { return new Box(v); } kind2() { return this.kind; } }
const proto = { kind: "proto", status: "paused" };
// Enough other uses of "__proto__" and "constructor" that they are shared where they may be.
const names = ["__proto__", "__proto__", "__proto__", "constructor", "constructor", "constructor"].join();
const answer = () => {
  const made = { __proto__: proto, value: 1, status: "running" };
  const other = { ["__proto__"]: 2, value: 2 };
  const { status: s1, value: v1 = 3 } = made;
  let counted = 0;
  const o = { get status() { return "paused"; }, set status(v) { counted++; }, value() { return "value"; } };
  o.status = "running";
  let r = { issues: [{ schema: undefined }], schema: undefined };
  for (let i = 0; i < r.issues.length; i++) (r = r).issues[i].schema ??= "schema";
  const text = typeof made.kind == "string" && typeof made.value == "number" ? "typed" : "untyped";
  const has = "status" in made && "value" in other;
  const word = (function () { return"status" })() + (function () { return"value" })();
  return {
    inherited: made.kind, own: Object.keys(made), other: Object.keys(other), protoOfOther: Object.getPrototypeOf(other) === Object.prototype,
    s1, v1, getter: o.status, counted, method: o.value(), box: Box.make(5).value2, kind: new Box(1).kind2(),
    optional: made?.status, missing: made.nothing?.status, undef: void 0 === undefined, schema: r.issues[0].schema,
    text, has, word, names, hasOwn: Object.prototype.hasOwnProperty.call(Box.prototype, "constructor"), strict: (function () { return this; })() === undefined,
    length: [1, 2].length + "ab".length, status: made.status + made.status, value: made.value + other.value,
  };
};
`;

test('a bundle answers the same once its names and texts are shared', async () => {
  const before = bundle(TRICKY);
  const after = await shareNames(before);
  expect(after.length).toBeLessThan(before.length);
  expect(after).not.toMatch(/void 0/);
  expect(run(after)).toEqual(run(before));
  expect(run(before)).toMatchObject({
    inherited: 'proto',
    own: ['value', 'status'],
    other: ['__proto__', 'value'],
    protoOfOther: true,
    getter: 'paused',
    counted: 1,
  });
});

test('a class constructor and a __proto__ key stay as they are written', async () => {
  const after = await shareNames(bundle(TRICKY));
  expect(after).toMatch(/constructor\(/);
  expect(after).toMatch(/__proto__:/);
});
