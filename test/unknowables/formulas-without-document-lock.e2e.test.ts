// Formula cells answer whether or not Apps Script gives a custom function the document's lock and
// cache (Google documents both as null "outside the context of a containing document" and is
// silent on add-on custom functions): without them the cells share the script's lock and cache,
// marked by the spreadsheet, and the per-minute budget still holds.
import type { CustomFunctionDocument } from '../../emulator';
import { CELL_BUDGET } from '../../src/formulas/lookup-budget';
import { connectedWorld, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const MINUTE = 60000;

function world(policy: CustomFunctionDocument): World {
  const w = connectedWorld(KEY);
  w.host.setCustomFunctionDocument(policy);
  return w;
}

const lookups = (w: World, path: string) => w.host.requests.filter((q) => q.url.includes(path));

describe.each(['given', 'none'] as const)('custom functions with the document lock and cache %s', (policy) => {
  test('51 cells filled down a column all answer at one recalculation, and the next one sends nothing', () => {
    const w = world(policy);
    const rows = Array.from({ length: 51 }, (_, i) => [`company${i}.com`, `=ENRICH_COMPANY(A${i + 2}, "name")`]);
    w.host.sheet().load([['Domain', 'Company'], ...rows]);
    const first = w.host.recalculate();
    expect(first).toHaveLength(51);
    expect(first.filter((r) => r.error !== undefined).map((r) => r.error)).toEqual([]);
    expect(first.every((r) => typeof r.cell === 'string' && r.cell !== '')).toBe(true);
    expect(lookups(w, '/companies/find')).toHaveLength(51);
    w.host.clock.advance(10 * MINUTE);
    const again = w.host.recalculate({ all: true });
    expect(again.map((r) => r.cell)).toEqual(first.map((r) => r.cell));
    expect(lookups(w, '/companies/find')).toHaveLength(51);
  });

  // One after the other: the host runs side-by-side cells one at a time on a clock set back for
  // each, so a read-and-update one cell makes later in its run cannot see another's made earlier.
  test("cells never send more in a minute than the cells' budget, and the service refuses none", () => {
    const w = world(policy);
    // Eight cells of 100 new domains each: 800 lookups, twice the budget of a minute.
    const rows = Array.from({ length: 8 }, (_, c) => [`=ENRICH_COMPANY(Domains!A${c * 100 + 1}:A${c * 100 + 100}, "name")`]);
    w.host.sheet('Domains').load(Array.from({ length: 800 }, (_, i) => [`firm${i}.com`]));
    w.host.sheet().load(rows);
    const sentAt: number[] = [];
    for (let round = 0; round < 6; round++) {
      const before = lookups(w, '/companies/find').length;
      const results = w.host.recalculate({ concurrent: false });
      const sent = lookups(w, '/companies/find').slice(before);
      sentAt.push(...sent.map((q) => q.at));
      expect(sent.length).toBeLessThanOrEqual(CELL_BUDGET.default);
      if (results.length === 0 || results.every((r) => r.error === undefined)) break;
      w.host.clock.advance(65000);
    }
    const all = lookups(w, '/companies/find');
    expect(all).toHaveLength(800);
    expect(new Set(all.map((q) => q.url)).size).toBe(800);
    expect(w.host.requests.filter((q) => q.status === 429)).toHaveLength(0);
    // In every sliding minute, no more than the budget went out.
    sentAt.sort((a, b) => a - b);
    for (let i = 0, j = 0; i < sentAt.length; i++) {
      while (sentAt[i]! - sentAt[j]! >= MINUTE) j++;
      expect(i - j + 1).toBeLessThanOrEqual(CELL_BUDGET.default);
    }
  });

  test('answers kept for one spreadsheet are not served to another', () => {
    const w = world(policy);
    w.host.addSpreadsheet('spreadsheet-2');
    expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']).cell).toBe('Acme');
    expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name']).cell).toBe('Acme');
    expect(lookups(w, '/companies/find')).toHaveLength(1);
    expect(w.host.runCustomFunction('ENRICH_COMPANY', ['acme.com', 'name'], { spreadsheetId: 'spreadsheet-2' }).cell).toBe('Acme');
    expect(lookups(w, '/companies/find')).toHaveLength(2);
  });
});
