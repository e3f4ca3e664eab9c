// A worker for sync-worker.test.ts: answers each request with it doubled, after `delayMs`
// real milliseconds, or fails when asked to.
import { workerData } from 'node:worker_threads';
import { SyncAnswerer, type SyncLink } from '../../toolkit/sync-worker';

const answerer = new SyncAnswerer<{ n: number; delayMs?: number; fail?: boolean; close?: boolean }, number>(
  workerData as SyncLink,
  async (r) => {
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    if (r.fail) throw new Error(`cannot double ${r.n}`);
    if (r.close) answerer.close();
    return r.n * 2;
  },
);
