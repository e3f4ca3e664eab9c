// What a local service can be configured with, and the defaults the spec gives.

export interface Limits {
  /** Requests per minute per account, all endpoints but those with their own limit. */
  requestsPerMinute: number;
  peopleFindPerMinute: number;
  peopleSearchPerMinute: number;
  /** POST /sequences/{id}/leads, across all of an account's sequences. */
  sequenceLeadsPerMinute: number;
  /** GET /calls/{id}/recording per sliding hour per account, across all of its calls. */
  recordingsPerHour: number;
  /** GET and PATCH /mailboxes/{id} per minute per account, across all of its mailboxes. */
  mailboxRequestsPerMinute: number;
  /** GET and PATCH /mailboxes/{id} per sliding hour for any one mailbox. */
  mailboxRequestsPerHour: number;
  /** Emails validated per sliding hour per account (lead lists with `validate_email` included). */
  validationsPerHour: number;
  /** Person and company enrichments per sliding hour per account, together (lead lists with `enrich` included). */
  enrichmentsPerHour: number;
  /** Leads one request may carry (POST /lead-lists and POST /lead-lists/{id}/leads). */
  leadsPerList: number;
  /** Leads one lead list may hold in all. */
  leadListCapacity: number;
  enrichmentsPerRequest: number;
  emailsPerValidation: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
}

/** The endpoints with a per-minute request limit of their own, by the limit that sets it. */
export type RequestBucket = 'peopleFindPerMinute' | 'peopleSearchPerMinute' | 'sequenceLeadsPerMinute';

export const DEFAULT_LIMITS: Limits = {
  requestsPerMinute: 500,
  peopleFindPerMinute: 350,
  peopleSearchPerMinute: 300,
  sequenceLeadsPerMinute: 30,
  recordingsPerHour: 50,
  mailboxRequestsPerMinute: 1,
  mailboxRequestsPerHour: 1,
  validationsPerHour: 15000,
  enrichmentsPerHour: 15000,
  leadsPerList: 10000,
  leadListCapacity: 60000,
  enrichmentsPerRequest: 10000,
  emailsPerValidation: 100000,
  maxBodyBytes: 10 * 1024 * 1024,
};

/** Shares between 0 and 1 of requests that fail on purpose; drawn from `seed`, so reproducible. */
export interface FaultOptions {
  rate429?: number;
  rate500?: number;
  slowRate?: number;
  slowMs?: number;
  dropRate?: number;
  seed?: number;
}

export interface Credits {
  email: number;
  phone: number;
}

export interface AccountSeed {
  /** The bearer key. */
  key: string;
  name: string;
  /** Defaults to an id derived from the key. */
  id?: string;
  credits: Credits;
}

/**
 * What the hourly usage limits do. `pace`: every request within the per-request limits is
 * accepted and its items wait for allowance. `refuse`: a start that would pass a limit within the
 * sliding hour (items counted when accepted) is refused with 429 `rate_limited` and `Retry-After`.
 */
export type UsageLimitMode = 'pace' | 'refuse';

export const USAGE_LIMIT_MODES: ReadonlyArray<UsageLimitMode> = ['pace', 'refuse'];

export interface ServiceOptions {
  seed?: number;
  /**
   * The address the service is reached at, which the links it hands out (a call recording's
   * audio) start with. Over HTTP the server sets it to its own address once it listens.
   */
  baseUrl?: string;
  /** Milliseconds since the epoch; the only clock the service reads. */
  now?: () => number;
  /** Defaults to the demo accounts. */
  accounts?: AccountSeed[];
  /** Items per second a batch or lead list advances. */
  processingRate?: number;
  /** How long a new batch stays `queued` before it starts, in ms. */
  queueDelayMs?: number;
  faults?: FaultOptions;
  limits?: Partial<Limits>;
  /** Defaults to `pace`. */
  usageLimits?: UsageLimitMode;
  /**
   * Companies in the searchable population (default `POPULATION_COMPANIES`, 240). A larger one
   * keeps the default's companies and people, in the same order, and adds more after them: about
   * 6 people a company, so 2,000 companies hold some 12,000 people, for searches of 10,000 rows.
   */
  populationCompanies?: number;
  /**
   * Users whose mailboxes every account has (default 4, the documented set of 24). More users
   * keep the first four's mailboxes and add six each after them (`rep5@…`, the plan's rows again),
   * for a team of fifty mailboxes and more.
   */
  mailboxUsers?: number;
}

export const DEFAULT_SEED = 1;
/** The address in-process, until a server (or the host routing to it) says otherwise. */
export const DEFAULT_BASE_URL = 'https://api.prospecting.example';
export const DEFAULT_PROCESSING_RATE = 50;
export const DEFAULT_QUEUE_DELAY_MS = 1000;
