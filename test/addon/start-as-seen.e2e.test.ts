// A start from the sidebar spends only what the person saw estimated: when the rows changed since
// the estimate on screen (another selection, rows edited), it is refused with the new estimate and
// nothing is sent; started on the estimate it showed, it runs. Through the built bundle.
import { addonWorld, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-seen';
const ROWS = Array.from({ length: 40 }, (_, i) => [`Person ${i}`, `person${i}@harborlogistics.com`]);

function world(): World {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Seen', credits: { email: 1000, phone: 0 } }] });
  w.host.sheet().load([['Name', 'Email'], ...ROWS]);
  w.host.open();
  connect(w, KEY);
  return w;
}

function call(w: World, name: string, args: unknown[]) {
  return w.host.callFromSidebar(name, args);
}

const summaryOf = (w: World): string => {
  const r = call(w, 'previewRun', [{ action: 'email' }]);
  if (!r.ok) throw new Error(r.error?.message);
  return (r.value as { summary: string }).summary;
};

test('the selection grown after the estimate: refused with the new estimate, nothing sent, no job', () => {
  const w = world();
  w.host.select('Sheet1!A1:B5');
  const seen = summaryOf(w);
  expect(seen).toMatch(/4 distinct rows/);
  w.host.select('Sheet1!A1:B41');
  const r = call(w, 'startRun', [{ action: 'email', confirmed: true, seen }]);
  expect(r.ok).toBe(false);
  expect(r.error?.message).toMatch(/changed since the estimate you saw\. Nothing was sent\. Now: .*40 distinct rows/);
  expect(w.host.sheet().values()[0]).toEqual(['Name', 'Email']);
  expect((call(w, 'listJobs', []) as { value: unknown[] }).value).toEqual([]);
  // Started on what it now shows, it runs.
  const again = call(w, 'startRun', [{ action: 'email', confirmed: true, seen: summaryOf(w) }]);
  expect(again.ok).toBe(true);
  expect((again.value as { total: number }).total).toBe(40);
});

test('the same estimate on screen: the start runs at once', () => {
  const w = world();
  w.host.select('Sheet1!A1:B5');
  const r = call(w, 'startRun', [{ action: 'email', confirmed: true, seen: summaryOf(w) }]);
  expect(r.ok).toBe(true);
  expect((r.value as { total: number }).total).toBe(4);
});
