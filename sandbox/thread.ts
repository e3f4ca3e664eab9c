// The local service over HTTP on a thread of its own. A caller that blocks its thread while a
// request is in flight (the local Apps Script host's synchronous UrlFetchApp) cannot also serve it.
import { join } from 'node:path';
import { askWorker, startTsWorker } from '../toolkit/sync-worker';
import type { AccountView } from './service';
import type { ServiceOptions } from './options';

export interface ServiceThread {
  url: string;
  account(key: string): Promise<AccountView | undefined>;
  stop(): Promise<void>;
}

const reply = (type: string) => (m: unknown) => (m as { type?: unknown }).type === type;

/** Options must be plain data (no `now` function): the thread keeps the real clock. */
export function startServiceThread(options: Omit<ServiceOptions, 'now'> = {}): Promise<ServiceThread> {
  const worker = startTsWorker(join(__dirname, 'thread-worker.ts'), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; url?: string }) => {
      if (m.type !== 'ready') return;
      resolve({
        url: m.url!,
        account: async (key) => (await askWorker<{ account?: AccountView }>(worker, { type: 'account', key }, reply('account'))).account,
        stop: async () => {
          await askWorker(worker, { type: 'stop' }, reply('stopped'));
          await worker.terminate();
        },
      });
    });
  });
}
