// The local service over HTTP on loopback: each request goes to the same in-process handler;
// slow faults really wait and dropped connections really lose their socket. A local service also
// answers its read-only view (/_sandbox/accounts, each lead list's page) here, beside the API,
// never inside it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorDetail } from './errors';
import { answerClientError, readBody } from './http-body';
import { inspectRoute, isInspectable, LEAD_LIST_VIEW_PATH } from './inspect-routes';
import { DEFAULT_LIMITS } from './options';
import { ConnectionDropped, type LocalHandler, type LocalRequest, type LocalResponse } from '../toolkit/local-http';

export interface HttpServerOptions {
  /** 0 picks any free port. */
  port?: number;
  host?: string;
}

export interface RunningServer {
  /** The base address, e.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Headers sent more than once, from the raw lines: Node's `req.headers` keeps only the first of
 * some (Authorization among them) and drops the rest without a word.
 */
function repeatedHeaders(req: IncomingMessage): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

function write(res: ServerResponse, r: LocalResponse): void {
  const body = Buffer.from(r.body, 'utf8');
  res.writeHead(r.status, { ...r.headers, 'content-length': String(body.length) });
  res.end(body);
}

export function startHttpServer(
  service: LocalHandler & { limits?: { maxBodyBytes: number }; setBaseUrl?: (base: string) => void },
  options: HttpServerOptions = {},
): Promise<RunningServer> {
  const maxBody = service.limits?.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes;
  const view = isInspectable(service) ? service : undefined;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    readBody(req, res, maxBody, (body) => {
      let answer: LocalResponse;
      try {
        const repeated = repeatedHeaders(req);
        const request: LocalRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: headersOf(req), body };
        if (repeated.length) request.repeatedHeaders = repeated;
        answer = (view && inspectRoute(view, request)) ?? service.handle(request);
      } catch (e) {
        if (e instanceof ConnectionDropped) {
          req.socket.destroy();
          return;
        }
        answer = {
          status: 500,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ object: 'error', _errors: [errorDetail('internal_server_error', 'Unexpected failure')] }),
        };
      }
      const { delayMs } = answer;
      if (delayMs && delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) write(res, answer);
        }, delayMs);
        timers.add(timer);
      } else {
        write(res, answer);
      }
    });
  });
  server.on('clientError', answerClientError);
  // Node's 5-second default closes an idle kept-alive connection just as a busy client may send on
  // it again, which that client sees as a reset; a client keeps connections for less than this.
  server.keepAliveTimeout = 65_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      const addr = server.address() as AddressInfo;
      const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      const url = `http://${host}:${addr.port}`;
      // Now that it knows its address, each lead list's `url` is its page here, and a recording's link is here too.
      view?.setViewBase(`${url}${LEAD_LIST_VIEW_PATH}`);
      service.setBaseUrl?.(url);
      resolve({
        url,
        close: () =>
          new Promise<void>((done, fail) => {
            for (const t of timers) clearTimeout(t);
            timers.clear();
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
