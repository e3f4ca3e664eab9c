// UrlFetchApp: routing to the local service in-process and over loopback HTTP, Apps Script's
// errors, redirects, fetchAll, request recording and network time on the virtual clock.
import { Worker } from 'node:worker_threads';
import { DEFAULT_FETCH_MS } from '../../emulator';
import { createLocalService } from '../../sandbox';
import { API, FakeService, makeHost } from './helpers';

describe('UrlFetchApp in-process', () => {
  it('routes by prefix, passes the path and lower-cased headers, and records the request', () => {
    const service = new FakeService();
    const host = makeHost({ routes: { [API]: service } });
    const r = host.run('fetchText', [
      `${API}/ok?x=1`,
      { method: 'post', payload: '{"a":1}', contentType: 'application/json', headers: { Authorization: 'Bearer sk-secret' } },
    ]);
    expect(r.value).toMatchObject({ code: 200, text: '{"ok":true,"method":"POST"}', headers: { 'content-type': 'application/json' } });
    expect(service.received[0]).toMatchObject({ method: 'POST', path: '/ok?x=1', body: '{"a":1}' });
    expect(service.received[0]!.headers).toMatchObject({ authorization: 'Bearer sk-secret', 'content-type': 'application/json' });
    expect(host.requests[0]).toMatchObject({
      method: 'POST',
      url: `${API}/ok?x=1`,
      via: 'in-process',
      status: 200,
      user: 'owner@example.com',
    });
    expect(host.requests[0]!.headers.Authorization).toBe('Bearer sk-secret');
  });

  it('sends header names differing only in case as one header sent twice, which the local service refuses', () => {
    const fake = new FakeService();
    const host = makeHost({ routes: { [API]: fake } });
    host.run('fetchText', [`${API}/ok`, { headers: { Authorization: 'Bearer first', authorization: 'Bearer second' } }]);
    expect(fake.received[0]).toMatchObject({ headers: { authorization: 'Bearer first' }, repeatedHeaders: ['authorization'] });
    const real = makeHost({ routes: { [API]: createLocalService() } });
    const twice = { Authorization: 'Bearer demo-key-alpha', AUTHORIZATION: 'Bearer demo-key-bravo' };
    const r = real.run('fetchText', [`${API}/account-info`, { headers: twice, muteHttpExceptions: true }]).value as {
      code: number;
      text: string;
    };
    expect(r.code).toBe(400);
    expect(JSON.parse(r.text)._errors[0].code).toBe('unsupported_value');
    const once = real.run('fetchText', [`${API}/account-info`, { headers: { Authorization: 'Bearer demo-key-alpha' } }]).value;
    expect(once).toMatchObject({ code: 200 });
  });

  it('throws Apps Script’s message for a status of 400 or more unless muted', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    const thrown = host.run('catchFetch', [`${API}/missing`]).value as { message: string; isError: boolean };
    expect(thrown.isError).toBe(true);
    expect(thrown.message).toMatch(
      /^Request failed for https:\/\/api\.prospecting\.example returned code 404\. Truncated server response: \{"error":"not_found".*\.\.\. \(use muteHttpExceptions option to examine full response\)$/,
    );
    expect(host.run('fetchText', [`${API}/missing`, { muteHttpExceptions: true }]).value).toMatchObject({ code: 404 });
  });

  it('fails a dropped connection even when muted, and an unrouted host like a DNS failure', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    expect(host.run('catchFetch', [`${API}/drop`, { muteHttpExceptions: true }]).value).toMatchObject({
      message: `Address unavailable: ${API}/drop`,
    });
    expect(host.run('catchFetch', ['https://elsewhere.example/x', { muteHttpExceptions: true }]).value).toMatchObject({
      message: 'DNS error: https://elsewhere.example/x',
    });
    expect(host.requests.map((r) => r.via)).toEqual(['in-process', 'unrouted']);
  });

  it('follows redirects by default and not when told', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    expect(host.run('fetchText', [`${API}/moved`]).value).toMatchObject({ code: 200 });
    expect(host.run('fetchText', [`${API}/moved`, { followRedirects: false }]).value).toMatchObject({ code: 302 });
  });

  it('adds each response’s time to the clock, the slowest one for fetchAll', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    expect(host.run('fetchText', [`${API}/slow`]).elapsedMs).toBeGreaterThanOrEqual(2500);
    expect(host.run('fetchText', [`${API}/ok`]).elapsedMs).toBeGreaterThanOrEqual(DEFAULT_FETCH_MS);
    const all = host.run('fetchMany', [[`${API}/slow`, `${API}/ok`, `${API}/missing`]]);
    expect(all.value).toEqual(['200:slow', '200:{"ok":true,"method":"GET"}', expect.stringMatching(/^404:/)]);
    expect(all.elapsedMs).toBeGreaterThanOrEqual(2500);
    expect(all.elapsedMs).toBeLessThan(2500 + DEFAULT_FETCH_MS);
  });
});

describe('UrlFetchApp over loopback HTTP', () => {
  let worker: Worker;
  let base: string;

  beforeAll(async () => {
    // The server runs on its own thread: the host blocks the calling thread while it waits.
    worker = new Worker(
      `
      const http = require('node:http');
      const { parentPort } = require('node:worker_threads');
      let inFlight = 0;
      let peak = 0;
      const server = http.createServer((req, res) => {
        if (req.url === '/peak') { res.writeHead(200, { 'Content-Type': 'text/plain' }); res.end(String(peak)); return; }
        inFlight++;
        peak = Math.max(peak, inFlight);
        res.on('close', () => inFlight--);
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const wait = req.url.startsWith('/wait') ? 300 : 0;
          setTimeout(() => {
            if (req.url === '/gone') { req.socket.destroy(); return; }
            res.writeHead(req.url === '/teapot' ? 418 : 200, { 'Content-Type': 'text/plain', 'X-Seen-Auth': req.headers.authorization || '' });
            res.end(req.method + ' ' + req.url + ' ' + body);
          }, wait);
        });
      });
      server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
      `,
      { eval: true },
    );
    const port = await new Promise<number>((resolve) => worker.once('message', resolve));
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await worker.terminate();
  });

  it('sends the request over HTTP and returns the answer', async () => {
    const host = makeHost({ routes: { [API]: base } });
    try {
      const r = host.run('fetchText', [
        `${API}/v1/people?page=2`,
        { method: 'put', payload: 'hello', headers: { Authorization: 'Bearer k' } },
      ]);
      expect(r.value).toMatchObject({ code: 200, text: 'PUT /v1/people?page=2 hello', headers: { 'X-Seen-Auth': 'Bearer k' } });
      expect(host.requests[0]).toMatchObject({ via: 'http', status: 200, url: `${API}/v1/people?page=2` });
      expect(host.run('catchFetch', [`${API}/teapot`]).value).toMatchObject({
        message: `Request failed for ${API} returned code 418. Truncated server response: GET /teapot  (use muteHttpExceptions option to examine full response)`,
      });
      expect(host.run('catchFetch', [`${API}/gone`, { muteHttpExceptions: true }]).value).toMatchObject({
        message: `Address unavailable: ${API}/gone`,
      });
    } finally {
      await host.close();
    }
  });

  // Concurrency is seen by the server (requests held open at once), never by a wall clock.
  it('sends a fetchAll batch concurrently', async () => {
    const host = makeHost({ routes: { [API]: base } });
    try {
      host.run('fetchText', [`${API}/warm`]);
      expect(host.run('fetchText', [`${API}/peak`]).value).toMatchObject({ code: 200, text: '1' });
      const r = host.run('fetchMany', [[1, 2, 3, 4, 5].map((i) => `${API}/wait/${i}`)]);
      expect(r.value).toEqual([1, 2, 3, 4, 5].map((i) => `200:GET /wait/${i} `));
      // Each waits 300 ms at the server: sent together, they are held there together.
      expect(Number((host.run('fetchText', [`${API}/peak`]).value as { text: string }).text)).toBeGreaterThan(1);
    } finally {
      await host.close();
    }
  });
});
