// The words a person reads about a run: an email's result spelt one way wherever the add-on writes
// it, and an estimate in halves of a credit saying why. Through the built bundle.
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const HEADER = ['First Name', 'Last Name', 'Email'];
const ROWS = Array.from({ length: 5 }, (_, i) => [`First${i}`, `Last${i}`, `first${i}.last${i}@example.com`]);

function world(): World {
  const w = addonWorld();
  w.host.sheet().load([HEADER, ...ROWS]);
  w.host.open();
  connect(w, KEY);
  w.host.select('Sheet1!A1:C6');
  return w;
}

const summary = (w: World, input: object) => (w.host.callFromSidebar('previewRun', [input]).value as { summary: string }).summary;

test("an email's result reads the same in a lead list's rows as in a validation's: Deliverable, never deliverable", () => {
  const w = world();
  const list = { action: 'lead_list', list: { name: 'Words', owner: OWNER }, options: { validateEmail: true }, confirmed: true };
  expect(w.host.callFromSidebar('startRun', [list]).ok).toBe(true);
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]).ok).toBe(true);
  runTriggers(w);
  const validated = column(w, 'Email · Result');
  expect(validated).toEqual(ROWS.map(() => 'Deliverable'));
  expect(column(w, 'Lead list · Email result')).toEqual(validated);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ action: string; counts: Record<string, number> }>;
  expect(jobs.find((j) => j.action === 'email')!.counts).toEqual({ Deliverable: 5 });
});

test('an estimate counting half credits says why; one in whole credits does not', () => {
  const w = world();
  expect(summary(w, { action: 'person' })).toMatch(/It can spend up to 2\.5 email credits \(0\.5 for each person found\)\./);
  expect(summary(w, { action: 'person', options: { revealEmail: true } })).toMatch(
    /up to 7\.5 email credits \(0\.5 for each person found\)\./,
  );
  expect(summary(w, { action: 'email' })).toMatch(/It can spend up to 5 email credits\.$/);
  // The menu's confirm dialog reads the same words.
  w.host.ui.answer('NO');
  expect(w.host.clickMenu('Enrich people').ok).toBe(true);
  expect(w.host.ui.dialogs.at(-1)!.prompt).toMatch(/up to 2\.5 email credits \(0\.5 for each person found\)\./);
});

test("an existing lead list's cost per row added says why it counts halves", () => {
  const w = world();
  const list = { name: 'Halves', owner: OWNER };
  expect(
    w.host.callFromSidebar('startRun', [{ action: 'lead_list', list, options: { enrich: true, validateEmail: true }, confirmed: true }]).ok,
  ).toBe(true);
  const lists = w.host.callFromSidebar('listLeadLists', []).value as Array<{ name: string; note: string }>;
  expect(lists.find((l) => l.name === 'Halves')!.note).toBe('Each row added costs 1.5 email credits (0.5 for each person found).');
});
