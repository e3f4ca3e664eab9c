// The read-only view over HTTP (GET /_sandbox/accounts) on a hand-driven clock: a run spends
// credits and the view shows them spent, usage this hour moves in both modes, other methods are
// 405, and the view sits outside the API (no key, no faults, no rate limit, not in-process).
import { createLocalService, startHttpServer, type LocalService, type RunningServer, type ServiceOptions } from '../../sandbox';
import { T0, type ServiceJson } from './helpers';

const HOUR = 3600000;
const alpha = { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' };

interface Setup {
  service: LocalService;
  server: RunningServer;
  clock: { now: number };
}

async function setup(options: ServiceOptions = {}): Promise<Setup> {
  const clock = { now: T0 };
  const service = createLocalService({ seed: 5, now: () => clock.now, processingRate: 10, ...options });
  return { service, server: await startHttpServer(service, { port: 0 }), clock };
}

async function view(s: Setup): Promise<ServiceJson> {
  const res = await fetch(`${s.server.url}/_sandbox/accounts`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return res.json();
}

const account = (v: ServiceJson, key: string) => v.accounts.find((a: ServiceJson) => a.key === key);

async function start(s: Setup, path: string, body: unknown): Promise<ServiceJson> {
  const res = await fetch(`${s.server.url}${path}`, { method: 'POST', headers: alpha, body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  return res.json();
}

describe('read-only view of the accounts', () => {
  let s: Setup;
  afterEach(async () => {
    await s.server.close();
  });

  test('every demo account: name, key, credits left and spent, usage this hour against the limits', async () => {
    s = await setup();
    const v = await view(s);
    expect(v.usage_limits).toBe('pace');
    expect(v.accounts.map((a: ServiceJson) => [a.name, a.key, a.credits.left])).toEqual([
      ['Alpha Outbound (demo)', 'demo-key-alpha', { email: 1000, phone: 200 }],
      ['Bravo Growth (demo)', 'demo-key-bravo', { email: 100, phone: 20 }],
      ['Empty Pockets (demo)', 'demo-key-empty', { email: 0, phone: 0 }],
    ]);
    for (const a of v.accounts) {
      expect(a.id).toBe(s.service.account(a.key)!.id);
      expect(a.credits.spent).toEqual({ email: 0, phone: 0 });
      expect(a.usage_this_hour).toEqual({
        enrichments: { limit: s.service.limits.enrichmentsPerHour, used: 0, waiting: 0 },
        email_validations: { limit: s.service.limits.validationsPerHour, used: 0, waiting: 0 },
      });
    }
  });

  test('an email validation run: held while it runs, then spent, counted this hour, and freed an hour later', async () => {
    s = await setup();
    const emails = Array.from({ length: 20 }, (_, i) => ({ email: `person${i}@example.com` }));
    const batch = await start(s, '/email-validations', { emails });

    let a = account(await view(s), 'demo-key-alpha');
    expect(a.credits.reserved.email).toBe(20);
    expect(a.credits.spent.email).toBe(0);
    expect(a.usage_this_hour.email_validations).toMatchObject({ used: 0, waiting: 20 });

    // 1 s in the queue, then 10 items a second: half of them are done after 2 s.
    s.clock.now += 2000;
    a = account(await view(s), 'demo-key-alpha');
    expect(a.credits.spent.email).toBe(10);
    expect(a.credits.left.email).toBe(990);
    expect(a.usage_this_hour.email_validations).toMatchObject({ used: 10, waiting: 10 });

    s.clock.now += 2000;
    a = account(await view(s), 'demo-key-alpha');
    expect(a.credits).toEqual({ left: { email: 980, phone: 200 }, spent: { email: 20, phone: 0 }, reserved: { email: 0, phone: 0 } });
    expect(a.usage_this_hour).toEqual({
      enrichments: { limit: 15000, used: 0, waiting: 0 },
      email_validations: { limit: 15000, used: 20, waiting: 0 },
    });
    // What the API says about the batch agrees with the view.
    const read = (await (await fetch(`${s.server.url}${batch._links.self.href}`, { headers: alpha })).json()) as ServiceJson;
    expect(read.status).toBe('completed');
    expect(read.results).toHaveLength(20);

    // Other accounts are untouched.
    expect(account(await view(s), 'demo-key-bravo').credits.spent).toEqual({ email: 0, phone: 0 });

    // The slots come free an hour after each item finished; the credits stay spent.
    s.clock.now += HOUR;
    a = account(await view(s), 'demo-key-alpha');
    expect(a.usage_this_hour.email_validations.used).toBe(0);
    expect(a.credits.spent.email).toBe(20);
  });

  test('a canceled company run: only what finished counts, and nothing waits after the cancel', async () => {
    s = await setup();
    const batch = await start(s, '/companies/enrichment-requests', {
      companies: Array.from({ length: 50 }, (_, i) => ({ domain: `firm${i}.com` })),
    });
    s.clock.now += 1000 + 1500;
    let a = account(await view(s), 'demo-key-alpha');
    expect(a.usage_this_hour.enrichments).toEqual({ limit: 15000, used: 15, waiting: 35 });
    const res = await fetch(`${s.server.url}${batch._links.self.href}`, {
      method: 'PATCH',
      headers: alpha,
      body: JSON.stringify({ status: 'canceled' }),
    });
    expect(res.status).toBe(200);
    s.clock.now += 10000;
    a = account(await view(s), 'demo-key-alpha');
    expect(a.usage_this_hour.enrichments).toEqual({ limit: 15000, used: 15, waiting: 0 });
    // Company enrichment is free.
    expect(a.credits.spent).toEqual({ email: 0, phone: 0 });
  });

  test('pace mode: a run larger than the hourly limit shows the limit used and the rest waiting', async () => {
    s = await setup({ limits: { validationsPerHour: 10 } });
    await start(s, '/email-validations', { emails: Array.from({ length: 25 }, (_, i) => ({ email: `person${i}@example.com` })) });
    s.clock.now += 60000;
    expect(account(await view(s), 'demo-key-alpha').usage_this_hour.email_validations).toEqual({ limit: 10, used: 10, waiting: 15 });
    // An hour after the first ten finished, the next ten have taken their slots.
    s.clock.now += HOUR;
    expect(account(await view(s), 'demo-key-alpha').usage_this_hour.email_validations).toEqual({ limit: 10, used: 10, waiting: 5 });
  });

  test('refuse mode counts items when their batch is accepted', async () => {
    s = await setup({ usageLimits: 'refuse' });
    await start(s, '/companies/enrichment-requests', { companies: Array.from({ length: 30 }, (_, i) => ({ domain: `firm${i}.com` })) });
    const v = await view(s);
    expect(v.usage_limits).toBe('refuse');
    expect(account(v, 'demo-key-alpha').usage_this_hour.enrichments).toEqual({ limit: 15000, used: 30, waiting: 30 });
    s.clock.now += HOUR + 1;
    expect(account(await view(s), 'demo-key-alpha').usage_this_hour.enrichments).toEqual({ limit: 15000, used: 0, waiting: 0 });
  });

  test('the calls an account logged and its mailboxes, with a changed daily limit, show in its entry only', async () => {
    s = await setup();
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${s.server.url}${path}`, { method, headers: alpha, body: JSON.stringify(body) });
    const ids = { task_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', user_id: '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' };
    await send('POST', '/calls', { ...ids, recording_url: 'https://calls.example/r.mp3' });
    await send('POST', '/calls', ids);
    const before = account(await view(s), 'demo-key-alpha');
    expect(before.calls).toEqual({ logged: 2, with_recording: 1 });
    expect(before.mailboxes).toHaveLength(24);
    const target = before.mailboxes.find((m: ServiceJson) => m.status === 'active');
    expect((await send('PATCH', `/mailboxes/${target.id}`, { daily_email_limit: 7 })).status).toBe(200);
    const after = account(await view(s), 'demo-key-alpha');
    expect(after.mailboxes.find((m: ServiceJson) => m.id === target.id)).toEqual({ ...target, daily_email_limit: 7, changed: true });
    expect(after.mailboxes.filter((m: ServiceJson) => m.changed)).toHaveLength(1);
    const bravo = account(await view(s), 'demo-key-bravo');
    expect(bravo.calls).toEqual({ logged: 0, with_recording: 0 });
    expect(bravo.mailboxes.some((m: ServiceJson) => m.changed)).toBe(false);
  });

  test('HEAD answers as GET does, without a body', async () => {
    s = await setup();
    const res = await fetch(`${s.server.url}/_sandbox/accounts`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.text()).toBe('');
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is 405 with Allow: GET, HEAD and changes nothing', async (method) => {
    s = await setup();
    const before = await view(s);
    const res = await fetch(`${s.server.url}/_sandbox/accounts`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(((await res.json()) as ServiceJson)._errors[0].code).toBe('method_not_allowed');
    expect(await view(s)).toEqual(before);
  });

  test('outside the API: no key needed, no injected fault, no rate limit spent, and not an API path', async () => {
    s = await setup({ limits: { requestsPerMinute: 2 } });
    s.service.setFaults({ dropRate: 1 });
    // Every API request would lose its connection; the view still answers.
    await expect(fetch(`${s.server.url}/account-info`, { headers: alpha })).rejects.toThrow();
    for (let i = 0; i < 3; i++) await view(s);
    s.service.setFaults();
    // The view's requests took none of the two requests a minute.
    expect((await fetch(`${s.server.url}/account-info`, { headers: alpha })).status).toBe(200);
    expect((await fetch(`${s.server.url}/account-info`, { headers: alpha })).status).toBe(200);
    expect((await fetch(`${s.server.url}/account-info`, { headers: alpha })).status).toBe(429);
    // Other paths under the view's prefix are 404, and the API itself knows no such path.
    expect((await fetch(`${s.server.url}/_sandbox/batches`)).status).toBe(404);
    expect(
      s.service.handle({ method: 'GET', path: '/_sandbox/accounts', headers: { authorization: 'Bearer demo-key-alpha' }, body: '' }).status,
    ).toBe(404);
  });

  test('a key that is not a public demo key is not shown', async () => {
    s = await setup({ accounts: [{ key: 'private-key-123', name: 'Private', credits: { email: 5, phone: 1 } }] });
    const v = await view(s);
    expect(v.accounts).toEqual([
      expect.objectContaining({ name: 'Private', key: null, credits: expect.objectContaining({ left: { email: 5, phone: 1 } }) }),
    ]);
    expect(JSON.stringify(v)).not.toContain('private-key-123');
  });
});
