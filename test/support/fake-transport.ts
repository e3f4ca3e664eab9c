// A scripted Transport for client tests: answers queued per "METHOD path" and records every request.
import { TestClient } from './test-client';
import { NetworkError } from '../../src/api/errors';
import type { RetryPolicy } from '../../src/api/retry';
import { buildQuery, type ApiRequest, type ApiResponse, type Transport } from '../../src/api/transport';

export type Answer = ApiResponse | 'network';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  const res: ApiResponse = { status, headers: { 'content-type': 'application/json', ...headers }, text: JSON.stringify(body) };
  const ra = headers['retry-after'];
  if (ra !== undefined) res.retryAfter = Number(ra);
  return res;
}

export function apiError(status: number, code: string, extra: { pointer?: string; retryAfter?: number } = {}): ApiResponse {
  const detail = {
    code,
    title: code.replace(/_/g, ' '),
    detail: `detail of ${code}`,
    ...(extra.pointer ? { source: { pointer: extra.pointer } } : {}),
  };
  return json(
    status,
    { object: 'error', _errors: [detail] },
    extra.retryAfter !== undefined ? { 'retry-after': String(extra.retryAfter) } : {},
  );
}

/** The request line a test matches on: method, path and query as sent. */
function requestLine(req: ApiRequest): string {
  const qs = buildQuery(req.query);
  return `${req.method} ${req.path}${qs ? (req.path.includes('?') ? '&' : '?') + qs : ''}`;
}

export class FakeTransport implements Transport {
  readonly sent: ApiRequest[] = [];
  private readonly queue: Answer[] = [];

  answer(...answers: Answer[]): this {
    this.queue.push(...answers);
    return this;
  }

  private next(req: ApiRequest): ApiResponse {
    this.sent.push(req);
    const a = this.queue.shift();
    if (a === undefined) throw new Error(`no answer scripted for ${requestLine(req)}`);
    if (a === 'network') throw new NetworkError('Address unavailable');
    return a;
  }

  send(req: ApiRequest): ApiResponse {
    return this.next(req);
  }

  sendAll(reqs: ReadonlyArray<ApiRequest>): Array<ApiResponse | Error> {
    return reqs.map((r) => {
      try {
        return this.next(r);
      } catch (e) {
        return e as Error;
      }
    });
  }

  get lines(): string[] {
    return this.sent.map(requestLine);
  }
}

/** A client over a scripted transport, on a clock that only its own sleeps move. */
export function fakeClient(options: { retry?: RetryPolicy; transport?: FakeTransport } = {}) {
  const transport = options.transport ?? new FakeTransport();
  const slept: number[] = [];
  let clock = 0;
  const client = new TestClient(transport, {
    sleep: (ms) => {
      slept.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 0.5,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  return { transport, client, slept };
}
