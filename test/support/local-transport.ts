// A Transport straight into the local service's handler, in-process, for tests of pure code.
import { NetworkError } from '../../src/api/errors';
import { parseRetryAfter, redact, resolveUrl, type ApiRequest, type ApiResponse, type Transport } from '../../src/api/transport';
import { ConnectionDropped, type LocalHandler } from '../../sandbox';

export function localTransport(handler: LocalHandler, apiKey: string, now: () => number = Date.now): Transport {
  const send = (req: ApiRequest): ApiResponse => {
    const url = resolveUrl('https://local.test', req);
    let res;
    try {
      res = handler.handle({
        method: req.method,
        path: url.slice('https://local.test'.length),
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: req.body === undefined ? '' : JSON.stringify(req.body),
      });
    } catch (e) {
      if (e instanceof ConnectionDropped) throw new NetworkError('connection dropped');
      throw e;
    }
    const out: ApiResponse = { status: res.status, headers: res.headers, text: redact(res.body, [apiKey]) };
    const ra = parseRetryAfter(res.headers['retry-after'], now());
    if (ra !== undefined) out.retryAfter = ra;
    return out;
  };
  return {
    send,
    sendAll: (reqs) =>
      reqs.map((r) => {
        try {
          return send(r);
        } catch (e) {
          return e as Error;
        }
      }),
  };
}
