// Turning values from the network into cells: never a formula, and row runs for block writes.

/** Sheets reads a string that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@]/;

/**
 * A value Sheets will show as text, never evaluate. Strings that would start a formula get a
 * leading apostrophe, which Sheets hides and which marks the cell as text.
 */
export const safeCell = (value: unknown): string | number | boolean | Date => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value;
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/** Text Sheets may take, when written, for something else: a number, date or time, a truth value, quoted text. */
const PARSED = /^\s*'|^\s*(true|false)\s*$|^[^a-z]*\d[^a-z]*$/i;

/** Whether a cell written with `value` reads back as the same text (a written month name may not: it is then as if edited). */
export const readsAsWritten = (value: unknown): boolean => typeof value !== 'string' || !PARSED.test(value);

/** Groups sorted row numbers into runs of consecutive rows: [[first, count], ...]. */
export const rowRuns = (rows: ReadonlyArray<number>): Array<[number, number]> => {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const row of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === row) last[1]++;
    else runs.push([row, 1]);
  }
  return runs;
};
