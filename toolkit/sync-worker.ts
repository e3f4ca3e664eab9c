// Calls across threads for the local tools: a worker thread running a TypeScript module, and a
// synchronous call whose caller blocks (Atomics.wait) until the other thread posts its answer.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';

const TSX_HOOK = require.resolve('tsx/cjs');

/**
 * A worker thread running `file`, a TypeScript module. The worker loads it through tsx's require
 * hook, since neither tsx nor jest transpiles what a worker thread loads by itself.
 */
export function startTsWorker(file: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  // The hook's path is resolved here: an evaluated worker would look it up from the current directory.
  return new Worker(`require(${JSON.stringify(TSX_HOOK)}); require(${JSON.stringify(file)});`, { ...options, eval: true });
}

/** Posts `message` to `worker` and resolves with the first message back that `isAnswer` accepts. */
export function askWorker<T>(worker: Worker, message: unknown, isAnswer: (m: unknown) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (!isAnswer(m)) return;
      worker.off('message', onMessage);
      resolve(m as T);
    };
    worker.on('message', onMessage);
    worker.postMessage(message);
  });
}

/**
 * One end of a synchronous link: a port and the shared cell both ends watch. It crosses to
 * another thread in workerData, with its port in the transferList.
 */
export interface SyncLink {
  port: MessagePort;
  signal: SharedArrayBuffer;
}

/** The shared cell's values: the caller waits, an answer is on the port, the answerer closed. */
const WAITING = 0;
const ANSWERED = 1;
const CLOSED = 2;

type Question<Q> = { seq: number; request: Q };
type Answer<A> = { seq: number; ok: true; value: A } | { seq: number; ok: false; error: string };

/** A new link: give `caller` to the thread that blocks and `answerer` to the thread that answers. */
export function syncLinks(): { caller: SyncLink; answerer: SyncLink } {
  const signal = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  return { caller: { port: port1, signal }, answerer: { port: port2, signal } };
}

export type SyncReply<A> = { ok: true; value: A } | { ok: false; reason: 'timeout' | 'closed' };

/** The blocking side: `call` posts a request and waits, its thread doing nothing else meanwhile. */
export class SyncCaller<Q, A> {
  private readonly flag: Int32Array;
  private seq = 0;

  constructor(private readonly link: SyncLink) {
    this.flag = new Int32Array(link.signal);
    // Only ever read with receiveMessageOnPort: it must not keep the thread alive.
    link.port.unref();
  }

  /**
   * Sends `request` and blocks until its answer, `timeoutMs` passing, or the answerer closing.
   * Throws when the answerer failed. An answer to an earlier call that timed out is dropped.
   */
  call(request: Q, timeoutMs = Infinity): SyncReply<A> {
    const seq = ++this.seq;
    const deadline = Date.now() + timeoutMs;
    this.link.port.postMessage({ seq, request } satisfies Question<Q>);
    for (;;) {
      // Reset before reading the port: an answer posted after the read sets the cell again, so
      // the wait below cannot miss it.
      Atomics.compareExchange(this.flag, 0, ANSWERED, WAITING);
      for (let m = receiveMessageOnPort(this.link.port); m; m = receiveMessageOnPort(this.link.port)) {
        const answer = m.message as Answer<A>;
        if (answer.seq !== seq) continue;
        if (!answer.ok) throw new Error(answer.error);
        return { ok: true, value: answer.value };
      }
      if (Atomics.load(this.flag, 0) === CLOSED) return { ok: false, reason: 'closed' };
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, reason: 'timeout' };
      Atomics.wait(this.flag, 0, WAITING, left === Infinity ? undefined : left);
    }
  }

  close(): void {
    this.link.port.close();
  }
}

/**
 * The answering side: `answer` handles each request, at once or later (its promise resolving),
 * while this thread goes on with its other work.
 */
export class SyncAnswerer<Q, A> {
  private readonly flag: Int32Array;

  constructor(
    private readonly link: SyncLink,
    answer: (request: Q) => A | Promise<A>,
  ) {
    this.flag = new Int32Array(link.signal);
    const reply = async ({ seq, request }: Question<Q>): Promise<void> => {
      let out: Answer<A>;
      try {
        out = { seq, ok: true, value: await answer(request) };
      } catch (e) {
        out = { seq, ok: false, error: e instanceof Error ? e.message : String(e) };
      }
      if (Atomics.load(this.flag, 0) === CLOSED) return;
      link.port.postMessage(out);
      Atomics.store(this.flag, 0, ANSWERED);
      Atomics.notify(this.flag, 0);
    };
    // `reply` catches everything `answer` throws, so its promise never rejects.
    link.port.on('message', (question: Question<Q>) => void reply(question));
  }

  /** Lets the port stop keeping this thread alive (a worker whose parent decides when it ends). */
  unref(): void {
    this.link.port.unref();
  }

  /** Wakes a waiting caller for good: this call and every later one returns 'closed'. */
  close(): void {
    Atomics.store(this.flag, 0, CLOSED);
    Atomics.notify(this.flag, 0);
    this.link.port.close();
  }
}
