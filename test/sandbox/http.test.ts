// The HTTP server on a free loopback port with real requests: JSON in and out, headers, body
// limit, slow answers and a dropped connection.
import { request } from 'node:http';
import { SPEC } from '../../sandbox/spec-schemas';
import { createLocalService, startHttpServer, type RunningServer } from '../../sandbox';
import type { ServiceJson } from './helpers';

/** A GET with headers exactly as listed, repeats included: fetch() would merge them into one. */
function rawGet(url: string, headers: string[]): Promise<{ status: number; json: ServiceJson }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers: ['Host', u.host, ...headers] }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = { authorization: 'Bearer demo-key-alpha' };

describe('HTTP server', () => {
  let server: RunningServer;
  const service = createLocalService({ seed: 3, processingRate: 1000, queueDelayMs: 0, limits: { maxBodyBytes: 4096 } });

  beforeAll(async () => {
    server = await startHttpServer(service, { port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  test('listens on 127.0.0.1 and answers JSON', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/account-info`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ id: service.account('demo-key-alpha')!.id, name: 'Alpha Outbound (demo)' });
    expect((await fetch(`${server.url}/account-info`)).status).toBe(401);
  });

  test('two Authorization headers are 400 unsupported_value, whichever key comes first', async () => {
    for (const keys of [
      ['demo-key-alpha', 'demo-key-bravo'],
      ['no-such-key', 'demo-key-alpha'],
      ['demo-key-alpha', 'demo-key-alpha'],
    ]) {
      const res = await rawGet(
        `${server.url}/account-info`,
        keys.flatMap((k, i) => [i ? 'authorization' : 'Authorization', `Bearer ${k}`]),
      );
      expect(res.status).toBe(400);
      expect(SPEC.ErrorObject.safeParse(res.json).success).toBe(true);
      expect(res.json._errors[0].code).toBe('unsupported_value');
      expect(res.json._errors[0].detail).toMatch(/Authorization header was sent more than once/);
    }
    expect((await rawGet(`${server.url}/account-info`, ['Authorization', 'Bearer demo-key-alpha'])).status).toBe(200);
  });

  test('a batch round trip with encoded brackets and Retry-After', async () => {
    const post = await fetch(`${server.url}/email-validations`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ emails: [{ email: 'a@example.com' }, { email: 'b@example.com' }] }),
    });
    expect(post.status).toBe(202);
    expect(post.headers.get('retry-after')).toBe('1');
    const batch = (await post.json()) as ServiceJson;
    await new Promise((r) => setTimeout(r, 50));
    const page = await fetch(`${server.url}${batch._links.self.href}?page%5Bsize%5D=1`, { headers: auth });
    const body = (await page.json()) as ServiceJson;
    expect(body.results).toHaveLength(1);
    const next = await fetch(`${server.url}${body._links.next.href}`, { headers: auth });
    expect(((await next.json()) as ServiceJson).results[0].email).toBe('b@example.com');
  });

  test('an oversized body is 413', async () => {
    const res = await fetch(`${server.url}/email-validations`, { method: 'POST', headers: auth, body: 'x'.repeat(10000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ServiceJson)._errors[0].code).toBe('payload_too_large');
  });

  test('a slow answer really waits', async () => {
    service.setFaults({ slowRate: 1, slowMs: 300 });
    const started = Date.now();
    const res = await fetch(`${server.url}/account-info`, { headers: auth });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    service.setFaults();
  });

  test('a dropped connection gives the client a network error, and the server keeps serving', async () => {
    service.setFaults({ dropRate: 1 });
    await expect(fetch(`${server.url}/account-info`, { headers: auth })).rejects.toThrow();
    service.setFaults();
    expect((await fetch(`${server.url}/account-info`, { headers: auth })).status).toBe(200);
  });
});
