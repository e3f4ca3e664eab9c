// Every endpoint's responses checked against the project's zod schemas of the spec, plus the
// cross-field rules the schemas cannot express (size vs employees, presence vs followers...).
import { SPEC as S } from '../../sandbox/spec-schemas';
import { contactIds } from '../../sandbox';
import { allPages, harness, type Answer, type ServiceJson } from './helpers';

function conforms(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown): void {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new Error(`schema mismatch: ${JSON.stringify(r.error?.issues.slice(0, 3))}\nvalue: ${JSON.stringify(value).slice(0, 400)}`);
}

const DOMAINS = Array.from(
  { length: 40 },
  (_, i) =>
    `${['acme', 'globex', 'initech', 'umbrella', 'harborlogistics', 'northwindanalytics', 'stark-industries', 'wayne'][i % 8]}${i}.com`,
);

const SIZE_RANGES: Record<string, [number, number]> = {
  '1-10 employees': [1, 10],
  '11-50 employees': [11, 50],
  '51-200 employees': [51, 200],
  '201-500 employees': [201, 500],
  '10001+ employees': [10001, Infinity],
};

function companyPresenceOk(followers: number, presence: string): boolean {
  const band =
    followers >= 100000 ? 'massive' : followers >= 10000 ? 'large' : followers >= 1000 ? 'moderate' : followers >= 1 ? 'limited' : 'none';
  return band === presence;
}

function checkCompanyRules(c: ServiceJson): void {
  const [lo, hi] = SIZE_RANGES[c.size] ?? [NaN, NaN];
  expect(c.estimated_number_of_employees).toBeGreaterThanOrEqual(lo);
  expect(c.estimated_number_of_employees).toBeLessThanOrEqual(hi);
  expect(companyPresenceOk(c.followers, c.profile_presence)).toBe(true);
  expect(Object.keys(c.department_headcount).sort()).toEqual([...S.DEPARTMENTS].sort());
  const sum = Object.values(c.department_headcount as Record<string, number>).reduce((a, b) => a + b, 0);
  expect(sum).toBe(c.estimated_number_of_employees);
  for (const [dept, fns] of Object.entries(c.job_function_headcount as Record<string, Record<string, number>>)) {
    const allowed = (S.JOB_FUNCTIONS as Record<string, readonly string[]>)[dept];
    expect(allowed).toBeDefined();
    for (const fn of Object.keys(fns)) expect(allowed).toContain(fn);
    expect(Object.values(fns).reduce((a, b) => a + b, 0)).toBe(c.department_headcount[dept]);
  }
  expect(c.locations.filter((l: ServiceJson) => l.is_primary)).toHaveLength(1);
}

describe('contract: lookups', () => {
  const h = harness();

  test('GET /companies/find answers a company with industry and funding events', () => {
    for (const domain of DOMAINS) {
      const a = h.get(`/companies/find?domain=${domain}`);
      expect(a.status).toBe(200);
      conforms(S.CompanyLookup, a.json);
      checkCompanyRules(a.json);
      const events = a.json.funding_events as ServiceJson[];
      if (events.length) {
        const last = events[events.length - 1];
        expect(a.json.latest_funding_stage).toBe(last.type);
        expect(a.json.latest_funding_date).toBe(last.date);
        expect(a.json.total_funding).toBe(events.reduce((s, e) => s + (e.amount_usd ?? e.amount), 0));
        for (const e of events) conforms(S.FundingEvent, e);
      } else {
        expect(a.json.total_funding).toBeNull();
        expect(a.json.latest_funding_stage).toBeNull();
      }
    }
  });

  test('GET /companies/find by profile URL names the same company as its domain', () => {
    const byDomain = h.get('/companies/find?domain=harborlogistics.com').json;
    const byProfile = h.get(`/companies/find?profile_url=${encodeURIComponent(byDomain.profile_url)}`).json;
    expect(byProfile.id).toBe(byDomain.id);
    expect(byDomain.name).toBe('Harbor Logistics');
  });

  test('GET /people/find answers a person; email and phones only when revealed', () => {
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      const email = `person${i}.tester@${DOMAINS[i % DOMAINS.length]}`;
      const plain = h.get(`/people/find?email=${encodeURIComponent(email)}`);
      if (plain.status !== 200) {
        expect([404, 451]).toContain(plain.status);
        conforms(S.ErrorObject, plain.json);
        continue;
      }
      checked++;
      conforms(S.Person, plain.json);
      expect(plain.json.email).toBeNull();
      expect(plain.json.phone_numbers).toBeNull();
      checkCompanyRules(plain.json.company);
      for (const e of plain.json.experiences) conforms(S.Experience, e);
      for (const e of plain.json.educations) conforms(S.Education, e);
      const full = h.get(`/people/find?email=${encodeURIComponent(email)}&reveal_email=true&reveal_phone_numbers=true`);
      conforms(S.Person, full.json);
      expect(full.json.email).toBe(email);
      expect(full.json.phone_numbers.length).toBeGreaterThan(0);
      expect({ ...full.json, email: null, phone_numbers: null }).toEqual(plain.json);
    }
    expect(checked).toBeGreaterThan(40);
  });

  test('errors of the lookups are error objects', () => {
    conforms(S.ErrorObject, h.get('/companies/find?domain=shop.invalid').json);
    conforms(S.ErrorObject, h.get('/people/find?email=a@gdpr-removed.example').json);
  });
});

function waitDone(h: ReturnType<typeof harness>, path: string): Answer {
  for (let i = 0; i < 1000; i++) {
    const a = h.get(path);
    if (a.json.status === 'completed') return a;
    h.clock.advance(1000);
  }
  throw new Error('never completed');
}

describe('contract: batches and lead lists', () => {
  const h = harness();

  test('person enrichment: POST and GET', () => {
    const post = h.call('POST', '/people/enrichment-requests', {
      leads: [
        { email: 'jane.doe@example.com', name: 'Jane Doe' },
        { profile_url: 'https://www.profiles.example/in/found-sam-lee' },
        { name: 'Alex Kim', company_domain: 'example.com', title: 'CTO' },
        { email: 'nobody@notfound.example' },
        { email: 'gone@gdpr-removed.example' },
      ],
      reveal_email: true,
      reveal_phone_numbers: true,
    });
    expect(post.status).toBe(202);
    conforms(S.PersonEnrichmentBatch, post.json);
    expect(post.json).toMatchObject({
      status: 'queued',
      results: [],
      _links: { self: { href: `/people/enrichment-requests/${post.json.id}` } },
    });
    const done = waitDone(h, post.json._links.self.href);
    conforms(S.PersonEnrichmentBatch, done.json);
    expect(done.json.results.map((r: ServiceJson) => r.status)).toEqual(['enriched', 'enriched', 'enriched', 'not_found', 'gdpr_removed']);
    const [jane, , alex, nf, gdpr] = done.json.results;
    expect(jane).toMatchObject({ email: 'jane.doe@example.com', name: 'Jane Doe', profile_url: null, company_domain: null, title: null });
    expect(jane.result.email).toBe('jane.doe@example.com');
    expect(jane.result.phone_numbers.length).toBeGreaterThan(0);
    for (const p of jane.result.phone_numbers) conforms(S.PhoneNumber, p);
    expect(alex.result.title).toBe('CTO');
    expect(nf.result).toBeNull();
    expect(gdpr.result).toBeNull();
    expect(new Set(done.json.results.map((r: ServiceJson) => r.id)).size).toBe(5);
  });

  test('company enrichment: POST, GET and PATCH', () => {
    const post = h.call('POST', '/companies/enrichment-requests', {
      companies: [{ domain: 'acme.com' }, { profile_url: 'https://www.profiles.example/company/globex' }, { domain: 'shop.invalid' }],
    });
    expect(post.status).toBe(202);
    conforms(S.CompanyEnrichmentBatch, post.json);
    expect(post.json._links.self.href).toBe(`/companies/enrichment-requests/${post.json.id}`);
    const done = waitDone(h, post.json._links.self.href);
    conforms(S.CompanyEnrichmentBatch, done.json);
    expect(done.json.results.map((r: ServiceJson) => [r.status, r.domain, r.profile_url])).toEqual([
      ['found', 'acme.com', null],
      ['found', null, 'https://www.profiles.example/company/globex'],
      ['not_found', 'shop.invalid', null],
    ]);
    for (const r of done.json.results) if (r.result) checkCompanyRules(r.result);
    const other = h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }, { domain: 'b.com' }] });
    const canceled = h.call('PATCH', other.json._links.self.href, { status: 'canceled' });
    expect(canceled.status).toBe(200);
    conforms(S.CompanyEnrichmentBatch, canceled.json);
    expect(canceled.json.status).toBe('canceled');
  });

  test('email validation: POST and GET', () => {
    const post = h.call('POST', '/email-validations', {
      emails: [{ email: 'jane@example.com' }, { email: 'risky@acme.com' }, { email: 'x@catch-all.example' }],
    });
    expect(post.status).toBe(202);
    conforms(S.EmailValidationBatch, post.json);
    expect(post.json._links.self.href).toBe(`/email-validations/${post.json.id}`);
    const done = waitDone(h, post.json._links.self.href);
    conforms(S.EmailValidationBatch, done.json);
    expect(done.json.results.map((r: ServiceJson) => [r.result, r.catch_all])).toEqual([
      ['deliverable', false],
      ['risky', false],
      ['risky', true],
    ]);
  });

  test('lead list: POST and GET, with every option', () => {
    const post = h.call('POST', '/lead-lists', {
      name: 'Q1 targets',
      owner: 'owner@example.com',
      type: 'email',
      shared: true,
      visible: true,
      options: { reveal_phone_numbers: true, validate_email: true, enrich: true },
      leads: [{ email: 'jane.doe@example.com', context: { row: 2 } }, { email: 'x@notfound.example' }, { email: 'sam.lee@example.com' }],
    });
    expect(post.status).toBe(202);
    conforms(S.LeadList, post.json);
    expect(post.json).toMatchObject({
      status: 'queued',
      leads: [],
      type: 'email',
      _links: { self: { href: `/lead-lists/${post.json.id}` } },
    });
    const done = waitDone(h, `/lead-lists/${post.json.id}`);
    conforms(S.LeadList, done.json);
    expect(done.json.leads.map((l: ServiceJson) => l.email)).toEqual(['jane.doe@example.com', 'sam.lee@example.com']);
    expect(done.json.leads[0].data).toEqual({ row: 2 });
    expect(done.json.leads[0].email_validation_result.result).toBe('deliverable');
    expect(done.json._errors).toEqual([expect.objectContaining({ code: 'lead_not_found', source: { pointer: '/leads/1' } })]);
    const titles = h.call('POST', '/lead-lists', {
      name: 'T',
      owner: 'o@example.com',
      type: 'titles_and_company',
      leads: [{ title: 'VP Sales', company_domain: 'example.com' }],
    });
    expect(titles.json.type).toBe('title_and_company');
    conforms(S.LeadList, waitDone(h, `/lead-lists/${titles.json.id}`).json);
  });
});

describe('contract: other endpoints', () => {
  const h = harness();

  test('POST /calls answers 201 and a call record', () => {
    const a = h.call('POST', '/calls', {
      from: '+1 415-555-0100',
      to: '+1 212-555-0199',
      duration: 95,
      answered: true,
      human: false,
      task_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      user_id: '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      transcription: 'Hello',
    });
    expect(a.status).toBe(201);
    conforms(S.CallRecord, a.json);
    expect(a.json).toMatchObject({
      duration: 95,
      answered: true,
      human: false,
      transcription: 'Hello',
      user_id: '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      disposition_id: null,
    });
  });

  test('POST /phone_numbers/{id}/review answers the number; an id never handed out is 404', () => {
    const person = h.get('/people/find?email=jane.doe@example.com&reveal_phone_numbers=true').json;
    const phone = person.phone_numbers[0];
    const a = h.call('POST', `/phone_numbers/${phone.id}/review`, {
      user_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      reason: 'wrong_number',
    });
    expect(a.status).toBe(200);
    conforms(S.PhoneReviewResponse, a.json);
    expect(a.json).toMatchObject({ id: phone.id, is_wrong_number: true });
    const other = h.call('POST', '/phone_numbers/9b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/review', {
      user_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      reason: 'other',
    });
    expect(other.status).toBe(404);
    expect(other.json._errors[0].code).toBe('not_found');
  });

  test('GET /contacts/{id} answers each contact of the account, newest activity first', () => {
    let seen = 0;
    for (const id of contactIds(h.service, 'demo-key-alpha')) {
      const a = h.get(`/contacts/${id}`);
      expect(a.status).toBe(200);
      expect(a.json.id).toBe(id);
      seen++;
      conforms(S.Contact, a.json);
      const times = a.json.recent_activity.map((e: ServiceJson) => e.event_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(a.json.last_contacted_at).toBe(times[0]);
      for (const p of a.json.phone_numbers) expect(typeof p.kind).toBe('string');
    }
    expect(seen).toBeGreaterThanOrEqual(6);
    expect(h.get('/contacts/00000000-1c2d-4e5f-8a9b-0c1d2e3f4a5b').status).toBe(404);
  });

  test('GET /territories, /excluded-domains, /excluded-emails, /job-openings, /account-info', () => {
    const terr = allPages(h, '/territories', 'territories');
    for (const t of terr) conforms(S.Territory, t);
    expect(terr.length).toBeGreaterThan(20);
    conforms(S.TerritoryPage, h.get('/territories').json);
    conforms(S.ExcludedDomainPage, h.get('/excluded-domains').json);
    conforms(S.ExcludedEmailPage, h.get('/excluded-emails').json);
    for (const e of h.get('/excluded-domains').json.excluded_domains) expect(e.date_added).toMatch(/\.\d{3}Z$/);
    const jobs = h.get('/job-openings?domain=globex.com&page[size]=100');
    conforms(S.JobOpeningPage, jobs.json);
    for (const j of jobs.json.job_openings) {
      expect(S.JOB_SENIORITIES).toContain(j.seniorities[0]);
      expect(S.DEPARTMENTS).toContain(j.departments[0]);
    }
    const acct = h.get('/account-info');
    conforms(S.Account, acct.json);
    expect(Object.keys(acct.json).sort()).toEqual(['id', 'name']);
  });

  test('GET /calls/{id}/recording and the mailboxes answer strict shapes in-process too; the link is on the base address and served here', () => {
    const call = h.call('POST', '/calls', {
      task_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      user_id: '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      duration: 30,
      recording_url: 'https://calls.example/r.mp3',
    }).json;
    const rec = h.get(`/calls/${call.id}/recording`);
    conforms(S.CallRecording, rec.json);
    // With no server, the address is the configured one (https), and this same handler serves it.
    expect(rec.json.url).toMatch(/^https:\/\/api\.prospecting\.example\/recordings\/[^/]+\.wav$/);
    const audio = h.service.handle({
      method: 'GET',
      path: rec.json.url.slice('https://api.prospecting.example'.length),
      headers: {},
      body: '',
    });
    expect([audio.status, audio.headers['content-type'], audio.body.slice(0, 4)]).toEqual([200, 'audio/wav', 'RIFF']);
    const other = harness({ baseUrl: 'https://calls.test/api/' });
    const id = other.call('POST', '/calls', { task_id: call.task_id, user_id: call.user_id, recording_url: 'x' }).json.id;
    expect(other.get(`/calls/${id}/recording`).json.url).toMatch(/^https:\/\/calls\.test\/api\/recordings\//);
    const page = h.get('/mailboxes');
    conforms(S.MailboxPage, page.json);
    conforms(S.Mailbox, h.get(`/mailboxes/${page.json.mailboxes[0].id}`).json);
    // The schemas are strict: a member the decisions document does not list is refused.
    expect(S.Mailbox.safeParse({ ...page.json.mailboxes[0], extra: 1 }).success).toBe(false);
    expect(S.CallRecording.safeParse({ ...rec.json, size: 1 }).success).toBe(false);
  });
});
