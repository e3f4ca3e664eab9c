// The local service: one in-process handler for every endpoint, with its own accounts, clock,
// seed, limits and fault injection. The HTTP server and the local Apps Script host both call it.
import { MAILBOX_USERS } from './universe/mailboxes';
import type { AccountState } from './account-state';
import { activityView, type ActivityView } from './activity-view';
import { createAccount, DEMO_ACCOUNTS, DEMO_KEYS } from './accounts';
import { available, reserved, settle } from './batches';
import { ApiError, errorDetail, unsupported } from './errors';
import { FaultInjector } from './faults';
import {
  DEFAULT_BASE_URL,
  DEFAULT_LIMITS,
  DEFAULT_PROCESSING_RATE,
  DEFAULT_QUEUE_DELAY_MS,
  DEFAULT_SEED,
  USAGE_LIMIT_MODES,
  type AccountSeed,
  type Credits,
  type FaultOptions,
  type Limits,
  type ServiceOptions,
  type UsageLimitMode,
} from './options';
import { Pager } from './paging';
import { admit, defaultRate } from './rate-rules';
import { serveAudio } from './recording-audio';
import { POPULATION_COMPANIES } from './universe/population';
import { ConnectionDropped, type LocalHandler, type LocalRequest, type LocalResponse } from '../toolkit/local-http';
import { bearerKey, parseTarget, readJsonBody } from './request';
import { match } from './router';
import { ROUTES } from './routes';
import { sequenceView, type SequenceView } from './sequence-view';
import type { ServiceState } from './state';
import { hourlyUsage, type HourlyUsage } from './usage';
import { leadListView } from './handlers/lead-lists';
import { leadListPage, LEADS_SHOWN } from './lead-list-page';

export interface AccountView {
  id: string;
  name: string;
  /** Credits left (charged items deducted; reservations for unfinished items not). */
  credits: Credits;
  /** Credits held back for items still to finish. */
  reserved: Credits;
  /** Credits left once every unfinished item is paid at its worst case. */
  available: Credits;
  spent: Credits;
}

export interface LocalService extends LocalHandler {
  readonly seed: number;
  readonly limits: Readonly<Limits>;
  readonly usageLimits: UsageLimitMode;
  readonly DEMO_KEYS: typeof DEMO_KEYS;
  /** The account behind a key, settled to the current clock; undefined for an unknown key. */
  account(key: string): AccountView | undefined;
  /** The bearer keys this service accepts. */
  keys(): string[];
  /** What the account behind a key has used of its hourly usage limits now (read only); undefined for an unknown key. */
  usage(key: string): HourlyUsage | undefined;
  /** The sequences of the account behind a key, with leads that show the skip rules; undefined for an unknown key. */
  sequences(key: string): SequenceView | undefined;
  /** The calls the account behind a key logged and its mailboxes now; undefined for an unknown key. */
  activity(key: string): ActivityView | undefined;
  /** Replaces the fault settings (and restarts their reproducible sequence). */
  setFaults(faults?: FaultOptions): void;
  /** Its own page of the lead list with this id, whichever account's (a 404 page for none). */
  leadListPage(id: string): LocalResponse;
  /** Where its lead-list pages are served: every list's `url` is `<base>/<id>` from now on. */
  setViewBase(base: string): void;
  /** The address it is reached at: recording links issued from now on start with it. */
  setBaseUrl(base: string): void;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function respond(status: number, body: unknown, headers: Record<string, string> = {}): LocalResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function errorResponse(e: ApiError): LocalResponse {
  return respond(e.status, e.body(), e.headers);
}

function withoutSlash(base: string): string {
  return base.replace(/\/+$/, '');
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive number`);
  return value;
}

export function createLocalService(options: ServiceOptions = {}): LocalService {
  const seed = options.seed ?? DEFAULT_SEED;
  const limits: Limits = { ...DEFAULT_LIMITS, ...(options.limits ?? {}) };
  for (const [k, v] of Object.entries(limits)) positive(`limits.${k}`, v);
  const usageLimits = options.usageLimits ?? 'pace';
  if (!USAGE_LIMIT_MODES.includes(usageLimits)) throw new RangeError(`usageLimits must be one of ${USAGE_LIMIT_MODES.join(', ')}`);
  const accounts = new Map<string, AccountState>();
  for (const a of (options.accounts ?? DEMO_ACCOUNTS) as AccountSeed[]) {
    if (accounts.has(a.key)) throw new Error(`two accounts share the key ${a.key}`);
    accounts.set(a.key, createAccount(a));
  }
  const state: ServiceState = {
    seed,
    populationCompanies: Math.round(positive('populationCompanies', options.populationCompanies ?? POPULATION_COMPANIES)),
    mailboxUsers: Math.round(positive('mailboxUsers', options.mailboxUsers ?? MAILBOX_USERS.length)),
    now: options.now ?? (() => Date.now()),
    rate: positive('processingRate', options.processingRate ?? DEFAULT_PROCESSING_RATE),
    queueDelayMs: Math.max(0, options.queueDelayMs ?? DEFAULT_QUEUE_DELAY_MS),
    limits,
    usageLimits,
    pager: new Pager(seed),
    faults: new FaultInjector(options.faults),
    accountsByKey: accounts,
    personBatches: new Map(),
    companyBatches: new Map(),
    emailValidations: new Map(),
    leadLists: new Map(),
    nextBatchId: 1001,
    nextItemId: 1,
    created: 0,
    companyDomains: new Map(),
    baseUrl: withoutSlash(options.baseUrl ?? DEFAULT_BASE_URL),
    recordingLinks: new Map(),
  };

  function process(req: LocalRequest): LocalResponse {
    const method = req.method.toUpperCase();
    const { path, query } = parseTarget(req.path);
    if (Buffer.byteLength(req.body ?? '', 'utf8') > limits.maxBodyBytes) {
      throw new ApiError(413, 'payload_too_large', `The body is larger than ${limits.maxBodyBytes} bytes`);
    }
    const found = match(ROUTES, method, path);
    if (found.kind === 'not_found') throw new ApiError(404, 'not_found', `No endpoint at ${path}`);
    if (found.kind === 'method') {
      throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}`, undefined, { allow: found.allow.join(', ') });
    }
    // Two keys are ambiguous: taking either one could spend the wrong account's credits.
    if (req.repeatedHeaders?.includes('authorization'))
      throw unsupported(undefined, 'The Authorization header was sent more than once; send it once, as "Authorization: Bearer <key>"');
    const key = bearerKey(req.headers);
    const account = key === undefined ? undefined : accounts.get(key);
    if (!account)
      throw new ApiError(
        401,
        'unauthorized',
        key === undefined ? 'Send the API key as "Authorization: Bearer <key>"' : 'The API key is not valid',
      );
    const t = state.now();
    // An endpoint with a limit of its own counts against that limit only, not the default one.
    admit(account, t, (found.route.rates ?? defaultRate)(limits, found.params));
    settle(account, t);
    const body = readJsonBody(req.headers, req.body ?? '');
    const reply = found.route.handler({ state, account, t, path, query, params: found.params, body });
    return respond(reply.status, reply.body, reply.headers);
  }

  function handle(req: LocalRequest): LocalResponse {
    // A recording's audio is served by its link alone, outside the API (see recording-audio.ts).
    const audio = serveAudio(state, req);
    if (audio) return audio;
    const fault = state.faults.draw();
    if (fault.kind === 'drop') throw new ConnectionDropped();
    if (fault.kind === 'rate429') {
      return respond(
        429,
        { object: 'error', _errors: [errorDetail('rate_limited', 'Too many requests (injected fault)')] },
        { 'retry-after': '1' },
      );
    }
    if (fault.kind === 'rate500') {
      return respond(500, { object: 'error', _errors: [errorDetail('internal_server_error', 'The service failed (injected fault)')] });
    }
    let res: LocalResponse;
    try {
      res = process(req);
    } catch (e) {
      if (e instanceof ApiError) res = errorResponse(e);
      else
        res = respond(500, {
          object: 'error',
          _errors: [errorDetail('internal_server_error', `Unexpected failure: ${(e as Error).message}`)],
        });
    }
    if (fault.kind === 'slow') res.delayMs = fault.delayMs;
    return res;
  }

  return {
    seed,
    limits,
    usageLimits,
    DEMO_KEYS,
    handle,
    keys: () => [...accounts.keys()],
    usage(key) {
      const a = accounts.get(key);
      return a ? hourlyUsage(a, state.now(), limits, usageLimits) : undefined;
    },
    setFaults: (faults) => state.faults.set(faults),
    leadListPage: (id) => leadListPage(leadListView(state, id, LEADS_SHOWN)),
    setViewBase: (base) => {
      state.viewBase = withoutSlash(base);
    },
    setBaseUrl: (base) => {
      state.baseUrl = withoutSlash(base);
    },
    sequences(key) {
      const a = accounts.get(key);
      return a ? sequenceView(seed, a) : undefined;
    },
    activity(key) {
      const a = accounts.get(key);
      return a ? activityView(seed, a) : undefined;
    },
    account(key) {
      const a = accounts.get(key);
      if (!a) return undefined;
      settle(a, state.now());
      return { id: a.id, name: a.name, credits: { ...a.balance }, reserved: reserved(a), available: available(a), spent: { ...a.spent } };
    },
  };
}
