// The synchronous call into a worker (toolkit/sync-worker.ts): answers come back to the call that
// asked, a late answer is dropped rather than taken by the next call, and failures and closing end the wait.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker, SyncCaller, syncLinks } from '../../toolkit/sync-worker';

type Ask = { n: number; delayMs?: number; fail?: boolean; close?: boolean };

let worker: Worker;
let caller: SyncCaller<Ask, number>;

beforeAll(() => {
  const { caller: mine, answerer } = syncLinks();
  worker = startTsWorker(join(__dirname, 'echo-worker.ts'), { workerData: answerer, transferList: [answerer.port] });
  caller = new SyncCaller(mine);
});

afterAll(async () => {
  caller.close();
  await worker.terminate();
});

test('a call blocks until the worker answers it', () => {
  expect(caller.call({ n: 21 }, 30000)).toEqual({ ok: true, value: 42 });
  expect(caller.call({ n: 5, delayMs: 50 }, 30000)).toEqual({ ok: true, value: 10 });
});

test('an answer that comes after its call timed out is not taken for the next one', () => {
  expect(caller.call({ n: 1, delayMs: 300 }, 20)).toEqual({ ok: false, reason: 'timeout' });
  expect(caller.call({ n: 2, delayMs: 500 }, 30000)).toEqual({ ok: true, value: 4 });
});

test('a failed answer throws in the caller', () => {
  expect(() => caller.call({ n: 3, fail: true }, 30000)).toThrow('cannot double 3');
});

test('once the answerer closes, calls return at once as closed', () => {
  expect(caller.call({ n: 4, close: true }, 30000)).toEqual({ ok: false, reason: 'closed' });
  expect(caller.call({ n: 5 })).toEqual({ ok: false, reason: 'closed' });
});
