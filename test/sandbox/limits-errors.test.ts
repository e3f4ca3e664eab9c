// Request and usage limits, per-request size limits, and every kind of bad request, each with
// the decided status, error code and pointer; plus keys and account isolation.
import { contactIds } from '../../sandbox';
import { expectError, firstError, harness } from './helpers';

const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `u${i}@example.com` }));

describe('rate limits', () => {
  test('requests per minute per account, with Retry-After, recovering after the window', () => {
    const h = harness({ limits: { requestsPerMinute: 5 } });
    for (let i = 0; i < 5; i++) expect(h.get('/account-info').status).toBe(200);
    h.clock.advance(20000);
    const limited = h.get('/territories');
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBe('40');
    expect(h.get('/account-info', 'demo-key-bravo').status).toBe(200);
    h.clock.advance(40000);
    expect(h.get('/account-info').status).toBe(200);
  });

  test("/people/find has its own bucket, and the defaults are the spec's", () => {
    const h = harness({ limits: { requestsPerMinute: 3, peopleFindPerMinute: 2 } });
    expect(h.get('/people/find?email=a.b@example.com').status).toBe(200);
    expect(h.get('/people/find?email=a.b@example.com').status).toBe(200);
    expectError(h.get('/people/find?email=a.b@example.com'), 429, 'rate_limited');
    expect(h.get('/account-info').status).toBe(200);
    const d = harness().service.limits;
    expect([d.requestsPerMinute, d.peopleFindPerMinute, d.validationsPerHour, d.enrichmentsPerHour]).toEqual([500, 350, 15000, 15000]);
    expect([d.leadsPerList, d.enrichmentsPerRequest, d.emailsPerValidation]).toEqual([10000, 10000, 100000]);
  });

  test('a rate-limited request does nothing', () => {
    const h = harness({ limits: { requestsPerMinute: 1 } });
    h.get('/account-info');
    expectError(h.call('POST', '/email-validations', { emails: emails(2) }), 429, 'rate_limited');
    expect(h.service.account('demo-key-alpha')!.reserved).toEqual({ email: 0, phone: 0 });
  });
});

describe('hourly usage limits in refuse mode', () => {
  test('email validations per hour', () => {
    const h = harness({ usageLimits: 'refuse', limits: { validationsPerHour: 10 } });
    expect(h.call('POST', '/email-validations', { emails: emails(6) }).status).toBe(202);
    h.clock.advance(10 * 60000);
    const over = h.call('POST', '/email-validations', { emails: emails(5) });
    expectError(over, 429, 'rate_limited');
    expect(over.headers['retry-after']).toBe(String(50 * 60));
    expect(h.call('POST', '/email-validations', { emails: emails(4) }).status).toBe(202);
    h.clock.advance(50 * 60000);
    expect(h.call('POST', '/email-validations', { emails: emails(5) }).status).toBe(202);
  });

  test('person and company enrichments share the hourly enrichment limit', () => {
    const h = harness({ usageLimits: 'refuse', limits: { enrichmentsPerHour: 5 } });
    expect(
      h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }, { domain: 'b.com' }, { domain: 'c.com' }] })
        .status,
    ).toBe(202);
    expectError(h.call('POST', '/people/enrichment-requests', { leads: emails(3) }), 429, 'rate_limited');
    expect(h.call('POST', '/people/enrichment-requests', { leads: emails(2) }).status).toBe(202);
    expect(h.service.account('demo-key-alpha')!.reserved.email).toBe(1);
  });
});

describe('per-request limits', () => {
  const h = harness({ limits: { leadsPerList: 3, enrichmentsPerRequest: 2, emailsPerValidation: 4 } });
  test('over the cap is 400 unsupported_value at the array', () => {
    expectError(
      h.call('POST', '/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: emails(4) }),
      400,
      'unsupported_value',
      '/leads',
    );
    expectError(h.call('POST', '/people/enrichment-requests', { leads: emails(3) }), 400, 'unsupported_value', '/leads');
    expectError(
      h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }, { domain: 'b.com' }, { domain: 'c.com' }] }),
      400,
      'unsupported_value',
      '/companies',
    );
    expectError(h.call('POST', '/email-validations', { emails: emails(5) }), 400, 'unsupported_value', '/emails');
    expect(h.call('POST', '/email-validations', { emails: emails(4) }).status).toBe(202);
  });

  test('default caps: 10,000 leads, 100,000 emails', () => {
    const d = harness();
    expectError(d.call('POST', '/people/enrichment-requests', { leads: emails(10001) }), 400, 'unsupported_value', '/leads');
    expectError(d.call('POST', '/email-validations', { emails: emails(100001) }), 400, 'unsupported_value', '/emails');
  });

  test('bodies over the size limit are 413', () => {
    const small = harness({ limits: { maxBodyBytes: 100 } });
    expectError(small.call('POST', '/email-validations', { emails: emails(10) }), 413, 'payload_too_large');
    expect(harness().service.limits.maxBodyBytes).toBe(10 * 1024 * 1024);
  });
});

describe('bad input', () => {
  const h = harness();
  const lead = (over: object) => ({ name: 'L', owner: 'o@example.com', type: 'email', leads: [{ email: 'a@example.com' }], ...over });

  test('malformed JSON and non-object bodies', () => {
    expectError(h.raw('POST', '/email-validations', '{"emails": ['), 400, 'unsupported_value');
    expectError(h.raw('POST', '/email-validations', '[1,2]'), 400, 'unsupported_value');
    expectError(h.raw('POST', '/email-validations', ''), 400, 'unsupported_value');
  });

  test('missing fields are missing_field with a pointer', () => {
    expectError(h.call('POST', '/email-validations', {}), 400, 'missing_field', '/emails');
    expectError(h.call('POST', '/email-validations', { emails: [{}] }), 400, 'missing_field', '/emails/0/email');
    expectError(h.call('POST', '/lead-lists', lead({ name: undefined })), 400, 'missing_field', '/name');
    expectError(h.call('POST', '/lead-lists', lead({ owner: undefined })), 400, 'missing_field', '/owner');
    expectError(h.call('POST', '/lead-lists', lead({ type: undefined })), 400, 'missing_field', '/type');
    expectError(h.call('POST', '/lead-lists', lead({ leads: undefined })), 400, 'missing_field', '/leads');
    expectError(h.call('POST', '/lead-lists', lead({ type: 'profile' })), 400, 'missing_field', '/leads/0/profile_url');
    expectError(
      h.call('POST', '/lead-lists', lead({ type: 'titles_and_company', leads: [{ title: 'CEO' }] })),
      400,
      'missing_field',
      '/leads/0/company_name',
    );
    expectError(h.call('POST', '/people/enrichment-requests', { leads: [{ title: 'CEO' }] }), 400, 'missing_field', '/leads/0/email');
    expectError(h.call('POST', '/companies/enrichment-requests', { companies: [{}] }), 400, 'missing_field', '/companies/0/domain');
    expectError(h.call('POST', '/calls', { from: '1', to: '2', answered: true, human: true }), 400, 'missing_field', '/task_id');
    // A number the account was handed (its contact's): an unknown one is 404 before its body is read.
    const phone = h.get(`/contacts/${contactIds(h.service, 'demo-key-alpha')[0]}`).json.phone_numbers[0].id;
    expectError(h.call('POST', `/phone_numbers/${phone}/review`, { reason: 'x' }), 400, 'missing_field', '/user_id');
    expectError(h.call('POST', '/phone_numbers/9b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/review', { reason: 'x' }), 404, 'not_found');
  });

  test('wrong types and unknown enum values are unsupported_value with a pointer', () => {
    expectError(h.call('POST', '/lead-lists', lead({ type: 'titles' })), 400, 'unsupported_value', '/type');
    expectError(h.call('POST', '/lead-lists', lead({ shared: 'yes' })), 400, 'unsupported_value', '/shared');
    expectError(h.call('POST', '/lead-lists', lead({ owner: 'not-an-email' })), 400, 'unsupported_value', '/owner');
    expectError(h.call('POST', '/lead-lists', lead({ options: { enrich: 1 } })), 400, 'unsupported_value', '/options/enrich');
    expectError(h.call('POST', '/lead-lists', lead({ leads: 'a' })), 400, 'unsupported_value', '/leads');
    expectError(h.call('POST', '/people/enrichment-requests', { leads: [{ email: 5 }] }), 400, 'unsupported_value', '/leads/0/email');
    expectError(
      h.call('POST', '/people/enrichment-requests', { leads: emails(1), reveal_email: 'true' }),
      400,
      'unsupported_value',
      '/reveal_email',
    );
    expectError(h.call('POST', '/email-validations', { emails: [{ email: 'nope' }] }), 400, 'unsupported_value', '/emails/0/email');
    expectError(
      h.call('POST', '/calls', { from: '1', to: '2', duration: 1.5, answered: true, human: true }),
      400,
      'unsupported_value',
      '/duration',
    );
    expectError(
      h.call('POST', '/calls', { from: '1', to: '2', duration: 1, answered: true, human: true, task_id: 'x' }),
      400,
      'unsupported_value',
      '/task_id',
    );
  });

  test('bad query parameters are invalid_parameter; missing lookup keys missing_field', () => {
    expectError(h.get('/people/find?email=a@example.com&reveal_email=maybe'), 400, 'invalid_parameter', '/reveal_email');
    expectError(h.get('/people/find?email=nope'), 400, 'invalid_parameter', '/email');
    expectError(h.get('/people/find'), 400, 'missing_field', '/email');
    expectError(h.get('/companies/find'), 400, 'missing_field', '/domain');
    expectError(h.get('/territories?page[size]=%ZZ'), 400, 'invalid_parameter');
  });

  test('a refused request starts nothing', () => {
    const before = h.service.account('demo-key-alpha')!;
    h.call('POST', '/email-validations', { emails: [{ email: 'a@example.com' }, { email: 'bad' }] });
    expect(h.service.account('demo-key-alpha')!.reserved).toEqual(before.reserved);
  });
});

describe('lookups that find nothing', () => {
  const h = harness();
  test('documented inputs', () => {
    expectError(h.get('/people/find?email=a@notfound.example'), 404, 'person_not_found');
    expectError(h.get('/people/find?email=a@gdpr-removed.example'), 451, 'unavailable_for_legal_reasons');
    expectError(h.get('/people/find?profile_url=https://www.profiles.example/in/notfound-x'), 404, 'person_not_found');
    expectError(h.get('/companies/find?domain=shop.invalid'), 404, 'company_not_found');
    expectError(h.get('/companies/find?domain=notfound-corp.com'), 404, 'company_not_found');
    expect(h.service.account('demo-key-alpha')!.spent).toEqual({ email: 0, phone: 0 });
  });
});

describe('routes, keys and accounts', () => {
  const h = harness();

  test('unknown routes 404, wrong methods 405 with Allow', () => {
    expectError(h.get('/nope'), 404, 'not_found');
    expectError(h.get('/v1/account-info'), 404, 'not_found');
    const wrong = h.call('DELETE', '/territories');
    expectError(wrong, 405, 'method_not_allowed');
    expect(wrong.headers['allow']).toBe('GET');
    expect(h.call('GET', '/email-validations').headers['allow']).toBe('POST');
  });

  test('missing or unknown keys are 401', () => {
    expectError(h.get('/account-info', null), 401, 'unauthorized');
    expectError(h.get('/account-info', 'not-a-key'), 401, 'unauthorized');
    expect(h.get('/account-info').json.name).toBe('Alpha Outbound (demo)');
    expect(firstError(h.get('/territories', null)).title).toBe('Unauthorized');
  });

  test('an Authorization header sent twice is 400 unsupported_value and spends nothing', () => {
    const body = JSON.stringify({ emails: emails(3) });
    const headers = { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' };
    const before = h.service.account('demo-key-alpha')!.spent.email;
    const res = h.service.handle({ method: 'POST', path: '/email-validations', headers, repeatedHeaders: ['authorization'], body });
    const answer = { status: res.status, headers: res.headers, json: JSON.parse(res.body) };
    expectError(answer, 400, 'unsupported_value');
    expect(firstError(answer).source).toBeUndefined();
    expect(h.service.account('demo-key-alpha')!.reserved.email).toBe(0);
    expect(h.service.account('demo-key-alpha')!.spent.email).toBe(before);
    // Another header sent twice is no reason to refuse.
    const once = h.service.handle({ method: 'GET', path: '/account-info', headers, repeatedHeaders: ['accept'], body: '' });
    expect(once.status).toBe(200);
  });

  test("another account's batches and lead lists are 404 and untouched", () => {
    const person = h.call('POST', '/people/enrichment-requests', { leads: emails(2) }).json;
    const company = h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }] }).json;
    const validation = h.call('POST', '/email-validations', { emails: emails(2) }).json;
    const list = h.call('POST', '/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: emails(1) }).json;
    for (const path of [person._links.self.href, company._links.self.href, validation._links.self.href, list._links.self.href]) {
      const a = h.get(path, 'demo-key-bravo');
      expectError(a, 404, 'not_found');
      expect(JSON.stringify(a.json)).not.toContain('example.com');
    }
    expectError(h.call('PATCH', person._links.self.href, { status: 'canceled' }, 'demo-key-bravo'), 404, 'not_found');
    expect(h.get(person._links.self.href).json.status).not.toBe('canceled');
    expectError(h.get('/people/enrichment-requests/999999'), 404, 'not_found');
    expectError(h.get('/people/enrichment-requests/abc'), 404, 'not_found');
    expectError(h.get('/lead-lists/not-a-uuid'), 404, 'not_found');
    expect(h.get('/account-info', 'demo-key-bravo').json.id).not.toBe(h.get('/account-info').json.id);
  });

  test('custom accounts', () => {
    const c = harness({ accounts: [{ key: 'k1', name: 'One', credits: { email: 2, phone: 0 } }] }, 'k1');
    expect(c.get('/account-info').json.name).toBe('One');
    expectError(c.get('/account-info', 'demo-key-alpha'), 401, 'unauthorized');
    expect(c.service.account('k1')!.credits).toEqual({ email: 2, phone: 0 });
  });
});
