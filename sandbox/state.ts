// The mutable state of one local service and the context each route handler receives.
import type { AccountState, Batch } from './account-state';
import type { FaultInjector } from './faults';
import { uuidFrom } from './hash';
import type { Limits, UsageLimitMode } from './options';
import type { Pager } from './paging';
import type { QueryParams } from './request';

export interface ServiceState {
  seed: number;
  /** Companies in the searchable population (see `ServiceOptions.populationCompanies`). */
  populationCompanies: number;
  /** Users with mailboxes in every account (see `ServiceOptions.mailboxUsers`). */
  mailboxUsers: number;
  now: () => number;
  rate: number;
  queueDelayMs: number;
  limits: Limits;
  usageLimits: UsageLimitMode;
  pager: Pager;
  faults: FaultInjector;
  accountsByKey: Map<string, AccountState>;
  personBatches: Map<number, Batch>;
  companyBatches: Map<number, Batch>;
  emailValidations: Map<string, Batch>;
  leadLists: Map<string, LeadList>;
  nextBatchId: number;
  nextItemId: number;
  created: number;
  /** Companies this service has answered with, by id, so job openings can be asked by company id. */
  companyDomains: Map<string, string>;
  /** Where this service's own view of each lead list is served (`<viewBase>/<id>`), once it knows its address. */
  viewBase?: string;
  /** The address the service is reached at, with no trailing slash: its recording links start with it. */
  baseUrl: string;
  /** Every recording link handed out, by its token, until the service stops: an expired one answers 410. */
  recordingLinks: Map<string, RecordingLink>;
}

/** A link to a call's audio, as `GET /calls/{id}/recording` handed it out. */
export interface RecordingLink {
  callId: string;
  /** In ms: the link serves the audio before this moment, 410 from it on. */
  expiresAt: number;
}

/**
 * A lead list: the batch that created it and one more per request that added leads to it, each
 * processed as a batch of its own; the list shows their leads in the order they were sent.
 */
export interface LeadList {
  id: string;
  accountId: string;
  createdAt: number;
  meta: unknown;
  segments: Batch[];
  /** Leads sent to the list in all, matched or not: what its capacity counts. */
  size: number;
}

export interface Ctx {
  state: ServiceState;
  account: AccountState;
  /** The clock, read once per request. */
  t: number;
  path: string;
  query: QueryParams;
  params: string[];
  /** The request's JSON body, parsed once (undefined when the request has none). */
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An id for something this service creates: unique per instance, the same on a rerun. */
export function createdId(state: ServiceState, kind: string): string {
  state.created += 1;
  return uuidFrom(state.seed, 'created', kind, state.created);
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}
