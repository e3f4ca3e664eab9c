// The thread behind SyncHttpClient (sync-http.ts): sends each batch of requests concurrently over
// keep-alive connections and answers the blocked caller with every result at once.
import * as http from 'node:http';
import * as https from 'node:https';
import { workerData } from 'node:worker_threads';
import { SyncAnswerer } from '../toolkit/sync-worker';
import type { HttpRequestSpec, HttpResult, SyncHttpWorkerData } from './sync-http';

const { link, timeoutMs } = workerData as SyncHttpWorkerData;
const agents: Record<string, http.Agent> = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

function send(r: HttpRequestSpec): Promise<HttpResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    let u: URL;
    try {
      u = new URL(r.url);
    } catch (e) {
      resolve({ ok: false, code: 'EINVAL', message: String(e) });
      return;
    }
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, { method: r.method, headers: r.headers, agent: agents[u.protocol] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ok: true,
          status: res.statusCode ?? 0,
          rawHeaders: res.rawHeaders,
          body: new Uint8Array(Buffer.concat(chunks)),
          elapsedMs: Date.now() - started,
        }),
      );
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code || 'ERESET', message: e.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code || 'ERROR', message: e.message }));
    if (r.body) req.write(Buffer.from(r.body));
    req.end();
  });
}

new SyncAnswerer<HttpRequestSpec[], HttpResult[]>(link, (batch) => Promise.all(batch.map(send)));
