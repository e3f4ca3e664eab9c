// Synchronous HTTP for the script's synchronous UrlFetchApp: a worker thread does the requests
// (all of a batch concurrently) while the calling thread waits on a shared flag with Atomics.wait.
// The server answering must not run on the waiting thread (start it in a worker or a process).
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface HttpRequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export type HttpResult =
  | { ok: true; status: number; rawHeaders: string[]; body: Uint8Array; elapsedMs: number }
  | { ok: false; code: string; message: string };

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const { port, signal, timeoutMs } = workerData;
const flag = new Int32Array(signal);
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
function send(r) {
  return new Promise((resolve) => {
    const started = Date.now();
    let u;
    try { u = new URL(r.url); } catch (e) { resolve({ ok: false, code: 'EINVAL', message: String(e) }); return; }
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, { method: r.method, headers: r.headers, agent: agents[u.protocol] }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ ok: true, status: res.statusCode, rawHeaders: res.rawHeaders, body: new Uint8Array(Buffer.concat(chunks)), elapsedMs: Date.now() - started }));
      res.on('error', (e) => resolve({ ok: false, code: e.code || 'ERESET', message: e.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (e) => resolve({ ok: false, code: e.code || 'ERROR', message: e.message }));
    if (r.body) req.write(Buffer.from(r.body));
    req.end();
  });
}
port.on('message', async (batch) => {
  const results = await Promise.all(batch.map(send));
  port.postMessage(results);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

export class SyncHttpClient {
  private worker?: Worker;
  private port?: MessagePort;
  private readonly signal = new SharedArrayBuffer(4);
  private readonly flag = new Int32Array(this.signal);

  constructor(private readonly timeoutMs = 60000) {}

  private start(): MessagePort {
    if (this.port) return this.port;
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.signal, timeoutMs: this.timeoutMs },
      transferList: [port2],
    });
    this.worker.unref();
    port1.unref();
    this.port = port1;
    return port1;
  }

  /** Sends every request at once and blocks until all have answered or failed. */
  requestAll(batch: HttpRequestSpec[]): HttpResult[] {
    if (batch.length === 0) return [];
    const port = this.start();
    Atomics.store(this.flag, 0, 0);
    port.postMessage(batch);
    if (Atomics.wait(this.flag, 0, 0, this.timeoutMs + 5000) === 'timed-out') {
      return batch.map(() => ({ ok: false, code: 'ETIMEDOUT', message: 'no answer from the HTTP worker' }));
    }
    const reply = receiveMessageOnPort(port);
    return (reply?.message as HttpResult[] | undefined) ?? batch.map(() => ({ ok: false, code: 'ERROR', message: 'no reply' }));
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.port?.close();
    this.port = undefined;
    if (w) await w.terminate();
  }
}
