// What a formula cell reads: literals, arithmetic, joins, comparisons and NA() computed, Sheets'
// error values as their text (as getValues returns them), and `#ERROR!` for what is not computed.

import { ERROR_AWARE_FUNCTIONS, SHEETS_FUNCTIONS } from './sheets-functions';

export const ERROR_VALUES = ['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#ERROR!'] as const;
export type ErrorValue = (typeof ERROR_VALUES)[number];
export const FORMULA_ERROR: ErrorValue = '#ERROR!';

/** What a formula needs to know about its spreadsheet. */
export interface FormulaContext {
  hasSheet(name: string): boolean;
  isCustomFunction(name: string): boolean;
}

/** A sheet on its own: every sheet name resolves, no custom functions. */
export const STANDALONE: FormulaContext = { hasSheet: () => true, isCustomFunction: () => false };

type Scalar = string | number | boolean;

type Node =
  | { k: 'lit'; v: Scalar }
  | { k: 'err'; v: ErrorValue }
  | { k: 'ref'; sheet?: string }
  | { k: 'name'; name: string }
  | { k: 'call'; name: string; args: Node[] }
  | { k: 'blank' }
  | { k: 'array' }
  | { k: 'unary'; op: '+' | '-'; a: Node }
  | { k: 'percent'; a: Node }
  | { k: 'binary'; op: string; a: Node; b: Node };

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'err'; v: ErrorValue }
  | { t: 'sheet'; v: string }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string };

class ParseError extends Error {}

const OPERATORS = ['<>', '<=', '>=', '+', '-', '*', '/', '^', '&', '=', '<', '>', '%', '(', ')', ',', ';', ':', '!', '{', '}'];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const str = /^"((?:[^"]|"")*)"/.exec(rest);
    if (str) {
      out.push({ t: 'str', v: str[1]!.replace(/""/g, '"') });
      i += str[0].length;
      continue;
    }
    const sheet = /^'((?:[^']|'')+)'(?=\s*!)/.exec(rest);
    if (sheet) {
      out.push({ t: 'sheet', v: sheet[1]!.replace(/''/g, "'") });
      i += sheet[0].length;
      continue;
    }
    const err = ERROR_VALUES.find((e) => rest.toUpperCase().startsWith(e));
    if (err) {
      out.push({ t: 'err', v: err });
      i += err.length;
      continue;
    }
    const num = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (num && !/^[A-Za-z_]/.test(rest.slice(num[0].length))) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_.$]*/.exec(rest);
    if (id) {
      out.push({ t: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new ParseError(`unexpected ${rest[0]}`);
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return out;
}

const CELL = /^\$?[A-Za-z]{1,3}\$?\d+$/;
const COLUMN = /^\$?[A-Za-z]{1,3}$/;

/** Recursive descent over Sheets' operator precedence, loosest first: comparisons, &, + and -, * and /, ^, sign, %. */
class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.v === v;
  }

  private expectOp(v: string): void {
    if (!this.isOp(v)) throw new ParseError(`expected ${v}`);
    this.i++;
  }

  parse(): Node {
    const node = this.comparison();
    if (this.i !== this.tokens.length) throw new ParseError('trailing tokens');
    return node;
  }

  private binaryLevel(ops: string[], next: () => Node): Node {
    let a = next();
    for (let t = this.peek(); t?.t === 'op' && ops.includes(t.v); t = this.peek()) {
      this.i++;
      a = { k: 'binary', op: t.v, a, b: next() };
    }
    return a;
  }

  private comparison = (): Node => this.binaryLevel(['=', '<>', '<', '>', '<=', '>='], this.concat);
  private concat = (): Node => this.binaryLevel(['&'], this.additive);
  private additive = (): Node => this.binaryLevel(['+', '-'], this.multiplicative);
  private multiplicative = (): Node => this.binaryLevel(['*', '/'], this.power);
  private power = (): Node => this.binaryLevel(['^'], this.unary);

  private unary = (): Node => {
    if (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.i++] as { v: '+' | '-' }).v;
      return { k: 'unary', op, a: this.unary() };
    }
    let node = this.primary();
    while (this.isOp('%')) {
      this.i++;
      node = { k: 'percent', a: node };
    }
    return node;
  };

  private primary(): Node {
    const t = this.tokens[this.i++];
    if (!t) throw new ParseError('unexpected end');
    switch (t.t) {
      case 'num':
        // `1:3` is a range of whole rows.
        if (this.isOp(':')) return this.rangeEnd(undefined);
        return { k: 'lit', v: t.v };
      case 'str':
        return { k: 'lit', v: t.v };
      case 'err':
        return { k: 'err', v: t.v };
      case 'sheet':
        return this.sheetRef(t.v);
      case 'id':
        return this.identifier(t.v);
      case 'op':
        if (t.v === '(') {
          const inner = this.comparison();
          this.expectOp(')');
          return inner;
        }
        if (t.v === '{') return this.arrayLiteral();
        throw new ParseError(`unexpected ${t.v}`);
    }
  }

  private identifier(id: string): Node {
    if (this.isOp('!')) return this.sheetRef(id);
    if (this.isOp('(')) {
      this.i++;
      return { k: 'call', name: id.toUpperCase(), args: this.args() };
    }
    if (/^(TRUE|FALSE)$/i.test(id)) return { k: 'lit', v: id.toUpperCase() === 'TRUE' };
    if (CELL.test(id) || (COLUMN.test(id) && this.isOp(':'))) return this.isOp(':') ? this.rangeEnd(undefined) : { k: 'ref' };
    // Anything else would be a named range, which the host does not model.
    return { k: 'name', name: id };
  }

  private sheetRef(sheet: string): Node {
    this.expectOp('!');
    const t = this.tokens[this.i++];
    const ok = (t?.t === 'id' && (CELL.test(t.v) || COLUMN.test(t.v))) || t?.t === 'num';
    if (!ok) throw new ParseError('bad reference');
    return this.isOp(':') ? this.rangeEnd(sheet) : { k: 'ref', sheet };
  }

  private rangeEnd(sheet: string | undefined): Node {
    this.expectOp(':');
    const t = this.tokens[this.i++];
    const ok = (t?.t === 'id' && (CELL.test(t.v) || COLUMN.test(t.v))) || t?.t === 'num';
    if (!ok) throw new ParseError('bad range');
    return sheet === undefined ? { k: 'ref' } : { k: 'ref', sheet };
  }

  private args(): Node[] {
    const args: Node[] = [];
    if (this.isOp(')')) {
      this.i++;
      return args;
    }
    for (;;) {
      args.push(this.isOp(',') || this.isOp(';') || this.isOp(')') ? { k: 'blank' } : this.comparison());
      if (this.isOp(')')) {
        this.i++;
        return args;
      }
      if (!this.isOp(',') && !this.isOp(';')) throw new ParseError('expected , or )');
      this.i++;
    }
  }

  private arrayLiteral(): Node {
    for (let depth = 1; depth > 0;) {
      const t = this.tokens[this.i++];
      if (!t) throw new ParseError('unclosed {');
      if (t.t === 'op' && t.v === '{') depth++;
      if (t.t === 'op' && t.v === '}') depth--;
    }
    return { k: 'array' };
  }
}

const parsed = new Map<string, Node | ParseError>();
const MAX_PARSED = 20000;

function parseFormula(body: string): Node | ParseError {
  let node = parsed.get(body);
  if (node) return node;
  try {
    node = new Parser(tokenize(body)).parse();
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    node = e;
  }
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(body, node);
  return node;
}

/**
 * What Sheets settles before computing anything: an unknown function or name is `#NAME?`, a
 * reference to a sheet that does not exist is `#REF!`; the first in reading order decides.
 */
function resolve(node: Node, ctx: FormulaContext): ErrorValue | undefined {
  switch (node.k) {
    case 'name':
      return '#NAME?';
    case 'ref':
      return node.sheet !== undefined && !ctx.hasSheet(node.sheet) ? '#REF!' : undefined;
    case 'call': {
      if (!SHEETS_FUNCTIONS.has(node.name) && !ctx.isCustomFunction(node.name)) return '#NAME?';
      for (const a of node.args) {
        const e = resolve(a, ctx);
        if (e) return e;
      }
      return undefined;
    }
    case 'unary':
    case 'percent':
      return resolve(node.a, ctx);
    case 'binary':
      return resolve(node.a, ctx) ?? resolve(node.b, ctx);
    default:
      return undefined;
  }
}

/** A value the host cannot know (a cell reference, an uncomputed function). */
const UNKNOWN = Symbol('unknown');
type Result = Scalar | { error: ErrorValue } | typeof UNKNOWN;

const isValue = (r: Result): r is Scalar => r !== UNKNOWN && typeof r !== 'object';

function toNumber(v: Scalar): number | { error: ErrorValue } {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v.trim() === '') return v === '' ? 0 : { error: '#VALUE!' };
  const n = Number(v);
  return Number.isNaN(n) ? { error: '#VALUE!' } : n;
}

function toText(v: Scalar): string {
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

function number(n: number): Result {
  return Number.isFinite(n) ? n : { error: '#NUM!' };
}

/** Sheets orders numbers before text before booleans; text compares without case. */
function compare(a: Scalar, b: Scalar): number {
  const rank = (v: Scalar) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'string') return a.localeCompare(String(b), 'en', { sensitivity: 'base' });
  return Number(a) - Number(b);
}

function arithmetic(op: string, a: Scalar, b: Scalar): Result {
  if (op === '&') return toText(a) + toText(b);
  if (['=', '<>', '<', '>', '<=', '>='].includes(op)) {
    const c = compare(a, b);
    return op === '=' ? c === 0 : op === '<>' ? c !== 0 : op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
  }
  const x = toNumber(a);
  if (typeof x === 'object') return x;
  const y = toNumber(b);
  if (typeof y === 'object') return y;
  switch (op) {
    case '+':
      return number(x + y);
    case '-':
      return number(x - y);
    case '*':
      return number(x * y);
    case '/':
      return y === 0 ? { error: '#DIV/0!' } : number(x / y);
    default:
      return number(Math.pow(x, y));
  }
}

/** Evaluates left to right; the first error or unknown operand decides, as errors propagate in Sheets. */
function evaluate(node: Node): Result {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'err':
      return { error: node.v };
    case 'blank':
      return '';
    case 'ref':
    case 'array':
    case 'name':
      return UNKNOWN;
    case 'unary': {
      const a = evaluate(node.a);
      if (!isValue(a)) return a;
      const n = toNumber(a);
      return typeof n === 'object' ? n : node.op === '-' ? -n : n;
    }
    case 'percent': {
      const a = evaluate(node.a);
      if (!isValue(a)) return a;
      const n = toNumber(a);
      return typeof n === 'object' ? n : n / 100;
    }
    case 'binary': {
      const a = evaluate(node.a);
      if (!isValue(a)) return a;
      const b = evaluate(node.b);
      if (!isValue(b)) return b;
      return arithmetic(node.op, a, b);
    }
    case 'call': {
      if (ERROR_AWARE_FUNCTIONS.has(node.name)) return UNKNOWN;
      for (const arg of node.args) {
        const r = evaluate(arg);
        if (!isValue(r)) return r;
      }
      return node.name === 'NA' && node.args.length === 0 ? { error: '#N/A' } : UNKNOWN;
    }
  }
}

/** The value a formula (`=...`) shows, or the error text Sheets shows in its place. */
export function evaluateFormula(formula: string, ctx: FormulaContext): Scalar {
  const node = parseFormula(formula.replace(/^=/, ''));
  if (node instanceof ParseError) return FORMULA_ERROR;
  const unresolved = resolve(node, ctx);
  if (unresolved) return unresolved;
  const r = evaluate(node);
  if (r === UNKNOWN) return FORMULA_ERROR;
  if (typeof r === 'object') return r.error;
  return r;
}
