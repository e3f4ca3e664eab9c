// Batches and lead lists over time: queued -> processing -> completed on a controlled clock,
// Retry-After while unfinished, cursor paging of results, and cancel.
import { allPages, expectError, harness, type ServiceJson } from './helpers';

const emails = (n: number, domain = 'example.com') => Array.from({ length: n }, (_, i) => ({ email: `user${i}@${domain}` }));

describe('batch lifecycle', () => {
  test('queued, then processing with results appearing as items finish, then completed', () => {
    // 10 items per second after a 1 s queue: item i finishes at 1000 + 100 * (i + 1) ms.
    const h = harness({ processingRate: 10, queueDelayMs: 1000 });
    const post = h.call('POST', '/email-validations', { emails: emails(20) });
    expect(post.status).toBe(202);
    expect(post.json.status).toBe('queued');
    expect(post.headers['retry-after']).toBe('1');
    const path = post.json._links.self.href;

    h.clock.advance(999);
    let a = h.get(path);
    expect(a.json).toMatchObject({ status: 'queued', results: [] });
    expect(a.headers['retry-after']).toBe('1');

    h.clock.advance(1 + 350);
    a = h.get(path);
    expect(a.json.status).toBe('processing');
    expect(a.json.results.map((r: ServiceJson) => r.email)).toEqual(['user0@example.com', 'user1@example.com', 'user2@example.com']);
    expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    h.clock.advance(1650 - 1);
    a = h.get(path);
    expect(a.json.status).toBe('processing');
    expect(a.json.results).toHaveLength(19);

    h.clock.advance(1);
    a = h.get(path);
    expect(a.json.status).toBe('completed');
    expect(a.json.results).toHaveLength(20);
    expect(a.headers['retry-after']).toBeUndefined();
  });

  test('time taken is proportional to size at the configured rate', () => {
    const h = harness({ processingRate: 50, queueDelayMs: 0 });
    const small = h.call('POST', '/companies/enrichment-requests', {
      companies: Array.from({ length: 50 }, (_, i) => ({ domain: `s${i}.com` })),
    }).json.id;
    const big = h.call('POST', '/companies/enrichment-requests', {
      companies: Array.from({ length: 500 }, (_, i) => ({ domain: `b${i}.com` })),
    }).json.id;
    h.clock.advance(1000);
    expect(h.get(`/companies/enrichment-requests/${small}`).json.status).toBe('completed');
    expect(h.get(`/companies/enrichment-requests/${big}`).json.status).toBe('processing');
    h.clock.advance(9000);
    expect(h.get(`/companies/enrichment-requests/${big}`).json.status).toBe('completed');
  });

  test('lead lists go queued -> processing -> completed and show leads as they are matched', () => {
    const h = harness({ processingRate: 2, queueDelayMs: 500 });
    const post = h.call('POST', '/lead-lists', { name: 'L', owner: 'me@example.com', type: 'email', leads: emails(4) });
    expect(post.json.status).toBe('queued');
    const path = `/lead-lists/${post.json.id}`;
    h.clock.advance(1000);
    const mid = h.get(path);
    expect(mid.json.status).toBe('processing');
    expect(mid.json.leads).toHaveLength(1);
    expect(mid.headers['retry-after']).toBeDefined();
    expect(Date.parse(mid.json.updated_at)).toBeGreaterThan(Date.parse(mid.json.created_at));
    h.clock.advance(1500);
    const done = h.get(path);
    expect(done.json.status).toBe('completed');
    expect(done.json.leads).toHaveLength(4);
    expect(done.headers['retry-after']).toBeUndefined();
  });
});

describe('paging of results', () => {
  const h = harness({ processingRate: 1000, queueDelayMs: 0 });
  const id = h.call('POST', '/email-validations', { emails: emails(250) }).json.id;
  h.clock.advance(1000);
  const path = `/email-validations/${id}`;

  test('default page of 100 with next links until the end, every item once', () => {
    const first = h.get(path);
    expect(first.json.results).toHaveLength(100);
    expect(first.json._links.next.href).toMatch(/^\/email-validations\/[0-9a-f-]+\?page%5Bsize%5D=100&page%5Bafter%5D=/);
    expect(first.json._links.prev).toBeUndefined();
    const all = allPages(h, path, 'results');
    expect(all.map((r) => r.email)).toEqual(emails(250).map((e) => e.email));
  });

  test('raw and encoded brackets are the same parameter; prev links walk back', () => {
    const raw = h.get(`${path}?page[size]=40`);
    const enc = h.get(`${path}?page%5Bsize%5D=40`);
    expect(raw.json).toEqual(enc.json);
    const second = h.get(raw.json._links.next.href);
    expect(second.json.results[0].email).toBe('user40@example.com');
    const back = h.get(second.json._links.prev.href);
    expect(back.json.results.map((r: ServiceJson) => r.email)).toEqual(raw.json.results.map((r: ServiceJson) => r.email));
    const last = h.get(`${path}?page[size]=1000`);
    expect(last.json.results).toHaveLength(250);
    expect(last.json._links.next).toBeUndefined();
  });

  test('page sizes out of bounds and bad or foreign cursors are invalid_parameter', () => {
    expectError(h.get(`${path}?page[size]=0`), 400, 'invalid_parameter', '/page/size');
    expectError(h.get(`${path}?page[size]=1001`), 400, 'invalid_parameter', '/page/size');
    expectError(h.get(`${path}?page[size]=ten`), 400, 'invalid_parameter', '/page/size');
    expectError(h.get(`${path}?page[after]=garbage`), 400, 'invalid_parameter', '/page/after');
    expectError(h.get(`${path}?page[before]=garbage`), 400, 'invalid_parameter', '/page/before');
    const next = h.get(path).json._links.next.href as string;
    const cursor = new URLSearchParams(next.split('?')[1]).get('page[after]');
    const other = h.call('POST', '/email-validations', { emails: emails(3) }).json.id;
    expectError(h.get(`/email-validations/${other}?page[after]=${cursor}`), 400, 'invalid_parameter', '/page/after');
    const tamper = (cursor ?? '').slice(0, -2) + 'xx';
    expectError(h.get(`${path}?page[after]=${tamper}`), 400, 'invalid_parameter', '/page/after');
  });

  test('listing cursors are bound to their filters', () => {
    const page = h.get('/territories?name=emea&page[size]=2').json;
    const cursor = new URLSearchParams(page._links.next.href.split('?')[1]).get('page[after]');
    expectError(h.get(`/territories?name=apac&page[after]=${cursor}`), 400, 'invalid_parameter', '/page/after');
    expect(h.get(page._links.next.href).status).toBe(200);
    // The same listing of another account refuses the cursor too.
    expectError(h.get(page._links.next.href, 'demo-key-bravo'), 400, 'invalid_parameter', '/page/after');
  });

  test('page-size bounds of the listings', () => {
    expect(h.get('/territories').json.territories).toHaveLength(20);
    expectError(h.get('/territories?page[size]=21'), 400, 'invalid_parameter', '/page/size');
    expect(h.get('/job-openings?domain=bigcorp-global.com').json.job_openings.length).toBeLessThanOrEqual(10);
    expectError(h.get('/job-openings?domain=x.com&page[size]=101'), 400, 'invalid_parameter', '/page/size');
    expect(h.get('/excluded-domains').json.excluded_domains).toHaveLength(100);
    expect(h.get('/excluded-emails?page[size]=1000').json.excluded_emails.length).toBeGreaterThan(100);
    expectError(h.get('/excluded-emails?page[size]=1001'), 400, 'invalid_parameter', '/page/size');
  });

  test('filters: territory name, exclusion keyword, job openings', () => {
    const names = h.get('/territories?name=EmEa').json.territories.map((t: ServiceJson) => t.name);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain('emea');
    const hits = h.get('/excluded-domains?keyword=labs&page[size]=1000').json.excluded_domains;
    for (const d of hits) expect(d.domain).toContain('labs');
    const all = h.get('/job-openings?domain=megacorp-holdings.com&page[size]=100').json.job_openings;
    const remote = h.get('/job-openings?domain=megacorp-holdings.com&page[size]=100&remote=true').json.job_openings;
    expect(remote.length).toBeLessThan(all.length);
    for (const j of remote) expect(j.raw_location).toMatch(/^Remote/);
    const senior = h.get('/job-openings?domain=megacorp-holdings.com&page[size]=100&seniorities%5B%5D=Senior&seniorities[]=Director').json
      .job_openings;
    for (const j of senior) expect(['Senior', 'Director']).toContain(j.seniorities[0]);
    expectError(h.get('/job-openings?domain=x.com&seniorities[]=Boss'), 400, 'invalid_parameter', '/seniorities');
    expectError(h.get('/job-openings?domain=x.com&departments[]=sales'), 400, 'invalid_parameter', '/departments');
    expectError(h.get('/job-openings'), 400, 'missing_field', '/domain');
    const company = h.get('/companies/find?domain=megacorp-holdings.com').json;
    expect(h.get(`/job-openings?company_id=${company.id}&page[size]=100`).json.job_openings).toEqual(all);
    expectError(h.get('/job-openings?company_id=8b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'), 404, 'not_found');
  });
});

describe('cancel', () => {
  test('keeps finished results, stops the rest, and refuses a second cancel', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0 });
    const post = h.call('POST', '/people/enrichment-requests', { leads: emails(30) });
    const path = post.json._links.self.href;
    h.clock.advance(1000);
    const canceled = h.call('PATCH', path, { status: 'canceled' });
    expect(canceled.status).toBe(200);
    expect(canceled.json.status).toBe('canceled');
    expect(canceled.json.results).toHaveLength(10);
    expect(canceled.headers['retry-after']).toBeUndefined();
    h.clock.advance(60000);
    const later = h.get(path);
    expect(later.json.status).toBe('canceled');
    expect(later.json.results).toHaveLength(10);
    expectError(h.call('PATCH', path, { status: 'canceled' }), 409, 'invalid_state');
  });

  test('a completed batch cannot be canceled and stays completed', () => {
    const h = harness({ processingRate: 100, queueDelayMs: 0 });
    const path = h.call('POST', '/companies/enrichment-requests', { companies: [{ domain: 'a.com' }] }).json._links.self.href;
    h.clock.advance(1000);
    expectError(h.call('PATCH', path, { status: 'canceled' }), 409, 'invalid_state');
    expect(h.get(path).json.status).toBe('completed');
  });

  test('a queued batch can be canceled with no results', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 5000 });
    const path = h.call('POST', '/email-validations', { emails: emails(3) }).json._links.self.href;
    const a = h.call('PATCH', path, { status: 'canceled' });
    expect(a.json).toMatchObject({ status: 'canceled', results: [] });
  });

  test('the body must say canceled', () => {
    const h = harness();
    const path = h.call('POST', '/email-validations', { emails: emails(3) }).json._links.self.href;
    expectError(h.call('PATCH', path, {}), 400, 'missing_field', '/status');
    expectError(h.call('PATCH', path, { status: 'completed' }), 400, 'unsupported_value', '/status');
    expectError(h.raw('PATCH', path, '{"status":'), 400, 'unsupported_value');
    expect(h.get(path).json.status).not.toBe('canceled');
  });
});
