// GET /mailboxes, GET /mailboxes/{id} and PATCH /mailboxes/{id} over HTTP, as the decisions
// document sets them: the seeded set in every status, paging and filters, a change of the daily
// limit kept for the account, every refusal with its pointer, and the two limits of /mailboxes/{id}
// (one request a minute for the account, one an hour per mailbox) with their Retry-After.
import { DAILY_EMAIL_LIMIT, EMAIL_PROVIDERS, MAILBOX_STATUSES } from '../../contract/enumerations';
import { SPEC as S } from '../../sandbox/spec-schemas';
import { accountMailboxes, MAILBOX_ADDRESSES, MAILBOX_PLAN, MAILBOX_USERS } from '../../sandbox/universe/mailboxes';
import { accountSequences } from '../../sandbox/universe/sequences';
import type { ServiceJson } from './helpers';
import { expectHttpError, httpHarness, type HttpHarness } from './http-client';

const SEED = 11;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let h: HttpHarness;
let accountId: string;
beforeAll(async () => {
  h = await httpHarness({ seed: SEED });
  accountId = h.service.account('demo-key-alpha')!.id;
});
afterAll(() => h.close());
// Every test starts with both limits of /mailboxes/{id} clear.
beforeEach(() => {
  h.clock.now += HOUR;
});

function conforms(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown): void {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`schema mismatch: ${JSON.stringify(r.error?.issues.slice(0, 3))}\nvalue: ${JSON.stringify(value)}`);
}

/** Every page of a listing, following `_links.next`, each page checked against the schema. */
async function everyPage(path: string, key?: string): Promise<{ items: ServiceJson[]; pages: number }> {
  const items: ServiceJson[] = [];
  let next: string | undefined = path;
  let pages = 0;
  while (next) {
    const r = await h.send('GET', next, undefined, key);
    expect(r.status).toBe(200);
    conforms(S.MailboxPage, r.json);
    items.push(...r.json.mailboxes);
    next = r.json._links.next?.href;
    pages++;
  }
  return { items, pages };
}

const seeded = () => accountMailboxes(SEED, accountId).mailboxes;
const withStatus = (status: string) => seeded().find((m) => m.status === status)!;
const patch = (id: string, body: unknown) => h.send('PATCH', `/mailboxes/${id}`, body);

describe('the seeded mailboxes', () => {
  test('the documented plan holds every status and every provider, on every user', () => {
    // Fails as soon as the plan loses a status or a provider.
    const cells = MAILBOX_PLAN.flat();
    for (const status of MAILBOX_STATUSES) expect(cells.some(([s]) => s === status)).toBe(true);
    for (const provider of EMAIL_PROVIDERS) expect(MAILBOX_ADDRESSES.some((a) => a.provider === provider)).toBe(true);
    expect(MAILBOX_PLAN).toHaveLength(MAILBOX_USERS.length);
    for (const row of MAILBOX_PLAN) expect(row).toHaveLength(MAILBOX_ADDRESSES.length);
    for (const [, limit] of cells) expect(limit >= DAILY_EMAIL_LIMIT.min && limit <= DAILY_EMAIL_LIMIT.max).toBe(true);
  });

  test('GET /mailboxes pages through the whole set, 20 at most a page: every status and provider listed, each a strict mailbox', async () => {
    const first = await h.send('GET', '/mailboxes');
    expect(first.json.mailboxes).toHaveLength(20);
    expect(first.json._links.self.href).toBe('/mailboxes');
    const { items, pages } = await everyPage('/mailboxes');
    expect(pages).toBe(2);
    expect(items).toHaveLength(MAILBOX_USERS.length * MAILBOX_ADDRESSES.length);
    expect(new Set(items.map((m) => m.id)).size).toBe(items.length);
    for (const status of MAILBOX_STATUSES) expect(items.some((m) => m.status === status)).toBe(true);
    for (const provider of EMAIL_PROVIDERS) expect(items.some((m) => m.email_provider === provider)).toBe(true);
    // In the documented order: the plan's, newest first.
    expect(items.map((m) => m.email)).toEqual(
      MAILBOX_USERS.flatMap((u) => MAILBOX_ADDRESSES.map((a) => a.address.replace('<handle>', u.handle))),
    );
    const created = items.map((m) => m.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(items.map((m) => [m.status, m.daily_email_limit])).toEqual(MAILBOX_PLAN.flat());
    // A mailbox's user is the person the account's sequences name as their creator.
    const creators = new Map(accountSequences(SEED, accountId).sequences.map((s) => [s.created_by_user_email, s.created_by_user_id]));
    for (const m of items) if (creators.has(m.user.email)) expect(m.user.id).toBe(creators.get(m.user.email));
  });

  test('the same seed gives the same mailboxes; another account has its own ids', async () => {
    const again = await httpHarness({ seed: SEED });
    try {
      expect((await again.send('GET', '/mailboxes')).json).toEqual((await h.send('GET', '/mailboxes')).json);
    } finally {
      await again.close();
    }
    const bravo = (await everyPage('/mailboxes', 'demo-key-bravo')).items;
    const alphaIds = new Set(seeded().map((m) => m.id));
    expect(bravo.some((m) => alphaIds.has(m.id))).toBe(false);
    expectHttpError(await h.send('GET', `/mailboxes/${seeded()[0]!.id}`, undefined, 'demo-key-bravo'), 404, 'not_found');
  });
});

describe('GET /mailboxes: paging and filters', () => {
  test('page[size] from 1 to 20, links both ways, and cursors bound to the listing', async () => {
    const p1 = await h.send('GET', '/mailboxes?page%5Bsize%5D=7');
    expect(p1.json.mailboxes).toHaveLength(7);
    const p2 = await h.send('GET', p1.json._links.next.href);
    expect(p2.json.mailboxes[0].id).toBe(seeded()[7]!.id);
    const back = await h.send('GET', p2.json._links.prev.href);
    expect(back.json.mailboxes.map((m: ServiceJson) => m.id)).toEqual(p1.json.mailboxes.map((m: ServiceJson) => m.id));
    for (const size of ['0', '21'])
      expectHttpError(await h.send('GET', `/mailboxes?page%5Bsize%5D=${size}`), 400, 'invalid_parameter', '/page/size');
    const cursor = new URLSearchParams(p1.json._links.next.href.split('?')[1]).get('page[after]')!;
    expectHttpError(
      await h.send('GET', `/mailboxes?status=active&page%5Bafter%5D=${encodeURIComponent(cursor)}`),
      400,
      'invalid_parameter',
      '/page/after',
    );
    expectHttpError(
      await h.send('GET', '/sequences?page%5Bafter%5D=' + encodeURIComponent(cursor)),
      400,
      'invalid_parameter',
      '/page/after',
    );
  });

  test('status, email_provider and user_email filter, together too, and the next link keeps them', async () => {
    for (const status of MAILBOX_STATUSES) {
      const { items } = await everyPage(`/mailboxes?status=${status}`);
      expect(items.map((m) => m.id)).toEqual(
        seeded()
          .filter((m) => m.status === status)
          .map((m) => m.id),
      );
    }
    for (const provider of EMAIL_PROVIDERS) {
      const { items } = await everyPage(`/mailboxes?email_provider=${provider}`);
      expect(items.map((m) => m.id)).toEqual(
        seeded()
          .filter((m) => m.email_provider === provider)
          .map((m) => m.id),
      );
    }
    const jordan = (await everyPage('/mailboxes?user_email=JORDAN%40sales.example')).items;
    expect(jordan).toHaveLength(MAILBOX_ADDRESSES.length);
    for (const m of jordan) expect(m.user.email).toBe('jordan@sales.example');
    const both = (await everyPage('/mailboxes?status=active&email_provider=google&user_email=alex%40sales.example')).items;
    expect(both.map((m) => m.email)).toEqual(['alex@sales.example', 'alex@try-sales.example']);
    expect((await everyPage('/mailboxes?user_email=nobody%40sales.example')).items).toEqual([]);
    const paged = await h.send('GET', '/mailboxes?status=active&page%5Bsize%5D=2');
    expect(paged.json._links.next.href).toMatch(/^\/mailboxes\?status=active&page%5Bsize%5D=2&page%5Bafter%5D=/);
  });

  test('an unknown status or provider is 400 invalid_parameter pointing at it', async () => {
    expectHttpError(await h.send('GET', '/mailboxes?status=paused'), 400, 'invalid_parameter', '/status');
    expectHttpError(await h.send('GET', '/mailboxes?email_provider=yahoo'), 400, 'invalid_parameter', '/email_provider');
  });

  test('the listing counts against the default limit only, not the one-a-minute of /mailboxes/{id}', async () => {
    expect((await h.send('GET', `/mailboxes/${seeded()[0]!.id}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await h.send('GET', '/mailboxes')).status).toBe(200);
  });
});

describe('GET and PATCH /mailboxes/{id}', () => {
  test('GET answers the mailbox as the listing shows it; an unknown id of any shape is 404', async () => {
    const m = seeded()[3]!;
    const r = await h.send('GET', `/mailboxes/${m.id.toUpperCase()}`);
    expect(r.status).toBe(200);
    conforms(S.Mailbox, r.json);
    expect(r.json).toEqual({ ...m, object: 'mailbox' });
    h.clock.now += MINUTE;
    expectHttpError(await h.send('GET', '/mailboxes/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    h.clock.now += MINUTE;
    expectHttpError(await h.send('GET', '/mailboxes/not-a-mailbox'), 404, 'not_found');
  });

  test('PATCH changes the daily limit, moves updated_at to now and answers the mailbox; the change lasts', async () => {
    const m = withStatus('inactive');
    const r = await patch(m.id, { daily_email_limit: 321 });
    expect(r.status).toBe(200);
    conforms(S.Mailbox, r.json);
    expect(r.json).toEqual({ ...m, object: 'mailbox', daily_email_limit: 321, updated_at: new Date(h.clock.now).toISOString() });
    const listed = (await everyPage('/mailboxes?status=inactive')).items.find((x) => x.id === m.id);
    expect(listed.daily_email_limit).toBe(321);
    h.clock.now += 5 * HOUR;
    expect((await h.send('GET', `/mailboxes/${m.id}`)).json.daily_email_limit).toBe(321);
    // Per account: the same mailbox of another account is untouched.
    const bravos = (await everyPage(`/mailboxes?user_email=${encodeURIComponent(m.user.email)}`, 'demo-key-bravo')).items;
    expect(bravos.find((x) => x.email === m.email).daily_email_limit).toBe(m.daily_email_limit);
  });

  test('the bounds are 1 and 2,000, both accepted; out of bounds or not an integer is 400 at /daily_email_limit', async () => {
    const m = withStatus('active');
    for (const ok of [DAILY_EMAIL_LIMIT.min, DAILY_EMAIL_LIMIT.max]) {
      expect((await patch(m.id, { daily_email_limit: ok })).json.daily_email_limit).toBe(ok);
      h.clock.now += HOUR;
    }
    for (const bad of [0, 2001, -5, 12.5, '100', true]) {
      expectHttpError(await patch(m.id, { daily_email_limit: bad }), 400, 'unsupported_value', '/daily_email_limit');
      h.clock.now += HOUR;
    }
    expectHttpError(await patch(m.id, {}), 400, 'missing_field', '/daily_email_limit');
    h.clock.now += HOUR;
    expect((await h.send('GET', `/mailboxes/${m.id}`)).json.daily_email_limit).toBe(DAILY_EMAIL_LIMIT.max);
  });

  test('any other member is 400 unsupported_value pointing at it, and nothing changes', async () => {
    // An active mailbox no other test changes.
    const m = seeded().filter((x) => x.status === 'active')[3]!;
    expectHttpError(await patch(m.id, { daily_email_limit: 10, status: 'inactive' }), 400, 'unsupported_value', '/status');
    h.clock.now += HOUR;
    expectHttpError(await patch(m.id, { email: 'x@sales.example' }), 400, 'unsupported_value', '/email');
    h.clock.now += HOUR;
    expectHttpError(await patch(m.id, [1]), 400, 'unsupported_value');
    h.clock.now += HOUR;
    expect((await h.send('GET', `/mailboxes/${m.id}`)).json).toEqual({ ...m, object: 'mailbox' });
  });

  test('a mailbox that needs reconnection refuses a change: 409 invalid_state, unchanged', async () => {
    const m = withStatus('needs_reconnection');
    expectHttpError(await patch(m.id, { daily_email_limit: 50 }), 409, 'invalid_state');
    h.clock.now += HOUR;
    const r = await h.send('GET', `/mailboxes/${m.id}`);
    expect(r.json.daily_email_limit).toBe(m.daily_email_limit);
    expect(r.json.updated_at).toBe(m.updated_at);
  });
});

describe('the limits of /mailboxes/{id}', () => {
  const a = () => seeded()[0]!.id;
  const b = () => seeded()[1]!.id;
  const c = () => seeded()[2]!.id;

  test('one request a minute for the account, GET and PATCH alike: 429 with Retry-After the seconds left of the minute', async () => {
    const start = h.clock.now;
    expect((await h.send('GET', `/mailboxes/${a()}`)).status).toBe(200);
    h.clock.now = start + 15 * SECOND;
    const limited = await patch(b(), { daily_email_limit: 99 });
    expectHttpError(limited, 429, 'rate_limited');
    conforms(S.ErrorObject, limited.json);
    expect(limited.headers['retry-after']).toBe('45');
    // The refused change did nothing, and counted nothing: b is free at the minute.
    h.clock.now = start + MINUTE;
    expect((await patch(b(), { daily_email_limit: 99 })).json.daily_email_limit).toBe(99);
    h.clock.now = start + 2 * MINUTE;
    expect((await h.send('GET', `/mailboxes/${c()}`)).status).toBe(200);
    // Another account has its own minute.
    expect((await h.send('GET', `/mailboxes/${c()}`, undefined, 'demo-key-bravo')).status).not.toBe(429);
  });

  test('one request an hour for any one mailbox: Retry-After is the later of the two limits when both apply', async () => {
    const start = h.clock.now;
    expect((await h.send('GET', `/mailboxes/${a()}`)).status).toBe(200);
    // Ten seconds on: a is held for the hour, the account for the minute; the hour is later.
    h.clock.now = start + 10 * SECOND;
    const both = await h.send('GET', `/mailboxes/${a()}`);
    expectHttpError(both, 429, 'rate_limited');
    expect(both.headers['retry-after']).toBe(String(HOUR / SECOND - 10));
    // Two minutes on: the account is free, a is not; a PATCH counts the same as a GET.
    h.clock.now = start + 2 * MINUTE;
    const hourOnly = await patch(a(), { daily_email_limit: 10 });
    expectHttpError(hourOnly, 429, 'rate_limited');
    expect(hourOnly.headers['retry-after']).toBe(String((HOUR - 2 * MINUTE) / SECOND));
    expect((await h.send('GET', `/mailboxes/${b()}`)).status).toBe(200);
    // Now the account's minute is the only limit on c, and on a the hour is still the later one.
    h.clock.now = start + 2 * MINUTE + 20 * SECOND;
    expect((await h.send('GET', `/mailboxes/${c()}`)).headers['retry-after']).toBe('40');
    expect((await patch(a(), { daily_email_limit: 10 })).headers['retry-after']).toBe(String((HOUR - 2 * MINUTE - 20 * SECOND) / SECOND));
    // At the hour, a answers again: the refusals in between did not count.
    h.clock.now = start + HOUR;
    expect((await patch(a(), { daily_email_limit: 10 })).json.daily_email_limit).toBe(10);
  });

  test('a request refused with 400 or 404 is still counted: the service counts a request before it reads it', async () => {
    const start = h.clock.now;
    expectHttpError(await patch(a(), { daily_email_limit: 0 }), 400, 'unsupported_value', '/daily_email_limit');
    h.clock.now = start + SECOND;
    const retry = await patch(a(), { daily_email_limit: 5 });
    expectHttpError(retry, 429, 'rate_limited');
    expect(retry.headers['retry-after']).toBe(String(HOUR / SECOND - 1));
    h.clock.now = start + MINUTE;
    expectHttpError(await h.send('GET', '/mailboxes/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    h.clock.now = start + MINUTE + SECOND;
    expect((await h.send('GET', `/mailboxes/${b()}`)).headers['retry-after']).toBe('59');
  });

  test("the defaults are the spec's: 1 a minute and 1 an hour per mailbox", () => {
    expect([h.service.limits.mailboxRequestsPerMinute, h.service.limits.mailboxRequestsPerHour]).toEqual([1, 1]);
  });
});
