// The Prospecting API client: one method per endpoint, every answer parsed with its schema,
// retries by the policy of retry.ts, cursor paging by following `_links.next`.
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
  companyBatchReading,
  personBatchReading,
  schemas,
  searchReading,
  sequenceAddSchema,
  sequencePageSchema,
  type Links,
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
  retryAfterSeconds?: number;
}

type Schema = z.ZodMiniType;

/** The paging parameters of a request's query. */
export function pageQuery(page: PageParams | undefined): Query {
  return { 'page[size]': page?.size, 'page[after]': page?.after, 'page[before]': page?.before };
}

/** A GET of `path`, with `query` when there is one. */
function get(path: string, query?: Query): ApiRequest {
  return query ? { method: 'GET', path, query } : { method: 'GET', path };
}

/** A page of a batch or list: the first by its id and paging parameters, later ones by their `_links.next` href. */
function pageRequest(path: string, page: PageParams | string | undefined, what: string): ApiRequest {
  if (typeof page === 'string') return get(page);
  checkPageSize(page?.size, PAGE_SIZE_BOUNDS.batchItems, what);
  return get(path, pageQuery(page));
}

/** The first page of a listing, or the page at `from`, a `_links.next` href an earlier page gave. */
function listingRequest(path: string, query: Query, from: string | undefined): ApiRequest {
  return from ? get(from) : get(path, query);
}

/** What came instead of JSON, for the error's detail: its length and type, never its text. */
function describeUnreadable(res: ApiResponse): string {
  const type = res.headers['content-type'];
  const text = res.text.trim();
  const what =
    text === '' ? 'an empty body' : /^</.test(text) ? 'an HTML page' : /^[[{]/.test(text) ? 'JSON cut off' : 'text that is not JSON';
  return `${what} (${res.text.length} characters${type ? `, ${type}` : ''})`;
}

/**
 * Drops the first `skip` items of a page's list before it is checked: a page read again from a
 * cursor is checked only from where reading stopped, so each result is parsed once.
 */
function dropLeading(field: 'results' | 'leads', skip: number): ((json: unknown) => unknown) | undefined {
  if (skip <= 0) return undefined;
  return (json) => {
    if (typeof json !== 'object' || json === null) return json;
    const list = (json as Record<string, unknown>)[field];
    return Array.isArray(list) ? { ...json, [field]: list.slice(skip) } : json;
  };
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

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
    const started = this.opts.now();
    const random = this.opts.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      const t0 = this.opts.now();
      let res: ApiResponse | undefined;
      let failure: ProspectingError;
      let outcome: Outcome;
      try {
        res = this.transport.send(req);
      } catch (e) {
        if (!(e instanceof NetworkError)) throw e;
        failure = e;
        outcome = { kind: 'network' };
      }
      if (res) {
        this.opts.log?.(`${req.method} ${req.path} -> ${res.status} (${this.opts.now() - t0} ms)`);
        if (res.status >= 200 && res.status < 300) {
          try {
            return { res, value: this.parse(res, schema, safety, emptyMeans, prepare) };
          } catch (e) {
            if (!(e instanceof UnreadableResponseError)) throw e;
            failure = e;
            outcome = { kind: 'unreadable', status: res.status };
          }
        } else {
          failure = errorFromResponse(res);
          outcome = { kind: 'response', status: res.status, retryAfterSeconds: res.retryAfterSeconds };
        }
      } else {
        this.opts.log?.(`${req.method} ${req.path} -> no response`);
      }
      const delay = nextRetryDelay(outcome!, attempt, this.opts.now() - started, safety, this.policy, random);
      if (delay === undefined) {
        failure!.ambiguous = isAmbiguous(outcome!, safety);
        throw failure!;
      }
      this.opts.sleep(delay);
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

  /** `prepare` may trim the JSON before the schema reads it (items already used from a page). */
  private read<S extends Schema>(req: ApiRequest, schema: S, prepare?: (json: unknown) => unknown): Read<z.infer<S>> {
    const { res, value } = this.exchange(req, schema, 'idempotent', undefined, prepare);
    return res.retryAfterSeconds === undefined ? { value } : { value, retryAfterSeconds: res.retryAfterSeconds };
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

  // ---- Account ----------------------------------------------------------------------------

  getAccount() {
    return this.call(get('/account-info'), schemas.AccountSchema());
  }

  // ---- Lead lists -------------------------------------------------------------------------

  createLeadList(body: LeadListCreate) {
    return this.post('/lead-lists', leadListCreateSchema(), body, 'create the lead list', schemas.LeadListSchema());
  }

  /** Adds leads to an existing list; a 409 names the first lead the full list did not take. */
  addLeadsToList(id: string, body: LeadListAdd) {
    return this.post(
      `/lead-lists/${encodeURIComponent(id)}/leads`,
      leadListAddSchema(),
      body,
      'add to the lead list',
      schemas.LeadListSchema(),
    );
  }

  /** Pages of the account's lead lists, newest first, without their leads. */
  leadListIndexPages() {
    return this.pages(get('/lead-lists', { 'page[size]': 100 }), schemas.LeadListPageSchema());
  }

  /** `skip`: leading leads of the page already used, neither checked nor returned. */
  getLeadList(id: string, page?: PageParams | string, skip = 0) {
    return this.read(
      pageRequest(`/lead-lists/${encodeURIComponent(id)}`, page, 'read the lead list'),
      schemas.LeadListSchema(),
      dropLeading('leads', skip),
    );
  }

  // ---- Person enrichment ------------------------------------------------------------------

  startPersonEnrichment(body: PersonEnrichmentCreate) {
    return this.post(
      '/people/enrichment-requests',
      personEnrichmentCreateSchema(),
      body,
      'start the person enrichment',
      schemas.PersonEnrichmentBatchSchema(),
    );
  }

  /**
   * `skip`: leading results of the page already used, neither checked nor returned. `keys`: the
   * keys of each person to read (`company.name` inside its company); others are dropped unread.
   */
  getPersonEnrichment(id: number, page?: PageParams | string, skip = 0, keys?: ReadonlyArray<string>) {
    const schema = keys ? personBatchReading(keys) : schemas.PersonEnrichmentBatchSchema();
    return this.read(pageRequest(`/people/enrichment-requests/${id}`, page, 'read the enrichment'), schema, dropLeading('results', skip));
  }

  cancelPersonEnrichment(id: number) {
    return this.cancel(`/people/enrichment-requests/${id}`, schemas.PersonEnrichmentBatchSchema());
  }

  // ---- Company enrichment -----------------------------------------------------------------

  startCompanyEnrichment(body: CompanyEnrichmentCreate) {
    return this.post(
      '/companies/enrichment-requests',
      companyEnrichmentCreateSchema(),
      body,
      'start the company enrichment',
      schemas.CompanyEnrichmentBatchSchema(),
    );
  }

  /** `skip` and `keys` as for people: results already used are dropped, companies read for `keys` only. */
  getCompanyEnrichment(id: number, page?: PageParams | string, skip = 0, keys?: ReadonlyArray<string>) {
    const schema = keys ? companyBatchReading(keys) : schemas.CompanyEnrichmentBatchSchema();
    return this.read(
      pageRequest(`/companies/enrichment-requests/${id}`, page, 'read the enrichment'),
      schema,
      dropLeading('results', skip),
    );
  }

  cancelCompanyEnrichment(id: number) {
    return this.cancel(`/companies/enrichment-requests/${id}`, schemas.CompanyEnrichmentBatchSchema());
  }

  // ---- Email validation -------------------------------------------------------------------

  startEmailValidation(body: EmailValidationCreate) {
    return this.post(
      '/email-validations',
      emailValidationCreateSchema(),
      body,
      'start the email validation',
      schemas.EmailValidationBatchSchema(),
    );
  }

  /** `skip`: leading results of the page already used, neither checked nor returned. */
  getEmailValidation(id: string, page?: PageParams | string, skip = 0) {
    return this.read(
      pageRequest(`/email-validations/${encodeURIComponent(id)}`, page, 'read the email validation'),
      schemas.EmailValidationBatchSchema(),
      dropLeading('results', skip),
    );
  }

  cancelEmailValidation(id: string) {
    return this.cancel(`/email-validations/${encodeURIComponent(id)}`, schemas.EmailValidationBatchSchema());
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
    return this.post('/calls', callCreateSchema(), body, 'log the call', schemas.CallRecordSchema());
  }

  reviewPhoneNumber(phoneNumberId: string, body: PhoneReview) {
    // The spec leaves the body of this 200 open: an empty one means reviewed, like `{}`.
    return this.post(
      `/phone_numbers/${encodeURIComponent(phoneNumberId)}/review`,
      phoneReviewSchema(),
      body,
      'review the phone number',
      schemas.PhoneReviewResponseSchema(),
      'idempotent',
      {},
    );
  }

  getContact(id: string) {
    return this.call(get(`/contacts/${encodeURIComponent(id)}`), schemas.ContactSchema());
  }

  // ---- Listings ---------------------------------------------------------------------------

  /** Pages of territories; `from` continues at a `_links.next` href an earlier page gave. */
  territoryPages(filter: { name?: string; size?: number } = {}, from?: string) {
    checkPageSize(filter.size, PAGE_SIZE_BOUNDS.territories, 'list territories');
    return this.pages(
      listingRequest('/territories', { name: filter.name || undefined, 'page[size]': filter.size }, from),
      schemas.TerritoryPageSchema(),
    );
  }

  jobOpeningPages(filter: JobOpeningsQuery, size?: number, from?: string) {
    const checked = checkRequest(jobOpeningsQuerySchema(), filter, 'list job openings');
    checkPageSize(size, PAGE_SIZE_BOUNDS.jobOpenings, 'list job openings');
    return this.pages(listingRequest('/job-openings', { ...checked, 'page[size]': size }, from), schemas.JobOpeningPageSchema());
  }

  excludedDomainPages(filter: { keyword?: string; size?: number } = {}, from?: string) {
    checkPageSize(filter.size, PAGE_SIZE_BOUNDS.exclusions, 'list excluded domains');
    return this.pages(
      listingRequest('/excluded-domains', { keyword: filter.keyword || undefined, 'page[size]': filter.size }, from),
      schemas.ExcludedDomainPageSchema(),
    );
  }

  excludedEmailPages(filter: { keyword?: string; size?: number } = {}, from?: string) {
    checkPageSize(filter.size, PAGE_SIZE_BOUNDS.exclusions, 'list excluded emails');
    return this.pages(
      listingRequest('/excluded-emails', { keyword: filter.keyword || undefined, 'page[size]': filter.size }, from),
      schemas.ExcludedEmailPageSchema(),
    );
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
    return this.post(`/sequences/${encodeURIComponent(id)}/leads`, sequenceLeadsSchema(), body, 'add to the sequence', sequenceAddSchema());
  }

  // ---- Many independent reads at once -----------------------------------------------------

  /**
   * Sends independent GETs together (one `fetchAll`), retrying the rate-limited ones within the
   * policy; each answer is the parsed value or the error for that request.
   */
  sendMany<S extends Schema>(reqs: ReadonlyArray<ApiRequest>, schema: S): Array<z.infer<S> | ProspectingError> {
    const out = new Array<z.infer<S> | ProspectingError>(reqs.length);
    const random = this.opts.random ?? Math.random;
    const started = this.opts.now();
    let pending = reqs.map((_, i) => i);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const answers = this.transport.sendAll(pending.map((i) => reqs[i]!));
      const retry: number[] = [];
      let wait = 0;
      answers.forEach((answer, k) => {
        const i = pending[k]!;
        if (answer instanceof Error) {
          out[i] = answer instanceof ProspectingError ? answer : new NetworkError(answer.message);
          if (answer instanceof ProspectingError && answer.kind === 'quota') return;
          const delay = nextRetryDelay({ kind: 'network' }, attempt, this.opts.now() - started, 'idempotent', this.policy, random);
          if (delay !== undefined) {
            retry.push(i);
            wait = Math.max(wait, delay);
          }
          return;
        }
        let outcome: Outcome;
        if (answer.status >= 200 && answer.status < 300) {
          try {
            out[i] = this.parse(answer, schema, 'idempotent');
            return;
          } catch (e) {
            out[i] = e as ProspectingError;
            if (!(e instanceof UnreadableResponseError)) return;
            outcome = { kind: 'unreadable', status: answer.status };
          }
        } else {
          out[i] = errorFromResponse(answer);
          outcome = { kind: 'response', status: answer.status, retryAfterSeconds: answer.retryAfterSeconds };
        }
        const delay = nextRetryDelay(outcome, attempt, this.opts.now() - started, 'idempotent', this.policy, random);
        if (delay !== undefined) {
          retry.push(i);
          wait = Math.max(wait, delay);
        }
      });
      pending = retry;
      if (pending.length > 0) this.opts.sleep(wait);
    }
    return out;
  }
}
