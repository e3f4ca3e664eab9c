// The retry policy, as pure functions and as the client applies it.
import { NetworkError, RateLimitedError, ServerError, UnsupportedValueError } from '../../src/api/errors';
import { CompanyLookupSchema } from '../../src/api/schemas';
import { DEFAULT_RETRY_POLICY, isAmbiguous, nextRetryDelay, retryDelayMs, type RetryPolicy } from '../../src/api/retry';
import { apiError, fakeClient, FakeTransport, json } from '../support/fake-transport';
import * as f from '../support/fixtures';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 4000, budgetMs: 20000 };

describe('retry policy', () => {
  test('429, 5xx and network failures are retried for reads', () => {
    for (const outcome of [
      { kind: 'response', status: 429 },
      { kind: 'response', status: 500 },
      { kind: 'response', status: 503 },
      { kind: 'network' },
    ] as const) {
      expect(nextRetryDelay(outcome, 1, 0, 'idempotent', policy, () => 0.5)).toBeGreaterThan(0);
    }
  });

  test('other 4xx are never retried', () => {
    for (const status of [400, 401, 402, 404, 409, 413, 451]) {
      expect(nextRetryDelay({ kind: 'response', status }, 1, 0, 'idempotent', policy, () => 0.5)).toBeUndefined();
    }
  });

  test('Retry-After is honoured exactly', () => {
    expect(retryDelayMs({ kind: 'response', status: 429, retryAfter: 3 }, 1, policy, () => 0)).toBe(3000);
  });

  test('backoff doubles, is capped, and jitters within [ceiling/2, ceiling]', () => {
    const lo = (n: number) => retryDelayMs({ kind: 'network' }, n, policy, () => 0);
    const hi = (n: number) => retryDelayMs({ kind: 'network' }, n, policy, () => 1);
    expect([lo(1), hi(1)]).toEqual([250, 500]);
    expect([lo(2), hi(2)]).toEqual([500, 1000]);
    expect([lo(3), hi(3)]).toEqual([1000, 2000]);
    expect([lo(10), hi(10)]).toEqual([2000, 4000]);
  });

  test('no retry beyond the attempts or past the time budget', () => {
    expect(nextRetryDelay({ kind: 'network' }, 4, 0, 'idempotent', policy, () => 0.5)).toBeUndefined();
    expect(nextRetryDelay({ kind: 'response', status: 429, retryAfter: 30 }, 1, 0, 'idempotent', policy, () => 0.5)).toBeUndefined();
    expect(nextRetryDelay({ kind: 'response', status: 429, retryAfter: 5 }, 1, 16000, 'idempotent', policy, () => 0.5)).toBeUndefined();
  });

  test('requests that start work: only a 429 is retried; 5xx and network failures are ambiguous', () => {
    expect(nextRetryDelay({ kind: 'response', status: 429 }, 1, 0, 'starts_work', policy, () => 0.5)).toBeGreaterThan(0);
    expect(nextRetryDelay({ kind: 'response', status: 500 }, 1, 0, 'starts_work', policy, () => 0.5)).toBeUndefined();
    expect(nextRetryDelay({ kind: 'network' }, 1, 0, 'starts_work', policy, () => 0.5)).toBeUndefined();
    expect(isAmbiguous({ kind: 'network' }, 'starts_work')).toBe(true);
    expect(isAmbiguous({ kind: 'response', status: 502 }, 'starts_work')).toBe(true);
    expect(isAmbiguous({ kind: 'response', status: 429 }, 'starts_work')).toBe(false);
    expect(isAmbiguous({ kind: 'network' }, 'idempotent')).toBe(false);
  });
});

describe('the client applies it', () => {
  function client(transport: FakeTransport) {
    const { client: c, slept } = fakeClient({ retry: policy, transport });
    return { c, slept };
  }

  test('a read rides out a 429 with Retry-After and a 500', () => {
    const t = new FakeTransport().answer(
      apiError(429, 'rate_limited', { retryAfter: 2 }),
      apiError(500, 'internal_server_error'),
      json(200, { id: f.UUID(1), name: 'A' }),
    );
    const { c, slept } = client(t);
    expect(c.getAccount().name).toBe('A');
    expect(slept).toEqual([2000, 750]);
    expect(t.sent).toHaveLength(3);
  });

  test('a read gives up after its attempts with the last error', () => {
    const t = new FakeTransport().answer('network', 'network', 'network', 'network');
    const { c } = client(t);
    expect(() => c.getAccount()).toThrow(NetworkError);
    expect(t.sent).toHaveLength(4);
  });

  test('starting a batch is retried after a 429', () => {
    const t = new FakeTransport().answer(apiError(429, 'rate_limited', { retryAfter: 1 }), json(202, f.companyBatch()));
    const { c } = client(t);
    expect(c.startCompanyEnrichment({ companies: [{ domain: 'a.example' }] }).id).toBe(18);
    expect(t.sent).toHaveLength(2);
  });

  test('starting a batch is sent once after a 500 or a dropped connection, and the error says it is ambiguous', () => {
    for (const first of [apiError(500, 'internal_server_error'), 'network' as const]) {
      const t = new FakeTransport().answer(first, json(202, f.companyBatch()));
      const { c } = client(t);
      let error: unknown;
      try {
        c.startCompanyEnrichment({ companies: [{ domain: 'a.example' }] });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(first === 'network' ? NetworkError : ServerError);
      expect((error as ServerError).ambiguous).toBe(true);
      expect(t.sent).toHaveLength(1);
    }
  });

  test('a 400 is not retried', () => {
    const t = new FakeTransport().answer(apiError(400, 'unsupported_value', { pointer: '/emails/0/email' }));
    const { c } = client(t);
    expect(() => c.startEmailValidation({ emails: [{ email: 'a@b.example' }] })).toThrow(UnsupportedValueError);
    expect(t.sent).toHaveLength(1);
  });

  test('rate limited until the budget runs out ends with a RateLimitedError that carries the wait', () => {
    const t = new FakeTransport().answer(...Array.from({ length: 4 }, () => apiError(429, 'rate_limited', { retryAfter: 9 })));
    const { c } = client(t);
    let error: RateLimitedError | undefined;
    try {
      c.getAccount();
    } catch (e) {
      error = e as RateLimitedError;
    }
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error?.retryAfter).toBe(9);
    expect(t.sent.length).toBeLessThanOrEqual(3);
  });

  test('sendMany retries only the rate-limited requests', () => {
    const t = new FakeTransport().answer(
      json(200, f.companyLookup),
      apiError(429, 'rate_limited', { retryAfter: 1 }),
      json(200, f.companyLookup),
    );
    const { c, slept } = client(t);
    const out = c.sendMany(
      [c.companyFindRequest({ domain: 'a.example' }), c.companyFindRequest({ domain: 'b.example' })],
      CompanyLookupSchema,
    );
    expect(out.every((o) => !(o instanceof Error))).toBe(true);
    expect(t.lines).toEqual([
      'GET /companies/find?domain=a.example',
      'GET /companies/find?domain=b.example',
      'GET /companies/find?domain=b.example',
    ]);
    expect(slept).toEqual([1000]);
  });

  test('the default policy stays inside a custom function budget', () => {
    expect(DEFAULT_RETRY_POLICY.budgetMs).toBeLessThanOrEqual(30000);
  });
});
