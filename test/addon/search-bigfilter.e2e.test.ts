// Guards the size of a search's record: filters too long for the one user property that keeps it
// are refused before anything is written or made, in words naming the filters; long ones that fit run.
import { addonWorld, connect, tabs } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const TOO_LONG = /^The filters are too long to keep: shorten the lists/;

function world() {
  const w = addonWorld({ service: { populationCompanies: 2000 } });
  w.host.open();
  connect(w, KEY);
  return w;
}

const titles = (n: number) => ['manager', ...Array.from({ length: n }, (_, i) => `title number ${i}`)];

test('filters too long to keep: refused, with no sheet made, nothing written and no search recorded', () => {
  const w = world();
  w.host.sheet().load([
    ['Name', 'Notes'],
    ['Someone', 'kept'],
  ]);
  w.host.select('Sheet1!A1');
  const before = w.host.sheet().values();
  const person_titles = titles(600);
  for (const args of [
    [{ kind: 'people', person_titles }, null, true],
    [{ kind: 'people', person_titles, limit: 100 }],
    [{ kind: 'people', person_titles, limit: 100, active: true }],
  ]) {
    const r = w.host.callFromSidebar('runSearch', args);
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(TOO_LONG);
  }
  expect(tabs(w)).toEqual(['Sheet1']);
  expect(w.host.sheet().values()).toEqual(before);
  expect(w.host.callFromSidebar('runSearch', []).value).toBeNull();
});

test('a long list that fits is kept and searched to the end', () => {
  const w = world();
  let s = w.host.callFromSidebar('runSearch', [{ kind: 'people', person_titles: titles(400), limit: 50 }]).value as {
    id: number;
    end?: string;
    written: number;
  };
  while (!s.end) s = w.host.callFromSidebar('runSearch', [null, s.id]).value as typeof s;
  expect(s).toMatchObject({ end: 'Done.', written: 50 });
});
