// R1C1 references in formula text: Apps Script's setFormulaR1C1 and getFormulaR1C1 translate
// them to and from the A1 form the cell keeps, relative to each cell of the range.
import { columnToLetters, lettersToColumn } from '../../toolkit/a1-notation';

// String literals and quoted sheet names hold text that is not a reference.
const QUOTED = /("(?:[^"]|"")*"|'(?:[^']|'')*')/;

/** Applies `rewrite` to the parts of a formula outside string literals and quoted sheet names. */
function outsideQuotes(formula: string, rewrite: (part: string) => string): string {
  return formula
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part)))
    .join('');
}

// `R[-1]C2`, `R5C[3]`, `RC`: a bracketed part is relative, a bare number absolute, a missing one the cell's own.
const R1C1_REF = /(^|[^A-Za-z0-9_.$])R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?(?![A-Za-z0-9_.(])/gi;

function position(part: string | undefined, own: number): { at: number; absolute: boolean } {
  if (part === undefined) return { at: own, absolute: false };
  if (part.startsWith('[')) return { at: own + Number(part.slice(1, -1)), absolute: false };
  return { at: Number(part), absolute: true };
}

/** The A1 form of an R1C1 formula entered in the cell at row/column; a reference off the sheet's top or left reads #REF!. */
export function r1c1ToA1(formula: string, row: number, column: number): string {
  return outsideQuotes(formula, (part) =>
    part.replace(R1C1_REF, (_m, before: string, r: string | undefined, c: string | undefined) => {
      const rr = position(r, row);
      const cc = position(c, column);
      if (rr.at < 1 || cc.at < 1) return `${before}#REF!`;
      return `${before}${cc.absolute ? '$' : ''}${columnToLetters(cc.at)}${rr.absolute ? '$' : ''}${rr.at}`;
    }),
  );
}

// `A1`, `$A$1`, `$A1`, `A$1`: not a function name (`LOG10(`) nor a sheet name (`Ab1!`).
const A1_REF = /(^|[^A-Za-z0-9_.$])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_.(!])/g;

/** The R1C1 form of an A1 formula kept in the cell at row/column, relative parts in brackets (`R[-1]C[0]`). */
export function a1ToR1c1(formula: string, row: number, column: number): string {
  return outsideQuotes(formula, (part) =>
    part.replace(A1_REF, (_m, before: string, colAbs: string, letters: string, rowAbs: string, digits: string) => {
      const r = Number(digits);
      const c = lettersToColumn(letters.toUpperCase());
      const rowPart = rowAbs ? `R${r}` : `R[${r - row}]`;
      const colPart = colAbs ? `C${c}` : `C[${c - column}]`;
      return `${before}${rowPart}${colPart}`;
    }),
  );
}
