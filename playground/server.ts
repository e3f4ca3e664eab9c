// The page's HTTP server on 127.0.0.1: the page and its assets, the sidebars the add-on showed
// (with google.script.run), the page's state by long poll, grid windows, CSV export, dialog
// answers and commands, each carried out by the host's thread.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DialogAnswer } from '../emulator';
import type { LocalResponse } from '../sandbox';
import { HostThread } from './host-thread';
import { buildPageAssets } from './page-assets';
import { GRID_WINDOW_ROWS, type Commands } from './protocol';
import { withShim } from './sidebar-shim';
import type { WorldOptions } from './world';

export interface PlaygroundOptions {
  world: WorldOptions;
  /** 0 picks a free port. */
  port?: number;
  /** When the port is taken, try the next ones (up to 20) instead of failing. */
  nextFreePort?: boolean;
  /** Real milliseconds between clock ticks (default 100). */
  tickMs?: number;
  /** How long a state poll waits for news (default 20 s). */
  pollMs?: number;
}

export interface Playground {
  url: string;
  host: HostThread;
  stop(): Promise<void>;
}

/** Every command the page may send: a command added to Commands and missing here fails the type check. */
const COMMANDS = Object.keys({
  menu: 1,
  run: 1,
  edit: 1,
  fill: 1,
  paste: 1,
  select: 1,
  clear: 1,
  activate: 1,
  sort: 1,
  filter: 1,
  clearFilter: 1,
  insertRows: 1,
  deleteRows: 1,
  insertColumns: 1,
  deleteColumns: 1,
  importCsv: 1,
  loadRows: 1,
  speed: 1,
  nextTrigger: 1,
  columnValues: 1,
  locate: 1,
} satisfies Record<keyof Commands, 1>);
const MAX_BODY = 64 * 1024 * 1024;
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
/** The sidebar is the add-on's own HTML with inline script and styles; it reaches nothing but its page. */
const SIDEBAR_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value ?? null));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  // A JSON body cannot come from a plain cross-site form: it would need a preflight this server never grants.
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'expected application/json');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  } catch {
    throw new HttpError(400, 'not JSON');
  }
}

/** Listens on 127.0.0.1 at `port`, or the next free one of `more` after it. */
async function listen(server: ReturnType<typeof createServer>, port: number, more: number): Promise<void> {
  for (let p = port; ; p++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(p, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || p >= port + more || port === 0) throw e;
    }
  }
}

export async function startPlayground(opts: PlaygroundOptions): Promise<Playground> {
  const [assets, host] = await Promise.all([buildPageAssets(), Promise.resolve(new HostThread(opts.world, opts.tickMs ?? 100))]);
  await host.ready;
  const pollMs = opts.pollMs ?? 20000;
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Only this machine's own names: a page elsewhere cannot reach the server by rebinding a name.
    const hostHeader = req.headers.host ?? '';
    if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(hostHeader)) throw new HttpError(421, 'wrong host');
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (req.method === 'GET') {
      if (path === '/') return send(res, 200, 'text/html; charset=utf-8', assets.html, { 'content-security-policy': PAGE_CSP });
      if (path === '/app.js') return send(res, 200, 'text/javascript; charset=utf-8', assets.js);
      if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
      if (path === '/app.css') return send(res, 200, 'text/css; charset=utf-8', assets.css);
      const sidebar = /^\/sidebar\/(\d+)$/.exec(path);
      if (sidebar) {
        const html = host.sidebarHtml(Number(sidebar[1]));
        if (html === undefined) throw new HttpError(404, 'no such sidebar');
        return send(res, 200, 'text/html; charset=utf-8', withShim(html), { 'content-security-policy': SIDEBAR_CSP });
      }
      if (path === '/api/state') {
        const after = Number(url.searchParams.get('after') ?? -1);
        const state = await host.waitState(after, Math.min(pollMs, Number(url.searchParams.get('wait') ?? pollMs)));
        return json(res, 200, state);
      }
      if (path === '/api/grid') {
        const r = await host.grid(
          url.searchParams.get('sheet') ?? '',
          Number(url.searchParams.get('offset') ?? 0),
          Number(url.searchParams.get('limit') ?? GRID_WINDOW_ROWS),
        );
        if (!r.ok) throw new HttpError(r.userError ? 400 : 500, r.error);
        return json(res, 200, r.value);
      }
      const list = /^\/service\/lead-lists\/([^/]+)$/.exec(path);
      if (list) {
        const r = await host.leadListPage(list[1]!);
        if (!r.ok) throw new HttpError(500, r.error);
        const page = r.value as LocalResponse;
        return send(res, page.status, page.headers['content-type']!, page.body, page.headers);
      }
      const audio = /^\/service(\/recordings\/[^/]+\.wav)$/.exec(path);
      if (audio) {
        const r = await host.recording(audio[1]!);
        if (!r.ok) throw new HttpError(500, r.error);
        const answer = r.value as LocalResponse;
        // The audio's bytes are all below 0x80 (sandbox/recording-audio.ts): one byte per character.
        return send(res, answer.status, answer.headers['content-type']!, Buffer.from(answer.body, 'latin1'), answer.headers);
      }
      if (path === '/api/export') {
        const sheet = url.searchParams.get('sheet') ?? '';
        const r = await host.exportCsv(sheet);
        if (!r.ok) throw new HttpError(r.userError ? 400 : 500, r.error);
        const file = `${sheet.replace(/[^\w .-]+/g, '_') || 'sheet'}.csv`;
        return send(res, 200, 'text/csv; charset=utf-8', String(r.value), { 'content-disposition': `attachment; filename="${file}"` });
      }
      throw new HttpError(404, 'not found');
    }
    if (req.method === 'POST' && path.startsWith('/api/')) {
      const name = path.slice('/api/'.length);
      const body = await readJson(req);
      if (name === 'dialog') {
        const b = (body ?? {}) as { id?: unknown; button?: unknown; text?: unknown };
        const answer: DialogAnswer = { button: String(b.button) as DialogAnswer['button'] };
        if (typeof b.text === 'string') answer.text = b.text;
        // Only a button the dialog offers (or closing it): anything else would fail the add-on's execution.
        const open = host.openDialog();
        if (open && open.id === Number(b.id) && answer.button !== 'CLOSE' && !open.buttons.includes(answer.button)) {
          throw new HttpError(400, `"${answer.button}" is not a button of this dialog: ${open.buttons.join(', ')} or CLOSE`);
        }
        return json(res, host.answerDialog(Number(b.id), answer) ? 200 : 409, {});
      }
      if (!COMMANDS.includes(name)) throw new HttpError(404, 'no such command');
      const r = await host.command(name, body ?? {});
      if (!r.ok) throw new HttpError(r.userError ? 400 : 500, r.error);
      return json(res, 200, r.value ?? {});
    }
    throw new HttpError(405, 'method not allowed');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      if (!res.headersSent) json(res, status, { error: e instanceof Error ? e.message : String(e) });
      else res.end();
    });
  });
  try {
    await listen(server, opts.port ?? 0, opts.nextFreePort ? 20 : 0);
  } catch (e) {
    await host.stop();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  host.setViewBase(`${origin}/service/lead-lists`);
  // A recording's link opens here, in the browser, as the service's own links do over HTTP.
  host.setLinkBase(`${origin}/service`);
  return {
    url: `${origin}/`,
    host,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await host.stop();
    },
  };
}
