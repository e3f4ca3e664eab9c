// The hourly usage limits on the virtual clock: by default they pace accepted work (never more
// than the limit finished in any sliding hour, earlier batches first, Retry-After while waiting,
// a cancel frees allowance); with `usageLimits: 'refuse'` an over-limit start is a 429.
import { expectError, harness, type Harness } from './helpers';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const emails = (n: number, tag = 'u') => Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.com` }));
/** People at example.com are always found, so each finished item costs exactly 0.5 email credit. */
const people = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ email: `${tag}.p${i}@example.com` }));

/**
 * Follows a count of finished items on the clock, one sample every `stepMs`, and returns the
 * samples; asserts that no sample window of an hour holds more than `limit` finished items.
 */
function watch(h: Harness, count: () => number, untilMs: number, stepMs: number, limit: number): Array<{ at: number; n: number }> {
  const samples: Array<{ at: number; n: number }> = [];
  const start = h.clock.now;
  let hourAgo = 0;
  for (;;) {
    const n = count();
    samples.push({ at: h.clock.now, n });
    while (samples[hourAgo + 1] && samples[hourAgo + 1]!.at <= h.clock.now - HOUR) hourAgo++;
    const before = samples[hourAgo]!.at <= h.clock.now - HOUR ? samples[hourAgo]!.n : 0;
    if (n - before > limit) throw new Error(`${n - before} items finished in the hour before minute ${(h.clock.now - start) / MINUTE}`);
    if (h.clock.now - start + stepMs > untilMs) return samples;
    h.clock.advance(stepMs);
  }
}

/** When the count first reached `n`, relative to the first sample. */
function reachedAt(samples: Array<{ at: number; n: number }>, n: number): number {
  const hit = samples.find((s) => s.n >= n);
  if (!hit) throw new Error(`never reached ${n}`);
  return hit.at - samples[0]!.at;
}

describe('pacing (the default)', () => {
  test('the default mode is pace, and an unknown mode is refused', () => {
    expect(harness().service.usageLimits).toBe('pace');
    expect(harness({ usageLimits: 'refuse' }).service.usageLimits).toBe('refuse');
    expect(() => harness({ usageLimits: 'slow' as never })).toThrow(RangeError);
  });

  test('a 30,000-enrichment pair of batches is accepted, never passes 15,000 in a sliding hour, and finishes after the hour', () => {
    const key = 'k';
    const h = harness(
      { accounts: [{ key, name: 'Big', credits: { email: 20000, phone: 0 } }], limits: { enrichmentsPerRequest: 15000 } },
      key,
    );
    const a = h.call('POST', '/people/enrichment-requests', { leads: people(15000, 'a') });
    const b = h.call('POST', '/people/enrichment-requests', { leads: people(15000, 'b') });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(h.service.account(key)!.reserved.email).toBe(15000);
    const finished = () => h.service.account(key)!.spent.email * 2;
    const samples = watch(h, finished, 2 * HOUR, 10 * SECOND, 15000);
    // The first 15,000 take 5 minutes at 50 a second; the rest wait for the first to leave the hour.
    expect(reachedAt(samples, 15000)).toBeLessThanOrEqual(6 * MINUTE);
    expect(reachedAt(samples, 15001)).toBeGreaterThanOrEqual(HOUR);
    expect(reachedAt(samples, 30000)).toBeLessThanOrEqual(HOUR + 6 * MINUTE);
    expect(finished()).toBe(30000);
    expect(h.get(a.json._links.self.href + '?page[size]=1').json.status).toBe('completed');
    expect(h.get(b.json._links.self.href + '?page[size]=1').json.status).toBe('completed');
    expect(h.service.account(key)!.reserved.email).toBe(0);
  });

  test('a 100,000-email validation is accepted and completes after about 6 to 6.7 hours', () => {
    const key = 'k';
    const h = harness({ accounts: [{ key, name: 'Big', credits: { email: 150000, phone: 0 } }] }, key);
    const post = h.call('POST', '/email-validations', { emails: emails(100000) });
    expect(post.status).toBe(202);
    expect(post.json.status).toBe('queued');
    const path = `${post.json._links.self.href}?page[size]=1`;
    const samples = watch(h, () => h.service.account(key)!.spent.email, 6 * HOUR - MINUTE, MINUTE, 15000);
    expect(samples[samples.length - 1]!.n).toBe(90000);
    const waiting = h.get(path);
    expect(waiting.json.status).toBe('processing');
    // The next item finishes once the hour since the 90,001st's slot was first used has passed.
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(MINUTE / SECOND + 2);
    h.clock.advance(6.7 * HOUR - (h.clock.now - samples[0]!.at));
    const done = h.get(path);
    expect(done.json.status).toBe('completed');
    expect(done.headers['retry-after']).toBeUndefined();
    expect(h.service.account(key)!.spent.email).toBe(100000);
  });

  test('a batch waiting for allowance stays queued, and Retry-After points at its first result', () => {
    const h = harness({ processingRate: 10, queueDelayMs: SECOND, limits: { validationsPerHour: 10 } });
    // Items of the first finish at 1.1 s … 2.0 s and hold the whole hour's allowance.
    const first = h.call('POST', '/email-validations', { emails: emails(10, 'a') });
    const second = h.call('POST', '/email-validations', { emails: emails(30, 'b') });
    expect([first.status, second.status]).toEqual([202, 202]);
    h.clock.advance(10 * MINUTE);
    const path = second.json._links.self.href;
    const waiting = h.get(path);
    expect(waiting.json).toMatchObject({ status: 'queued', results: [] });
    // Its first item takes the slot the first batch's first item frees at 1 h + 1.1 s.
    const wait = Math.ceil((HOUR + 1100 - 10 * MINUTE) / SECOND);
    expect(waiting.headers['retry-after']).toBe(String(wait));
    expect(h.get(first.json._links.self.href).json.status).toBe('completed');
    h.clock.advance((wait - 1) * SECOND);
    expect(h.get(path).json.results).toEqual([]);
    h.clock.advance(SECOND);
    const started = h.get(path);
    expect(started.json.status).toBe('processing');
    expect(started.json.results.length).toBeGreaterThanOrEqual(1);
    expect(started.json.results.length).toBeLessThanOrEqual(10);
    h.clock.advance(3 * HOUR);
    expect(h.get(path).json).toMatchObject({ status: 'completed' });
    expect(h.service.account('demo-key-alpha')!.spent.email).toBe(40);
  });

  test('a batch paused part-way is processing, with Retry-After to its next item', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0, limits: { validationsPerHour: 4 } });
    const post = h.call('POST', '/email-validations', { emails: emails(6) });
    h.clock.advance(MINUTE);
    const a = h.get(post.json._links.self.href);
    expect(a.json.status).toBe('processing');
    expect(a.json.results).toHaveLength(4);
    // Item 4 takes the slot item 0 (at 0.1 s) frees an hour later.
    expect(a.headers['retry-after']).toBe(String(Math.ceil((HOUR + 100 - MINUTE) / SECOND)));
    h.clock.advance(HOUR - MINUTE + 100);
    expect(h.get(post.json._links.self.href).json.results).toHaveLength(5);
    h.clock.advance(100);
    expect(h.get(post.json._links.self.href).json.status).toBe('completed');
  });

  test('person and company enrichments share one allowance, in acceptance order; validations have their own', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0, limits: { enrichmentsPerHour: 5, validationsPerHour: 5 } });
    const companies = h.call('POST', '/companies/enrichment-requests', {
      companies: ['a', 'b', 'c', 'd'].map((d) => ({ domain: `${d}.com` })),
    });
    const persons = h.call('POST', '/people/enrichment-requests', { leads: people(3, 'x') });
    const checks = h.call('POST', '/email-validations', { emails: emails(5) });
    h.clock.advance(MINUTE);
    expect(h.get(companies.json._links.self.href).json.status).toBe('completed');
    const p = h.get(persons.json._links.self.href);
    expect(p.json.status).toBe('processing');
    expect(p.json.results).toHaveLength(1);
    expect(h.get(checks.json._links.self.href).json.status).toBe('completed');
    h.clock.advance(HOUR);
    expect(h.get(persons.json._links.self.href).json.status).toBe('completed');
  });

  test('a lead list counts against the limits of what it does, and not at all without options', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0, limits: { enrichmentsPerHour: 2, validationsPerHour: 2 } });
    const list = (options: object) =>
      h.call('POST', '/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', options, leads: people(4, 'l') });
    const plain = list({});
    const enriched = list({ enrich: true });
    const validated = list({ validate_email: true });
    h.clock.advance(MINUTE);
    expect(h.get(`/lead-lists/${plain.json.id}`).json.status).toBe('completed');
    const e = h.get(`/lead-lists/${enriched.json.id}`);
    const v = h.get(`/lead-lists/${validated.json.id}`);
    expect([e.json.status, e.json.leads.length, v.json.status, v.json.leads.length]).toEqual(['processing', 2, 'processing', 2]);
    expect(Number(e.headers['retry-after'])).toBeGreaterThan(50 * 60);
    h.clock.advance(HOUR);
    expect(h.get(`/lead-lists/${enriched.json.id}`).json.status).toBe('completed');
    expect(h.get(`/lead-lists/${validated.json.id}`).json.status).toBe('completed');
  });

  test('credits are charged as paced items finish; the worst case is held from the start', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0, limits: { validationsPerHour: 3 } }, 'demo-key-bravo');
    h.call('POST', '/email-validations', { emails: emails(8) });
    expect(h.service.account('demo-key-bravo')!.reserved.email).toBe(8);
    h.clock.advance(MINUTE);
    expect(h.service.account('demo-key-bravo')!).toMatchObject({ spent: { email: 3 }, reserved: { email: 5 } });
    expectError(h.call('POST', '/email-validations', { emails: emails(93) }), 402, 'insufficient_credits');
    h.clock.advance(2 * HOUR);
    expect(h.service.account('demo-key-bravo')!).toMatchObject({ spent: { email: 8 }, reserved: { email: 0 } });
  });

  test('a cancel stops the count and gives the allowance it held to later batches', () => {
    const h = harness({ processingRate: 10, queueDelayMs: 0, limits: { validationsPerHour: 10 } });
    // The first batch holds this hour's allowance and the next hour's; the second waits behind both.
    const first = h.call('POST', '/email-validations', { emails: emails(20, 'a') });
    const second = h.call('POST', '/email-validations', { emails: emails(5, 'b') });
    h.clock.advance(MINUTE);
    const before = Number(h.get(second.json._links.self.href).headers['retry-after']);
    expect(before).toBeGreaterThan((2 * HOUR) / SECOND - (2 * MINUTE) / SECOND);
    const canceled = h.call('PATCH', first.json._links.self.href, { status: 'canceled' });
    expect(canceled.json.status).toBe('canceled');
    expect(canceled.json.results).toHaveLength(10);
    const after = h.get(second.json._links.self.href);
    expect(after.json.status).toBe('queued');
    expect(Number(after.headers['retry-after'])).toBeLessThanOrEqual(HOUR / SECOND - MINUTE / SECOND + 2);
    // A batch accepted after the cancel finds the freed allowance too.
    const third = h.call('POST', '/email-validations', { emails: emails(3, 'c') });
    h.clock.advance(HOUR);
    expect(h.get(second.json._links.self.href).json.status).toBe('completed');
    expect(h.get(third.json._links.self.href).json.status).toBe('completed');
    expect(h.get(first.json._links.self.href).json.results).toHaveLength(10);
    expect(h.service.account('demo-key-alpha')!).toMatchObject({ spent: { email: 18 }, reserved: { email: 0 } });
  });

  test('items never finish faster than the processing rate, even when several slots come free at once', () => {
    const h = harness({ processingRate: 2, queueDelayMs: 0, limits: { validationsPerHour: 4 } });
    // Two batches side by side hold the four slots, freeing two at a time an hour later.
    h.call('POST', '/email-validations', { emails: emails(2, 'a') });
    h.call('POST', '/email-validations', { emails: emails(2, 'b') });
    const waiting = h.call('POST', '/email-validations', { emails: emails(4, 'c') }).json._links.self.href;
    h.clock.advance(HOUR + 500);
    expect(h.get(waiting).json.results).toHaveLength(1);
    h.clock.advance(500);
    expect(h.get(waiting).json.results).toHaveLength(2);
    h.clock.advance(1000);
    expect(h.get(waiting).json.status).toBe('completed');
  });
});

describe('refuse mode', () => {
  test('an over-limit start is 429 with Retry-After, and nothing is charged or reserved', () => {
    const h = harness({ usageLimits: 'refuse', processingRate: 10, queueDelayMs: 0, limits: { validationsPerHour: 10 } });
    expect(h.call('POST', '/email-validations', { emails: emails(8) }).status).toBe(202);
    h.clock.advance(20 * MINUTE);
    const before = h.service.account('demo-key-alpha')!;
    expect(before).toMatchObject({ spent: { email: 8 }, reserved: { email: 0 } });
    const over = h.call('POST', '/email-validations', { emails: emails(3) });
    expectError(over, 429, 'rate_limited');
    expect(over.headers['retry-after']).toBe(String(40 * 60));
    const lead = h.call('POST', '/lead-lists', {
      name: 'L',
      owner: 'o@example.com',
      type: 'email',
      options: { validate_email: true },
      leads: people(3, 'l'),
    });
    expectError(lead, 429, 'rate_limited');
    expect(h.service.account('demo-key-alpha')).toEqual(before);
    h.clock.advance(HOUR);
    expect(h.service.account('demo-key-alpha')!.spent.email).toBe(8);
    expect(h.call('POST', '/email-validations', { emails: emails(3) }).status).toBe(202);
  });

  test('a request bigger than the hourly limit is refused however long it waits', () => {
    const h = harness({ usageLimits: 'refuse', limits: { enrichmentsPerHour: 5 } });
    const over = h.call('POST', '/companies/enrichment-requests', {
      companies: ['a', 'b', 'c', 'd', 'e', 'f'].map((d) => ({ domain: `${d}.com` })),
    });
    expectError(over, 429, 'rate_limited');
    expect(over.headers['retry-after']).toBe('3600');
    expect(over.json._errors[0].detail).toContain('at most 5');
    // The same request in the default mode is accepted.
    const paced = harness({ limits: { enrichmentsPerHour: 5 } });
    expect(
      paced.call('POST', '/companies/enrichment-requests', {
        companies: ['a', 'b', 'c', 'd', 'e', 'f'].map((d) => ({ domain: `${d}.com` })),
      }).status,
    ).toBe(202);
  });
});
