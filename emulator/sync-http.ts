// Synchronous HTTP for the script's synchronous UrlFetchApp: a worker thread does the requests
// (all of a batch concurrently) while the calling thread waits for their answers.
// The server answering must not run on the waiting thread (start it in a worker or a process).
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker, SyncCaller, syncLinks, type SyncLink } from '../toolkit/sync-worker';

export interface HttpRequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export type HttpResult =
  { ok: true; status: number; rawHeaders: string[]; body: Uint8Array; elapsedMs: number } | { ok: false; code: string; message: string };

/** What the worker thread (sync-http-worker.ts) is started with. */
export interface SyncHttpWorkerData {
  link: SyncLink;
  timeoutMs: number;
}

export class SyncHttpClient {
  private worker?: Worker;
  private caller?: SyncCaller<HttpRequestSpec[], HttpResult[]>;

  constructor(private readonly timeoutMs = 60000) {}

  private start(): SyncCaller<HttpRequestSpec[], HttpResult[]> {
    if (this.caller) return this.caller;
    const { caller, answerer } = syncLinks();
    const workerData: SyncHttpWorkerData = { link: answerer, timeoutMs: this.timeoutMs };
    this.worker = startTsWorker(join(__dirname, 'sync-http-worker.ts'), { workerData, transferList: [answerer.port] });
    this.worker.unref();
    this.caller = new SyncCaller(caller);
    return this.caller;
  }

  /** Sends every request at once and blocks until all have answered or failed. */
  requestAll(batch: HttpRequestSpec[]): HttpResult[] {
    if (batch.length === 0) return [];
    let reply;
    try {
      reply = this.start().call(batch, this.timeoutMs + 5000);
    } catch (e) {
      return batch.map(() => ({ ok: false, code: 'ERROR', message: e instanceof Error ? e.message : String(e) }));
    }
    if (!reply.ok) return batch.map(() => ({ ok: false, code: 'ETIMEDOUT', message: 'no answer from the HTTP worker' }));
    return reply.value;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.caller?.close();
    this.caller = undefined;
    if (w) await w.terminate();
  }
}
