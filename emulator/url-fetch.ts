// UrlFetchApp with Apps Script's semantics (method, headers, payload, contentType,
// muteHttpExceptions, followRedirects), routed by URL prefix to the local service in-process
// or over loopback HTTP. Unrouted hosts fail like a DNS failure; every request is recorded and
// counts toward the user's daily fetch quota (a refused call sends nothing).
import { ConnectionDropped, type LocalHandler, type LocalRequest, type LocalResponse } from '../toolkit/local-http';
import { DEFAULT_FETCH_MS, FETCH_ALL_PER_REQUEST_MS } from './cost-model';
import { GasError, HostFailure, Messages } from './errors';
import { Body } from './http-body';
import type { Runtime } from './runtime';
import type { Shape } from './shape';
import type { SyncHttpClient } from './sync-http';
import { blobFrom, FakeBlob } from './utilities';

/** Where requests under a base URL go: a handler called in-process, or a loopback base URL. */
export type Route = LocalHandler | string;

export interface RecordedRequest {
  method: string;
  url: string;
  /** As sent, with the names the script used. */
  headers: Record<string, string>;
  body: string;
  user: string;
  at: number;
  via: 'in-process' | 'http' | 'unrouted';
  /** The status answered, or undefined when no answer came. */
  status?: number;
}

const MAX_URL_LENGTH = 2082;
const MAX_REDIRECTS = 10;
/** How much of the body Apps Script quotes in a failed request's message. */
export const TRUNCATED_RESPONSE_CHARS = 150;
const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script)';

interface Prepared {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Body | undefined;
  mute: boolean;
  followRedirects: boolean;
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: Body;
  delayMs: number;
}

type Outcome = { answer: Answer } | { error: string; delayMs: number };

function isBlob(v: unknown): v is FakeBlob {
  return v instanceof FakeBlob;
}

function encodeForm(payload: Record<string, unknown>): string {
  return Object.entries(payload)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

function prepare(url: unknown, params: Record<string, unknown> = {}): Prepared {
  const u = String(url);
  if (!/^https?:\/\/[^/?#]+/i.test(u)) throw new GasError(Messages.invalidArgument(u));
  if (u.length > MAX_URL_LENGTH) throw new GasError('Limit Exceeded: URLFetch URL Length.');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries((params.headers as Record<string, unknown> | undefined) ?? {})) headers[k] = String(v);
  let body: Body | undefined;
  const payload = params.payload;
  let contentType = params.contentType === undefined ? undefined : String(params.contentType);
  if (payload !== undefined && payload !== null) {
    if (typeof payload === 'string') body = Body.fromText(payload);
    else if (Array.isArray(payload)) body = Body.fromBytes(Buffer.from(payload.map((b: number) => b & 0xff)));
    else if (isBlob(payload)) {
      body = Body.fromBytes(Buffer.from(payload.getBytes().map((b) => b & 0xff)));
      contentType ??= payload.getContentType() ?? undefined;
    } else body = Body.fromText(encodeForm(payload as Record<string, unknown>));
    contentType ??= 'application/x-www-form-urlencoded';
  }
  if (contentType !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = contentType;
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent')) headers['User-Agent'] = USER_AGENT;
  return {
    method: String(params.method ?? 'get').toUpperCase(),
    url: u,
    headers,
    body,
    mute: params.muteHttpExceptions === true,
    followRedirects: params.followRedirects !== false,
  };
}

function origin(url: string): string {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(url);
  return m ? m[1]! : url;
}

export class FetchRouter {
  private readonly routes: [string, Route][];
  readonly requests: RecordedRequest[] = [];

  constructor(
    routes: Record<string, Route>,
    private readonly http: () => SyncHttpClient,
    private readonly runtime: Runtime,
  ) {
    this.routes = Object.entries(routes)
      .map(([prefix, route]) => [prefix.replace(/\/+$/, ''), route] as [string, Route])
      .sort((a, b) => b[0].length - a[0].length);
  }

  private match(url: string): { route: Route; path: string } | undefined {
    for (const [prefix, route] of this.routes) {
      if (!url.startsWith(prefix)) continue;
      const rest = url.slice(prefix.length);
      if (rest === '' || rest.startsWith('/') || rest.startsWith('?')) return { route, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
    return undefined;
  }

  private record(p: Prepared, via: RecordedRequest['via']): RecordedRequest {
    const exec = this.runtime.exec();
    const r: RecordedRequest = {
      method: p.method,
      url: p.url,
      headers: { ...p.headers },
      body: p.body ? p.body.utf8() : '',
      user: exec.user,
      at: this.runtime.clock.now(),
      via,
    };
    this.requests.push(r);
    return r;
  }

  /** Sends one hop of each request; loopback requests of the batch go out together. */
  private sendBatch(batch: Prepared[]): Outcome[] {
    const outcomes: (Outcome | undefined)[] = batch.map(() => undefined);
    const overHttp: { i: number; target: string; rec: RecordedRequest }[] = [];
    batch.forEach((p, i) => {
      const m = this.match(p.url);
      if (!m) {
        this.record(p, 'unrouted');
        outcomes[i] = { error: Messages.dnsError(p.url), delayMs: DEFAULT_FETCH_MS };
        return;
      }
      if (typeof m.route === 'string') {
        overHttp.push({ i, target: m.route.replace(/\/+$/, '') + m.path, rec: this.record(p, 'http') });
        return;
      }
      const rec = this.record(p, 'in-process');
      outcomes[i] = this.sendInProcess(m.route, m.path, p, rec);
    });
    if (overHttp.length) {
      const results = this.http().requestAll(
        overHttp.map(({ i, target }) => {
          const p = batch[i]!;
          return { method: p.method, url: target, headers: p.headers, ...(p.body ? { body: new Uint8Array(p.body.bytes) } : {}) };
        }),
      );
      overHttp.forEach(({ i, rec }, k) => {
        const r = results[k]!;
        const p = batch[i]!;
        if (!r.ok) {
          const refused = r.code === 'ENOTFOUND' || r.code === 'EAI_AGAIN';
          outcomes[i] = { error: refused ? Messages.dnsError(p.url) : Messages.addressUnavailable(p.url), delayMs: DEFAULT_FETCH_MS };
          return;
        }
        const headers: [string, string][] = [];
        for (let j = 0; j + 1 < r.rawHeaders.length; j += 2) headers.push([r.rawHeaders[j]!, r.rawHeaders[j + 1]!]);
        rec.status = r.status;
        outcomes[i] = { answer: { status: r.status, headers, body: Body.fromBytes(Buffer.from(r.body)), delayMs: DEFAULT_FETCH_MS } };
      });
    }
    return outcomes.map((o) => o!);
  }

  private sendInProcess(handler: LocalHandler, path: string, p: Prepared, rec: RecordedRequest): Outcome {
    // Names differing only in case are one header sent twice, as they would be on the wire.
    const headers: Record<string, string> = {};
    const repeated = new Set<string>();
    for (const [k, v] of Object.entries(p.headers)) {
      const name = k.toLowerCase();
      if (name in headers) repeated.add(name);
      else headers[name] = v;
    }
    const req: LocalRequest = { method: p.method, path, headers, body: p.body ? p.body.utf8() : '' };
    if (repeated.size) req.repeatedHeaders = [...repeated];
    let res: LocalResponse;
    try {
      res = handler.handle(req);
    } catch (e) {
      if (e instanceof ConnectionDropped || (e as Error | undefined)?.name === 'ConnectionDropped') {
        return { error: Messages.addressUnavailable(p.url), delayMs: DEFAULT_FETCH_MS };
      }
      throw new HostFailure(`the local service threw on ${p.method} ${p.url}: ${(e as Error)?.stack ?? String(e)}`);
    }
    rec.status = res.status;
    // A body that is not text (a handler's mistake) becomes bytes the way Buffer.from takes it.
    const body = typeof res.body === 'string' ? Body.fromText(res.body) : Body.fromBytes(Buffer.from(res.body, 'utf8'));
    return {
      answer: { status: res.status, headers: Object.entries(res.headers), body, delayMs: res.delayMs ?? DEFAULT_FETCH_MS },
    };
  }

  /** Fetches every request (following redirects), returning a response or an Apps Script message each. */
  fetchMany(batch: Prepared[]): { outcomes: (FakeHttpResponse | string)[]; delays: number[] } {
    const current = batch.slice();
    const final: (FakeHttpResponse | string | undefined)[] = batch.map(() => undefined);
    const delays = batch.map(() => 0);
    const pending = batch.map((_, i) => i);
    for (let hop = 0; hop <= MAX_REDIRECTS && pending.length; hop++) {
      const outcomes = this.sendBatch(pending.map((i) => current[i]!));
      const next: number[] = [];
      outcomes.forEach((o, k) => {
        const i = pending[k]!;
        const p = current[i]!;
        delays[i]! += 'answer' in o ? o.answer.delayMs : o.delayMs;
        if ('error' in o) {
          final[i] = o.error;
          return;
        }
        const a = o.answer;
        const location = a.headers.find(([h]) => h.toLowerCase() === 'location')?.[1];
        if (p.followRedirects && [301, 302, 303, 307, 308].includes(a.status) && location && hop < MAX_REDIRECTS) {
          const keepBody = a.status === 307 || a.status === 308;
          current[i] = {
            ...p,
            url: new URL(location, p.url).toString(),
            method: keepBody ? p.method : 'GET',
            body: keepBody ? p.body : undefined,
          };
          next.push(i);
          return;
        }
        final[i] = new FakeHttpResponse(a.status, a.headers, a.body);
        if (a.status >= 400 && !p.mute) {
          const text = a.body.utf8();
          const truncated = text.length > TRUNCATED_RESPONSE_CHARS ? `${text.slice(0, TRUNCATED_RESPONSE_CHARS)}...` : text;
          final[i] = Messages.requestFailed(origin(p.url), a.status, truncated);
        }
      });
      pending.splice(0, pending.length, ...next);
    }
    return { outcomes: final.map((f) => f!), delays };
  }
}

type ResponseApi = Shape<
  GoogleAppsScript.URL_Fetch.HTTPResponse,
  'getResponseCode' | 'getContentText' | 'getHeaders' | 'getAllHeaders' | 'getContent'
>;

export class FakeHttpResponse implements ResponseApi {
  static readonly kind = 'UrlFetchApp.HTTPResponse';

  constructor(
    private readonly status: number,
    private readonly headers: [string, string][],
    private readonly body: Body,
  ) {}

  getResponseCode(): number {
    return this.status;
  }

  getContentText(charset?: string): string {
    return charset && /ascii|iso-8859-1|latin/i.test(charset) ? this.body.latin1() : this.body.utf8();
  }

  getContent(): number[] {
    return Array.from(this.body.bytes, (b) => (b > 127 ? b - 256 : b));
  }

  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of this.headers) if (!(k in out)) out[k] = v;
    return out;
  }

  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of this.headers) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  }

  getBlob(): FakeBlob {
    const type = this.headers.find(([h]) => h.toLowerCase() === 'content-type')?.[1] ?? null;
    return blobFrom(this.getContent(), type);
  }

  getAs(contentType: string): FakeBlob {
    return this.getBlob().setContentType(contentType);
  }
}

export class FakeUrlFetchApp {
  static readonly kind = 'UrlFetchApp';

  constructor(
    private readonly router: FetchRouter,
    private readonly runtime: Runtime,
    /** Counts `n` requests toward the daily quota of the execution's user, or throws when they do not fit. */
    private readonly charge: (n: number) => void,
  ) {}

  fetch(url: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions): FakeHttpResponse {
    const prepared = prepare(url, params as Record<string, unknown> | undefined);
    this.charge(1);
    const { outcomes, delays } = this.router.fetchMany([prepared]);
    this.runtime.spend('UrlFetchApp.fetch', delays[0]!);
    const o = outcomes[0]!;
    if (typeof o === 'string') throw new GasError(o);
    return o;
  }

  fetchAll(requests: (GoogleAppsScript.URL_Fetch.URLFetchRequest | string)[]): FakeHttpResponse[] {
    if (!Array.isArray(requests)) throw new GasError('Invalid argument: requests');
    const prepared = requests.map((r) => {
      if (typeof r === 'string') return prepare(r);
      const { url, ...params } = r as unknown as Record<string, unknown>;
      return prepare(url, params);
    });
    // One per request; a batch that does not fit in what is left of the day sends none of them.
    this.charge(prepared.length);
    const { outcomes, delays } = this.router.fetchMany(prepared);
    // The requests run side by side: the batch takes as long as its slowest one.
    this.runtime.spend('UrlFetchApp.fetchAll', Math.max(0, ...delays) + FETCH_ALL_PER_REQUEST_MS * prepared.length);
    const failed = outcomes.find((o): o is string => typeof o === 'string');
    if (failed !== undefined) throw new GasError(failed);
    return outcomes as FakeHttpResponse[];
  }

  getRequest(url: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions): Record<string, unknown> {
    const p = prepare(url, params as Record<string, unknown> | undefined);
    return {
      url: p.url,
      method: p.method.toLowerCase(),
      headers: p.headers,
      payload: p.body?.utf8() ?? '',
      followRedirects: p.followRedirects,
      muteHttpExceptions: p.mute,
    };
  }
}
