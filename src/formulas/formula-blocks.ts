// Which cells of a block of formulas call the add-on's custom functions, gathered into few
// rectangles so they can be rewritten with few calls, leaving every other cell alone.

/** The custom functions the bundle declares (function-docs.ts; a test keeps them in step). */
export const CUSTOM_FUNCTIONS = ['ENRICH_COMPANY', 'ENRICH_PERSON', 'JOB_OPENINGS', 'PROSPECTING_HEADERS'] as const;

const CALL = new RegExp(`(?:^|[^A-Za-z0-9_.])(?:${CUSTOM_FUNCTIONS.join('|')})\\s*\\(`, 'i');

export const callsCustomFunction = (formula: unknown): boolean =>
  typeof formula === 'string' && formula.startsWith('=') && CALL.test(formula);

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
export function customFunctionBlocks(formulas: ReadonlyArray<ReadonlyArray<unknown>>): Block[] {
  const width = Math.max(0, ...formulas.map((r) => r.length));
  const done: Block[] = [];
  let open = new Map<string, Block>();
  for (let c = 0; c < width; c++) {
    const next = new Map<string, Block>();
    for (let r = 0; r < formulas.length; r++) {
      if (!callsCustomFunction(formulas[r]![c])) continue;
      let end = r;
      while (end + 1 < formulas.length && callsCustomFunction(formulas[end + 1]![c])) end++;
      const span = `${r}:${end}`;
      const left = open.get(span);
      if (left) {
        left.numColumns++;
        open.delete(span);
        next.set(span, left);
      } else next.set(span, { row: r, column: c, numRows: end - r + 1, numColumns: 1 });
      r = end;
    }
    done.push(...open.values());
    open = next;
  }
  done.push(...open.values());
  return done;
}
