// The local service over HTTP on a thread of its own. A caller that blocks its thread while a
// request is in flight (the local Apps Script host's synchronous UrlFetchApp) cannot also serve it.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AccountView } from './service';
import type { ServiceOptions } from './options';

export interface ServiceThread {
  url: string;
  account(key: string): Promise<AccountView | undefined>;
  stop(): Promise<void>;
}

function ask<T>(worker: Worker, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string } & Record<string, unknown>) => {
      if (m.type !== answer) return;
      worker.off('message', onMessage);
      resolve(m as T);
    };
    worker.on('message', onMessage);
    worker.postMessage(message);
  });
}

/** Options must be plain data (no `now` function): the thread keeps the real clock. */
export function startServiceThread(options: Omit<ServiceOptions, 'now'> = {}): Promise<ServiceThread> {
  // The worker loads TypeScript through tsx's require hook.
  const source = `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'thread-worker.ts'))});`;
  const worker = new Worker(source, { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; url?: string }) => {
      if (m.type !== 'ready') return;
      resolve({
        url: m.url!,
        account: async (key) => (await ask<{ account?: AccountView }>(worker, { type: 'account', key }, 'account')).account,
        stop: async () => {
          await ask(worker, { type: 'stop' }, 'stopped');
          await worker.terminate();
        },
      });
    });
  });
}
