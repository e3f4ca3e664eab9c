// Shared setup for the host's tests: a host over the fixture bundle and a tiny local service.
import * as path from 'node:path';
import { AppsScriptHost, type HostOptions } from '../../emulator';
import type { LocalHandler, LocalRequest, LocalResponse } from '../../toolkit/local-http';
import { ConnectionDropped } from '../../toolkit/local-http';

const FIXTURE = path.join(__dirname, 'fixtures', 'addon');
export const API = 'https://api.prospecting.example';

export function makeHost(options: Partial<HostOptions> = {}): AppsScriptHost {
  return new AppsScriptHost({ bundleDir: FIXTURE, addonMenuTitle: 'Prospecting', ...options });
}

/** A fake local service: answers by path, records what it received, can drop the connection. */
export class FakeService implements LocalHandler {
  readonly received: LocalRequest[] = [];

  handle(req: LocalRequest): LocalResponse {
    this.received.push(req);
    const [pathname] = req.path.split('?');
    switch (pathname) {
      case '/ok':
        return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ok: true, method: req.method }) };
      case '/slow':
        return { status: 200, headers: {}, body: 'slow', delayMs: 2500 };
      case '/missing':
        return { status: 404, headers: {}, body: JSON.stringify({ error: 'not_found', detail: 'x'.repeat(300) }) };
      case '/moved':
        return { status: 302, headers: { location: `${API}/ok` }, body: '' };
      case '/drop':
        throw new ConnectionDropped();
      default:
        return { status: 200, headers: {}, body: `echo ${req.method} ${req.path} ${req.body}` };
    }
  }
}
