// Fault injection (reproducible, side-effect free) and the synthetic universe (deterministic,
// documented outcomes, the intended shares of not-found and removed people).
import { ConnectionDropped, createLocalService } from '../../sandbox';
import { harness, type ServiceJson } from './helpers';

describe('fault injection', () => {
  const outcomes = (faults: object, n = 400) => {
    const h = harness({ faults, limits: { requestsPerMinute: 100000 } });
    const seen: string[] = [];
    for (let i = 0; i < n; i++) {
      try {
        const r = h.service.handle({ method: 'GET', path: '/account-info', headers: { authorization: 'Bearer demo-key-alpha' }, body: '' });
        seen.push(r.delayMs ? `slow${r.status}` : String(r.status));
      } catch (e) {
        expect(e).toBeInstanceOf(ConnectionDropped);
        seen.push('drop');
      }
    }
    return seen;
  };

  test('off by default', () => {
    expect(new Set(outcomes({}))).toEqual(new Set(['200']));
  });

  test('shares of 429, 500, drops and slow answers, reproducible from the seed', () => {
    const faults = { rate429: 0.1, rate500: 0.1, dropRate: 0.1, slowRate: 0.2, slowMs: 2500, seed: 42 };
    const a = outcomes(faults);
    expect(outcomes(faults)).toEqual(a);
    expect(outcomes({ ...faults, seed: 43 })).not.toEqual(a);
    const count = (k: string) => a.filter((x) => x === k).length;
    for (const k of ['429', '500', 'drop']) {
      expect(count(k)).toBeGreaterThan(20);
      expect(count(k)).toBeLessThan(65);
    }
    expect(count('slow200')).toBeGreaterThan(30);
  });

  test('slow answers carry delayMs; 429 faults carry Retry-After; error bodies are error objects', () => {
    const h = harness({ faults: { slowRate: 1, slowMs: 1234 } });
    const res = h.service.handle({ method: 'GET', path: '/account-info', headers: { authorization: 'Bearer demo-key-alpha' }, body: '' });
    expect(res).toMatchObject({ status: 200, delayMs: 1234 });
    h.service.setFaults({ rate429: 1 });
    const limited = h.get('/account-info');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json._errors[0].code).toBe('rate_limited');
    h.service.setFaults({ rate500: 1 });
    expect(h.get('/account-info').json._errors[0].code).toBe('internal_server_error');
    h.service.setFaults();
    expect(h.get('/account-info').status).toBe(200);
  });

  test('a faulted request has no side effect', () => {
    const h = harness({ limits: { requestsPerMinute: 3 } });
    const body = { emails: [{ email: 'a@example.com' }] };
    for (const f of [{ rate429: 1 }, { rate500: 1 }, { dropRate: 1 }]) {
      h.service.setFaults(f);
      for (let i = 0; i < 5; i++) {
        try {
          h.call('POST', '/email-validations', body);
        } catch (e) {
          expect(e).toBeInstanceOf(ConnectionDropped);
        }
      }
    }
    h.service.setFaults();
    const acct = h.service.account('demo-key-alpha')!;
    expect(acct.reserved).toEqual({ email: 0, phone: 0 });
    // Nor did the faulted requests count against the rate limit.
    for (let i = 0; i < 3; i++) expect(h.get('/account-info').status).toBe(200);
  });

  test('shares outside 0..1 are refused', () => {
    expect(() => createLocalService({ faults: { rate500: 2 } })).toThrow(RangeError);
  });
});

describe('the synthetic universe', () => {
  test('the same input gives the same answer on a new instance; another seed gives another world', () => {
    const a = harness({ seed: 11 });
    const b = harness({ seed: 11 });
    const c = harness({ seed: 12 });
    for (const q of [
      '/companies/find?domain=acme.com',
      '/people/find?email=jane.doe@acme.com&reveal_email=true&reveal_phone_numbers=true',
      '/territories',
      '/excluded-emails',
      '/job-openings?domain=acme.com',
    ]) {
      expect(b.get(q).json).toEqual(a.get(q).json);
    }
    expect(c.get('/companies/find?domain=acme.com').json).not.toEqual(a.get('/companies/find?domain=acme.com').json);
  });

  test('about 10% of people are not found and about 3% removed for privacy', () => {
    const h = harness({ limits: { peopleFindPerMinute: 1e9 } });
    const counts: Record<number, number> = {};
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const s = h.get(`/people/find?email=lead${i}@company${i % 97}.com`).status;
      counts[s] = (counts[s] ?? 0) + 1;
    }
    expect((counts[404] ?? 0) / n).toBeGreaterThan(0.07);
    expect((counts[404] ?? 0) / n).toBeLessThan(0.13);
    expect((counts[451] ?? 0) / n).toBeGreaterThan(0.015);
    expect((counts[451] ?? 0) / n).toBeLessThan(0.045);
  });

  test('every ordinary company domain is found; documented ones are not', () => {
    const h = harness();
    for (let i = 0; i < 200; i++) expect(h.get(`/companies/find?domain=co${i}-${i * 7}.io`).status).toBe(200);
    for (const d of ['x.invalid', 'notfound.com', 'notfound-anything.org']) expect(h.get(`/companies/find?domain=${d}`).status).toBe(404);
  });

  test('documented validation outcomes', () => {
    const h = harness({ processingRate: 1000, queueDelayMs: 0 });
    const list = [
      'undeliverable@acme.com',
      'risky@acme.com',
      'unknown@acme.com',
      'deliverable@acme.com',
      'a@undeliverable.example',
      'a@risky.example',
      'a@unknown.example',
      'a@catch-all.example',
      'a@example.com',
    ];
    const id = h.call('POST', '/email-validations', { emails: list.map((email) => ({ email })) }).json.id;
    h.clock.advance(2000);
    const results = h.get(`/email-validations/${id}`).json.results.map((r: ServiceJson) => `${r.result}${r.catch_all ? '+catch_all' : ''}`);
    expect(results).toEqual([
      'undeliverable',
      'risky',
      'unknown',
      'deliverable',
      'undeliverable',
      'risky',
      'unknown',
      'risky+catch_all',
      'deliverable',
    ]);
  });

  test('people read like people: name from the email, company from the domain, current job first', () => {
    const h = harness();
    const p = h.get('/people/find?email=maria.lopez@northwindanalytics.com&reveal_email=true').json;
    expect([p.first_name, p.last_name, p.name]).toEqual(['Maria', 'Lopez', 'Maria Lopez']);
    expect(p.company.name).toBe('Northwind Analytics');
    expect(p.experiences[0]).toMatchObject({ company_name: 'Northwind Analytics', end_date: null, title: p.title });
    expect(p.headline).toContain(p.title);
    for (const e of p.experiences.slice(1)) {
      expect(e.end_date <= p.experiences[0].start_date).toBe(true);
      expect(e.start_date < e.end_date).toBe(true);
    }
    const url = 'https://www.linkedin.com/in/found-sarah-connor-4a1b2c';
    const byProfile = h.get(`/people/find?profile_url=${encodeURIComponent(url)}`);
    expect(byProfile.json).toMatchObject({ name: 'Sarah Connor', profile_url: url });
  });
});
