// Test helpers: a service on a hand-driven clock, and a tiny client that speaks to it in-process.
import { createLocalService, type LocalService, type ServiceOptions } from '../../sandbox';

export const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

/**
 * A JSON answer of the service, read field by field in assertions: a wrong path fails the
 * assertion that reads it. Whether answers match the spec's schemas is checked on its own
 * (`conforms`), with the add-on's own zod schemas.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose type of the contract tests
export type ServiceJson = any;

export interface Answer {
  status: number;
  headers: Record<string, string>;
  json: ServiceJson;
}

export interface Harness {
  service: LocalService;
  clock: { now: number; advance(ms: number): void };
  call(method: string, path: string, body?: unknown, key?: string | null): Answer;
  get(path: string, key?: string | null): Answer;
  raw(method: string, path: string, body: string, key?: string | null): Answer;
}

export function harness(options: ServiceOptions = {}, defaultKey = 'demo-key-alpha'): Harness {
  const clock = {
    now: T0,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const service = createLocalService({ seed: 7, now: () => clock.now, ...options });
  const raw = (method: string, path: string, body: string, key: string | null = defaultKey): Answer => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers['authorization'] = `Bearer ${key}`;
    const res = service.handle({ method, path, headers, body });
    return { status: res.status, headers: res.headers, json: res.body === '' ? undefined : JSON.parse(res.body) };
  };
  return {
    service,
    clock,
    raw,
    call: (method, path, body, key) => raw(method, path, body === undefined ? '' : JSON.stringify(body), key),
    get: (path, key) => raw('GET', path, '', key),
  };
}

/** The first error of an error body, after checking the body is the spec's error object. */
export function firstError(a: Answer): { code: string; title: string; detail: string; source?: { pointer: string } } {
  expect(a.json.object).toBe('error');
  expect(Array.isArray(a.json._errors)).toBe(true);
  return a.json._errors[0];
}

export function expectError(a: Answer, status: number, code: string, pointer?: string): void {
  expect({ status: a.status, code: firstError(a).code }).toEqual({ status, code });
  if (pointer !== undefined) expect(firstError(a).source?.pointer).toBe(pointer);
}

/** Reads every page of a batch by following `_links.next`. */
export function allPages(h: Harness, path: string, field: string, key?: string): ServiceJson[] {
  const out: ServiceJson[] = [];
  let next: string | undefined = path;
  let guard = 0;
  while (next && guard++ < 10000) {
    const a = h.get(next, key);
    expect(a.status).toBe(200);
    out.push(...a.json[field]);
    next = a.json._links.next?.href;
  }
  return out;
}
