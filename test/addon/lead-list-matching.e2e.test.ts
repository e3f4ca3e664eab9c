// Lead lists of every type, end to end: each row ends with what the service answered for the lead
// it sent (listed, or reported unmatched), however the service's entry differs from the row.
import { addonWorld, column, connect, OWNER, runTriggers, type World, tabs } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';

type Lead = Record<string, unknown>;

function get(w: World, path: string): Record<string, unknown> {
  const r = w.service.handle({ method: 'GET', path, headers: { authorization: `Bearer ${ALPHA}` }, body: '' });
  expect(r.status).toBe(200);
  return JSON.parse(r.body) as Record<string, unknown>;
}

/** Runs a lead list over the whole sheet and returns what was sent and what the service holds. */
function runList(rows: unknown[][], listType: string, options: Record<string, boolean> = {}) {
  const w = addonWorld();
  w.host.sheet().load(rows);
  w.host.open();
  connect(w, ALPHA);
  w.host.select(`Sheet1!A1:${String.fromCharCode(64 + rows[0]!.length)}${rows.length}`);
  const r = w.host.callFromSidebar('startRun', [
    { action: 'lead_list', list: { name: `By ${listType}`, owner: OWNER }, options: { listType, ...options }, confirmed: true },
  ]);
  if (!r.ok) throw new Error(r.error?.message);
  runTriggers(w);
  const post = w.host.requests.filter((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/lead-lists'));
  expect(post).toHaveLength(1);
  const sent = (JSON.parse(post[0]!.body) as { leads: Lead[] }).leads;
  const listed = get(w, `/lead-lists/${listId(w)}?page[size]=1000`);
  const unmatched = new Set(((listed._errors as Array<{ source?: { pointer?: string } }>) ?? []).map((e) => e.source?.pointer));
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string; message: string }>;
  return { w, sent, entries: listed.leads as Lead[], unmatched, job: jobs[0]! };
}

/** The id of the list the add-on created, from the reads it made of it. */
function listId(w: World): string {
  const read = w.host.requests.find((q) => /\/lead-lists\/[0-9a-f-]+/.test(q.url))!;
  return /\/lead-lists\/([0-9a-f-]+)/.exec(read.url)![1]!;
}

/**
 * Each sent lead's row, found by the row's own cells (`cellsOf` gives what a lead names of its
 * row), must say what the service did with that lead: listed, or reported as matching nobody.
 */
function expectRowsFollowTheService(run: ReturnType<typeof runList>, rows: unknown[][], cellsOf: (lead: Lead) => unknown[]) {
  const statuses = column(run.w, 'Lead list · Status');
  const data = rows.slice(1);
  run.sent.forEach((lead, i) => {
    const wanted = cellsOf(lead).map((v) => String(v).toLowerCase());
    const at = data.findIndex((row) => wanted.every((v) => row.some((c) => String(c).trim().toLowerCase() === v)));
    expect(at).toBeGreaterThanOrEqual(0);
    expect([lead, statuses[at]]).toEqual([lead, run.unmatched.has(`/leads/${i}`) ? 'Not found' : 'Added to list']);
  });
  expect(statuses.filter((s) => s === 'Added to list')).toHaveLength(run.entries.length);
  expect(run.entries.length).toBeGreaterThan(0);
  expect(run.unmatched.size).toBeGreaterThan(0);
  expect(run.job.state).toBe('done');
  expect(run.job.message).not.toMatch(/unplaced|deleted|edited/);
  expect(tabs(run.w)).toEqual(['Sheet1']);
}

test('titles with company names: the leads the service listed are the rows marked added, the others not found', () => {
  const rows = [
    ['Title', 'Company'],
    ['VP of Sales', 'Harbor Logistics, Inc.'],
    ['Head of Growth', 'Cedar Health'],
    ['Chief Financial Officer', 'Bluefin Analytics LLC'],
    ['Account Executive', 'Zenith Software'],
    ['CTO', 'Notfound Corp'],
  ];
  const run = runList(rows, 'titles_and_company', { enrich: true });
  expectRowsFollowTheService(run, rows, (lead) => [lead.title, lead.company_name]);
});

test('titles with company domains', () => {
  const rows = [
    ['Title', 'Website'],
    ['VP of Sales', 'https://www.harborlogistics.com/about'],
    ['Head of Growth', 'cedarhealth.org'],
    ['Product Manager', 'zenithsoftware.io'],
    ['CTO', 'shop.invalid'],
  ];
  const run = runList(rows, 'titles_and_company');
  expectRowsFollowTheService(run, rows, (lead) => [lead.title]);
});

test('emails, typed in any case', () => {
  const rows = [
    ['Email', 'Title'],
    ['  Jane.Doe@Example.com ', 'CEO'],
    ['sam.lee@harborlogistics.com', 'VP of Sales'],
    ['nobody@notfound.example', 'CTO'],
  ];
  const run = runList(rows, 'email', { validateEmail: true });
  expectRowsFollowTheService(run, rows, (lead) => [lead.email]);
});

test('profile URLs, written any way', () => {
  const rows = [
    ['Profile URL', 'Title'],
    ['https://www.linkedin.com/in/found-sam-lee/', 'VP of Sales'],
    ['linkedin.com/in/Kim-Park?trk=x', 'Head of Growth'],
    ['https://www.linkedin.com/in/notfound-someone', 'CTO'],
  ];
  const run = runList(rows, 'profile');
  expectRowsFollowTheService(run, rows, (lead) => [lead.title]);
});
