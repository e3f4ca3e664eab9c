// Credits in sight: what each job spent, in its parts, counted from the results it read at the
// spec's rates; the user's spend of the day and the month; the toast at a job's end. Through the
// built bundle in the local host against the local service.
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';
import { append, faultWorld, hours, leads, saveAuto, validated } from '../support/automation-world';

const KEY = 'demo-key-alpha';
const HEADER = ['First Name', 'Last Name', 'Email', 'Website'];
const COMPANIES = ['harborlogistics', 'bluefinanalytics', 'cedarhealth', 'zenithsoftware'];
const rows = (n: number) =>
  Array.from({ length: n }, (_, k) => {
    const c = COMPANIES[k % 4]!;
    return [`First${k}`, `Last${k}`, `first${k}.last${k}@${c}.com`, `https://www.${c}.com`];
  });

type Part = { what: string; count: number; rate: number; kind: 'email' | 'phone' };
type Job = { action: string; state: string; spent?: Part[] };

function world(n: number, opts: Parameters<typeof addonWorld>[0] = {}): World {
  const w = addonWorld(opts);
  w.host.sheet().load([HEADER, ...rows(n)]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:D${n + 1}`);
  return w;
}

const credits = (parts: Part[] = []) => {
  const out = { email: 0, phone: 0 };
  for (const p of parts) out[p.kind] += p.count * p.rate;
  return out;
};
const jobs = (w: World) => w.host.callFromSidebar('listJobs', []).value as Job[];
const connection = (w: World) => w.host.callFromSidebar('getConnection', []).value as { spent: { today: Part[]; month: Part[] } };

test('each job says what it spent, by kind and in parts, as the service charged it; the day and month add up every job', () => {
  const w = world(12);
  const person = { action: 'person', options: { revealEmail: true, revealPhones: true }, confirmed: true };
  expect(w.host.callFromSidebar('startRun', [person]).ok).toBe(true);
  runTriggers(w);
  const [enriched] = jobs(w);
  expect(enriched!.state).toBe('done');
  const found = column(w, 'Person · Status').filter((s) => s === 'Enriched').length;
  const phones = column(w, 'Person · Phones').filter(Boolean).length;
  expect(found).toBeGreaterThan(0);
  expect(phones).toBeGreaterThan(0);
  expect(enriched!.spent).toEqual(
    expect.arrayContaining([
      { what: 'found', count: found, rate: 0.5, kind: 'email' },
      { what: 'phones', count: phones, rate: 1, kind: 'phone' },
    ]),
  );
  // What the job counted from its results is what the service took from the account.
  const charged = w.service.account(KEY)!.spent;
  expect(credits(enriched!.spent)).toEqual({ email: charged.email, phone: charged.phone });

  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]).ok).toBe(true);
  expect(w.host.callFromSidebar('startRun', [{ action: 'company', confirmed: true }]).ok).toBe(true);
  runTriggers(w);
  const all = jobs(w);
  expect(all.find((j) => j.action === 'email')!.spent).toEqual([{ what: 'validated', count: 12, rate: 1, kind: 'email' }]);
  // Company enrichment is free: its job spent nothing, and says so (no part).
  expect(all.find((j) => j.action === 'company')!.spent).toEqual([]);

  const { spent } = connection(w);
  const total = w.service.account(KEY)!.spent;
  expect(credits(spent.today)).toEqual({ email: total.email, phone: total.phone });
  expect(spent.month).toEqual(spent.today);
  expect(spent.today).toEqual(expect.arrayContaining([{ what: 'validated', count: 12, rate: 1, kind: 'email' }]));
});

test('a lead list counts people found and emails validated by its options', () => {
  const w = world(6);
  const list = {
    action: 'lead_list',
    list: { name: 'Spend', owner: OWNER },
    options: { enrich: true, validateEmail: true },
    confirmed: true,
  };
  expect(w.host.callFromSidebar('startRun', [list]).ok).toBe(true);
  runTriggers(w);
  const [job] = jobs(w);
  const added = column(w, 'Lead list · Status').filter((s) => s === 'Added to list').length;
  expect(added).toBeGreaterThan(0);
  expect(job!.spent).toEqual([
    { what: 'found', count: added, rate: 0.5, kind: 'email' },
    { what: 'validated', count: added, rate: 1, kind: 'email' },
  ]);
  expect(credits(job!.spent).email).toBe(w.service.account(KEY)!.spent.email);
});

test("the toast at a job's end says what it spent", () => {
  const w = world(3);
  w.host.ui.answer('YES');
  expect(w.host.clickMenu('Validate emails').ok).toBe(true);
  runTriggers(w);
  const toasts = w.host.spreadsheet.toasts.map((t) => t.message);
  expect(toasts.at(-1)).toBe('Done. Spent 3 email credits (3 for 3 emails validated at 1 each).');
});

test('a job record from before jobs counted their spend shows none rather than a part of it', () => {
  const w = world(40, { service: { processingRate: 2 } });
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]).ok).toBe(true);
  // The record as an earlier version saved it, mid-way: no `spent`.
  const props = w.host.userProperties();
  const key = Object.keys(props).find((k) => k.startsWith('job.'))!;
  expect(props[key]).toMatch(/"spent":\{/);
  w.host.setProperties('user', { [key]: props[key]!.replace(/,"spent":\{[^}]*\}/, '') });
  w.host.evictCaches();
  runTriggers(w);
  const [job] = jobs(w);
  expect(job!.state).toBe('done');
  expect(job!.spent).toBeUndefined();
  // The user's spend still counts what the service charged.
  expect(credits(connection(w).spent.today).email).toBe(w.service.account(KEY)!.spent.email);
});

test("automated runs count: each run's spend in its history, and in the user's day", () => {
  const w = faultWorld();
  const sheet = leads(w);
  saveAuto(w, { capPerRun: 100, capPerDay: 100 });
  append(sheet, 6);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(6);
  const view = w.host.callFromSidebar('getAutomation', []).value as { history: Array<{ spent?: Part[] }>; prices: Record<string, Part[]> };
  expect(view.history.flatMap((r) => r.spent ?? [])).toEqual([{ what: 'validated', count: 6, rate: 1, kind: 'email' }]);
  // Each action's price per row, as the tab shows it beside its box.
  expect(view.prices.email).toEqual([{ what: 'validated', count: 1, rate: 1, kind: 'email' }]);
  expect(view.prices.company).toEqual([]);
  expect(credits(connection(w).spent.today).email).toBe(6);
});
