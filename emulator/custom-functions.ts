// Custom-function cells: parsing `=NAME(A2:A5, "x", 3)` into a call, and turning a function's
// return value into what the cell shows.
import { parseA1 } from './spreadsheet/a1';

type FormulaArg = { ref: string } | { literal: string | number | boolean };

export interface FormulaCall {
  name: string;
  args: FormulaArg[];
}

/** Parses a single-call formula; undefined for anything else (nested calls are not supported). */
export function parseFormulaCall(formula: string): FormulaCall | undefined {
  const m = /^=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\((.*)\)\s*$/s.exec(formula);
  if (!m) return undefined;
  const args: FormulaArg[] = [];
  const body = m[2]!.trim();
  const re = /\s*("(?:[^"]|"")*"|[^,]+)\s*(?:,|$)/gy;
  for (let part = re.exec(body); part && body !== ''; part = re.exec(body)) {
    const t = part[1]!.trim();
    if (t.startsWith('"')) args.push({ literal: t.slice(1, -1).replace(/""/g, '"') });
    else if (/^-?\d+(\.\d+)?$/.test(t)) args.push({ literal: Number(t) });
    else if (/^(TRUE|FALSE)$/i.test(t)) args.push({ literal: t.toUpperCase() === 'TRUE' });
    else {
      try {
        parseA1(t);
      } catch {
        return undefined;
      }
      args.push({ ref: t });
    }
    if (re.lastIndex >= body.length) break;
  }
  return { name: m[1]!, args };
}

export type CellResult = string | number | boolean | Date | (string | number | boolean | Date)[][];

/** What a cell shows for a returned value: scalars as they are, arrays as a 2-D block. */
export function cellResult(value: unknown): CellResult {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    const rows = value.map((r: unknown) => (Array.isArray(r) ? r : [r]));
    return rows.map((r) => r.map((v: unknown) => scalar(v)));
  }
  return scalar(value);
}

function scalar(v: unknown): string | number | boolean | Date {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (Object.prototype.toString.call(v) === '[object Date]') return new Date((v as Date).getTime());
  return String(v);
}
