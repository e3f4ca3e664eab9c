// Finding the add-on's formulas in a block of formulas, and gathering them into few rectangles.
import { callsCustomFunction, CUSTOM_FUNCTIONS, customFunctionBlocks } from '../../src/formulas/formula-blocks';
import { customFunctionDocs } from '../../src/formulas/function-docs';

test('the names are the custom functions the bundle declares', () => {
  expect([...CUSTOM_FUNCTIONS].sort()).toEqual(Object.keys(customFunctionDocs).sort());
});

test('a formula calls a custom function by its name, in any letter case, anywhere in the formula', () => {
  expect(callsCustomFunction('=ENRICH_COMPANY(A2, "name")')).toBe(true);
  expect(callsCustomFunction('=IFERROR(enrich_person(B2), "")')).toBe(true);
  expect(callsCustomFunction('=JOB_OPENINGS ("acme.com")')).toBe(true);
  expect(callsCustomFunction('=MY_ENRICH_COMPANY(A2)')).toBe(false);
  expect(callsCustomFunction('=SUM(A1:A3)')).toBe(false);
  expect(callsCustomFunction('ENRICH_COMPANY(A2)')).toBe(false);
  expect(callsCustomFunction('')).toBe(false);
  expect(callsCustomFunction(42)).toBe(false);
});

test('runs down a column become one rectangle; the same runs in adjacent columns join it; other cells stay out', () => {
  const E = '=ENRICH_COMPANY(A1)';
  const formulas = [
    [E, E, '', '=1+2'],
    [E, E, '', E],
    ['', '', '', E],
    [E, '', '=SUM(A1)', ''],
  ];
  const blocks = customFunctionBlocks(formulas);
  expect(blocks).toEqual(
    expect.arrayContaining([
      { row: 0, column: 0, numRows: 2, numColumns: 2 },
      { row: 3, column: 0, numRows: 1, numColumns: 1 },
      { row: 1, column: 3, numRows: 2, numColumns: 1 },
    ]),
  );
  expect(blocks).toHaveLength(3);
  const covered = new Set(
    blocks.flatMap((b) =>
      Array.from(
        { length: b.numRows * b.numColumns },
        (_, k) => `${b.row + Math.floor(k / b.numColumns)},${b.column + (k % b.numColumns)}`,
      ),
    ),
  );
  formulas.forEach((row, r) => row.forEach((f, c) => expect(covered.has(`${r},${c}`)).toBe(f === E)));
  expect(customFunctionBlocks([])).toEqual([]);
  expect(customFunctionBlocks(Array.from({ length: 5000 }, () => [E]))).toEqual([{ row: 0, column: 0, numRows: 5000, numColumns: 1 }]);
});
