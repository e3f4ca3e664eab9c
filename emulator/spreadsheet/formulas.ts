// What a formula cell reads: literals, arithmetic, joins, comparisons, cell and range references
// (this sheet's or another's), IF, COUNT, COUNTA, SUM, SUBTOTAL and NA() computed, Sheets' error
// values as their text (as getValues returns them), and `#ERROR!` for what is not computed.

import { lettersToColumn } from '../../toolkit/a1-notation';
import { ERROR_AWARE_FUNCTIONS, SHEETS_FUNCTIONS } from './sheets-functions';

export const ERROR_VALUES = ['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#ERROR!'] as const;
export type ErrorValue = (typeof ERROR_VALUES)[number];
export const FORMULA_ERROR: ErrorValue = '#ERROR!';

/** What a reference reads from a sheet: its size, cells, computed values and hidden rows. */
export interface FormulaSheet {
  readonly maxRows: number;
  readonly maxColumns: number;
  cell(row: number, column: number): { formula?: string } | undefined;
  /** What the cell reads now (a formula's value computed on the spot). */
  value(row: number, column: number): unknown;
  hiddenByUser(row: number): boolean;
  hiddenByFilter(row: number): boolean;
}

/** What a formula needs to know about its spreadsheet. */
export interface FormulaContext {
  hasSheet(name: string): boolean;
  isCustomFunction(name: string): boolean;
  /** The sheet a reference names (undefined: the formula's own sheet); none when references are not computed. */
  sheetNamed?(name: string | undefined): FormulaSheet | undefined;
}

/** A sheet on its own: every sheet name resolves, no custom functions, references not computed. */
export const STANDALONE: FormulaContext = { hasSheet: () => true, isCustomFunction: () => false };

type Scalar = string | number | boolean;

type Node =
  | { k: 'lit'; v: Scalar }
  | { k: 'err'; v: ErrorValue }
  | { k: 'ref'; sheet?: string; start: RefEnd; end?: RefEnd }
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

/** One end of a reference; a missing row or column is open (`A:A`, `1:3`). */
interface RefEnd {
  row?: number;
  column?: number;
}

class ParseError extends Error {}

const OPERATORS = ['<>', '<=', '>=', '+', '-', '*', '/', '^', '&', '=', '<', '>', '%', '(', ')', ',', ';', ':', '!', '{', '}'];

// Sticky patterns matched where the tokenizer stands (`lastIndex`), so no token copies the rest
// of the formula: the add-on writes a formula for each of 50,000 rows, and each is read once.
const SPACE = /\s+/y;
const STRING = /"((?:[^"]|"")*)"/y;
const SHEET = /'((?:[^']|'')+)'(?=\s*!)/y;
const NUM = /(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/y;
const LETTER = /[A-Za-z_]/y;
const ID = /[A-Za-z_$][A-Za-z0-9_.$]*/y;

function matchAt(pattern: RegExp, src: string, i: number): RegExpExecArray | null {
  pattern.lastIndex = i;
  return pattern.exec(src);
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const space = matchAt(SPACE, src, i);
    if (space) {
      i += space[0].length;
      continue;
    }
    const str = matchAt(STRING, src, i);
    if (str) {
      out.push({ t: 'str', v: str[1]!.replace(/""/g, '"') });
      i += str[0].length;
      continue;
    }
    const sheet = matchAt(SHEET, src, i);
    if (sheet) {
      out.push({ t: 'sheet', v: sheet[1]!.replace(/''/g, "'") });
      i += sheet[0].length;
      continue;
    }
    // Every error value starts with '#', and each character upper-cases to one or more, so the
    // upper-cased slice as long as the error value starts with it exactly when the rest does.
    const err =
      src[i] === '#'
        ? ERROR_VALUES.find((e) =>
            src
              .slice(i, i + e.length)
              .toUpperCase()
              .startsWith(e),
          )
        : undefined;
    if (err) {
      out.push({ t: 'err', v: err });
      i += err.length;
      continue;
    }
    const num = matchAt(NUM, src, i);
    if (num && !matchAt(LETTER, src, i + num[0].length)) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const id = matchAt(ID, src, i);
    if (id) {
      out.push({ t: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ParseError(`unexpected ${src[i]}`);
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return out;
}

const CELL = /^\$?[A-Za-z]{1,3}\$?\d+$/;
const COLUMN = /^\$?[A-Za-z]{1,3}$/;
const REF_END = /^\$?([A-Za-z]{0,3})\$?(\d*)$/;

function refEnd(t: Token | undefined): RefEnd {
  if (t?.t === 'num') return { row: t.v };
  const m = t?.t === 'id' && (CELL.test(t.v) || COLUMN.test(t.v)) ? REF_END.exec(t.v) : null;
  if (!m) throw new ParseError('bad reference');
  const end: RefEnd = {};
  if (m[1]) end.column = lettersToColumn(m[1]);
  if (m[2]) end.row = Number(m[2]);
  return end;
}

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
        if (this.isOp(':')) return this.rangeEnd(undefined, refEnd(t));
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
    if (CELL.test(id) || (COLUMN.test(id) && this.isOp(':'))) {
      const start = refEnd({ t: 'id', v: id });
      return this.isOp(':') ? this.rangeEnd(undefined, start) : { k: 'ref', start };
    }
    // Anything else would be a named range, which the host does not model.
    return { k: 'name', name: id };
  }

  private sheetRef(sheet: string): Node {
    this.expectOp('!');
    const start = refEnd(this.tokens[this.i++]);
    return this.isOp(':') ? this.rangeEnd(sheet, start) : { k: 'ref', sheet, start };
  }

  private rangeEnd(sheet: string | undefined, start: RefEnd): Node {
    this.expectOp(':');
    const end = refEnd(this.tokens[this.i++]);
    return sheet === undefined ? { k: 'ref', start, end } : { k: 'ref', sheet, start, end };
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

/** A value the host cannot know (an uncomputed function, a range where one value is needed). */
const UNKNOWN = Symbol('unknown');

/** A reference resolved to a rectangle of a sheet, read only when a function or operator needs it. */
interface RangeValue {
  range: { sheet: FormulaSheet; row: number; column: number; lastRow: number; lastColumn: number };
}

type Result = Scalar | { error: ErrorValue } | RangeValue | typeof UNKNOWN;

const isValue = (r: Result): r is Scalar => r !== UNKNOWN && typeof r !== 'object';
const isRange = (r: Result): r is RangeValue => typeof r === 'object' && 'range' in r;
const isErrorText = (v: string): v is ErrorValue => (ERROR_VALUES as readonly string[]).includes(v);

// Days from Sheets' epoch (30 Dec 1899) to 1970: a date cell reads as its serial number.
const EPOCH_DAYS = 25569;

/** Formula cells being computed: a reference back to one of them is circular (`#REF!`, as in Sheets). */
const computing = new Set<object>();

/** What one cell contributes: its value, a date as its serial number, an error text as the error. */
function cellResult(sheet: FormulaSheet, row: number, column: number): Scalar | { error: ErrorValue } {
  const cell = sheet.cell(row, column);
  if (cell?.formula && computing.has(cell)) return { error: '#REF!' };
  const v = sheet.value(row, column);
  if (v instanceof Date) return v.getTime() / 86400000 + EPOCH_DAYS;
  if (typeof v === 'string' && isErrorText(v)) return { error: v };
  return typeof v === 'number' || typeof v === 'boolean' ? v : String(v ?? '');
}

/** A one-cell range reads as its cell; a larger one as a single value is not computed. */
function single(r: Result): Result {
  if (!isRange(r)) return r;
  const { sheet, row, column, lastRow, lastColumn } = r.range;
  return row === lastRow && column === lastColumn ? cellResult(sheet, row, column) : UNKNOWN;
}

function resolveRef(node: Extract<Node, { k: 'ref' }>, ctx: FormulaContext): Result {
  const sheet = ctx.sheetNamed?.(node.sheet);
  if (!sheet) return UNKNOWN;
  const { start, end } = node;
  // A lone reference needs both a row and a column (`A1`); a range may leave either open (`A:A`, `2:3`).
  if (!end && (start.row === undefined || start.column === undefined)) return UNKNOWN;
  const last = end ?? start;
  const rows = [start.row ?? 1, last.row ?? sheet.maxRows].sort((a, b) => a - b) as [number, number];
  const columns = [start.column ?? 1, last.column ?? sheet.maxColumns].sort((a, b) => a - b) as [number, number];
  if (rows[0] > sheet.maxRows || columns[0] > sheet.maxColumns) return { error: '#REF!' };
  return {
    range: {
      sheet,
      row: rows[0],
      column: columns[0],
      lastRow: Math.min(rows[1], sheet.maxRows),
      lastColumn: Math.min(columns[1], sheet.maxColumns),
    },
  };
}

/** Calls `visit` with every cell of a range, rows that `skipRow` names left out. */
function eachCell(r: RangeValue, visit: (row: number, column: number) => void, skipRow?: (row: number) => boolean): void {
  const { row, column, lastRow, lastColumn } = r.range;
  for (let i = row; i <= lastRow; i++) {
    if (skipRow?.(i)) continue;
    for (let j = column; j <= lastColumn; j++) visit(i, j);
  }
}

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

/** What an aggregate gathers from its arguments' cells and values. */
interface Tally {
  /** Non-empty cells and values (COUNTA). */
  filled: number;
  numbers: number[];
  /** The first error met among the cells, for the functions that do not skip them. */
  error?: ErrorValue;
}

/**
 * Gathers a function's arguments: cells of ranges (blank cells left out, and with `skipRow` the
 * rows it names; SUBTOTAL also leaves out cells that are SUBTOTALs themselves), and plain values
 * (numeric text counts as a number there, as in Sheets). UNKNOWN when an argument is not computed.
 */
function tally(
  args: readonly Node[],
  ctx: FormulaContext,
  skipRow?: (sheet: FormulaSheet, row: number) => boolean,
): Tally | typeof UNKNOWN {
  const t: Tally = { filled: 0, numbers: [] };
  const add = (v: Scalar | { error: ErrorValue }, fromCell: boolean) => {
    t.filled++;
    if (typeof v === 'object') t.error ??= v.error;
    else if (typeof v === 'number') t.numbers.push(v);
    else if (fromCell) return;
    else if (typeof v === 'boolean') t.numbers.push(v ? 1 : 0);
    else if (v.trim() !== '' && !Number.isNaN(Number(v))) t.numbers.push(Number(v));
  };
  for (const arg of args) {
    if (arg.k === 'blank') continue;
    const r = evaluate(arg, ctx);
    if (r === UNKNOWN) return UNKNOWN;
    if (!isRange(r)) {
      add(r, false);
      continue;
    }
    const { sheet } = r.range;
    eachCell(
      r,
      (row, column) => {
        const cell = sheet.cell(row, column);
        if (skipRow && cell?.formula && /\bSUBTOTAL\s*\(/i.test(cell.formula)) return;
        const v = cellResult(sheet, row, column);
        // A formula answering "" still fills its cell for COUNTA, as in Sheets.
        if (v === '' && !cell?.formula) return;
        add(v, true);
      },
      skipRow && ((row) => skipRow(sheet, row)),
    );
  }
  return t;
}

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

/** AVERAGE, COUNT, COUNTA, MAX, MIN and SUM over a tally, by SUBTOTAL's function codes (1-5, 9). */
function aggregate(code: number, t: Tally): Result {
  if (code === 3) return t.filled;
  if (code === 2) return t.numbers.length;
  if (t.error) return { error: t.error };
  if (code === 9) return number(sum(t.numbers));
  if (code === 1) return t.numbers.length ? number(sum(t.numbers) / t.numbers.length) : { error: '#DIV/0!' };
  if (code === 4) return t.numbers.length ? Math.max(...t.numbers) : 0;
  if (code === 5) return t.numbers.length ? Math.min(...t.numbers) : 0;
  return UNKNOWN;
}

/** The functions the host computes, each given its argument nodes unevaluated (IF evaluates one branch only). */
const COMPUTED: Readonly<Record<string, (args: readonly Node[], ctx: FormulaContext) => Result>> = {
  IF: (args, ctx) => {
    if (args.length < 2 || args.length > 3) return { error: '#N/A' };
    const c = single(evaluate(args[0]!, ctx));
    if (!isValue(c)) return c;
    const text = typeof c === 'string' ? c.toUpperCase() : undefined;
    if (text !== undefined && text !== '' && text !== 'TRUE' && text !== 'FALSE') return { error: '#VALUE!' };
    const yes = text !== undefined ? text === 'TRUE' : c !== 0 && c !== false;
    const branch = yes ? args[1]! : args[2];
    return branch === undefined ? false : single(evaluate(branch, ctx));
  },
  COUNTA: (args, ctx) => {
    const t = tally(args, ctx);
    return t === UNKNOWN ? t : t.filled;
  },
  COUNT: (args, ctx) => {
    const t = tally(args, ctx);
    return t === UNKNOWN ? t : t.numbers.length;
  },
  SUM: (args, ctx) => {
    const t = tally(args, ctx);
    return t === UNKNOWN ? t : aggregate(9, t);
  },
  // Codes 1-11 leave out rows a filter hides, 101-111 rows hidden either way (Sheets' SUBTOTAL).
  SUBTOTAL: (args, ctx) => {
    if (args.length < 2) return { error: '#N/A' };
    const c = single(evaluate(args[0]!, ctx));
    if (!isValue(c)) return c;
    const code = toNumber(c);
    if (typeof code === 'object') return code;
    const fn = Math.trunc(code) % 100;
    if (fn < 1 || fn > 11 || (code >= 12 && code < 101) || code >= 112) return { error: '#VALUE!' };
    const byUser = code > 100;
    const t = tally(args.slice(1), ctx, (sheet, row) => sheet.hiddenByFilter(row) || (byUser && sheet.hiddenByUser(row)));
    return t === UNKNOWN ? t : aggregate(fn, t);
  },
};

/** Evaluates left to right; the first error or unknown operand decides, as errors propagate in Sheets. */
function evaluate(node: Node, ctx: FormulaContext): Result {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'err':
      return { error: node.v };
    case 'blank':
      return '';
    case 'ref':
      return resolveRef(node, ctx);
    case 'array':
    case 'name':
      return UNKNOWN;
    case 'unary': {
      const a = single(evaluate(node.a, ctx));
      if (!isValue(a)) return a;
      const n = toNumber(a);
      return typeof n === 'object' ? n : node.op === '-' ? -n : n;
    }
    case 'percent': {
      const a = single(evaluate(node.a, ctx));
      if (!isValue(a)) return a;
      const n = toNumber(a);
      return typeof n === 'object' ? n : n / 100;
    }
    case 'binary': {
      const a = single(evaluate(node.a, ctx));
      if (!isValue(a)) return a;
      const b = single(evaluate(node.b, ctx));
      if (!isValue(b)) return b;
      return arithmetic(node.op, a, b);
    }
    case 'call': {
      const computed = COMPUTED[node.name];
      if (computed) return computed(node.args, ctx);
      if (ERROR_AWARE_FUNCTIONS.has(node.name)) return UNKNOWN;
      for (const arg of node.args) {
        const r = evaluate(arg, ctx);
        if (!isValue(r) && !isRange(r)) return r;
      }
      return node.name === 'NA' && node.args.length === 0 ? { error: '#N/A' } : UNKNOWN;
    }
  }
}

/**
 * The value a formula (`=...`) shows, or the error text Sheets shows in its place. `cell` is the
 * formula's own cell, so a reference leading back to it reads `#REF!` instead of looping.
 */
export function evaluateFormula(formula: string, ctx: FormulaContext, cell?: object): Scalar {
  const node = parseFormula(formula.replace(/^=/, ''));
  if (node instanceof ParseError) return FORMULA_ERROR;
  const unresolved = resolve(node, ctx);
  if (unresolved) return unresolved;
  if (cell) computing.add(cell);
  let r: Result;
  try {
    r = single(evaluate(node, ctx));
  } finally {
    if (cell) computing.delete(cell);
  }
  if (r === UNKNOWN || isRange(r)) return FORMULA_ERROR;
  if (typeof r === 'object') return r.error;
  return r;
}
