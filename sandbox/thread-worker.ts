// The body of a local service running on its own thread (see thread.ts): its options come as
// workerData; it answers the parent's requests for an account's state and to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { startHttpServer } from './http-server';
import type { ServiceOptions } from './options';
import { createLocalService } from './service';

async function main(): Promise<void> {
  const service = createLocalService(workerData as ServiceOptions);
  const server = await startHttpServer(service, { port: 0 });
  parentPort!.on('message', (msg: { type: string; key?: string }) => {
    if (msg.type === 'account') parentPort!.postMessage({ type: 'account', account: service.account(msg.key ?? '') });
    if (msg.type === 'stop') void server.close().then(() => parentPort!.postMessage({ type: 'stopped' }));
  });
  parentPort!.postMessage({ type: 'ready', url: server.url });
}

void main();
