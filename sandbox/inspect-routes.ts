// The local service's read-only view, outside the API's paths: GET /_sandbox/accounts shows each
// account's credits left and spent, its usage this hour, its sequences, calls and mailboxes, so a
// person can see what a run cost and changed;
// GET /_sandbox/lead-lists/<id> is a lead list's page, where the list's `url` points.
import { DEMO_KEYS } from './accounts';
import { errorDetail } from './errors';
import type { LocalHandler, LocalRequest, LocalResponse } from '../toolkit/local-http';
import type { LocalService } from './service';

/** Every path of the view starts with this; no API path does. */
const INSPECT_PREFIX = '/_sandbox';
export const ACCOUNTS_VIEW_PATH = `${INSPECT_PREFIX}/accounts`;
/** A lead list's page is this, then `/<id>`. */
export const LEAD_LIST_VIEW_PATH = `${INSPECT_PREFIX}/lead-lists`;

/** What the view reads from a service. */
export type Inspectable = Pick<
  LocalService,
  'keys' | 'account' | 'usage' | 'usageLimits' | 'sequences' | 'activity' | 'leadListPage' | 'setViewBase'
>;

/** Whether a handler is a local service the view can read (an HTTP server may front any handler). */
export function isInspectable(handler: LocalHandler): handler is LocalHandler & Inspectable {
  const h = handler as Partial<Inspectable>;
  return (
    typeof h.keys === 'function' &&
    typeof h.account === 'function' &&
    typeof h.usage === 'function' &&
    typeof h.sequences === 'function' &&
    typeof h.activity === 'function' &&
    typeof h.leadListPage === 'function' &&
    typeof h.setViewBase === 'function'
  );
}

// The demo keys are public demo values; any other account's key is a secret of whoever made it.
const PUBLIC_KEYS: ReadonlySet<string> = new Set(Object.values(DEMO_KEYS));

function answer(status: number, body: unknown, headers: Record<string, string> = {}): LocalResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body, null, 2) + '\n',
  };
}

function problem(status: number, code: string, detail: string, headers?: Record<string, string>): LocalResponse {
  return answer(status, { object: 'error', _errors: [errorDetail(code, detail)] }, headers);
}

function accountsView(service: Inspectable): unknown {
  return {
    usage_limits: service.usageLimits,
    accounts: service.keys().flatMap((key) => {
      const account = service.account(key);
      const usage = service.usage(key);
      const sequences = service.sequences(key);
      const activity = service.activity(key);
      if (!account || !usage || !sequences || !activity) return [];
      return [
        {
          name: account.name,
          key: PUBLIC_KEYS.has(key) ? key : null,
          id: account.id,
          credits: { left: account.credits, spent: account.spent, reserved: account.reserved },
          usage_this_hour: { enrichments: usage.enrichments, email_validations: usage.validations },
          ...sequences,
          ...activity,
        },
      ];
    }),
  };
}

/**
 * Answers a request for the view, or undefined when the path is not the view's (the API answers
 * it). Needs no key, draws no fault and counts against no rate limit: it is not part of the API.
 */
export function inspectRoute(service: Inspectable, req: LocalRequest): LocalResponse | undefined {
  const q = req.path.indexOf('?');
  const path = (q < 0 ? req.path : req.path.slice(0, q)).replace(/\/+$/, '');
  if (path !== INSPECT_PREFIX && !path.startsWith(`${INSPECT_PREFIX}/`)) return undefined;
  const list = path.startsWith(`${LEAD_LIST_VIEW_PATH}/`) ? path.slice(LEAD_LIST_VIEW_PATH.length + 1) : undefined;
  if (path !== ACCOUNTS_VIEW_PATH && !list) return problem(404, 'not_found', `The local service's view is at ${ACCOUNTS_VIEW_PATH}`);
  const method = req.method.toUpperCase();
  // HEAD as HTTP expects wherever GET works; the server sends no body for it.
  if (method !== 'GET' && method !== 'HEAD')
    return problem(405, 'method_not_allowed', `${method} is not allowed on ${path}: it is read-only`, { allow: 'GET, HEAD' });
  return list ? service.leadListPage(list) : answer(200, accountsView(service));
}
