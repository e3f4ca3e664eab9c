// What formula cells read: Sheets' error values as text (as getValues returns them), the values
// the host computes (references included), and `#ERROR!` for what it cannot parse or does not compute.
import { makeHost } from './helpers';

const cases: [formula: string, reads: unknown][] = [
  ['=NA()', '#N/A'],
  ['=1/0', '#DIV/0!'],
  ['=#REF!', '#REF!'],
  ['=NoSuchSheet!A1', '#REF!'],
  ["='No such sheet'!A1:B2", '#REF!'],
  ['=FOO(1)', '#NAME?'],
  ['=-foo', '#NAME?'],
  ['="a"+1', '#VALUE!'],
  ['=10^400', '#NUM!'],
  ['=#NULL!', '#NULL!'],
  ['=#N/A', '#N/A'],
  ['=1+NA()', '#N/A'],
  ['=SUM(1/0)', '#DIV/0!'],
  ['=HYPERLINK("http://x")', '#ERROR!'],
  ['=1+', '#ERROR!'],
  ['=(1', '#ERROR!'],
  ['+1 555 0100', '#ERROR!'],
  // The cell refers to itself: a circular reference.
  ['=Sheet1!A1', '#REF!'],
  ['=1+2*3', 7],
  ['=-2^2', 4],
  ['=50%', 0.5],
  ['="a"&1', 'a1'],
  ['=1<2', true],
  ['="say ""hi"""', 'say "hi"'],
];

describe('formula values', () => {
  it.each(cases)('%s reads %p through getValues and getDisplayValues', (formula, reads) => {
    const host = makeHost();
    host.sheet().load([[formula]]);
    const r = host.run('readCells', ['A1']).value as { values: unknown[][]; display: string[][]; formulas: string[][] };
    expect(r.values).toEqual([[reads]]);
    expect(r.display).toEqual([[typeof reads === 'boolean' ? String(reads).toUpperCase() : String(reads)]]);
    expect(r.formulas[0]![0]).toMatch(/^=/);
  });

  it('gives error values to formulas written by the script and typed by a user alike', () => {
    const host = makeHost();
    host.run('writeCells', ['A1:C1', [['=NA()', '=1/0', '=UNKNOWN_FN()']]]);
    host.sheet().userEdit('D1', '=#REF!');
    expect(host.sheet().values()).toEqual([['#N/A', '#DIV/0!', '#NAME?', '#REF!']]);
    expect(host.sheet().csv()).toBe('#N/A,#DIV/0!,#NAME?,#REF!');
  });

  it('knows the bundle’s custom functions (not #NAME?) and shows their last recalculation', () => {
    const host = makeHost();
    host.setProperties('user', { apiKey: 'k1' });
    host.sheet().load([['a.com', '=ENRICH(A1)', '=enrich(A1)', '=hidden_()']]);
    expect(host.sheet().values()).toEqual([['a.com', '#ERROR!', '#ERROR!', '#NAME?']]);
    host.recalculate();
    expect(host.sheet().values()).toEqual([['a.com', 'a.com via k1', 'a.com via k1', '#NAME?']]);
  });

  it('resolves sheet names against the spreadsheet’s sheets, as they come and go', () => {
    const host = makeHost();
    host.sheet().load([['=Leads!A1']]);
    expect(host.sheet().values()).toEqual([['#REF!']]);
    host.sheet('Leads').load([['lead']]);
    expect(host.sheet().values()).toEqual([['lead']]);
  });
});
