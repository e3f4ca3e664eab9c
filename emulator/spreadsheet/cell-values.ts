// What a cell holds and how Sheets reads what is written into it: `=` starts a formula, a
// leading apostrophe keeps text, numeric text becomes a number, `@` (plain text) keeps it all;
// and how a cell reads back (a formula's value comes from formulas.ts).
import { formatDate } from '../format-date';
import { evaluateFormula, type FormulaContext } from './formulas';

export type { FormulaContext } from './formulas';

export type CellValue = string | number | boolean | Date;

export interface Cell {
  /** The stored value; '' when the cell has no value (a formula's value is computed on read). */
  value: CellValue;
  formula?: string;
  /** A custom function's answer, set by recalculation. */
  computed?: CellValue | CellValue[][];
  /** The message a user sees on hovering a custom function's `#ERROR!`, set by recalculation. */
  error?: string;
  /**
   * What the last recalculation computed from: the formula and its argument values, and whether
   * it failed. Any write to the cell drops it, so the next recalculation runs the cell again.
   */
  calc?: { key: string; failed: boolean };
  format?: string;
  note?: string;
}

export const DEFAULT_NUMBER_FORMAT = '0.###############';
export const PLAIN_TEXT = '@';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

// Globals bound once: under a test runner this module runs in a vm context, where each read of a
// global goes through an interceptor, and these are read for every cell a range reads or writes.
const HostDate = Date;
const HostString = String;
const HostNumber = Number;
const toTag = Object.prototype.toString;

/** Stores `input` the way Sheets does for a value entered through setValue(s). */
export function enterValue(cell: Cell, input: unknown): void {
  delete cell.formula;
  delete cell.computed;
  delete cell.error;
  delete cell.calc;
  if (input === null || input === undefined) {
    cell.value = '';
    return;
  }
  if (typeof input === 'number' || typeof input === 'boolean') {
    cell.value = input;
    return;
  }
  if (toTag.call(input) === '[object Date]') {
    cell.value = new HostDate((input as Date).getTime());
    return;
  }
  const text = HostString(input);
  if (cell.format === PLAIN_TEXT) {
    cell.value = text;
    return;
  }
  if (text.startsWith("'")) {
    cell.value = text.slice(1);
    return;
  }
  if (text.length > 1 && text.startsWith('=')) {
    cell.value = '';
    cell.formula = text;
    return;
  }
  const trimmed = text.trim();
  if (NUMBER.test(trimmed) && trimmed !== '') {
    cell.value = HostNumber(trimmed);
    return;
  }
  // Sheets reads "+1 555 0100" or "-foo" as a formula, just as a user typing them would get.
  if (text.length > 1 && (text.startsWith('+') || text.startsWith('-'))) {
    cell.value = '';
    cell.formula = `=${text}`;
    return;
  }
  if (/^(true|false)$/i.test(text)) {
    cell.value = text.toLowerCase() === 'true';
    return;
  }
  cell.value = text;
}

/** The value a formula shows: a recalculated custom function's answer, else what the host computes. */
export function formulaValue(cell: Cell, ctx: FormulaContext): CellValue {
  if (cell.computed !== undefined) {
    const c = cell.computed;
    return Array.isArray(c) ? (c[0]?.[0] ?? '') : c;
  }
  return evaluateFormula(cell.formula ?? '', ctx, cell);
}

export function readValue(cell: Cell | undefined, ctx: FormulaContext): CellValue {
  if (!cell) return '';
  if (cell.formula) return formulaValue(cell, ctx);
  return cell.value instanceof HostDate ? new HostDate(cell.value.getTime()) : cell.value;
}

function formatNumber(n: number, format: string): string {
  const percent = format.endsWith('%');
  const f = percent ? format.slice(0, -1) : format;
  const v = percent ? n * 100 : n;
  const decimals = /\.(0+)/.exec(f)?.[1]?.length ?? 0;
  const grouped = f.includes(',');
  if (/^[#,0]+(\.0+)?$/.test(f)) {
    const s = grouped
      ? v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
      : v.toFixed(decimals);
    return percent ? `${s}%` : s;
  }
  return String(n);
}

export function displayValue(cell: Cell | undefined, timeZone: string, ctx: FormulaContext): string {
  const v = readValue(cell, ctx);
  const format = cell?.format ?? DEFAULT_NUMBER_FORMAT;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return format === DEFAULT_NUMBER_FORMAT || format === PLAIN_TEXT ? String(v) : formatNumber(v, format);
  if (v instanceof Date) {
    // A date format set on the cell is read with Java's letters (MM month, mm minutes).
    const pattern = format !== DEFAULT_NUMBER_FORMAT && format !== PLAIN_TEXT ? format : 'M/d/yyyy H:mm:ss';
    return formatDate(v, timeZone, pattern);
  }
  return v;
}

export function isEmpty(cell: Cell | undefined): boolean {
  return !cell || (!cell.formula && cell.value === '');
}
