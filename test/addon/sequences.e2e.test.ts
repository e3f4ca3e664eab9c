// Adding selected rows to a sequence through the built bundle, against the local service's seeded
// sequences: a 1,000-row send with every skip reason, reruns, overrides, the statuses that take
// leads, a sort while requests are out, answers that never came, refusals, and 10,000 rows.
import { ConnectionDropped, contactIds, type LocalRequest, type LocalResponse } from '../../sandbox';
import { addonWorld, column, type World } from '../support/addon-world';
import { expectEachLeadOnce, KEY, sequenceWorld, type Lead } from '../support/sequence-world';

const HEADER = ['First name', 'Last name', 'Email', 'LinkedIn URL', 'Company'];
const TARGET = 'Q4 Outbound - Enterprise';
const ADDED = `Added to ${TARGET}`;
const DATA = { 'First name': 'first_name', Company: 'company' };

function add(w: World, input: object) {
  const r = w.host.callFromSidebar('runSequenceAdd', [input]);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as { succeeded: number; skipped: number; failed: number; stoppedEarly: boolean; stopped?: string; message: string };
}

function preview(w: World, input: object) {
  const r = w.host.callFromSidebar('previewSequenceAdd', [input]);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as {
    rows: number;
    queued: number;
    done: number;
    reasons: Record<string, number>;
    headers: string[];
    mapping: { email?: number; profile_url?: number };
  };
}

/** A row and the status it must end with; `id` (the last name) finds it after a sort. */
interface Planned {
  first: string;
  id: string;
  email: string;
  profile: string;
  company: string;
  expect: string;
}

/**
 * People the account knows and what adding each to the target sequence comes to: by email, a
 * member of each sequence, the recently contacted, the exclusion lists and its contacts; by
 * profile URL, everyone the search finds. Asked of a service of the same seed, so the world under
 * test is untouched.
 */
function known(w: World): Array<{ email: string; profile: string; expect: string }> {
  const view = w.service.sequences(KEY)!;
  const probe = addonWorld().service;
  const call = (method: string, path: string, body?: object) =>
    JSON.parse(
      probe.handle({
        method,
        path,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : '',
      }).body,
    ) as Record<string, unknown>;
  const excludedEmail = (call('GET', '/excluded-emails?page[size]=1').excluded_emails as Array<{ email: string }>)[0]!.email;
  const excludedDomain = (call('GET', '/excluded-domains?page[size]=1').excluded_domains as Array<{ domain: string }>)[0]!.domain;
  const emails = [
    ...new Set([
      ...view.lead_examples.in_sequence.map((e) => e.email),
      ...view.lead_examples.recently_contacted,
      excludedEmail,
      `someone@${excludedDomain}`,
      ...contactIds(probe, KEY).map((id) => call('GET', `/contacts/${id}`).email as string),
    ]),
  ].map((email) => ({ email }));
  const profiles: Array<{ profile_url: string }> = [];
  for (let page = 1; ; page++) {
    const found = call('POST', '/people/search', { page, page_size: 100 }).results as Array<{ profile_url: string }>;
    if (found.length === 0) break;
    for (const p of found) profiles.push({ profile_url: p.profile_url });
  }
  const target = view.sequences.find((q) => q.name === TARGET)!.id;
  const why = new Map<string, string>();
  const leads = [...emails, ...profiles];
  for (let i = 0; i < leads.length; i += 250) {
    const answer = call('POST', `/sequences/${target}/leads`, { leads: leads.slice(i, i + 250) });
    for (const [list, refs] of Object.entries(answer)) {
      if (list.endsWith('_and_skipped')) for (const ref of refs as Lead[]) why.set(ref.email ?? ref.profile_url!, SKIPS[list]!);
    }
  }
  const fate = (k: string) => (why.has(k) ? `Skipped: ${why.get(k)}` : ADDED);
  // Every skipped one by profile URL, and a few of those added.
  return [
    ...emails.map(({ email }) => ({ email, profile: '', expect: fate(email) })),
    ...profiles
      .filter((p, i) => why.has(p.profile_url) || i % 100 === 0)
      .map((p) => ({ email: '', profile: p.profile_url, expect: fate(p.profile_url) })),
  ];
}

const SKIPS: Record<string, string> = {
  already_in_sequence_and_skipped: 'already in this sequence',
  in_exclusion_list_and_skipped: 'on the exclusion list',
  recently_contacted_and_skipped: 'contacted in the last 30 days',
  in_other_active_sequences_and_skipped: 'in another active sequence',
  in_other_draft_sequences_and_skipped: 'in another draft sequence',
};

/**
 * 1,000 rows: the people the account knows (every skip rule among them, and members of a paused
 * and an archived sequence, neither a rule), new people (by email, some by profile URL only),
 * repeats of earlier rows written another way, rows without an email or profile URL, a value too
 * long for a field, and a blank row.
 */
function thousandRows(w: World): Planned[] {
  const rows: Planned[] = [];
  const push = (email: string, profile: string, expect: string, company = `Firm ${rows.length % 40}`) =>
    rows.push({ first: `F${rows.length}`, id: `L${rows.length}`, email, profile, company, expect });
  const people = known(w);
  for (const reason of Object.values(SKIPS)) expect(people.some((p) => p.expect === `Skipped: ${reason}`)).toBe(true);
  for (const p of people) push(p.email, p.profile, p.expect);
  push('', 'https://www.linkedin.com/in/seq-only-profile-0', ADDED);
  push('', 'linkedin.com/in/seq-only-profile-1/', ADDED);
  push('', '', 'Skipped: no email or profile URL');
  push('lead.long@prospects1.example', '', 'Skipped: company is over 1,024 characters', 'x'.repeat(1100));
  rows.push({ first: '', id: '', email: '', profile: '', company: '', expect: '' });
  while (rows.length < 960) push(`lead.${rows.length}@prospects${rows.length % 20}.example`, '', ADDED);
  // Repeats of earlier rows, written another way: never sent.
  for (let k = 0; k < 15; k++) push(`MAILTO:Lead.${500 + k}@PROSPECTS${(500 + k) % 20}.example`, '', 'Skipped: repeated in the selection');
  push('', 'http://linkedin.com/in/seq-only-profile-0?trk=x', 'Skipped: repeated in the selection');
  push(people[0]!.email.toUpperCase(), '', 'Skipped: repeated in the selection');
  expect(rows.length).toBeLessThan(1000);
  while (rows.length < 1000) push('', '', 'Skipped: no email or profile URL');
  return rows;
}

function load(w: World, rows: Planned[]): void {
  w.host.sheet().load([HEADER, ...rows.map((r) => [r.first, r.id, r.email, r.profile, r.company])]);
  w.host.sheet().setFrozenRows(1);
  w.host.select(`Sheet1!A1:E${rows.length + 1}`);
}

/** Each row's status, by its id, wherever the row is now. */
function statusById(w: World): Map<string, unknown> {
  const ids = column(w, 'Last name');
  const status = column(w, 'Sequence · Status');
  return new Map(ids.map((id, i) => [String(id), status[i] ?? '']));
}

function expectStatuses(w: World, rows: Planned[]): void {
  const got = statusById(w);
  const wrong = rows
    .filter((r) => r.id && got.get(r.id) !== r.expect)
    .map((r) => `${r.id} ${r.email || r.profile}: ${String(got.get(r.id))}`);
  expect(wrong).toEqual([]);
}

test('1,000 rows to an active sequence, sorted while requests are out: every row its own answer, every lead taken once', () => {
  const w = sequenceWorld();
  const rows = thousandRows(w);
  load(w, rows);
  const count = (expect: string) => rows.filter((r) => r.expect === expect).length;
  const before = preview(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expect(before).toMatchObject({
    rows: 1000,
    done: 0,
    reasons: {
      'repeated in the selection': count('Skipped: repeated in the selection'),
      'no email or profile URL': count('Skipped: no email or profile URL'),
      'company is over 1,024 characters': 1,
    },
  });
  expect(before.reasons['repeated in the selection']).toBe(17);
  expect(before.queued).toBe(999 - 17 - count('Skipped: no email or profile URL') - 1);
  const added = count(ADDED);
  expect(before.headers[before.mapping.email!]).toBe('Email');
  expect(before.headers[before.mapping.profile_url!]).toBe('LinkedIn URL');
  // The preview wrote nothing and sent nothing.
  expect(w.host.sheet().values()[0]).toEqual(HEADER);
  expect(w.requests).toHaveLength(0);
  // Each request meets a sort of the sheet, by another column each time.
  const handle = w.service.handle;
  let n = 0;
  w.service.handle = (req) => {
    if (req.path.includes('/leads')) w.host.sheet().userSort([3, 5, 1, 2][n++ % 4]!, n % 2 === 0);
    return handle(req);
  };
  const out = add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  w.service.handle = handle;
  expect(out.stoppedEarly).toBe(false);
  expect(out.succeeded).toBe(added);
  expectStatuses(w, rows);
  expectEachLeadOnce(w);
  expect(w.requests.map((r) => r.length)).toEqual([250, 250, 250, before.queued - 750]);
  expect(w.service.sequences(KEY)!.sequences.find((s) => s.name === TARGET)!.leads_added).toBe(added);
  // Each lead carries the mapped fields, as text.
  const sent = w.taken.find((l) => l.email === 'lead.500@prospects0.example')!;
  expect(sent.data).toEqual({ first_name: 'F500', company: 'Firm 20' });
  expect(sent.overrides).toEqual({});
  // The commonest reasons rows were not added, each with its count.
  expect(out.message).toMatch(
    new RegExp(`^Add to "${TARGET}": ${added} done, ${999 - added} skipped: .*no email or profile URL \\(24 rows\\)`),
  );
});

test('a rerun sends only rows not added; overrides turned on change what the service skips', () => {
  const w = sequenceWorld();
  const rows = thousandRows(w);
  load(w, rows);
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  // A profile URL goes as https, without www.
  const bare = (text: string) => text.replace(/^https?:\/\/(www\.)?/, '');
  const lead = (l: Lead) => bare(l.email ?? l.profile_url ?? '');
  const row = (r: Planned) => bare(r.email || r.profile);
  const addedLeads = new Set(rows.filter((r) => r.expect === ADDED).map(row));
  const again = preview(w, { sequenceId: w.ids[TARGET] });
  expect(again.done).toBe(addedLeads.size);
  const sentBefore = w.requests.length;
  // Sorted the other way, a repeat now comes before the row added: it still goes nowhere.
  w.host.sheet().userSort(2, false);
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  // Only the rows the service skipped went again, and were skipped again.
  const resent = w.requests.slice(sentBefore).flat();
  expect(resent.map(lead).sort()).toEqual(
    rows
      .filter((r) => r.expect.startsWith('Skipped:') && !/repeated|no email|over 1,024/.test(r.expect))
      .map(row)
      .sort(),
  );
  expect(resent.some((l) => addedLeads.has(lead(l)))).toBe(false);
  // Of two rows of one person neither added, the one now first went, and the other is its repeat.
  const twin = rows.find((r) => r.email === rows[0]!.email.toUpperCase())!;
  const now = rows.map((r) => (r === rows[0] ? { ...r, expect: twin.expect } : r === twin ? { ...r, expect: rows[0]!.expect } : r));
  expectStatuses(w, now);
  // With every override on, only a lead already in this sequence is still skipped.
  const overrides = {
    ignore_recently_contacted: true,
    ignore_exclusion_list: true,
    ignore_duplicate_leads_in_other_draft_sequences: true,
    ignore_duplicate_leads_in_other_active_sequences: true,
  };
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA, overrides });
  expect(w.requests.at(-1)!.every((l) => JSON.stringify(l.overrides) === JSON.stringify(overrides))).toBe(true);
  expectStatuses(
    w,
    now.map((r) => (/exclusion|30 days|another/.test(r.expect) ? { ...r, expect: ADDED } : r)),
  );
  expectEachLeadOnce(w);
});

test('a paused sequence takes leads; a draft one is refused before anything is marked or sent', () => {
  const w = sequenceWorld();
  w.host.sheet().load([HEADER, ['Ann', 'A', 'ann@prospects1.example', '', 'Acme'], ['Bo', 'B', 'bo@prospects2.example', '', 'Acme']]);
  w.host.select('Sheet1!A1:E3');
  const draft = w.host.callFromSidebar('runSequenceAdd', [{ sequenceId: w.ids['Webinar Invitations'] }]);
  expect(draft.error?.message).toBe('The sequence is draft: choose one that takes leads.');
  const gone = w.host.callFromSidebar('previewSequenceAdd', [{ sequenceId: 'no-such-sequence' }]);
  expect(gone.error?.message).toBe('The sequence is gone: choose one that takes leads.');
  expect(w.host.sheet().values()[0]).toEqual(HEADER);
  expect(w.requests).toHaveLength(0);
  const list = w.host.callFromSidebar('listSequences', []).value as Array<{ name: string; status: string; accepts: boolean }>;
  expect(
    list
      .filter((s) => s.accepts)
      .map((s) => s.status)
      .sort(),
  ).toEqual(['active', 'active', 'paused']);
  expect(list).toHaveLength(8);
  add(w, { sequenceId: w.ids['Event Attendees'] });
  expect(column(w, 'Sequence · Status')).toEqual(['Added to Event Attendees', 'Added to Event Attendees']);
  // Added to one sequence, a row is left out of the next.
  const next = preview(w, { sequenceId: w.ids[TARGET] });
  expect(next).toMatchObject({ rows: 2, done: 2, queued: 0 });
});

test('an answer that never came leaves its rows unsure, and no rerun sends them again', () => {
  let n = 0;
  const w = sequenceWorld({
    // The second request is carried out, but its answer is lost on the way back.
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        const res = svc.handle(req);
        if (req.path.includes('/leads') && ++n === 2) throw new ConnectionDropped();
        return res;
      },
    }),
  });
  const rows = thousandRows(w).slice(0, 600);
  load(w, rows);
  // Two rows left Sending by a run that was cut off.
  w.host.sheet().userEdit('F1', 'Sequence · Status');
  w.host.sheet().userEdit('F600', 'Sending');
  w.host.sheet().userEdit('F601', 'Sending');
  const out = add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expect(out.failed).toBe(250);
  const status = column(w, 'Sequence · Status');
  const unsure = status.filter((s) => /may have gone through; check before sending it again\.$/.test(String(s)));
  expect(unsure).toHaveLength(250);
  expect(status.slice(598, 600)).toEqual(
    Array(2).fill('Error: the run was cut off while this row was sent; check before sending it again.'),
  );
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expect(column(w, 'Sequence · Status').filter((s) => unsure.includes(s))).toHaveLength(250);
  expectEachLeadOnce(w);
  // The service took the lost request's leads exactly once, and nothing was sent for the cut-off rows.
  expect(w.taken.some((l) => l.email === rows[598]!.email || l.email === rows[599]!.email)).toBe(false);
});

test('a sequence that closes mid-run stops the run with a sentence; rows not sent say so and go on a rerun', () => {
  let n = 0;
  const w = sequenceWorld({
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        if (req.path.includes('/leads') && ++n === 2)
          return {
            status: 409,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ object: 'error', _errors: [{ code: 'invalid_state', title: 'invalid_state', detail: 'paused' }] }),
          };
        return svc.handle(req);
      },
    }),
  });
  const rows = thousandRows(w);
  load(w, rows);
  const out = add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expect(out.stopped).toBe('The sequence is gone or closed.');
  expect(out.message).toMatch(/Stopped: The sequence is gone or closed\.$/);
  const status = column(w, 'Sequence · Status');
  expect(status.filter((s) => s === 'Error: The sequence is gone or closed.')).toHaveLength(250);
  expect(status.filter((s) => s === 'Skipped: not sent: The sequence is gone or closed.').length).toBeGreaterThan(0);
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expectStatuses(w, rows);
  expectEachLeadOnce(w);
});

test("a value the service refuses fails that request's rows with the reason; the others go on, and a rerun sends them again", () => {
  let n = 0;
  const w = sequenceWorld({
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        if (req.path.includes('/leads') && ++n === 1)
          return {
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              object: 'error',
              _errors: [{ code: 'unsupported_value', title: 'unsupported_value', detail: 'bad', source: { pointer: '/leads/3/email' } }],
            }),
          };
        return svc.handle(req);
      },
    }),
  });
  const rows = thousandRows(w);
  load(w, rows);
  const out = add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expect(out.failed).toBe(250);
  expect(out.stopped).toBeUndefined();
  expect(column(w, 'Sequence · Status').filter((s) => s === 'Error: The service did not accept a value of this row.')).toHaveLength(250);
  add(w, { sequenceId: w.ids[TARGET], mapping: DATA });
  expectStatuses(w, rows);
  expectEachLeadOnce(w);
});

test('the menu opens the sidebar on Add to a sequence', () => {
  const w = sequenceWorld();
  expect(w.host.clickMenu('Add to a sequence…').ok).toBe(true);
  expect(w.host.ui.sidebars().at(-1)!.html).toContain('<body data-view="sequence">');
});

/** 10,000 rows of new people, selected. */
function tenThousand(w: World): void {
  const rows = Array.from({ length: 10000 }, (_, i) => [`F${i}`, `L${i}`, `p${i}@bulk${i % 50}.example`, '', 'Bulk']);
  w.host.sheet().load([HEADER, ...rows]);
  w.host.select('Sheet1!A1:E10001');
}

test("10,000 rows at the service's 30 requests a minute: its refusals are waited out, and all go in one call", () => {
  const w = sequenceWorld();
  tenThousand(w);
  const out = add(w, { sequenceId: w.ids[TARGET] });
  expect(out).toMatchObject({ succeeded: 10000, stoppedEarly: false, message: `Add to "${TARGET}": 10000 done.` });
  // Forty requests of 250, and at least one more the service refused for the rate and took after the wait.
  expect(w.requests.length).toBeGreaterThan(40);
  expect(w.taken).toHaveLength(10000);
  expect(new Set(column(w, 'Sequence · Status'))).toEqual(new Set([ADDED]));
  expectEachLeadOnce(w);
});

test('10,000 rows to a slow service: each call goes as far as its time allows, says so, and the next goes on', () => {
  const w = sequenceWorld();
  tenThousand(w);
  w.service.setFaults({ slowRate: 1, slowMs: 10000 });
  const calls = [add(w, { sequenceId: w.ids[TARGET] })];
  while (calls.at(-1)!.stoppedEarly && calls.length < 10) calls.push(add(w, { sequenceId: w.ids[TARGET] }));
  expect(calls.length).toBeGreaterThan(1);
  expect(calls[0]!.message).toMatch(/Time ran out: run it again for the rest\.$/);
  expect(calls.at(-1)!.stoppedEarly).toBe(false);
  expect(calls.reduce((n, c) => n + c.succeeded, 0)).toBe(10000);
  expect(new Set(column(w, 'Sequence · Status'))).toEqual(new Set([ADDED]));
  expectEachLeadOnce(w);
});

test('sent from a chosen mailbox: one of the active ones listed, sent with the leads; one that needs reconnection stops the run, saying why', () => {
  const w = sequenceWorld();
  const r = w.host.callFromSidebar('listSendingMailboxes', []);
  if (!r.ok) throw new Error(r.error?.message);
  const mailboxes = r.value as Array<{ id: string; email: string }>;
  // The account's active mailboxes, by address: the seeded set has sixteen.
  expect(mailboxes).toHaveLength(16);
  expect(mailboxes.map((m) => m.email)).toEqual([...mailboxes.map((m) => m.email)].sort());
  const mailbox = mailboxes.find((m) => m.email === 'jordan@sales.example')!;
  w.host.sheet().load([HEADER, ['Ann', 'Lee', 'ann@prospects1.example', '', 'Acme']]);
  w.host.select('Sheet1!A1:E2');
  const sent = add(w, { sequenceId: w.ids[TARGET], mailboxId: mailbox.id });
  expect(sent.succeeded).toBe(1);
  const posts = () => w.host.requests.filter((q) => q.url.endsWith('/leads') && q.method === 'POST');
  expect(JSON.parse(posts().at(-1)!.body).settings).toEqual({ mailbox_id: mailbox.id });
  // A mailbox that needs reconnection, as the service lists it.
  const list = w.service.handle({
    method: 'GET',
    path: '/mailboxes?status=needs_reconnection',
    headers: { authorization: `Bearer ${KEY}` },
    body: '',
  });
  const broken = (JSON.parse(list.body).mailboxes as Array<{ id: string; status: string }>)[0]!;
  expect(broken.status).toBe('needs_reconnection');
  w.host
    .sheet()
    .userClear()
    .load([HEADER, ['Bo', 'Ray', 'bo@prospects1.example', '', 'Acme']]);
  const refused = add(w, { sequenceId: w.ids[TARGET], mailboxId: broken.id });
  expect(refused.succeeded).toBe(0);
  expect(refused.stopped).toMatch(/^The mailbox to send from cannot be used: the mailbox .+ is needs reconnection/);
  expect(
    w.host
      .sheet()
      .values()[1]!
      .some((v) => /^Error: The mailbox to send from cannot be used/.test(String(v))),
  ).toBe(true);
});
