// GET /sequences and POST /sequences/{id}/leads over HTTP, as the decisions document sets them:
// the seeded sequences and their paging and filters, every validation error, every skip reason in
// its order with the overrides, duplicates inside a request, and the 30-a-minute limit.
import { DEFAULT_LIMITS } from '../../sandbox';
import { contact, accountContactIds } from '../../sandbox/universe/contacts';
import { accountSequences, SEQUENCE_PLAN, SEQUENCE_STATUSES } from '../../sandbox/universe/sequences';
import { accountMailboxes } from '../../sandbox/universe/mailboxes';
import { expectHttpError, httpHarness, type HttpHarness } from './http-client';

const SEED = 11;
let h: HttpHarness;
let accountId: string;
beforeAll(async () => {
  h = await httpHarness({ seed: SEED });
  accountId = h.service.account('demo-key-alpha')!.id;
});
afterAll(() => h.close());

const seqs = () => accountSequences(SEED, accountId);
const idOf = (name: string) => seqs().sequences.find((s) => s.name === name)!.id;
/** An email the account's sequence of this name held from the start. */
const memberOf = (name: string) => seqs().examples.inSequence.find((e) => e.sequence === name)!.email;
const add = (id: string, body: unknown) => h.send('POST', `/sequences/${id}/leads`, body);
const ACTIVE = 'Q4 Outbound - Enterprise';

describe('GET /sequences', () => {
  test('the documented set, newest first, at least one in each status', async () => {
    const r = await h.send('GET', '/sequences');
    expect(r.status).toBe(200);
    const listed = r.json.sequences;
    expect(listed.map((s: { name: string }) => s.name).sort()).toEqual(SEQUENCE_PLAN.map((s) => s.name).sort());
    for (const status of SEQUENCE_STATUSES) expect(listed.some((s: { status: string }) => s.status === status)).toBe(true);
    const created = listed.map((s: { created_at: string }) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(Object.keys(listed[0]).sort()).toEqual([
      'created_at',
      'created_by_user_email',
      'created_by_user_id',
      'id',
      'name',
      'status',
      'updated_at',
    ]);
    expect(r.json._links.next).toBeUndefined();
  });

  test('contacts are in the sequences their activity names', () => {
    const ids = new Set(seqs().sequences.map((s) => s.id));
    for (const id of accountContactIds(SEED, accountId)) {
      for (const a of contact(SEED, accountId, id)!['recent_activity'] as Array<{ sequence_id: string }>)
        expect(ids.has(a.sequence_id)).toBe(true);
    }
  });

  test('cursor paging with page[size] from 1 to 100; bad sizes and cursors are invalid_parameter', async () => {
    const seen: string[] = [];
    let next: string | undefined = '/sequences?page[size]=3';
    while (next) {
      const r = await h.send('GET', next);
      expect(r.json.sequences.length).toBeLessThanOrEqual(3);
      seen.push(...r.json.sequences.map((s: { id: string }) => s.id));
      next = r.json._links.next?.href;
    }
    expect(seen).toEqual(seqs().sequences.map((s) => s.id));
    expect((await h.send('GET', '/sequences?page[size]=100')).status).toBe(200);
    expectHttpError(await h.send('GET', '/sequences?page[size]=0'), 400, 'invalid_parameter', '/page/size');
    expectHttpError(await h.send('GET', '/sequences?page[size]=101'), 400, 'invalid_parameter', '/page/size');
    expectHttpError(await h.send('GET', '/sequences?page[after]=nonsense'), 400, 'invalid_parameter', '/page/after');
    const page = await h.send('GET', '/sequences?page[size]=3');
    const foreign = page.json._links.next.href.replace('/sequences', '/lead-lists');
    expectHttpError(await h.send('GET', foreign), 400, 'invalid_parameter', '/page/after');
  });

  test('filters: name (case-insensitive substring), status, creator; an unknown status is invalid_parameter', async () => {
    const byName = await h.send('GET', '/sequences?name=OUTBOUND');
    expect(byName.json.sequences.map((s: { name: string }) => s.name)).toEqual([ACTIVE]);
    const drafts = await h.send('GET', '/sequences?status=draft');
    expect(drafts.json.sequences.length).toBeGreaterThan(0);
    for (const s of drafts.json.sequences) expect(s.status).toBe('draft');
    const creator = seqs().sequences[0]!.created_by_user_email;
    const byCreator = await h.send('GET', `/sequences?created_by_user_email=${creator}`);
    expect(byCreator.json.sequences.map((s: { id: string }) => s.id)).toEqual(
      seqs()
        .sequences.filter((s) => s.created_by_user_email === creator)
        .map((s) => s.id),
    );
    expectHttpError(await h.send('GET', '/sequences?status=running'), 400, 'invalid_parameter', '/status');
  });
});

describe('POST /sequences/{id}/leads: errors', () => {
  test('unknown ids, and another account’s, are 404 not_found', async () => {
    expectHttpError(await add('no-such-sequence', { leads: [{ email: 'a.b@fresh.example' }] }), 404, 'not_found');
    const bravoId = accountSequences(SEED, h.service.account('demo-key-bravo')!.id).sequences[0]!.id;
    expectHttpError(await add(bravoId, { leads: [{ email: 'a.b@fresh.example' }] }), 404, 'not_found');
  });

  test('a sequence in any status but active or paused is 409 invalid_state', async () => {
    for (const { name, status } of SEQUENCE_PLAN) {
      const r = await add(idOf(name), { leads: [{ email: `lead.${status}@fresh.example` }] });
      if (status === 'active' || status === 'paused') expect(r.status).toBe(200);
      else expectHttpError(r, 409, 'invalid_state');
    }
  });

  test('bad bodies: missing leads, none or over 250, a lead with neither identifier, bad emails and data', async () => {
    const id = idOf(ACTIVE);
    const ok = { email: 'ok.lead@fresh.example' };
    expectHttpError(await add(id, {}), 400, 'missing_field', '/leads');
    expectHttpError(await add(id, { leads: [] }), 400, 'unsupported_value', '/leads');
    expectHttpError(
      await add(id, { leads: Array.from({ length: 251 }, (_, i) => ({ email: `l${i}@fresh.example` })) }),
      400,
      'unsupported_value',
      '/leads',
    );
    expectHttpError(await add(id, { leads: [ok, ok, ok, { data: { a: 'b' } }] }), 400, 'missing_field', '/leads/3');
    expectHttpError(await add(id, { leads: [ok, ok, ok, { email: 'not an email' }] }), 400, 'unsupported_value', '/leads/3/email');
    expectHttpError(
      await add(id, { leads: [ok, ok, ok, { email: 'x.y@fresh.example', data: { n: 3 } }] }),
      400,
      'unsupported_value',
      '/leads/3/data/n',
    );
    expectHttpError(
      await add(id, { leads: [{ email: 'x.y@fresh.example', data: { n: 'x'.repeat(1025) } }] }),
      400,
      'unsupported_value',
      '/leads/0/data/n',
    );
    expectHttpError(
      await add(id, { leads: [{ email: 'x.y@fresh.example', overrides: { ignore_recently_contacted: 'yes' } }] }),
      400,
      'unsupported_value',
    );
    expect(
      (
        await add(id, {
          leads: Array.from({ length: 250 }, (_, i) => ({ email: `bulk${i}@fresh.example`, data: { n: 'x'.repeat(1024) } })),
        })
      ).json.total_added_to_sequence,
    ).toBe(250);
  });

  test('a request that fails adds nothing', async () => {
    const id = idOf(ACTIVE);
    const lead = { email: 'first.try@fresh.example' };
    expectHttpError(await add(id, { leads: [lead, { email: 'bad' }] }), 400, 'unsupported_value', '/leads/1/email');
    const again = await add(id, { leads: [lead] });
    expect(again.json.total_added_to_sequence).toBe(1);
  });
});

describe('POST /sequences/{id}/leads: what is added and what is skipped', () => {
  test('every skip reason, with the lead as sent, and totals that add up', async () => {
    const excluded = (await h.send('GET', '/excluded-emails?page[size]=1')).json.excluded_emails[0].email;
    const excludedDomain = (await h.send('GET', '/excluded-domains?page[size]=1')).json.excluded_domains[0].domain;
    const recent = seqs().examples.recentlyContacted[0]!;
    const leads = [
      { email: 'brand.new@fresh.example', data: { note: 'hi' } },
      { email: memberOf(ACTIVE).toUpperCase() },
      { email: excluded },
      { email: `someone@${excludedDomain}` },
      { email: recent },
      { email: memberOf('Inbound Follow-up') },
      { email: memberOf('Webinar Invitations') },
      { profile_url: 'https://www.profiles.example/in/only-profile-lead' },
    ];
    const r = await add(idOf(ACTIVE), { leads, settings: {} });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      total: 8,
      total_added_to_sequence: 2,
      duplicate_emails: [],
      duplicate_profile_urls: [],
      already_in_sequence_and_skipped: [{ email: memberOf(ACTIVE).toUpperCase(), profile_url: null }],
      in_exclusion_list_and_skipped: [
        { email: excluded, profile_url: null },
        { email: `someone@${excludedDomain}`, profile_url: null },
      ],
      recently_contacted_and_skipped: [{ email: recent, profile_url: null }],
      in_other_active_sequences_and_skipped: [{ email: memberOf('Inbound Follow-up'), profile_url: null }],
      in_other_draft_sequences_and_skipped: [{ email: memberOf('Webinar Invitations'), profile_url: null }],
    });
    // Added leads are in the sequence now: sending them again skips them, by email or profile URL.
    const again = await add(idOf(ACTIVE), { leads: [leads[0], leads[7]] });
    expect(again.json.already_in_sequence_and_skipped).toHaveLength(2);
    // ...and they count as in another active sequence for the other active one.
    const other = await add(idOf('Inbound Follow-up'), { leads: [leads[0]] });
    expect(other.json.in_other_active_sequences_and_skipped).toEqual([{ email: 'brand.new@fresh.example', profile_url: null }]);
  });

  test('each lead is counted by the first rule that applies, and a profile URL identifies a lead too', async () => {
    const excluded = (await h.send('GET', '/excluded-emails?page[size]=2')).json.excluded_emails[1].email;
    const recentMember = seqs().examples.recentlyContacted[1]!;
    // The population person behind the recently contacted email, to send by profile URL.
    const lookup = await h.send('GET', `/people/find?email=${encodeURIComponent(recentMember)}`);
    const profile = lookup.json.profile_url;
    const r = await add(idOf('Event Attendees'), {
      leads: [{ email: excluded, profile_url: profile }, { profile_url: profile }],
    });
    // Excluded beats recently contacted; the second names the same profile, so it is a duplicate.
    expect(r.json.in_exclusion_list_and_skipped).toEqual([{ email: excluded, profile_url: profile }]);
    expect(r.json.recently_contacted_and_skipped).toEqual([]);
    expect(r.json.duplicate_profile_urls).toEqual([profile]);
    expect(r.json.total).toBe(1);
    const alone = await add(idOf('Event Attendees'), { leads: [{ profile_url: profile }] });
    expect(alone.json.recently_contacted_and_skipped).toEqual([{ email: null, profile_url: profile }]);
  });

  test('overrides let a lead past each rule but the one for its own sequence', async () => {
    const id = idOf('Inbound Follow-up');
    const excluded = (await h.send('GET', '/excluded-emails?page[size]=3')).json.excluded_emails[2].email;
    const r = await add(id, {
      leads: [
        { email: excluded, overrides: { ignore_exclusion_list: true } },
        { email: seqs().examples.recentlyContacted[2], overrides: { ignore_recently_contacted: true } },
        { email: memberOf('Partner Referrals'), overrides: {} },
        { email: memberOf('Event Attendees'), overrides: { ignore_duplicate_leads_in_other_active_sequences: true } },
        { email: memberOf('Webinar Invitations'), overrides: { ignore_duplicate_leads_in_other_draft_sequences: true } },
        {
          email: memberOf('Inbound Follow-up'),
          overrides: Object.fromEntries(
            [
              'ignore_recently_contacted',
              'ignore_exclusion_list',
              'ignore_duplicate_leads_in_other_draft_sequences',
              'ignore_duplicate_leads_in_other_active_sequences',
            ].map((k) => [k, true]),
          ),
        },
      ],
    });
    // A resuming sequence is not active, and a paused one is not either: only `active` counts.
    expect(r.json.total_added_to_sequence).toBe(5);
    expect(r.json.already_in_sequence_and_skipped).toEqual([{ email: memberOf('Inbound Follow-up'), profile_url: null }]);
    expect(r.json.total).toBe(6);
  });

  test('repeats inside a request are reported once each and counted nowhere else', async () => {
    const r = await add(idOf('Event Attendees'), {
      leads: [
        { email: 'twice@fresh.example' },
        { email: 'TWICE@fresh.example' },
        { email: 'twice@fresh.example' },
        { profile_url: 'https://www.profiles.example/in/found-dup-person' },
        { profile_url: 'https://www.profiles.example/in/found-dup-person' },
      ],
    });
    expect(r.json).toMatchObject({
      total: 2,
      total_added_to_sequence: 2,
      duplicate_emails: ['TWICE@fresh.example', 'twice@fresh.example'],
      duplicate_profile_urls: ['https://www.profiles.example/in/found-dup-person'],
    });
  });
});

test('POST /sequences/{id}/leads is limited to 30 a minute, with Retry-After', async () => {
  expect(DEFAULT_LIMITS.sequenceLeadsPerMinute).toBe(30);
  const limited = await httpHarness({ seed: SEED, limits: { sequenceLeadsPerMinute: 2 } });
  try {
    const id = accountSequences(SEED, limited.service.account('demo-key-alpha')!.id).sequences.find((s) => s.status === 'active')!.id;
    for (let i = 0; i < 2; i++)
      expect((await limited.send('POST', `/sequences/${id}/leads`, { leads: [{ email: `r${i}@fresh.example` }] })).status).toBe(200);
    const refused = await limited.send('POST', `/sequences/${id}/leads`, { leads: [{ email: 'r9@fresh.example' }] });
    expectHttpError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Other endpoints keep the default limit.
    expect((await limited.send('GET', '/sequences')).status).toBe(200);
    limited.clock.now += 60000;
    expect((await limited.send('POST', `/sequences/${id}/leads`, { leads: [{ email: 'r9@fresh.example' }] })).status).toBe(200);
  } finally {
    await limited.close();
  }
});

test('settings.mailbox_id: an active mailbox of the account sends the leads; another, or one not active, is 400 at /settings/mailbox_id and adds nothing', async () => {
  // A service of its own: the file's shares the 30-a-minute limit with the other tests.
  const own = await httpHarness({ seed: SEED });
  try {
    const send = (body: unknown) => own.send('POST', `/sequences/${idOf(ACTIVE)}/leads`, body);
    const boxes = accountMailboxes(SEED, accountId).mailboxes;
    const active = boxes.find((m) => m.status === 'active')!;
    const other = boxes.find((m) => m.status === 'needs_reconnection')!;
    const ok = await send({ leads: [{ email: 'chosen.box@prospects9.example' }], settings: { mailbox_id: active.id } });
    expect(ok.status).toBe(200);
    expect(ok.json.total_added_to_sequence).toBe(1);
    for (const id of [other.id, '11111111-2222-4333-8444-555555555555', 7]) {
      const r = await send({ leads: [{ email: 'refused.box@prospects9.example' }], settings: { mailbox_id: id } });
      expectHttpError(r, 400, 'unsupported_value', '/settings/mailbox_id');
    }
    const again = await send({ leads: [{ email: 'refused.box@prospects9.example' }] });
    expect(again.json.total_added_to_sequence).toBe(1);
  } finally {
    await own.close();
  }
});
