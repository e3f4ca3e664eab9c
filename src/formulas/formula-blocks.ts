// Which cells of a block of formulas call the add-on's custom functions, gathered into few
// rectangles so they can be rewritten with few calls, leaving every other cell alone.
import { max } from '../base/numbers';
import { isString } from '../base/is-string';
import { adjacent, runs } from '../sheet/grid';

/** The custom functions the bundle declares (function-docs.ts; a test keeps them in step). */
export const CUSTOM_FUNCTIONS = ['ENRICH_COMPANY', 'ENRICH_PERSON', 'JOB_OPENINGS', 'PROSPECTING_HEADERS'] as const;

const CALL = new RegExp(`(?:^|[^A-Za-z0-9_.])(?:${CUSTOM_FUNCTIONS.join('|')})\\s*\\(`, 'i');

export const callsCustomFunction = (formula: unknown): boolean => isString(formula) && formula.startsWith('=') && CALL.test(formula);

/** A rectangle inside a block, by 0-based offsets. */
export interface Block {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

/**
 * The cells calling a custom function, as rectangles: runs down each column, joined with the
 * same run of the next column, so a filled-down column or a block of them is one rectangle.
 */
export const customFunctionBlocks = (formulas: ReadonlyArray<ReadonlyArray<unknown>>): Block[] => {
  const width = max(0, ...formulas.map((r) => r.length));
  const done: Block[] = [];
  let open = new Map<string, Block>();
  for (let c = 0; c < width; c++) {
    const next = new Map<string, Block>();
    // This column's cells that call one, in runs of adjacent rows.
    const rows = formulas.flatMap((row, r) => (callsCustomFunction(row[c]) ? [r] : []));
    for (const run of runs(rows, adjacent)) {
      const r = run[0]!;
      const span = `${r}:${r + run.length - 1}`;
      const left = open.get(span);
      if (left) {
        left.numColumns++;
        open.delete(span);
        next.set(span, left);
      } else next.set(span, { row: r, column: c, numRows: run.length, numColumns: 1 });
    }
    done.push(...open.values());
    open = next;
  }
  done.push(...open.values());
  return done;
};
