// Guards the search's columns while it goes on: each step finds them again by their headers in
// row 1, so a column inserted mid-search moves nothing, and one whose header is gone ends it.
import { addonWorld, column, connect, runTriggers } from '../support/addon-world';

const KEY = 'demo-key-alpha';

test('rows written after a column is inserted still go under their own headers, each person once', () => {
  const w = addonWorld({ service: { populationCompanies: 2000, faults: { slowRate: 1, slowMs: 4000 } } });
  w.host.open();
  connect(w, KEY);
  const first = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 1500 }]).value as {
    name: string;
    end?: string;
    written: number;
  };
  expect(first.end).toBeUndefined();
  // The person adds a "Notes" column at A while the search goes on without the sidebar.
  w.host.sheet(first.name).userInsertColumns(1);
  w.host.sheet(first.name).userEdit('A1', 'Notes');
  runTriggers(w);
  const done = w.host.callFromSidebar('runSearch', []).value as { end?: string; written: number };
  expect(done).toMatchObject({ end: 'Done.', written: 1500 });
  const urls = column(w, 'Profile URL', first.name).map(String);
  const names = column(w, 'Name', first.name).map(String);
  const notes = column(w, 'Notes', first.name).map(String);
  expect(notes.filter((n) => n !== '')).toEqual([]);
  expect(urls.filter((u) => !u.startsWith('https://'))).toEqual([]);
  expect(names.filter((n) => n === '')).toEqual([]);
  expect(new Set(urls).size).toBe(urls.length);
});

test('a column of the search deleted mid-search ends it, naming the header; the rows written stay', () => {
  const w = addonWorld({ service: { populationCompanies: 2000, faults: { slowRate: 1, slowMs: 4000 } } });
  w.host.open();
  connect(w, KEY);
  const first = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 1500 }]).value as {
    id: number;
    name: string;
    written: number;
  };
  w.host.sheet(first.name).userDeleteColumns(6);
  const ended = w.host.callFromSidebar('runSearch', [null, first.id]).value as { end?: string; written: number };
  expect(ended).toMatchObject({ end: 'The column "Profile URL" is gone from row 1.', written: first.written });
  expect(w.host.sheet(first.name).values()).toHaveLength(first.written + 1);
});
