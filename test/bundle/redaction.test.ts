// The API key never reaches an error, a message or a log line, whatever way a request fails,
// even when the service or the network echoes it back: as sent, upper- or mixed-case,
// URL-encoded, or JSON-escaped.
import { ProspectingClient } from '../../src/api/client';
import { CompanyLookupSchema } from '../../src/api/schemas';
import { createUrlFetchTransport } from '../../src/gas/url-fetch-transport';
import { loadBundle } from '../support/bare-context';

// A `/` and a `+` so the key's URL-encoded and JSON-escaped forms differ from it.
const KEY = 'sk_test_5ecret/Key+9f83';

/** The key as a service might echo it back, in every form it could take. */
function echoes(auth: string): string {
  const mixed = [...auth].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  return [auth, auth.toUpperCase(), auth.toLowerCase(), mixed, encodeURIComponent(auth), encodeURIComponent(auth).toLowerCase()].join(' ');
}

/** The same, with `/` written `\/` inside a JSON string, as some servers write it. */
const slashEscaped = (text: string) => text.replace(/\//g, '\\/');

/** True when any form of the key is in the text, whatever its case. */
function holdsKey(text: string): boolean {
  const lower = text.toLowerCase();
  return [KEY, encodeURIComponent(KEY), slashEscaped(KEY)].some((form) => lower.includes(form.toLowerCase()));
}

type Failure = { name: string; respond?: { status: number; code?: string; headers?: Record<string, string> }; throws?: boolean };

const FAILURES: Failure[] = [
  { name: 'unauthorized', respond: { status: 401, code: 'unauthorized' } },
  { name: 'insufficient credits', respond: { status: 402, code: 'insufficient_credits' } },
  { name: 'invalid parameter', respond: { status: 400, code: 'invalid_parameter' } },
  { name: 'not found', respond: { status: 404, code: 'not_found' } },
  { name: 'rate limited', respond: { status: 429, code: 'rate_limited', headers: { 'Retry-After': '1' } } },
  { name: 'unsupported value', respond: { status: 400, code: 'unsupported_value' } },
  { name: 'missing field', respond: { status: 400, code: 'missing_field' } },
  { name: 'invalid state', respond: { status: 409, code: 'invalid_state' } },
  { name: 'server error', respond: { status: 500, code: 'internal_server_error' } },
  { name: 'unreadable body', respond: { status: 502 } },
  { name: 'network failure', throws: true },
];

/** A UrlFetchApp that fails the given way and echoes the bearer token everywhere it can. */
function echoingUrlFetch(failure: Failure, log: string[]) {
  const respond = (params: { headers: Record<string, string> }) => {
    const auth = params.headers.Authorization ?? '';
    if (failure.throws) throw new Error(`Exception: Address unavailable (sent ${echoes(auth)})`);
    const r = failure.respond!;
    const body = r.code
      ? JSON.stringify({
          object: 'error',
          _errors: [{ code: r.code, title: 'Echo', detail: `you sent ${echoes(auth)}`, source: { pointer: `/${auth.toUpperCase()}` } }],
        }).replace('"title":"Echo"', `"title":"Echo ${slashEscaped(echoes(auth))}"`)
      : `<html>gateway saw ${echoes(auth)}</html>`;
    return {
      getResponseCode: () => r.status,
      getContentText: () => body,
      getHeaders: () => ({ ...(r.headers ?? {}), 'X-Echo': echoes(auth) }),
      getAllHeaders: () => ({}),
    };
  };
  return {
    fetch: (url: string, params: { headers: Record<string, string> }) => {
      log.push(`fetch ${url}`);
      return respond(params);
    },
    fetchAll: (reqs: Array<{ headers: Record<string, string> }>) => reqs.map(respond),
  };
}

function everything(value: unknown): string {
  if (value instanceof Error) {
    const own: Record<string, unknown> = {};
    for (const k of Object.getOwnPropertyNames(value)) own[k] = (value as unknown as Record<string, unknown>)[k];
    return JSON.stringify(own) + String(value.stack) + value.message;
  }
  return JSON.stringify(value);
}

describe.each(FAILURES)('a request that fails: $name', (failure) => {
  test('the client errors carry no key', () => {
    const log: string[] = [];
    (globalThis as Record<string, unknown>).UrlFetchApp = echoingUrlFetch(failure, log);
    const client = new ProspectingClient(createUrlFetchTransport('https://api.example', KEY), {
      sleep: () => {},
      now: () => 0,
      log: (line) => log.push(line),
      retry: { maxAttempts: 2 },
    });
    const produced: unknown[] = [];
    for (const act of [
      () => client.getAccount(),
      () => client.startEmailValidation({ emails: [{ email: 'a@b.example' }] }),
      () => client.sendMany([client.companyFindRequest({ domain: 'a.example' })], CompanyLookupSchema),
    ]) {
      try {
        produced.push(act());
      } catch (e) {
        produced.push(e);
      }
    }
    const text = produced.map(everything).join('\n') + log.join('\n');
    expect(text.length).toBeGreaterThan(0);
    expect(holdsKey(text)).toBe(false);
    // Where the echo reaches an error's detail, it arrives redacted.
    if (failure.respond?.code || failure.throws) expect(text).toContain('[redacted]');
  });

  test('the transport returns no form of the key, in body or headers', () => {
    (globalThis as Record<string, unknown>).UrlFetchApp = echoingUrlFetch(failure, []);
    const transport = createUrlFetchTransport('https://api.example', KEY);
    let answer: unknown;
    try {
      answer = transport.send({ method: 'GET', path: '/account-info' });
    } catch (e) {
      answer = e;
    }
    const text =
      everything(answer) +
      JSON.stringify(transport.sendAll([{ method: 'GET', path: '/account-info' }]).map((a) => (a instanceof Error ? everything(a) : a)));
    expect(text).toContain('[redacted]');
    expect(holdsKey(text)).toBe(false);
  });

  test("connecting through the built bundle leaves the key in no message, log or store but the user's own", () => {
    const log: string[] = [];
    const stores: Record<string, Map<string, string>> = { user: new Map(), document: new Map(), script: new Map() };
    const store = (m: Map<string, string>) => ({
      getProperty: (k: string) => m.get(k) ?? null,
      setProperty: (k: string, v: string) => {
        m.set(k, v);
      },
      setProperties: (o: Record<string, string>) => {
        for (const [k, v] of Object.entries(o)) m.set(k, v);
      },
      deleteProperty: (k: string) => {
        m.delete(k);
      },
      getProperties: () => Object.fromEntries(m),
    });
    const capture = (...args: unknown[]) => {
      log.push(args.map(String).join(' '));
    };
    const { evaluate } = loadBundle({
      UrlFetchApp: echoingUrlFetch(failure, log),
      PropertiesService: {
        getUserProperties: () => store(stores.user!),
        getDocumentProperties: () => store(stores.document!),
        getScriptProperties: () => store(stores.script!),
      },
      Utilities: { sleep: () => {} },
      Logger: { log: capture },
      console: { log: capture, info: capture, warn: capture, error: capture },
    });
    let error: unknown;
    try {
      evaluate(`connect(${JSON.stringify(KEY)})`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    const text = everything(error) + log.join('\n') + JSON.stringify([...stores.document!, ...stores.script!]);
    expect(holdsKey(text)).toBe(false);
    expect(stores.user!.size).toBe(0);
  });
});
