// The Prospecting API client: one method per endpoint, every answer parsed with its schema,
// retries by the policy of retry.ts, cursor paging by following `_links.next`.
import { max } from '../base/numbers';
import { isString } from '../base/is-string';
import type * as z from 'zod/mini';
import { errorFromResponse, NetworkError, ProspectingError, UnexpectedResponseError, UnreadableResponseError } from './errors';
import {
  callCreateSchema,
  checkPageSize,
  checkRequest,
  companyEnrichmentCreateSchema,
  companyFindSchema,
  emailValidationCreateSchema,
  jobOpeningsQuerySchema,
  leadListCreateSchema,
  leadListAddSchema,
  PAGE_SIZE_BOUNDS,
  personEnrichmentCreateSchema,
  personFindSchema,
  phoneReviewSchema,
  searchBodySchema,
  sequenceLeadsSchema,
  type CallCreate,
  type CompanyEnrichmentCreate,
  type CompanyFind,
  type EmailValidationCreate,
  type JobOpeningsQuery,
  type LeadListCreate,
  type LeadListAdd,
  type PersonEnrichmentCreate,
  type PersonFind,
  type PhoneReview,
  type SearchBody,
  type SequenceLeads,
} from './requests';
import { DEFAULT_RETRY_POLICY, isAmbiguous, nextRetryDelay, type Outcome, type RequestSafety, type RetryPolicy } from './retry';
import {
  enrichmentReading,
  schemas,
  searchReading,
  sequenceAddSchema,
  sequencePageSchema,
  type CompanyEnrichmentBatch,
  type EmailValidationBatch,
  type Links,
  type PersonEnrichmentBatch,
  type Sequence,
} from './schemas';
import type { ApiRequest, ApiResponse, Query, Transport } from './transport';

export interface ClientOptions {
  sleep: (ms: number) => void;
  now: () => number;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Receives one line per attempt (method, path, status, time); never the key. */
  log?: (line: string) => void;
}

export interface PageParams {
  size?: number;
  after?: string;
  before?: string;
}

/** A read of something still being worked on, with the service's hint of when to ask again. */
export interface Read<T> {
  value: T;
  /** Seconds, from the answer's `Retry-After` header. */
  retryAfter?: number;
}

type Schema = z.ZodMiniType;

/** An answer read: its value, or the error it is. */
type Settled<S extends Schema> = { value: z.infer<S> } | ProspectingError;

/** What a failed attempt was, for the retry policy: no answer, an unreadable one, or a refusal. */
const outcomeOf = (e: ProspectingError): Outcome =>
  e.kind === 'network'
    ? { kind: 'network' }
    : e.kind === 'unreadable'
      ? { kind: 'unreadable', status: e.status! }
      : { kind: 'response', status: e.status!, retryAfter: e.retryAfter };

const LEAD_LISTS = '/lead-lists';

/** The path of one resource of a collection: `/lead-lists/{id}`, the id encoded. */
const under = (collection: string, id: string | number): string => `${collection}/${encodeURIComponent(id)}`;

/** The paging parameters of a request's query. */
export const pageQuery = (page: PageParams | undefined): Query => ({
  'page[size]': page?.size,
  'page[after]': page?.after,
  'page[before]': page?.before,
});

/** A GET of `path`, with `query` when there is one. */
const get = (path: string, query?: Query): ApiRequest => (query ? { method: 'GET', path, query } : { method: 'GET', path });

/** A page of a batch or list: the first by its id and paging parameters, later ones by their `_links.next` href. */
const pageRequest = (path: string, page: PageParams | string | undefined, what: string): ApiRequest => {
  if (isString(page)) return get(page);
  checkPageSize(page?.size, PAGE_SIZE_BOUNDS.batchItems, what);
  return get(path, pageQuery(page));
};

/** What came instead of JSON, for the error's detail: its length and type, never its text. */
const describeUnreadable = (res: ApiResponse): string => {
  const type = res.headers['content-type'];
  const text = res.text.trim();
  const what =
    text === '' ? 'an empty body' : /^</.test(text) ? 'an HTML page' : /^[[{]/.test(text) ? 'JSON cut off' : 'text that is not JSON';
  return `${what} (${res.text.length} characters${type ? `, ${type}` : ''})`;
};

/**
 * Drops the first `skip` items of a page's list before it is checked: a page read again from a
 * cursor is checked only from where reading stopped, so each result is parsed once.
 */
const dropLeading = (field: 'results' | 'leads', skip: number): ((json: unknown) => unknown) | undefined => {
  if (skip <= 0) return undefined;
  return (json) => {
    if (typeof json !== 'object' || json === null) return json;
    const list = (json as Record<string, unknown>)[field];
    return Array.isArray(list) ? { ...json, [field]: list.slice(skip) } : json;
  };
};

const describeIssues = (error: z.core.$ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/**
 * The three kinds of batch, started, read a page at a time and canceled alike: the client's
 * `start…`, `get…` and `cancel…` methods of each are made from its line. Each is named, found at
 * a path, started with a body its schema checks (`start the person enrichment`), read (`read the
 * enrichment`), and its answers read by its reading (whole, or a person's keys only).
 */
const BATCHES = [
  [
    'PersonEnrichment',
    '/people/enrichment-requests',
    personEnrichmentCreateSchema,
    'person enrichment',
    'enrichment',
    (keys?: ReadonlyArray<string>) => enrichmentReading('Person', keys),
  ],
  [
    'CompanyEnrichment',
    '/companies/enrichment-requests',
    companyEnrichmentCreateSchema,
    'company enrichment',
    'enrichment',
    (keys?: ReadonlyArray<string>) => enrichmentReading('Company', keys),
  ],
  [
    'EmailValidation',
    '/email-validations',
    emailValidationCreateSchema,
    'email validation',
    'email validation',
    () => schemas.EmailValidationBatch(),
  ],
] as const satisfies ReadonlyArray<readonly [string, string, () => Schema, string, string, (keys?: ReadonlyArray<string>) => Schema]>;

export class ProspectingClient {
  private readonly transport: Transport;
  private readonly opts: ClientOptions;
  private readonly policy: RetryPolicy;

  constructor(transport: Transport, options: ClientOptions) {
    this.transport = transport;
    this.opts = options;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  // ---- Core --------------------------------------------------------------------------------

  /**
   * Sends with retries and reads the answer with `schema`; answers the response and its value, or
   * throws the mapped error. A success whose body is not JSON counts as a failed attempt (asked
   * again for a read; for a request that starts work, ambiguous: it started, its id was lost).
   */
  private exchange<S extends Schema>(
    req: ApiRequest,
    schema: S,
    safety: RequestSafety,
    emptyMeans?: unknown,
    prepare?: (json: unknown) => unknown,
  ): { res: ApiResponse; value: z.infer<S> } {
    const opts = this.opts;
    const started = opts.now();
    const random = opts.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      const t0 = opts.now();
      let res: ApiResponse;
      let got: Settled<S>;
      try {
        res = this.transport.send(req);
      } catch (e) {
        if (!(e instanceof NetworkError)) throw e;
        opts.log?.(`${req.method} ${req.path} -> no response`);
        got = e;
      }
      if (res!) {
        opts.log?.(`${req.method} ${req.path} -> ${res.status} (${opts.now() - t0} ms)`);
        got = this.settle(res, schema, safety, emptyMeans, prepare);
        if (!(got instanceof ProspectingError)) return { res, value: got.value };
      }
      const failure = got! as ProspectingError;
      const outcome = outcomeOf(failure);
      const delay = nextRetryDelay(outcome, attempt, opts.now() - started, safety, this.policy, random);
      if (delay === undefined) {
        failure.ambiguous = isAmbiguous(outcome, safety);
        throw failure;
      }
      opts.sleep(delay);
    }
  }

  /**
   * What an answer comes to: its value, or the error it is. A success whose body is not JSON
   * is a failed attempt (UnreadableResponseError); one whose JSON is of the wrong shape is
   * thrown, since the same answer would come again.
   */
  private settle<S extends Schema>(
    res: ApiResponse,
    schema: S,
    safety: RequestSafety,
    emptyMeans?: unknown,
    prepare?: (json: unknown) => unknown,
  ): Settled<S> {
    if (res.status < 200 || res.status >= 300) return errorFromResponse(res);
    try {
      return { value: this.parse(res, schema, safety, emptyMeans, prepare) };
    } catch (e) {
      if (!(e instanceof UnreadableResponseError)) throw e;
      return e;
    }
  }

  /**
   * The value of a successful answer. Not JSON: UnreadableResponseError. JSON of the wrong shape:
   * UnexpectedResponseError, marked ambiguous when the request starts work (it did start).
   * `emptyMeans` is the value of an empty body, for endpoints whose body the spec leaves open.
   */
  private parse<S extends Schema>(
    res: ApiResponse,
    schema: S,
    safety: RequestSafety,
    emptyMeans?: unknown,
    prepare?: (json: unknown) => unknown,
  ): z.infer<S> {
    let json: unknown;
    if (emptyMeans !== undefined && res.text.trim() === '') {
      json = emptyMeans;
    } else {
      try {
        json = JSON.parse(res.text);
      } catch {
        throw new UnreadableResponseError(describeUnreadable(res), res.status, safety === 'starts_work');
      }
    }
    const parsed = schema.safeParse(prepare ? prepare(json) : json);
    if (!parsed.success) {
      const error = new UnexpectedResponseError(describeIssues(parsed.error), res.status);
      error.ambiguous = safety === 'starts_work';
      throw error;
    }
    return parsed.data;
  }

  /** One request, its answer read with `schema`: the methods below, and a subclass's reads, are made of these. */
  protected call<S extends Schema>(req: ApiRequest, schema: S, safety: RequestSafety = 'idempotent', emptyMeans?: unknown): z.infer<S> {
    return this.exchange(req, schema, safety, emptyMeans).value;
  }

  /** Posts `body` once `check` finds nothing wrong with it (else says what, for `what`, and sends nothing). */
  private post<S extends Schema>(
    path: string,
    check: Schema,
    body: unknown,
    what: string,
    schema: S,
    safety: RequestSafety = 'starts_work',
    emptyMeans?: unknown,
  ): z.infer<S> {
    return this.call({ method: 'POST', path, body: checkRequest(check, body, what) }, schema, safety, emptyMeans);
  }

  /** Asks the service to cancel the batch at `path`; answers the batch. */
  private cancel<S extends Schema>(path: string, schema: S): z.infer<S> {
    return this.call({ method: 'PATCH', path, body: { status: 'canceled' } }, schema);
  }

  /** Pages of a listing, following `_links.next` until it is absent. */
  protected *pages<S extends Schema>(first: ApiRequest, schema: S): Generator<z.infer<S>, void, undefined> {
    let req: ApiRequest | undefined = first;
    while (req) {
      const page = this.call(req, schema) as z.infer<S> & { _links?: Links };
      yield page;
      const next = page._links?.next?.href;
      req = next ? get(next) : undefined;
    }
  }

  /**
   * A page of the batch or list at `path`, its leading `skip` items of `field` dropped unread, with
   * the service's hint of when to ask again.
   */
  private readPage<S extends Schema>(
    path: string,
    page: PageParams | string | undefined,
    what: string,
    schema: S,
    field: 'results' | 'leads',
    skip: number,
  ): Read<z.infer<S>> {
    const { res, value } = this.exchange(
      pageRequest(path, page, `read the ${what}`),
      schema,
      'idempotent',
      undefined,
      dropLeading(field, skip),
    );
    return res.retryAfter === undefined ? { value } : { value, retryAfter: res.retryAfter };
  }

  // ---- Account ----------------------------------------------------------------------------

  getAccount() {
    return this.call(get('/account-info'), schemas.Account());
  }

  // ---- Lead lists -------------------------------------------------------------------------

  createLeadList(body: LeadListCreate) {
    return this.post(LEAD_LISTS, leadListCreateSchema(), body, 'create the lead list', schemas.LeadList());
  }

  /** Adds leads to an existing list; a 409 names the first lead the full list did not take. */
  addLeadsToList(id: string, body: LeadListAdd) {
    return this.post(`${under(LEAD_LISTS, id)}/leads`, leadListAddSchema(), body, 'add to the lead list', schemas.LeadList());
  }

  /** Pages of the account's lead lists, newest first, without their leads. */
  leadListIndexPages() {
    return this.pages(get(LEAD_LISTS, { 'page[size]': 100 }), schemas.LeadListPage());
  }

  /** `skip`: leading leads of the page already used, neither checked nor returned. */
  getLeadList(id: string, page?: PageParams | string, skip = 0) {
    return this.readPage(under(LEAD_LISTS, id), page, 'lead list', schemas.LeadList(), 'leads', skip);
  }

  // ---- Enrichment and validation batches ------------------------------------------------

  declare readonly startPersonEnrichment: (body: PersonEnrichmentCreate) => PersonEnrichmentBatch;
  /**
   * `skip`: leading results of the page already used, neither checked nor returned. `keys`: the
   * keys of each person to read (`company.name` inside its company); others are dropped unread.
   */
  declare readonly getPersonEnrichment: (
    id: number,
    page?: PageParams | string,
    skip?: number,
    keys?: ReadonlyArray<string>,
  ) => Read<PersonEnrichmentBatch>;
  declare readonly cancelPersonEnrichment: (id: number) => PersonEnrichmentBatch;
  declare readonly startCompanyEnrichment: (body: CompanyEnrichmentCreate) => CompanyEnrichmentBatch;
  /** `skip` and `keys` as for people: results already used are dropped, companies read for `keys` only. */
  declare readonly getCompanyEnrichment: (
    id: number,
    page?: PageParams | string,
    skip?: number,
    keys?: ReadonlyArray<string>,
  ) => Read<CompanyEnrichmentBatch>;
  declare readonly cancelCompanyEnrichment: (id: number) => CompanyEnrichmentBatch;
  declare readonly startEmailValidation: (body: EmailValidationCreate) => EmailValidationBatch;
  /** `skip`: leading results of the page already used, neither checked nor returned. */
  declare readonly getEmailValidation: (id: string, page?: PageParams | string, skip?: number) => Read<EmailValidationBatch>;
  declare readonly cancelEmailValidation: (id: string) => EmailValidationBatch;

  // The methods declared above, made from each kind's line of BATCHES.
  static {
    for (const [name, path, check, started, read, reading] of BATCHES) {
      Object.assign(this.prototype, {
        [`start${name}`](this: ProspectingClient, body: unknown) {
          return this.post(path, check(), body, `start the ${started}`, reading());
        },
        [`get${name}`](this: ProspectingClient, id: string | number, page?: PageParams | string, skip = 0, keys?: ReadonlyArray<string>) {
          return this.readPage(under(path, id), page, read, reading(keys), 'results', skip);
        },
        [`cancel${name}`](this: ProspectingClient, id: string | number) {
          return this.cancel(under(path, id), reading());
        },
      });
    }
  }

  // ---- Single lookups ---------------------------------------------------------------------

  /** The request of a company lookup, for callers that send many at once (`sendMany`). */
  companyFindRequest(query: CompanyFind): ApiRequest {
    return get('/companies/find', checkRequest(companyFindSchema(), query, 'look up the company'));
  }

  personFindRequest(query: PersonFind): ApiRequest {
    return get('/people/find', checkRequest(personFindSchema(), query, 'look up the person'));
  }

  // ---- Calls, phone numbers, contacts -----------------------------------------------------

  logCall(body: CallCreate) {
    return this.post('/calls', callCreateSchema(), body, 'log the call', schemas.CallRecord());
  }

  reviewPhoneNumber(phoneNumberId: string, body: PhoneReview) {
    // The spec leaves the body of this 200 open: an empty one means reviewed, like `{}`.
    return this.post(
      `${under('/phone_numbers', phoneNumberId)}/review`,
      phoneReviewSchema(),
      body,
      'review the phone number',
      schemas.PhoneReviewResponse(),
      'idempotent',
      {},
    );
  }

  getContact(id: string) {
    return this.call(get(under('/contacts', id)), schemas.Contact());
  }

  /** A call's recording: a link valid for a day, a new one each time (50 an hour). */
  getCallRecording(callId: string) {
    return this.call(get(`${under('/calls', callId)}/recording`), schemas.CallRecording());
  }

  /** Sets a mailbox's daily limit (one such request a minute, one an hour per mailbox). */
  setMailboxLimit(id: string, limit: number) {
    return this.call({ method: 'PATCH', path: under('/mailboxes', id), body: { daily_email_limit: limit } }, schemas.Mailbox());
  }

  // ---- Listings ---------------------------------------------------------------------------

  /** Pages of territories; `from` continues at a `_links.next` href an earlier page gave. */
  territoryPages(filter: { name?: string; size?: number } = {}, from?: string) {
    return this.listing('/territories', 'territories', { name: filter.name || undefined }, filter.size, from, schemas.TerritoryPage());
  }

  mailboxPages(size?: number, from?: string, status?: string) {
    return this.listing('/mailboxes', 'mailboxes', { status }, size, from, schemas.MailboxPage());
  }

  jobOpeningPages(filter: JobOpeningsQuery, size?: number, from?: string) {
    const checked = checkRequest(jobOpeningsQuerySchema(), filter, 'list job openings');
    return this.listing('/job-openings', 'jobOpenings', checked, size, from, schemas.JobOpeningPage());
  }

  excludedDomainPages(filter: { keyword?: string; size?: number } = {}, from?: string) {
    return this.listing(
      '/excluded-domains',
      'exclusions',
      { keyword: filter.keyword || undefined },
      filter.size,
      from,
      schemas.ExcludedDomainPage(),
    );
  }

  excludedEmailPages(filter: { keyword?: string; size?: number } = {}, from?: string) {
    return this.listing(
      '/excluded-emails',
      'exclusions',
      { keyword: filter.keyword || undefined },
      filter.size,
      from,
      schemas.ExcludedEmailPage(),
    );
  }

  /**
   * Pages of the listing at `path` (`/job-openings` is listed as "list job openings"), its page
   * size checked against `bounds` first; `from` continues at a `_links.next` href an earlier page gave.
   */
  private listing<S extends Schema>(
    path: string,
    bounds: keyof typeof PAGE_SIZE_BOUNDS,
    query: Query,
    size: number | undefined,
    from: string | undefined,
    schema: S,
  ) {
    checkPageSize(size, PAGE_SIZE_BOUNDS[bounds], `list ${path.slice(1).replace('-', ' ')}`);
    return this.pages(from ? get(from) : get(path, { ...query, 'page[size]': size }), schema);
  }

  // ---- Search ------------------------------------------------------------------------------

  /**
   * A page of the people (or companies) `body`'s filters match, each read for `keys` only (the
   * same keys each time). Searching is free and reveals no email or phone number.
   */
  search(kind: 'people' | 'companies', body: SearchBody, keys: ReadonlyArray<string>) {
    return this.post(`/${kind}/search`, searchBodySchema(), body, `search ${kind}`, searchReading(kind, keys), 'idempotent');
  }

  // ---- Sequences --------------------------------------------------------------------------

  /** Every sequence of the account, all pages. */
  listSequences(): Sequence[] {
    return [...this.pages(get('/sequences'), sequencePageSchema())].flatMap((page) => page.sequences);
  }

  /** Adds up to 250 leads; after a 5xx or a lost answer some may have been added (ambiguous). */
  addToSequence(id: string, body: SequenceLeads) {
    return this.post(`${under('/sequences', id)}/leads`, sequenceLeadsSchema(), body, 'add to the sequence', sequenceAddSchema());
  }

  // ---- Many independent reads at once -----------------------------------------------------

  /**
   * Sends independent GETs together (one `fetchAll`), retrying the rate-limited ones within the
   * policy; each answer is the parsed value or the error for that request.
   */
  sendMany<S extends Schema>(reqs: ReadonlyArray<ApiRequest>, schema: S): Array<z.infer<S> | ProspectingError> {
    const out = new Array<z.infer<S> | ProspectingError>(reqs.length);
    const opts = this.opts;
    const random = opts.random ?? Math.random;
    const started = opts.now();
    let pending = reqs.map((_, i) => i);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const answers = this.transport.sendAll(pending.map((i) => reqs[i]!));
      const retry: number[] = [];
      let wait = 0;
      answers.forEach((answer, k) => {
        const i = pending[k]!;
        let got: Settled<S>;
        if (answer instanceof Error) {
          got = answer instanceof ProspectingError ? answer : new NetworkError(answer.message);
        } else {
          try {
            got = this.settle(answer, schema, 'idempotent');
          } catch (e) {
            out[i] = e as ProspectingError;
            return;
          }
        }
        if (!(got instanceof ProspectingError)) {
          out[i] = got.value;
          return;
        }
        out[i] = got;
        // Apps Script's daily quota is spent: asking again now could not help.
        if (got.kind === 'quota') return;
        const delay = nextRetryDelay(outcomeOf(got), attempt, opts.now() - started, 'idempotent', this.policy, random);
        if (delay !== undefined) {
          retry.push(i);
          wait = max(wait, delay);
        }
      });
      pending = retry;
      if (pending.length > 0) opts.sleep(wait);
    }
    return out;
  }
}
