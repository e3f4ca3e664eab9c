// The words a person reads about a run: an email's result spelt one way wherever the add-on writes
// it, and an estimate naming each part it counts. Through the built bundle.
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

test('an estimate names each part it counts: people found, emails revealed, emails validated', () => {
  const w = world();
  expect(summary(w, { action: 'person' })).toMatch(
    /It can spend up to 2\.5 email credits \(2\.5 for up to 5 people found at 0\.5 each\)\./,
  );
  expect(summary(w, { action: 'person', options: { revealEmail: true } })).toMatch(
    /up to 7\.5 email credits \(2\.5 for up to 5 people found at 0\.5 each; 5 for up to 5 emails revealed at 1 each\)\./,
  );
  expect(summary(w, { action: 'email' })).toMatch(/It can spend up to 5 email credits \(5 for up to 5 emails validated at 1 each\)\.$/);
  expect(summary(w, { action: 'company' })).toMatch(/Company enrichment is free\./);
  // The menu's confirm dialog reads the same words.
  w.host.ui.answer('NO');
  expect(w.host.clickMenu('Enrich people').ok).toBe(true);
  expect(w.host.ui.dialogs.at(-1)!.prompt).toMatch(/up to 2\.5 email credits \(2\.5 for up to 5 people found at 0\.5 each\)\./);
});

test("the menu's new lead list names what its price counts, the options it uses, and where they change", () => {
  const w = world();
  w.host.ui.answer({ button: 'OK', text: 'Menu list' }, 'NO');
  expect(w.host.clickMenu('Create a lead list').ok).toBe(true);
  const confirm = w.host.ui.dialogs.at(-1)!.prompt;
  expect(confirm).toMatch(
    /up to 7\.5 email credits \(2\.5 for up to 5 people found at 0\.5 each; 5 for up to 5 emails validated at 1 each\)\./,
  );
  expect(confirm).toMatch(/Options: enrich on, validate emails on, reveal phones off \(change them in the sidebar's Run tab\)\./);
});

test("an existing lead list's cost per row added names each part", () => {
  const w = world();
  const list = { name: 'Halves', owner: OWNER };
  expect(
    w.host.callFromSidebar('startRun', [{ action: 'lead_list', list, options: { enrich: true, validateEmail: true }, confirmed: true }]).ok,
  ).toBe(true);
  const lists = w.host.callFromSidebar('listLeadLists', []).value as Array<{ name: string; note: string }>;
  expect(lists.find((l) => l.name === 'Halves')!.note).toBe(
    'Each row added costs 1.5 email credits (0.5 for 1 person found; 1 for 1 email validated).',
  );
});
