// POST /people/search and POST /companies/search over HTTP, as the decisions document sets them:
// page numbers and sizes with their bounds, filters, refused members and values, what a result
// shows, that a result enriched afterwards is the same person or company, the rate limits, and a
// population made larger for searches of 10,000 rows.
import { createLocalService, DEFAULT_LIMITS, type LocalService } from '../../sandbox';
import { httpHarness, expectHttpError, type HttpHarness } from './http-client';

let h: HttpHarness;
beforeAll(async () => {
  h = await httpHarness({ processingRate: 1000, queueDelayMs: 0 });
});
afterAll(() => h.close());

const search = (kind: 'people' | 'companies', body: unknown) => h.send('POST', `/${kind}/search`, body);

describe('paging', () => {
  test('defaults to page 1 of 20 and reports the total; pages are disjoint, stable and end empty', async () => {
    const first = await search('people', {});
    expect(first.status).toBe(200);
    expect(first.json.object).toBe('person_search_result');
    expect(first.json._links).toBeUndefined();
    const { page, page_size, total, total_pages } = first.json._pagination;
    expect({ page, page_size }).toEqual({ page: 1, page_size: 20 });
    expect(total).toBeGreaterThan(100);
    expect(total_pages).toBe(Math.ceil(total / 20));
    expect(first.json.results).toHaveLength(20);
    const again = await search('people', {});
    expect(again.json.results.map((p: { id: string }) => p.id)).toEqual(first.json.results.map((p: { id: string }) => p.id));
    const second = await search('people', { page: 2, page_size: 20 });
    const ids = new Set(first.json.results.map((p: { id: string }) => p.id));
    expect(second.json.results.some((p: { id: string }) => ids.has(p.id))).toBe(false);
    const last = await search('people', { page: total_pages, page_size: 20 });
    expect(last.json.results).toHaveLength(total - (total_pages - 1) * 20);
    const past = await search('people', { page: total_pages + 1 });
    expect(past.status).toBe(200);
    expect(past.json.results).toEqual([]);
    expect(past.json._pagination.total).toBe(total);
  });

  test('page_size 1 and 100 are the bounds; page below 1 and sizes outside are refused', async () => {
    expect((await search('companies', { page_size: 1 })).json.results).toHaveLength(1);
    expect((await search('companies', { page_size: 100 })).json.results).toHaveLength(100);
    expectHttpError(await search('companies', { page_size: 0 }), 400, 'unsupported_value', '/page_size');
    expectHttpError(await search('people', { page_size: 101 }), 400, 'unsupported_value', '/page_size');
    expectHttpError(await search('people', { page: 0 }), 400, 'unsupported_value', '/page');
    expectHttpError(await search('people', { page: 1.5 }), 400, 'unsupported_value', '/page');
    expectHttpError(await search('people', { page_size: '10' }), 400, 'unsupported_value', '/page_size');
  });
});

describe('validation', () => {
  test('a member the endpoint does not define is refused, pointing at it', async () => {
    expectHttpError(await search('people', { person_title: ['CEO'] }), 400, 'unsupported_value', '/person_title');
    expectHttpError(await search('companies', { person_titles: ['CEO'] }), 400, 'unsupported_value', '/person_titles');
    expectHttpError(await search('people', { company_keywords: ['saas'] }), 400, 'unsupported_value', '/company_keywords');
  });

  test('wrong types and unknown enumerated values are refused, pointing at the value', async () => {
    expectHttpError(await search('people', { person_titles: 'CEO' }), 400, 'unsupported_value', '/person_titles');
    expectHttpError(await search('people', { person_titles: ['CEO', 3] }), 400, 'unsupported_value', '/person_titles/1');
    expectHttpError(await search('people', { person_name: ['Ann'] }), 400, 'unsupported_value', '/person_name');
    expectHttpError(
      await search('companies', { company_sizes: ['1-10 employees', '11-50 employees', '12 employees'] }),
      400,
      'unsupported_value',
      '/company_sizes/2',
    );
    expectHttpError(await search('companies', { company_types: ['Startup'] }), 400, 'unsupported_value', '/company_types/0');
    expectHttpError(await search('companies', { company_revenue: ['$5M'] }), 400, 'unsupported_value', '/company_revenue/0');
    expectHttpError(await h.send('POST', '/people/search', [1]), 400, 'unsupported_value');
  });

  test('filters the local service cannot judge are accepted and ignored', async () => {
    const plain = await search('people', { page_size: 5 });
    const ignored = await search('people', {
      page_size: 5,
      person_seniorities: ['VP'],
      person_departments: ['sales'],
      company_focuses: ['b2b'],
    });
    expect(ignored.status).toBe(200);
    expect(ignored.json).toEqual(plain.json);
    expect((await search('companies', { company_focuses: ['b2b'] })).status).toBe(200);
    expectHttpError(await search('people', { person_seniorities: 'VP' }), 400, 'unsupported_value', '/person_seniorities');
  });
});

describe('filters', () => {
  test('every result matches every filter given; values of one filter are alternatives', async () => {
    const all = await search('people', {
      page_size: 100,
      person_titles: ['vp', 'director'],
      company_sizes: ['51-200 employees', '201-500 employees'],
    });
    expect(all.json.results.length).toBeGreaterThan(0);
    for (const p of all.json.results) {
      expect(/vp|director/i.test(p.title)).toBe(true);
      expect(['51-200 employees', '201-500 employees']).toContain(p.company.size);
    }
    const narrower = await search('people', { person_titles: ['vp'], company_sizes: ['51-200 employees', '201-500 employees'] });
    expect(narrower.json._pagination.total).toBeLessThan(all.json._pagination.total);
  });

  test('company filters: names, domains (www. ignored), types, revenue, industries and keywords', async () => {
    const one = (await search('companies', { page_size: 1 })).json.results[0];
    const host = new URL(one.website).host.replace(/^www\./, '');
    const byDomain = await search('companies', { company_domains: [`WWW.${host.toUpperCase()}`] });
    expect(byDomain.json.results.map((c: { id: string }) => c.id)).toEqual([one.id]);
    const byName = await search('companies', { company_names: [one.name.slice(1, 6).toLowerCase()], page_size: 100 });
    expect(byName.json.results.map((c: { id: string }) => c.id)).toContain(one.id);
    const keyword = one.keywords[0];
    const byKeyword = await search('companies', { company_keywords: [keyword.toUpperCase()], page_size: 100 });
    for (const c of byKeyword.json.results) expect(c.keywords.map((k: string) => k.toLowerCase())).toContain(keyword.toLowerCase());
    const find = await h.send('GET', `/companies/find?domain=${host}`);
    const byIndustry = await search('companies', {
      company_industries: [find.json.industry.toLowerCase()],
      company_types: [one.type],
      page_size: 100,
    });
    expect(byIndustry.json.results.map((c: { id: string }) => c.id)).toContain(one.id);
    for (const c of byIndustry.json.results) expect(c.type).toBe(one.type);
    const byRevenue = await search('companies', { company_revenue: [one.estimated_revenue], page_size: 100 });
    for (const c of byRevenue.json.results) expect(c.estimated_revenue).toBe(one.estimated_revenue);
    const people = await search('people', { company_domains: [`www.${host}`], page_size: 100 });
    expect(people.json.results.length).toBeGreaterThan(0);
    for (const p of people.json.results) expect(p.company.id).toBe(one.id);
  });

  test('person name, locations and keywords are case-insensitive substrings; a filter matching nobody gives none', async () => {
    const someone = (await search('people', { page_size: 1 })).json.results[0];
    const byName = await search('people', { person_name: someone.last_name.toUpperCase(), page_size: 100 });
    expect(byName.json.results.map((p: { id: string }) => p.id)).toContain(someone.id);
    const byLocation = await search('people', { person_locations: [someone.location_details.city.toLowerCase()], page_size: 100 });
    for (const p of byLocation.json.results) expect(p.location.toLowerCase()).toContain(someone.location_details.city.toLowerCase());
    const byKeyword = await search('people', { person_keywords: ['marketing'], page_size: 100 });
    for (const p of byKeyword.json.results) expect(`${p.title} ${p.headline} ${p.about}`.toLowerCase()).toContain('marketing');
    const none = await search('people', { person_name: 'zzzz-nobody' });
    expect(none.json).toMatchObject({ results: [], _pagination: { total: 0, total_pages: 0 } });
  });
});

describe('what a result shows', () => {
  test('people come with email and phone numbers null, and searching costs nothing', async () => {
    const before = h.service.account('demo-key-alpha')!.spent;
    const r = await search('people', { page_size: 50 });
    for (const p of r.json.results) {
      expect(p.object).toBe('person');
      expect(p.email).toBeNull();
      expect(p.phone_numbers).toBeNull();
    }
    expect(h.service.account('demo-key-alpha')!.spent).toEqual(before);
  });

  test('a person found by search is the same person enriched by profile URL and by email', async () => {
    const found = (await search('people', { page: 3, page_size: 1 })).json.results[0];
    const byProfile = await h.send('GET', `/people/find?profile_url=${encodeURIComponent(found.profile_url)}&reveal_email=true`);
    expect(byProfile.status).toBe(200);
    expect({ ...byProfile.json, email: null }).toEqual(found);
    const byEmail = await h.send('GET', `/people/find?email=${encodeURIComponent(byProfile.json.email)}`);
    expect(byEmail.json).toEqual({ ...found, email: byEmail.json.email });
    const batch = await h.send('POST', '/people/enrichment-requests', {
      leads: [{ email: byProfile.json.email }, { profile_url: found.profile_url }],
    });
    h.clock.now += 5000;
    const done = await h.send('GET', `/people/enrichment-requests/${batch.json.id}`);
    expect(done.json.status).toBe('completed');
    for (const r of done.json.results) expect({ ...r.result, email: null, phone_numbers: null }).toEqual(found);
  });

  test('a company found by search is the same company looked up by domain and by profile URL', async () => {
    const found = (await search('companies', { page: 7, page_size: 1 })).json.results[0];
    const host = new URL(found.website).host.replace(/^www\./, '');
    const byDomain = await h.send('GET', `/companies/find?domain=${host}`);
    const { industry: _i, funding_events: _f, ...company } = byDomain.json;
    expect(company).toEqual(found);
    const byProfile = await h.send('GET', `/companies/find?profile_url=${encodeURIComponent(found.profile_url)}`);
    expect(byProfile.json.id).toBe(found.id);
    const batch = await h.send('POST', '/companies/enrichment-requests', { companies: [{ domain: host }] });
    h.clock.now += 5000;
    const done = await h.send('GET', `/companies/enrichment-requests/${batch.json.id}`);
    expect(done.json.results[0].result).toEqual(found);
  });
});

describe('rate limits', () => {
  test('people search has its own 300 a minute; company search counts against the default 500', async () => {
    const limited = await httpHarness({ limits: { peopleSearchPerMinute: 2, requestsPerMinute: 3 } });
    try {
      for (let i = 0; i < 2; i++) expect((await limited.send('POST', '/people/search', { page_size: 1 })).status).toBe(200);
      const refused = await limited.send('POST', '/people/search', { page_size: 1 });
      expectHttpError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Its own bucket: the default one still has room for three.
      for (let i = 0; i < 3; i++) expect((await limited.send('POST', '/companies/search', { page_size: 1 })).status).toBe(200);
      expectHttpError(await limited.send('POST', '/companies/search', { page_size: 1 }), 429, 'rate_limited');
      limited.clock.now += 60000;
      expect((await limited.send('POST', '/people/search', { page_size: 1 })).status).toBe(200);
    } finally {
      await limited.close();
    }
    expect(DEFAULT_LIMITS.peopleSearchPerMinute).toBe(300);
  });
});

describe('a larger population', () => {
  const KEY = 'demo-key-alpha';
  const ask = (s: LocalService, method: string, path: string, body?: unknown) => {
    const r = s.handle({
      method,
      path,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
    return { status: r.status, json: JSON.parse(r.body) };
  };

  test("holds over 10,000 people, starting with the default population's in the same order; its people are found again", () => {
    const small = createLocalService();
    const large = createLocalService({ populationCompanies: 2000 });
    const smallAll = ask(small, 'POST', '/people/search', { page_size: 100 }).json;
    const largeFirst = ask(large, 'POST', '/people/search', { page_size: 100 }).json;
    expect(largeFirst._pagination.total).toBeGreaterThan(10000);
    expect(largeFirst.results.map((p: { id: string }) => p.id)).toEqual(smallAll.results.map((p: { id: string }) => p.id));
    const tail = ask(large, 'POST', '/people/search', { page: 10000, page_size: 1 }).json.results[0];
    expect(tail.company.name.split(' ')).toHaveLength(3);
    const found = ask(large, 'GET', `/people/find?profile_url=${encodeURIComponent(tail.profile_url)}`).json;
    expect(found).toMatchObject({ id: tail.id, name: tail.name, title: tail.title });
    // The default population does not hold that person: a lookup there makes up another one.
    expect(ask(small, 'GET', `/people/find?profile_url=${encodeURIComponent(tail.profile_url)}`).json.id).not.toBe(tail.id);
    expect(() => createLocalService({ populationCompanies: 0 })).toThrow(/populationCompanies/);
  });
});
