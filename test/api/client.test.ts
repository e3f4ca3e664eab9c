// Every endpoint of the client against constructed answers: what it sends and what it returns.
import { ProspectingError, RequestValidationError, UnexpectedResponseError } from '../../src/api/errors';
import { fakeClient, json } from '../support/fake-transport';
import type { TestClient } from '../support/test-client';
import * as f from '../support/fixtures';

const setup = () => fakeClient();

describe('client endpoints', () => {
  test('getAccount reads /account-info', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { id: f.UUID(1), name: 'Acme Sales' }));
    expect(client.getAccount()).toEqual({ id: f.UUID(1), name: 'Acme Sales' });
    expect(transport.lines).toEqual(['GET /account-info']);
  });

  test('account info with an extra property is read, the extra dropped (the spec forbids it; the reader tolerates it)', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { id: f.UUID(1), name: 'Acme', plan: 'pro' }));
    expect(client.getAccount()).toEqual({ id: f.UUID(1), name: 'Acme' });
  });

  test('createLeadList posts the body and parses the lead list', () => {
    const { transport, client } = setup();
    transport.answer(json(202, f.leadList()));
    const list = client.createLeadList({
      name: 'Q3 targets',
      owner: 'owner@acme.example',
      type: 'email',
      leads: [{ email: 'jane@acme.example' }],
      options: { enrich: true, validate_email: true, reveal_phone_numbers: false },
    });
    expect(list.status).toBe('queued');
    expect(transport.sent[0]).toMatchObject({
      method: 'POST',
      path: '/lead-lists',
      body: { type: 'email', leads: [{ email: 'jane@acme.example' }] },
    });
  });

  test('getLeadList reads by id with paging, leadListPages follows next links', () => {
    const { transport, client } = setup();
    transport.answer(json(200, f.leadList([f.leadEntry])));
    expect(client.getLeadList(f.UUID(5), { size: 50, after: 'c1' }).value.leads).toHaveLength(1);
    expect(transport.lines[0]).toBe(`GET /lead-lists/${f.UUID(5)}?page%5Bsize%5D=50&page%5Bafter%5D=c1`);

    const page1 = {
      ...f.leadList([f.leadEntry]),
      _links: { self: { href: 'x' }, next: { href: `/lead-lists/${f.UUID(5)}?page[after]=c2` } },
    };
    transport.answer(json(200, page1), json(200, f.leadList([f.leadEntry])));
    const pages = [...client.leadListPages(f.UUID(5))];
    expect(pages).toHaveLength(2);
    expect(transport.lines[2]).toBe(`GET /lead-lists/${f.UUID(5)}?page[after]=c2`);
  });

  test('person enrichment: start, read with Retry-After, pages, cancel', () => {
    const { transport, client } = setup();
    transport.answer(json(202, f.personBatch()));
    const started = client.startPersonEnrichment({ leads: [{ email: 'jane@acme.example' }], reveal_email: true });
    expect(started.id).toBe(17);
    expect(transport.sent[0]).toMatchObject({ method: 'POST', path: '/people/enrichment-requests', body: { reveal_email: true } });

    transport.answer(
      json(200, f.personBatch('processing', [{ id: 1, status: 'enriched', result: f.person, email: 'jane@acme.example' }]), {
        'retry-after': '5',
      }),
    );
    const read = client.getPersonEnrichment(17);
    expect(read.retryAfter).toBe(5);
    expect(read.value.results[0]?.result?.name).toBe('Jane Doe');
    expect(transport.lines[1]).toBe('GET /people/enrichment-requests/17');

    transport.answer(json(200, f.personBatch('completed', [{ id: 2, status: 'gdpr_removed', result: null }])));
    expect([...client.personEnrichmentPages(17, 1000)]).toHaveLength(1);
    expect(transport.lines[2]).toBe('GET /people/enrichment-requests/17?page%5Bsize%5D=1000');

    transport.answer(json(200, f.personBatch('canceled')));
    expect(client.cancelPersonEnrichment(17).status).toBe('canceled');
    expect(transport.sent[3]).toMatchObject({ method: 'PATCH', path: '/people/enrichment-requests/17', body: { status: 'canceled' } });
  });

  test('company enrichment: start, read, pages, cancel', () => {
    const { transport, client } = setup();
    transport.answer(json(202, f.companyBatch()));
    expect(client.startCompanyEnrichment({ companies: [{ domain: 'acme.example' }] }).object).toBe('company_enrichment');
    transport.answer(json(200, f.companyBatch('completed', [{ id: 1, status: 'found', result: f.company, domain: 'acme.example' }])));
    expect(client.getCompanyEnrichment(18).value.results[0]?.status).toBe('found');
    transport.answer(json(200, f.companyBatch('completed')));
    expect([...client.companyEnrichmentPages(18)]).toHaveLength(1);
    transport.answer(json(200, f.companyBatch('canceled')));
    expect(client.cancelCompanyEnrichment(18).status).toBe('canceled');
    expect(transport.lines).toEqual([
      'POST /companies/enrichment-requests',
      'GET /companies/enrichment-requests/18',
      'GET /companies/enrichment-requests/18',
      'PATCH /companies/enrichment-requests/18',
    ]);
  });

  test('email validation: start, read, pages, cancel', () => {
    const { transport, client } = setup();
    const id = f.UUID(4);
    transport.answer(json(202, f.emailBatch()));
    expect(client.startEmailValidation({ emails: [{ email: 'a@acme.example' }] }).id).toBe(id);
    transport.answer(
      json(
        200,
        f.emailBatch('completed', [{ object: 'email_validation_result', email: 'a@acme.example', result: 'risky', catch_all: true }]),
      ),
    );
    expect(client.getEmailValidation(id).value.results[0]?.result).toBe('risky');
    transport.answer(json(200, f.emailBatch('completed')));
    expect([...client.emailValidationPages(id, 10)]).toHaveLength(1);
    transport.answer(json(200, f.emailBatch('canceled')));
    expect(client.cancelEmailValidation(id).status).toBe('canceled');
    expect(transport.lines).toEqual([
      'POST /email-validations',
      `GET /email-validations/${id}`,
      `GET /email-validations/${id}?page%5Bsize%5D=10`,
      `PATCH /email-validations/${id}`,
    ]);
  });

  test('a batch result missing catch_all is refused', () => {
    const { transport, client } = setup();
    transport.answer(
      json(200, f.emailBatch('completed', [{ object: 'email_validation_result', email: 'a@acme.example', result: 'risky' }])),
    );
    expect(() => client.getEmailValidation(f.UUID(4))).toThrow(UnexpectedResponseError);
  });

  test('findCompany and findPerson send their query and keep extra properties', () => {
    const { transport, client } = setup();
    transport.answer(json(200, f.companyLookup));
    const c = client.findCompany({ domain: 'acme.example' });
    expect(c.industry).toBe('Software');
    expect((c as Record<string, unknown>).some_future_field).toBe('kept');
    transport.answer(json(200, f.person));
    expect(client.findPerson({ email: 'jane@acme.example', reveal_phone_numbers: true }).phone_numbers).toHaveLength(1);
    expect(transport.lines).toEqual([
      'GET /companies/find?domain=acme.example',
      'GET /people/find?email=jane%40acme.example&reveal_phone_numbers=true',
    ]);
  });

  test('a company with a department key the spec does not list is read, the key kept', () => {
    const { transport, client } = setup();
    transport.answer(
      json(200, { ...f.companyLookup, department_headcount: { sorcery: 3 }, job_function_headcount: { sorcery: { wands: 3 } } }),
    );
    const c = client.findCompany({ domain: 'acme.example' });
    expect(c.department_headcount).toEqual({ sorcery: 3 });
    expect(c.job_function_headcount).toEqual({ sorcery: { wands: 3 } });
  });

  test('a company whose required field has the wrong type is refused', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { ...f.companyLookup, profile_url: 42 }));
    expect(() => client.findCompany({ domain: 'acme.example' })).toThrow(UnexpectedResponseError);
  });

  test('logCall, reviewPhoneNumber, getContact', () => {
    const { transport, client } = setup();
    transport.answer(json(201, f.callRecord));
    expect(
      client.logCall({
        from: '+15550100',
        to: '+15550199',
        duration: 95,
        answered: true,
        human: true,
        task_id: f.UUID(11),
        user_id: f.UUID(10),
      }).duration,
    ).toBe(95);
    transport.answer(json(200, {}));
    expect(client.reviewPhoneNumber(f.UUID(3), { user_id: f.UUID(10), reason: 'wrong_number' })).toEqual({});
    transport.answer(json(200, f.contact));
    expect(client.getContact(f.UUID(11)).recent_activity?.[0]?.event_type).toBe('completed_without_reply');
    expect(transport.lines).toEqual(['POST /calls', `POST /phone_numbers/${f.UUID(3)}/review`, `GET /contacts/${f.UUID(11)}`]);
  });

  test('territories, job openings and exclusions page through next links with their filters', () => {
    const { transport, client } = setup();
    const t = (href?: string) => ({
      territories: [{ id: f.UUID(20), name: 'EMEA' }],
      _links: { self: { href: '/territories' }, ...(href ? { next: { href } } : {}) },
    });
    transport.answer(json(200, t('/territories?page[after]=x')), json(200, t()));
    expect([...client.territoryPages({ name: 'em', size: 20 })].flatMap((p) => p.territories)).toHaveLength(2);

    const job = {
      id: f.UUID(21),
      title: 'AE',
      url: 'https://jobs.example/1',
      raw_location: 'Remote',
      first_seen_at: '2024-01-01T00:00:00Z',
      seniorities: ['Senior'],
      departments: ['revenue'],
      job_functions: ['sales'],
    };
    const co = { id: f.UUID(1), name: 'Acme', domain: 'acme.example', profile_url: 'https://profiles.example/company/acme' };
    transport.answer(json(200, { company: co, job_openings: [job], _links: { self: { href: '/job-openings' } } }));
    expect(
      [...client.jobOpeningPages({ domain: 'acme.example', seniorities: ['Senior', 'VP'], remote: true }, 100)][0]?.job_openings[0]?.title,
    ).toBe('AE');

    const ex = { source: 'manual', date_added: '2024-01-01T00:00:00.000Z', excluded_reason: 'customer', excluded_reasons: ['customer'] };
    transport.answer(json(200, { excluded_domains: [{ domain: 'acme.example', ...ex }], _links: { self: { href: '/excluded-domains' } } }));
    expect([...client.excludedDomainPages({ keyword: 'acme' })][0]?.excluded_domains[0]?.domain).toBe('acme.example');
    transport.answer(json(200, { excluded_emails: [{ email: 'a@acme.example', ...ex }], _links: { self: { href: '/excluded-emails' } } }));
    expect([...client.excludedEmailPages({ keyword: 'a@', size: 1000 })][0]?.excluded_emails).toHaveLength(1);

    expect(transport.lines).toEqual([
      'GET /territories?name=em&page%5Bsize%5D=20',
      'GET /territories?page[after]=x',
      'GET /job-openings?domain=acme.example&seniorities%5B%5D=Senior&seniorities%5B%5D=VP&remote=true&page%5Bsize%5D=100',
      'GET /excluded-domains?keyword=acme',
      'GET /excluded-emails?keyword=a%40&page%5Bsize%5D=1000',
    ]);
  });

  test('sendMany answers each request with its value or its error', () => {
    const { transport, client } = setup();
    transport.answer(
      json(200, f.companyLookup),
      json(404, { object: 'error', _errors: [{ code: 'not_found', title: 'Not Found', detail: 'no company' }] }),
    );
    const [a, b] = client.sendMany(
      [client.companyFindRequest({ domain: 'acme.example' }), client.companyFindRequest({ domain: 'nope.example' })],
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../../src/api/schemas').CompanyLookupSchema,
    );
    expect((a as { name: string }).name).toBe('Acme Analytics');
    expect(b).toBeInstanceOf(ProspectingError);
    expect((b as ProspectingError).kind).toBe('not_found');
  });
});

describe('requests are checked before sending', () => {
  const cases: Array<[string, (c: TestClient) => unknown, RegExp]> = [
    [
      'more than 10,000 leads in a list',
      (c) =>
        c.createLeadList({
          name: 'x',
          owner: 'o@a.example',
          type: 'email',
          leads: Array.from({ length: 10001 }, (_, i) => ({ email: `p${i}@a.example` })),
        }),
      /more than 10,000 leads/,
    ],
    [
      "a list's name longer than the add-on's bound",
      (c) => c.createLeadList({ name: 'n'.repeat(256), owner: 'o@a.example', type: 'email', leads: [{ email: 'a@a.example' }] }),
      /name is longer than 255 characters/,
    ],
    [
      'more than 10,000 enrichments',
      (c) => c.startPersonEnrichment({ leads: Array.from({ length: 10001 }, (_, i) => ({ email: `p${i}@a.example` })) }),
      /more than 10,000 leads/,
    ],
    [
      'more than 10,000 companies',
      (c) => c.startCompanyEnrichment({ companies: Array.from({ length: 10001 }, (_, i) => ({ domain: `d${i}.example` })) }),
      /more than 10,000 companys|more than 10,000 compan/,
    ],
    [
      'more than 100,000 emails',
      (c) => c.startEmailValidation({ emails: Array.from({ length: 100001 }, (_, i) => ({ email: `p${i}@a.example` })) }),
      /more than 100,000 emails/,
    ],
    [
      'a malformed email',
      (c) => c.startEmailValidation({ emails: [{ email: 'not-an-email' }] }),
      /emails\[0\]\.email is not a valid email address/,
    ],
    [
      'a missing required field',
      (c) => c.createLeadList({ name: 'x', type: 'email', leads: [{ email: 'a@a.example' }] } as never),
      /owner is missing/,
    ],
    [
      'a lead without the key of the list type',
      (c) => c.createLeadList({ name: 'x', owner: 'o@a.example', type: 'profile', leads: [{ email: 'a@a.example' }] }),
      /leads\[0\] needs profile_url/,
    ],
    [
      'an unknown list type',
      (c) => c.createLeadList({ name: 'x', owner: 'o@a.example', type: 'person' as never, leads: [{ email: 'a@a.example' }] }),
      /type must be one of/,
    ],
    ['a person lead with nothing to match', (c) => c.startPersonEnrichment({ leads: [{ title: 'CEO' }] }), /needs an email, a profile_url/],
    ['an empty batch', (c) => c.startCompanyEnrichment({ companies: [] }), /needs at least one company/],
    ['a call without its duration', (c) => c.logCall({ from: '1', to: '2', answered: true, human: true } as never), /duration is missing/],
    [
      'a phone review with a bad user id',
      (c) => c.reviewPhoneNumber('p1', { user_id: 'bob', reason: 'wrong' }),
      /user_id is not a valid id/,
    ],
    ['a company lookup with no domain', (c) => c.findCompany({}), /needs a domain or a profile URL/],
    ['a territory page of 21', (c) => [...c.territoryPages({ size: 21 })], /page size must be a whole number from 1 to 20/],
    ['a job openings page of 0', (c) => [...c.jobOpeningPages({ domain: 'a.example' }, 0)], /from 1 to 100/],
    [
      'a job seniority not in the spec',
      (c) => [...c.jobOpeningPages({ domain: 'a.example', seniorities: ['Boss' as never] })],
      /must be one of Owner/,
    ],
  ];

  test.each(cases)('%s gives a clear local error and sends nothing', (_name, act, message) => {
    const { transport, client } = setup();
    let error: unknown;
    try {
      act(client);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/Nothing was sent\.$/);
    expect(transport.sent).toHaveLength(0);
  });

  test('exactly 10,000 leads and 100,000 emails are allowed', () => {
    const { transport, client } = setup();
    transport.answer(json(202, f.personBatch()), json(202, f.emailBatch()));
    client.startPersonEnrichment({ leads: Array.from({ length: 10000 }, (_, i) => ({ email: `p${i}@a.example` })) });
    client.startEmailValidation({ emails: Array.from({ length: 100000 }, (_, i) => ({ email: `p${i}@a.example` })) });
    expect(transport.sent).toHaveLength(2);
  });
});
