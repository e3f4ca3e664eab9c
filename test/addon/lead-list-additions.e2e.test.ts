// Adding rows to an existing lead list through the built bundle: the list's type and options
// decide what rows send and cost, only this run's leads reach its rows, and a list that fills up
// leaves every row it did not take saying "List full", never Processing.
import { addonWorld, column, connect, OWNER, runTriggers, type World, tabs } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';
const CAPACITY = 60000;
const PER_REQUEST = 10000;

function call(w: World, method: string, path: string, body?: unknown) {
  const r = w.service.handle({
    method,
    path,
    headers: { authorization: `Bearer ${ALPHA}`, 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return { status: r.status, json: JSON.parse(r.body) as Record<string, unknown> };
}

// Leads that match nobody: the list holds them, but lists (and so reads) only its matched leads.
const filler = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ email: `filler.${from + i}@notfound.example` }));

/** A list made at the service (as in its own application), holding `size` leads of its own. */
function existingList(w: World, opts: { type?: string; size?: number; options?: Record<string, boolean>; leads?: object[] } = {}): string {
  const own = opts.leads ?? [];
  const first = [...own, ...filler(0, Math.min(PER_REQUEST, (opts.size ?? 1) - own.length))];
  const made = call(w, 'POST', '/lead-lists', {
    name: 'Existing list',
    owner: OWNER,
    type: opts.type ?? 'email',
    leads: first,
    options: { enrich: false, validate_email: false, reveal_phone_numbers: false, ...opts.options },
  });
  expect(made.status).toBe(202);
  const id = String(made.json.id);
  for (let at = first.length; at < (opts.size ?? 1); at += PER_REQUEST) {
    const more = call(w, 'POST', `/lead-lists/${id}/leads`, { leads: filler(at, Math.min(PER_REQUEST, opts.size! - at)) });
    expect(more.status).toBe(202);
  }
  return id;
}

const PEOPLE = [
  'ava.lindqvist@harborlogistics.com',
  'ben.okafor@cedarhealth.org',
  'chloe.martin@bluefinanalytics.com',
  'dev.patel@zenithsoftware.io',
  'ella.rossi@northwindtraders.com',
  'finn.baker@harborlogistics.com',
  'gia.nguyen@cedarhealth.org',
  'hugo.silva@bluefinanalytics.com',
];

function sheetWorld(rows: unknown[][]): World {
  const w = addonWorld();
  w.host.sheet().load(rows);
  w.host.open();
  connect(w, ALPHA);
  w.host.select(`Sheet1!A1:B${rows.length}`);
  return w;
}

const emailRows = (emails: string[]) => [['Name', 'Email'], ...emails.map((e, i) => [`Person ${i + 1}`, e])];

function start(w: World, listId: string, confirmed = true) {
  return w.host.callFromSidebar('startRun', [{ action: 'lead_list', listId, options: {}, confirmed }]);
}

function posts(w: World, pattern: RegExp) {
  return w.host.requests.filter((q) => q.method.toLowerCase() === 'post' && pattern.test(q.url));
}

function leadsOf(w: World, id: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let path: string | undefined = `/lead-lists/${id}?page[size]=1000`;
  while (path) {
    const page = call(w, 'GET', path).json as { leads: Array<Record<string, unknown>>; _links: { next?: { href: string } } };
    out.push(...page.leads);
    path = page._links.next?.href;
  }
  return out;
}

test('rows go to the existing list with its own type and options; only this run’s leads reach the rows', () => {
  const rows = [...emailRows(PEOPLE.slice(0, 6)), ['Nobody', 'not an email'], ['Repeat', PEOPLE[0]]];
  const w = sheetWorld(rows);
  // The list already holds one of the sheet's people, added elsewhere: an entry that is not this run's.
  const id = existingList(w, { size: 40, options: { enrich: true }, leads: [{ email: PEOPLE[1] }] });
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'lead_list', listId: id, options: {} }]);
  expect(preview.ok).toBe(true);
  const p = preview.value as { summary: string; credits: { email: number; phone: number }; needsConfirmation: boolean };
  // Enrich at 0.5 an email credit, the list's option, for the six distinct addresses.
  expect(p.credits).toEqual({ email: 3, phone: 0 });
  expect(p.summary).toMatch(/^Adding 6 distinct rows of "Sheet1" to the lead list "Existing list" \(matching by email\)/);
  expect(start(w, id, false).error?.message).toMatch(/confirm/);
  const r = start(w, id);
  expect(r.ok).toBe(true);
  runTriggers(w);

  expect(posts(w, /\/lead-lists$/)).toHaveLength(0);
  const added = posts(w, new RegExp(`/lead-lists/${id}/leads$`));
  expect(added).toHaveLength(1);
  const body = JSON.parse(added[0]!.body) as { type: string; leads: Array<{ email: string; context: Record<string, string> }> };
  expect(body.type).toBe('email');
  expect(body.leads.map((l) => l.email)).toEqual(PEOPLE.slice(0, 6));

  const listed = leadsOf(w, id).filter((l) => (l.data as Record<string, unknown>).sheet_part !== undefined);
  const listedEmails = new Set(listed.map((l) => String(l.email)));
  const statuses = column(w, 'Lead list · Status');
  PEOPLE.slice(0, 6).forEach((e, i) => expect([e, statuses[i]]).toEqual([e, listedEmails.has(e) ? 'Added to list' : 'Not found']));
  expect(statuses[6]).toBe('Skipped: not a valid email address');
  expect(statuses[7]).toBe(statuses[0]);
  expect(listed.length).toBeGreaterThan(0);
  // The list's other 40 leads (one of them a row's person) went nowhere: no sheet of unplaced results.
  expect(tabs(w)).toEqual(['Sheet1']);
  const job = (w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message?: string }>)[0]!;
  expect(job.state).toBe('done');
});

test('the list’s type is checked against the selection before anything is sent', () => {
  const w = sheetWorld(emailRows(PEOPLE.slice(0, 3)));
  const id = existingList(w, { type: 'profile', leads: [{ profile_url: 'https://www.linkedin.com/in/someone' }] });
  const r = w.host.callFromSidebar('previewRun', [{ action: 'lead_list', listId: id, options: {} }]);
  expect(r.error?.message).toMatch(/needs a Profile URL column/);
  expect(start(w, id).ok).toBe(false);
  expect(posts(w, /\/leads$/)).toHaveLength(0);
  expect(
    w.host.callFromSidebar('previewRun', [{ action: 'lead_list', listId: '00000000-0000-4000-8000-000000000000', options: {} }]).error
      ?.message,
  ).toBe('That lead list no longer exists. Choose another.');
});

test('the sidebar lists the account’s lists with how each matches and what a row added costs', () => {
  const w = sheetWorld(emailRows(PEOPLE.slice(0, 1)));
  existingList(w, { options: { validate_email: true, reveal_phone_numbers: true } });
  existingList(w, { type: 'titles_and_company', leads: [{ title: 'CTO', company_name: 'Acme' }] });
  const r = w.host.callFromSidebar('listLeadLists', []);
  expect(r.ok).toBe(true);
  const lists = r.value as Array<{ matches: string; note: string; accepts: boolean }>;
  expect(lists.map((l) => [l.matches, l.note, l.accepts])).toEqual([
    ['title and company', 'Each row added costs no credits.', true],
    ['email', 'Each row added costs 1 email credit (1 for 1 email validated) and 1 phone credit (1 for 1 phone revealed).', true],
  ]);
});

test('a list that fills up: the leads it took are read, the rest and the parts not sent say List full; a rerun sends only those', () => {
  const w = sheetWorld(emailRows(PEOPLE));
  // Parts of three rows: the first part fits two leads, the second and third are never sent.
  w.host.setProperties('script', { 'prospecting.partSize': '3' });
  const id = existingList(w, { size: CAPACITY - 2 });
  expect(start(w, id).ok).toBe(true);
  runTriggers(w);
  const added = posts(w, /\/leads$/);
  expect(added).toHaveLength(1);
  const statuses = column(w, 'Lead list · Status');
  const ours = new Set(
    leadsOf(w, id)
      .filter((l) => (l.data as Record<string, unknown>).sheet_part !== undefined)
      .map((l) => String(l.email)),
  );
  expect(ours.size).toBeLessThanOrEqual(2);
  expect(statuses.slice(0, 2)).toEqual(PEOPLE.slice(0, 2).map((e) => (ours.has(e) ? 'Added to list' : 'Not found')));
  expect(statuses.slice(2)).toEqual(Array(PEOPLE.length - 2).fill('List full'));
  const job = (
    w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message?: string; counts: Record<string, number> }>
  )[0]!;
  expect(job.state).toBe('failed');
  expect(job.message).toMatch(/The lead list is full/);
  expect(job.counts['List full']).toBe(PEOPLE.length - 2);

  // Into a list with room: only the rows the full list refused go out.
  const roomy = existingList(w, { size: 5 });
  expect(start(w, roomy).ok).toBe(true);
  runTriggers(w);
  const again = posts(w, new RegExp(`/lead-lists/${roomy}/leads$`));
  expect(again.map((q) => (JSON.parse(q.body) as { leads: unknown[] }).leads.length)).toEqual([3, 3]);
  expect(column(w, 'Lead list · Status').filter((s) => s === 'List full')).toHaveLength(0);
});

test('a list already full: nothing is added, every row says List full, none is left Processing', () => {
  const w = sheetWorld(emailRows(PEOPLE.slice(0, 4)));
  const id = existingList(w, { size: CAPACITY });
  expect(start(w, id).ok).toBe(true);
  runTriggers(w);
  expect(column(w, 'Lead list · Status')).toEqual(Array(4).fill('List full'));
  expect(posts(w, /\/leads$/)).toHaveLength(1);
});

test('a list whose options cost more credits than the account has: nothing added, the rows say why', () => {
  const w = addonWorld({ accounts: [{ key: ALPHA, name: 'Few credits', credits: { email: 1, phone: 0 } }] });
  w.host.sheet().load(emailRows(PEOPLE.slice(0, 4)));
  w.host.open();
  connect(w, ALPHA);
  w.host.select('Sheet1!A1:B5');
  const id = existingList(w, { options: { validate_email: true } });
  expect(start(w, id).ok).toBe(true);
  runTriggers(w);
  const statuses = column(w, 'Lead list · Status');
  expect(statuses.every((s) => String(s).startsWith('Error: Not sent:'))).toBe(true);
  expect(leadsOf(w, id).filter((l) => (l.data as Record<string, unknown>).sheet_part !== undefined)).toHaveLength(0);
  const job = (w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>)[0]!;
  expect(job.state).toBe('failed');
});

test('the menu’s "Add to an existing lead list…" opens the sidebar on lead lists', () => {
  const w = sheetWorld(emailRows(PEOPLE.slice(0, 1)));
  expect(w.host.clickMenu('Add to an existing lead list…').ok).toBe(true);
  const shown = w.host.ui.sidebars();
  expect(shown).toHaveLength(1);
  expect(shown[0]!.html).toContain('<body data-view="lead-list">');
});
