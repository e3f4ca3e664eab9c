// The local service for the demo, on its own thread: the local host blocks the main thread
// while a request is in flight, so the server cannot share it.
import { parentPort } from 'node:worker_threads';
import { createLocalService, startHttpServer } from '../sandbox';

async function main(): Promise<void> {
  const service = createLocalService({ processingRate: 400, queueDelayMs: 200 });
  const server = await startHttpServer(service, { port: 0 });
  parentPort!.on('message', (msg: { type: string; key?: string }) => {
    if (msg.type === 'account') parentPort!.postMessage({ type: 'account', account: service.account(msg.key ?? '') });
    if (msg.type === 'stop') void server.close().then(() => parentPort!.postMessage({ type: 'stopped' }));
  });
  parentPort!.postMessage({ type: 'ready', url: server.url });
}

void main();
