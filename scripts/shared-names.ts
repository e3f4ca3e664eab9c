// The bundle with each property name and text it repeats written once: `a.status`, `{status:…}`
// and `"status"` all read one variable holding "status", and `void 0` one holding undefined.
// Every execution loads dist/Code.js, whose property names are a quarter of its bytes: what runs
// is the same, property for property, value for value.
import { parse, type Node } from 'acorn';
import { transform } from 'esbuild';

/** What the shared variables are called before esbuild names them: no name of the bundle starts so. */
const PREFIX = 'shared$';

type AnyNode = Node & Record<string, unknown>;

/** A place in the text that reads `name`, and the text that reads it from its variable instead. */
interface Use {
  start: number;
  end: number;
  /** What stands there when read from the variable `v`. */
  write: (v: string) => string;
  /** Bytes it saves with a variable of two characters (the most used get one). */
  saves: number;
}

const isNode = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** The children of a node, in order. */
function* children(node: AnyNode): Generator<AnyNode> {
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (Array.isArray(v)) for (const c of v) if (isNode(c)) yield c;
    if (isNode(v)) yield v;
  }
}

const text = (n: AnyNode, code: string) => code.slice(n.start, n.end);

/**
 * Every place `code` names a property or holds a text that a variable could stand for. Left as
 * they are: a `__proto__` key (it sets the prototype), a class's `constructor` (a computed one is
 * a method), shorthand keys, directives, and texts a `typeof` is compared with (V8 compiles that
 * comparison to a type test only with the text in place).
 */
function usesIn(code: string, root: AnyNode): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  const add = (name: string, use: Use) => {
    const list = uses.get(name);
    if (list) list.push(use);
    else uses.set(name, [use]);
  };
  /** A key, non-computed: `[v]` in its place. */
  const key = (k: AnyNode) => {
    const name = k.type === 'Identifier' ? (k.name as string) : typeof k.value === 'string' ? k.value : undefined;
    if (name === undefined || name === '__proto__') return;
    add(name, { start: k.start, end: k.end, write: (v) => `[${v}]`, saves: k.end - k.start - 4 });
  };
  const visit = (n: AnyNode, parent: AnyNode | undefined): void => {
    switch (n.type) {
      case 'MemberExpression': {
        const property = n.property as AnyNode;
        if (!n.computed && property.type === 'Identifier') {
          // `a.b` -> `a[v]`, `a?.b` -> `a?.[v]` (the object may end in a parenthesis its node leaves out).
          const dot = n.optional === true ? '?.' : '.';
          const start = property.start - dot.length;
          if (code.slice(start, property.start) !== dot) throw new Error(`unexpected text before .${property.name as string}`);
          add(property.name as string, {
            start,
            end: property.end,
            write: (v) => `${dot === '.' ? '' : dot}[${v}]`,
            saves: property.end - start - (dot.length * 2 + 2),
          });
        }
        break;
      }
      case 'Property':
        if (!n.computed && !n.shorthand) key(n.key as AnyNode);
        break;
      case 'MethodDefinition':
        if (!n.computed && (n.key as AnyNode).name !== 'constructor') key(n.key as AnyNode);
        break;
      case 'Literal': {
        if (typeof n.value !== 'string') break;
        if (parent?.type === 'ExpressionStatement') break;
        if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key === n && !parent.computed) break;
        const operands = parent?.type === 'BinaryExpression' ? [parent.left, parent.right] : [];
        if (operands.some((o) => (o as AnyNode).type === 'UnaryExpression' && (o as AnyNode).operator === 'typeof')) break;
        add(n.value, { start: n.start, end: n.end, write: (v) => v, saves: n.end - n.start - 2 });
        break;
      }
      case 'UnaryExpression':
        if (n.operator === 'void' && text(n, code) === 'void 0') {
          add('\0undefined', { start: n.start, end: n.end, write: (v) => v, saves: 4 });
          return;
        }
        break;
    }
    for (const c of children(n)) visit(c, n);
  };
  visit(root, undefined);
  return uses;
}

const isNameChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);

/**
 * `iife` (`"use strict";var G=(()=>{…})();`) with its repeated names and texts read from
 * variables declared first in the function, then minified again so that esbuild names them,
 * the most used shortest.
 */
export async function shareNames(iife: string): Promise<string> {
  const program = parse(iife, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as AnyNode;
  const all = new Set<string>();
  (function names(n: AnyNode) {
    if (n.type === 'Identifier') all.add(n.name as string);
    for (const c of children(n)) names(c);
  })(program);
  if ([...all].some((n) => n.startsWith(PREFIX))) throw new Error(`the bundle already has a name starting ${PREFIX}`);
  const body = (((program.body as AnyNode[])[1]!.declarations as AnyNode[])[0]!.init as AnyNode).callee as AnyNode;
  if (body.type !== 'ArrowFunctionExpression') throw new Error('the bundle is not one arrow function called');
  const block = body.body as AnyNode;

  const edits: Array<{ start: number; end: number; write: string }> = [];
  const declared: string[] = [];
  for (const [name, uses] of usesIn(iife, block)) {
    const undef = name === '\0undefined';
    const declaration = undef ? 3 : JSON.stringify(name).length + 4;
    if (uses.length < 2 || uses.reduce((n, u) => n + u.saves, 0) <= declaration) continue;
    const v = `${PREFIX}${declared.length}`;
    declared.push(undef ? v : `${v}=${JSON.stringify(name)}`);
    for (const u of uses) edits.push({ start: u.start, end: u.end, write: u.write(v) });
  }
  edits.sort((a, b) => a.start - b.start);
  const open = block.start + 1;
  const parts = [iife.slice(0, open), `var ${declared.join(',')};`];
  let at = open;
  for (const { start, end, write } of edits) {
    // A name where a text was may touch a keyword (`return"a"`, `"a"in b`): spaced from it.
    const before = isNameChar(iife[start - 1]) && isNameChar(write[0]) ? ' ' : '';
    const after = isNameChar(iife[end]) && isNameChar(write[write.length - 1]) ? ' ' : '';
    parts.push(iife.slice(at, start), before, write, after);
    at = end;
  }
  parts.push(iife.slice(at));
  const out = parts.join('');
  const result = await transform(out, { minify: true, target: 'es2020', charset: 'utf8', legalComments: 'none' });
  return result.code;
}
