// Credits: exact totals per the spec's rules, the 24-hour and once-only rules across batches and
// lookups, worst-case refusal with 402 before anything starts, and reservations of unfinished work.
import { expectError, harness, type Harness } from './helpers';

const HOUR = 3600000;
const reveal = (email: boolean, phones: boolean) => ({ reveal_email: email, reveal_phone_numbers: phones });

function finish(h: Harness): void {
  h.clock.advance(10 * 60000);
  h.get('/account-info');
}

function spent(h: Harness, key = 'demo-key-alpha') {
  return h.service.account(key)!.spent;
}

describe('person enrichment credits', () => {
  test('0.5 per found person, 1 per revealed email, 1 phone per revealed phones; duplicates and misses are free', () => {
    const h = harness();
    const post = h.call('POST', '/people/enrichment-requests', {
      leads: [
        { email: 'jane.doe@example.com' },
        { email: 'sam.lee@example.com' },
        { email: 'jane.doe@example.com' },
        { email: 'x@notfound.example' },
        { email: 'y@gdpr-removed.example' },
      ],
      ...reveal(true, true),
    });
    expect(post.status).toBe(202);
    finish(h);
    expect(spent(h)).toEqual({ email: 3, phone: 2 });
    expect(h.service.account('demo-key-alpha')!.credits).toEqual({ email: 997, phone: 198 });
  });

  test('found is charged at most once per 24 hours; reveals once ever', () => {
    const h = harness();
    const find = (q: string) => h.get(`/people/find?email=jane.doe@example.com${q}`);
    expect(find('&reveal_email=true').status).toBe(200);
    expect(spent(h)).toEqual({ email: 1.5, phone: 0 });
    h.clock.advance(24 * HOUR - 1);
    find('&reveal_email=true');
    expect(spent(h)).toEqual({ email: 1.5, phone: 0 });
    h.clock.advance(1);
    find('&reveal_email=true&reveal_phone_numbers=true');
    expect(spent(h)).toEqual({ email: 2, phone: 1 });
    h.clock.advance(1000);
    find('&reveal_phone_numbers=true');
    expect(spent(h)).toEqual({ email: 2, phone: 1 });
    h.clock.advance(30 * 24 * HOUR);
    find('&reveal_email=true&reveal_phone_numbers=true');
    expect(spent(h)).toEqual({ email: 2.5, phone: 1 });
  });

  test('the rules apply in the order items finish, across batches and lookups', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0 });
    const a = h.call('POST', '/people/enrichment-requests', { leads: [{ email: 'jane.doe@example.com' }], ...reveal(true, false) });
    const b = h.call('POST', '/people/enrichment-requests', { leads: [{ email: 'jane.doe@example.com' }], ...reveal(true, false) });
    expect([a.status, b.status]).toEqual([202, 202]);
    finish(h);
    expect(spent(h)).toEqual({ email: 1.5, phone: 0 });
    h.get('/people/find?email=jane.doe@example.com&reveal_email=true');
    expect(spent(h)).toEqual({ email: 1.5, phone: 0 });
  });

  test('charges are per account', () => {
    const h = harness();
    h.get('/people/find?email=jane.doe@example.com&reveal_email=true');
    h.get('/people/find?email=jane.doe@example.com&reveal_email=true', 'demo-key-bravo');
    expect(spent(h)).toEqual({ email: 1.5, phone: 0 });
    expect(spent(h, 'demo-key-bravo')).toEqual({ email: 1.5, phone: 0 });
  });

  test('cancel: only finished items are charged, and the reservation is released', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0 });
    const leads = Array.from({ length: 30 }, (_, i) => ({ email: `p${i}.person@example.com` }));
    const post = h.call('POST', '/people/enrichment-requests', { leads, ...reveal(true, true) });
    expect(h.service.account('demo-key-alpha')!.reserved).toEqual({ email: 45, phone: 30 });
    h.clock.advance(1000);
    h.call('PATCH', post.json._links.self.href, { status: 'canceled' });
    const acct = h.service.account('demo-key-alpha')!;
    expect(acct.spent).toEqual({ email: 15, phone: 10 });
    expect(acct.reserved).toEqual({ email: 0, phone: 0 });
    finish(h);
    expect(spent(h)).toEqual({ email: 15, phone: 10 });
  });
});

describe('email validation and lead list credits', () => {
  test('1 email credit per validated email, whatever the result', () => {
    const h = harness();
    h.call('POST', '/email-validations', {
      emails: [{ email: 'a@example.com' }, { email: 'undeliverable@x.com' }, { email: 'a@example.com' }],
    });
    finish(h);
    expect(spent(h)).toEqual({ email: 3, phone: 0 });
  });

  test('lead lists charge for the options they use, per matched lead', () => {
    const h = harness();
    const body = (options: object) => ({
      name: 'L',
      owner: 'o@example.com',
      type: 'email',
      options,
      leads: [{ email: 'a.b@example.com' }, { email: 'c.d@example.com' }, { email: 'z@notfound.example' }],
    });
    h.call('POST', '/lead-lists', body({}));
    finish(h);
    expect(spent(h)).toEqual({ email: 0, phone: 0 });
    h.call('POST', '/lead-lists', body({ enrich: true, validate_email: true, reveal_phone_numbers: true }));
    finish(h);
    expect(spent(h)).toEqual({ email: 3, phone: 2 });
  });

  test('company enrichment is free', () => {
    const h = harness({}, 'demo-key-empty');
    expect(h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }] }).status).toBe(202);
    expect(h.get('/companies/find?domain=a.com').status).toBe(200);
  });
});

describe('402 insufficient_credits', () => {
  test('the worst case of the whole request must fit; nothing starts otherwise', () => {
    const h = harness({}, 'demo-key-bravo'); // 100 email, 20 phone
    const leads = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `q${i}.person@example.com` }));
    expectError(h.call('POST', '/people/enrichment-requests', { leads: leads(67), ...reveal(true, false) }), 402, 'insufficient_credits');
    expectError(h.call('POST', '/people/enrichment-requests', { leads: leads(21), ...reveal(false, true) }), 402, 'insufficient_credits');
    const acct = h.service.account('demo-key-bravo')!;
    expect(acct.reserved).toEqual({ email: 0, phone: 0 });
    expect(acct.spent).toEqual({ email: 0, phone: 0 });
    expect(h.call('POST', '/people/enrichment-requests', { leads: leads(66), ...reveal(true, false) }).status).toBe(202);
  });

  test('unfinished work holds its worst case back', () => {
    const h = harness({ processingRate: 1, queueDelayMs: 0 }, 'demo-key-bravo');
    const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `v${i}@example.com` }));
    expect(h.call('POST', '/email-validations', { emails: emails(60) }).status).toBe(202);
    expectError(h.call('POST', '/email-validations', { emails: emails(41) }), 402, 'insufficient_credits');
    expect(h.call('POST', '/email-validations', { emails: emails(40) }).status).toBe(202);
    expectError(h.get('/people/find?email=jane.doe@example.com'), 402, 'insufficient_credits');
  });

  test('an account with no credits left', () => {
    const h = harness({}, 'demo-key-empty');
    expectError(h.call('POST', '/email-validations', { emails: [{ email: 'a@example.com' }] }), 402, 'insufficient_credits');
    expectError(h.get('/people/find?email=jane.doe@example.com'), 402, 'insufficient_credits');
    expectError(
      h.call('POST', '/lead-lists', {
        name: 'L',
        owner: 'o@example.com',
        type: 'email',
        options: { validate_email: true },
        leads: [{ email: 'a@example.com' }],
      }),
      402,
      'insufficient_credits',
    );
    expect(
      h.call('POST', '/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: [{ email: 'a@example.com' }] }).status,
    ).toBe(202);
  });
});
