// Guards "Enrich these people" on an ended search whose sheet is gone: it says so instead of
// leaving the person's own selection to be taken for the rows the search wrote.
import { addonWorld, connect } from '../support/addon-world';

test('selecting the rows of an ended search whose sheet was deleted fails, naming the sheet', () => {
  const w = addonWorld();
  w.host.open();
  connect(w, 'demo-key-alpha');
  let s = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 10 }]).value as { id: number; end?: string; name: string };
  while (!s.end) s = w.host.callFromSidebar('runSearch', [null, s.id]).value as typeof s;
  expect(w.host.callFromSidebar('runSearch', [null, s.id]).ok).toBe(true);
  w.host.userDeleteSheet(s.name);
  const r = w.host.callFromSidebar('runSearch', [null, s.id]);
  expect(r.ok).toBe(false);
  expect(r.error?.message).toBe(`The sheet "${s.name}" was deleted.`);
});
