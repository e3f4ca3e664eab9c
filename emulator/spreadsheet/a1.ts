// A1 notation: parsing `Sheet!A1:B2`, whole columns/rows, and formatting back. Column letters are
// in toolkit/a1-notation.ts, which the page's browser bundle shares.
import { columnToLetters, lettersToColumn } from '../../toolkit/a1-notation';
import { GasError } from '../errors';

export interface A1Range {
  sheetName?: string;
  row: number;
  column: number;
  /** Undefined for an open end (`A:A` has no last row): the sheet's size fills it in. */
  lastRow?: number;
  lastColumn?: number;
}

const CELL = /^\$?([A-Za-z]{0,3})\$?(\d*)$/;

function parseCell(ref: string): { col?: number; row?: number } {
  const m = CELL.exec(ref);
  if (!m || (!m[1] && !m[2])) throw new GasError('Range not found');
  return { col: m[1] ? lettersToColumn(m[1]) : undefined, row: m[2] ? Number(m[2]) : undefined };
}

export function splitSheetName(a1: string): { sheetName?: string; ref: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { ref: a1 };
  let name = a1.slice(0, bang);
  if (name.startsWith("'") && name.endsWith("'")) name = name.slice(1, -1).replace(/''/g, "'");
  return { sheetName: name, ref: a1.slice(bang + 1) };
}

export function parseA1(a1: string): A1Range {
  const { sheetName, ref } = splitSheetName(a1.trim());
  const [startRef, endRef] = ref.split(':');
  if (startRef === undefined || startRef === '') throw new GasError('Range not found');
  const start = parseCell(startRef);
  const end = endRef === undefined ? start : parseCell(endRef);
  const out: A1Range = { row: start.row ?? 1, column: start.col ?? 1 };
  if (sheetName !== undefined) out.sheetName = sheetName;
  if (endRef === undefined) {
    if (start.row === undefined || start.col === undefined) throw new GasError('Range not found');
    out.lastRow = start.row;
    out.lastColumn = start.col;
  } else {
    if (end.row !== undefined) out.lastRow = end.row;
    if (end.col !== undefined) out.lastColumn = end.col;
  }
  return out;
}

export function formatA1(row: number, column: number, numRows = 1, numColumns = 1): string {
  const start = `${columnToLetters(column)}${row}`;
  if (numRows === 1 && numColumns === 1) return start;
  return `${start}:${columnToLetters(column + numColumns - 1)}${row + numRows - 1}`;
}
