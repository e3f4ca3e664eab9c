// Formulas over a month of daily reopening: Sheets recalculates custom functions "on many
// occasions outside our control" (reopening, for one), and the cache keeps six hours at most.
// Answers kept in the document's properties spend no credit and almost no fetch after the first
// day; a changed input and an answer past the re-check age are looked up again; under each answer
// of the host's policy on document properties in custom functions, every answer stays right.
import type { CustomFunctionDocumentProperties } from '../../emulator';
import { connectedWorld, OWNER, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const DAY = 24 * 60 * 60 * 1000;

/** `people` single-cell ENRICH_PERSON formulas in B, and one ENRICH_COMPANY over `companies` domains in D2. */
function sheetWithFormulas(people: number, companies = people): World {
  const w = connectedWorld(KEY);
  const rows: unknown[][] = [['Email', 'Person', 'Domain', 'Company']];
  for (let i = 0; i < Math.max(people, companies); i++)
    rows.push([i < people ? `person${i}@company${i}.com` : '', i < people ? `=ENRICH_PERSON(A${i + 2})` : '', `company${i}.com`, '']);
  w.host.sheet().load(rows);
  w.host.sheet().userEdit('D2', `=ENRICH_COMPANY(C2:C${companies + 1})`);
  return w;
}

const credits = (w: World): number => -w.service.account(KEY)!.spent.email;

/**
 * One day's opening: Sheets computes every formula again, then the cells that threw (the
 * per-minute budget) a minute later, until none is left.
 */
function reopen(w: World): { fetches: number; credits: number } {
  const fetches = w.host.requests.length;
  const before = credits(w);
  let ran = w.host.recalculate({ all: true });
  for (let round = 0; ran.length > 0 && round < 20; round++) {
    w.host.clock.advance(65 * 1000);
    ran = w.host.recalculate();
  }
  return { fetches: w.host.requests.length - fetches, credits: before - credits(w) };
}

/** What the sheet shows in its formula cells. */
const shown = (w: World, people: number, companies = 1): unknown[] =>
  Array.from({ length: people }, (_, i) => w.host.sheet().cell(`B${i + 2}`).value).concat(
    Array.from({ length: companies }, (_, i) => w.host.sheet().cell(`D${i + 2}`).value),
  );

// Each cell's recalculation is one execution of the whole bundle: 20 person cells (a month is
// 600 of them) and a 100-row company range tell the story of 500 of each in a few seconds.
test('a month of daily reopening: 20 person cells and a 100-row company range spend nothing after the first day, and fetch almost nothing', () => {
  const w = sheetWithFormulas(20, 100);
  const start = w.host.clock.now();
  const first = reopen(w);
  expect(first.fetches).toBe(120);
  expect(first.credits).toBeGreaterThan(0);
  const answers = shown(w, 20, 100);
  expect(answers.filter((v) => v === '#ERROR!')).toHaveLength(0);
  const days: Array<{ fetches: number; credits: number; properties: number }> = [];
  for (let day = 2; day <= 30; day++) {
    w.host.clock.advanceTo(start + (day - 1) * DAY);
    const r = reopen(w);
    days.push({ ...r, properties: w.host.quotaUse(OWNER)?.properties ?? 0 });
    // The same answers, every day.
    expect(shown(w, 20, 100)).toEqual(answers);
  }
  expect(days.reduce((n, d) => n + d.credits, 0)).toBe(0);
  expect(days.reduce((n, d) => n + d.fetches, 0)).toBeLessThanOrEqual(first.fetches * 0.05);
  // One property call a formula a day (the document's answers), far inside a consumer account's
  // 50,000; none for the owner's settings once nothing is fetched.
  expect(Math.max(...days.map((d) => d.properties))).toBeLessThanOrEqual(21);
  // The answers take a bounded share of the document's store; none of them is the key.
  const doc = w.host.documentProperties();
  const bytes = Object.entries(doc).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  expect(bytes).toBeLessThanOrEqual(300 * 1000);
  expect(JSON.stringify(doc)).not.toContain(KEY);
});

test('a changed input is looked up; an answer past the re-check age (30 days, or the Auto tab’s) is looked up again', () => {
  const w = sheetWithFormulas(3);
  const start = w.host.clock.now();
  reopen(w);
  const cells = shown(w, 3);
  w.host.clock.advanceTo(start + 2 * DAY);
  expect(reopen(w).fetches).toBe(0);

  // A changed input: one lookup, for that cell alone.
  w.host.sheet().userEdit('A3', 'someone.else@company1.com');
  const changed = reopen(w);
  expect(changed.fetches).toBe(1);
  expect(w.host.sheet().cell('B3').value).not.toBe(cells[1]);

  // Thirty days after the first lookups: every answer is looked up again, once.
  w.host.clock.advanceTo(start + 30 * DAY + 60 * 1000);
  expect(reopen(w).fetches).toBe(5);
  expect(reopen(w).fetches).toBe(0);

  // The Auto tab's re-check age, when it names one, is every formula's too: saved by an editor,
  // with automation off, it still reaches the owner's recalculation.
  const saved = w.host.callFromSidebar(
    'saveAutomation',
    [{ on: false, actions: ['email'], capPerRun: 10, capPerDay: 10, staleDays: 3, alerts: false }],
    'editor@acme.example',
  );
  expect(saved.ok).toBe(true);
  expect(w.host.callFromSidebar('getAutomation', []).value).toMatchObject({ staleDays: 3 });
  // Two days on, only the answer kept on day 2 (the changed input's) is past three days.
  w.host.clock.advance(2 * DAY);
  expect(reopen(w).fetches).toBe(1);
  w.host.clock.advance(DAY + 60 * 1000);
  expect(reopen(w).fetches).toBe(5);
  expect(reopen(w).fetches).toBe(0);
});

test.each<CustomFunctionDocumentProperties>(['read-write', 'read-only', 'none'])(
  'document properties %s in custom functions: answers stay right, the owner’s store holds no answer, and what is kept saves the fetches',
  (policy) => {
    const w = sheetWithFormulas(20);
    w.host.setCustomFunctionDocumentProperties(policy);
    const start = w.host.clock.now();
    reopen(w);
    const answers = shown(w, 20);
    expect(answers.filter((v) => v === '#ERROR!')).toHaveLength(0);
    w.host.clock.advanceTo(start + DAY);
    const next = reopen(w);
    expect(shown(w, 20)).toEqual(answers);
    // Kept where the platform allows it; else the cache's six hours were all there was.
    expect(next.fetches).toBe(policy === 'read-write' ? 0 : 40);
    expect(Object.keys(w.host.userProperties()).filter((k) => k.startsWith('pfs.'))).toEqual([]);
  },
);

test("an editor's recalculation reads the owner's kept answers; the host refuses an editor's write to the owner's user properties", () => {
  const w = sheetWithFormulas(3);
  const start = w.host.clock.now();
  reopen(w);
  const answers = shown(w, 3);
  w.host.clock.advanceTo(start + DAY);
  const before = w.host.requests.length;
  w.host.recalculate({ all: true, asUser: 'editor@acme.example' });
  expect(w.host.requests.length).toBe(before);
  expect(shown(w, 3)).toEqual(answers);
});
