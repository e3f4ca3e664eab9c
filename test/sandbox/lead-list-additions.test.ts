// GET /lead-lists and POST /lead-lists/{id}/leads over HTTP, as the decisions document sets them:
// the listing's paging and name filter, adding leads with the list's type and options, credits,
// a completed list processing again, and the 60,000-lead capacity.
import { expectHttpError, httpHarness, type HttpHarness } from './http-client';

let h: HttpHarness;
beforeAll(async () => {
  h = await httpHarness({ processingRate: 1000 });
});
afterAll(() => h.close());

const OWNER = 'owner@sales.example';
const emails = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ email: `lead${from + i}@example.com` }));
const create = (name: string, body: Record<string, unknown> = {}, key?: string) =>
  h.send('POST', '/lead-lists', { name, owner: OWNER, type: 'email', leads: emails(2), ...body }, key);

describe('GET /lead-lists', () => {
  test('answers (no longer 405): newest first, without leads, paged 20 by default and at most 100', async () => {
    const fresh = await httpHarness();
    try {
      expect((await fresh.send('GET', '/lead-lists')).json).toEqual({ lead_lists: [], _links: { self: { href: '/lead-lists' } } });
      const ids: string[] = [];
      for (let i = 0; i < 23; i++) {
        const r = await fresh.send('POST', '/lead-lists', { name: `List ${i}`, owner: OWNER, type: 'email', leads: emails(1) });
        ids.push(r.json.id);
      }
      await fresh.send('POST', '/lead-lists', { name: 'Bravo list', owner: OWNER, type: 'email', leads: emails(1) }, 'demo-key-bravo');
      const first = await fresh.send('GET', '/lead-lists');
      expect(first.status).toBe(200);
      expect(first.json.lead_lists).toHaveLength(20);
      expect(first.json.lead_lists[0]).toMatchObject({
        id: ids[22],
        object: 'lead_list',
        name: 'List 22',
        _links: { self: { href: `/lead-lists/${ids[22]}` } },
      });
      expect(first.json.lead_lists[0].leads).toBeUndefined();
      const second = await fresh.send('GET', first.json._links.next.href);
      expect(second.json.lead_lists.map((l: { id: string }) => l.id)).toEqual(ids.slice(0, 3).reverse());
      expect(second.json._links.next).toBeUndefined();
      expect(second.json._links.prev).toBeDefined();
      expect((await fresh.send('GET', '/lead-lists?page[size]=100')).json.lead_lists).toHaveLength(23);
      expectHttpError(await fresh.send('GET', '/lead-lists?page[size]=101'), 400, 'invalid_parameter', '/page/size');
      expectHttpError(await fresh.send('GET', '/lead-lists?page[size]=0'), 400, 'invalid_parameter', '/page/size');
      expectHttpError(await fresh.send('GET', '/lead-lists?page[after]=x.y'), 400, 'invalid_parameter', '/page/after');
      const named = await fresh.send('GET', '/lead-lists?name=LIST%202');
      expect(named.json.lead_lists.map((l: { name: string }) => l.name)).toEqual(['List 22', 'List 21', 'List 20', 'List 2']);
      expect(
        (await fresh.send('GET', '/lead-lists', undefined, 'demo-key-bravo')).json.lead_lists.map((l: { name: string }) => l.name),
      ).toEqual(['Bravo list']);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /lead-lists/{id}/leads', () => {
  test('adds leads after those there, processed with the list’s options; a completed list processes again', async () => {
    const list = (await create('Grows', { leads: emails(3) })).json;
    h.clock.now += 10000;
    expect((await h.send('GET', `/lead-lists/${list.id}`)).json.status).toBe('completed');
    const r = await h.send('POST', `/lead-lists/${list.id}/leads`, { leads: emails(2, 3), type: 'email' });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ id: list.id, object: 'lead_list' });
    expect(r.json.leads.map((l: { email: string }) => l.email)).toEqual(['lead0@example.com', 'lead1@example.com', 'lead2@example.com']);
    h.clock.now += 1000;
    expect((await h.send('GET', `/lead-lists/${list.id}`)).json.status).toBe('processing');
    h.clock.now += 10000;
    const done = await h.send('GET', `/lead-lists/${list.id}`);
    expect(done.json.status).toBe('completed');
    expect(done.json.leads.map((l: { email: string }) => l.email)).toEqual(emails(5).map((l) => l.email));
    expect(new Set(done.json.leads.map((l: { id: string }) => l.id)).size).toBe(5);
  });

  test('type must match the list’s; titles_and_company matches title_and_company', async () => {
    const list = (await create('Typed')).json;
    expectHttpError(
      await h.send('POST', `/lead-lists/${list.id}/leads`, { type: 'profile', leads: emails(1) }),
      400,
      'unsupported_value',
      '/type',
    );
    expectHttpError(
      await h.send('POST', `/lead-lists/${list.id}/leads`, { type: 'nonsense', leads: emails(1) }),
      400,
      'unsupported_value',
      '/type',
    );
    const titles = (
      await h.send('POST', '/lead-lists', {
        name: 'Titles',
        owner: OWNER,
        type: 'titles_and_company',
        leads: [{ title: 'CEO', company_domain: 'example.com' }],
      })
    ).json;
    for (const type of ['titles_and_company', 'title_and_company']) {
      expect(
        (await h.send('POST', `/lead-lists/${titles.id}/leads`, { type, leads: [{ title: 'CTO', company_name: 'Acme' }] })).status,
      ).toBe(202);
    }
  });

  test('leads are checked against the list’s type and the per-request bounds; a failing request adds nothing', async () => {
    const list = (await create('Checked')).json;
    const path = `/lead-lists/${list.id}/leads`;
    expectHttpError(await h.send('POST', path, {}), 400, 'missing_field', '/leads');
    expectHttpError(await h.send('POST', path, { leads: [] }), 400, 'unsupported_value', '/leads');
    expectHttpError(await h.send('POST', path, { leads: emails(10001) }), 400, 'unsupported_value', '/leads');
    expectHttpError(
      await h.send('POST', path, { leads: [...emails(2), { profile_url: 'https://www.profiles.example/in/x' }] }),
      400,
      'missing_field',
      '/leads/2/email',
    );
    expectHttpError(await h.send('POST', path, { leads: [...emails(1), { email: 'nope' }] }), 400, 'unsupported_value', '/leads/1/email');
    h.clock.now += 10000;
    expect((await h.send('GET', `/lead-lists/${list.id}`)).json.leads).toHaveLength(2);
  });

  test('unknown lists and other accounts’ are 404', async () => {
    const list = (await create('Mine')).json;
    expectHttpError(await h.send('POST', `/lead-lists/${list.id}/leads`, { leads: emails(1) }, 'demo-key-bravo'), 404, 'not_found');
    expectHttpError(await h.send('POST', '/lead-lists/00000000-0000-4000-8000-000000000000/leads', { leads: emails(1) }), 404, 'not_found');
  });

  test('new leads cost as at creation; not enough credits is 402 and adds nothing', async () => {
    const key = 'demo-key-bravo';
    const list = (await create('Costly', { options: { reveal_phone_numbers: false, validate_email: true, enrich: false } }, key)).json;
    expect(list.status).toBe('queued');
    expectHttpError(await h.send('POST', `/lead-lists/${list.id}/leads`, { leads: emails(200, 10) }, key), 402, 'insufficient_credits');
    const before = h.service.account(key)!.spent.email;
    expect((await h.send('POST', `/lead-lists/${list.id}/leads`, { leads: emails(3, 10) }, key)).status).toBe(202);
    h.clock.now += 10000;
    const read = await h.send('GET', `/lead-lists/${list.id}`, undefined, key);
    expect(read.json.leads).toHaveLength(5);
    expect(h.service.account(key)!.spent.email - before).toBe(5);
  });
});

describe('the 60,000-lead capacity', () => {
  test('leads are added in order until the list is full, then 409 at the first lead not added', async () => {
    const full = await httpHarness({ processingRate: 1000 });
    try {
      const list = (await full.send('POST', '/lead-lists', { name: 'Big', owner: OWNER, type: 'email', leads: emails(10000) })).json;
      const path = `/lead-lists/${list.id}/leads`;
      for (let i = 1; i < 5; i++) expect((await full.send('POST', path, { leads: emails(10000, i * 10000) })).status).toBe(202);
      // 50,000 held: 10,000 more of which 9,990 fit.
      expect((await full.send('POST', path, { leads: emails(9990, 50000) })).status).toBe(202);
      const over = await full.send('POST', path, { leads: emails(25, 59990) });
      expectHttpError(over, 409, 'invalid_state', '/leads/10');
      expectHttpError(await full.send('POST', path, { leads: emails(1, 70000) }), 409, 'invalid_state', '/leads/0');
      full.clock.now += 120000;
      let last = await full.send('GET', `/lead-lists/${list.id}?page[size]=1000`);
      expect(last.json.status).toBe('completed');
      let count = 0;
      let lastEmail = '';
      for (;;) {
        count += last.json.leads.length;
        lastEmail = last.json.leads[last.json.leads.length - 1]?.email ?? lastEmail;
        if (!last.json._links.next) break;
        last = await full.send('GET', last.json._links.next.href);
      }
      expect(count).toBe(60000);
      expect(lastEmail).toBe('lead59999@example.com');
    } finally {
      await full.close();
    }
  }, 180000);
});
