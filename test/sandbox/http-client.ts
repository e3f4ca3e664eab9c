// Test helper: a local service behind a real HTTP server on an ephemeral port, on a hand-driven
// clock, and a small fetch client that reads its JSON answers.
import { createLocalService, startHttpServer, type LocalService, type RunningServer, type ServiceOptions } from '../../sandbox';
import { T0, type ServiceJson } from './helpers';

export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  json: ServiceJson;
}

export interface HttpHarness {
  service: LocalService;
  /** The server's base address. */
  url: string;
  clock: { now: number };
  send(method: string, path: string, body?: unknown, key?: string): Promise<HttpReply>;
  close(): Promise<void>;
}

export async function httpHarness(options: ServiceOptions = {}): Promise<HttpHarness> {
  const clock = { now: T0 };
  const service = createLocalService({ seed: 11, now: () => clock.now, ...options });
  const server: RunningServer = await startHttpServer(service, { port: 0 });
  return {
    service,
    url: server.url,
    clock,
    async send(method, path, body, key = 'demo-key-alpha') {
      const headers: Record<string, string> = { authorization: `Bearer ${key}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, headers: Object.fromEntries(res.headers), json: text === '' ? undefined : JSON.parse(text) };
    },
    close: () => server.close(),
  };
}

/** Checks a reply is the spec's error object with one entry of this status, code and (when given) pointer. */
export function expectHttpError(r: HttpReply, status: number, code: string, pointer?: string): void {
  expect(r.json?.object).toBe('error');
  expect(r.json._errors).toHaveLength(1);
  const [e] = r.json._errors;
  expect({ status: r.status, code: e.code }).toEqual({ status, code });
  expect(typeof e.title).toBe('string');
  expect(e.detail.length).toBeGreaterThan(0);
  if (pointer !== undefined) expect(e.source?.pointer).toBe(pointer);
}
