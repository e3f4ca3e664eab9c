// The one reading of a failed request, shared by jobs, row actions and custom functions: what
// the failure means for the work, so every part of the add-on stops, waits or answers alike.
import { ProspectingError, type ErrorKind } from './errors';

export type Failure =
  /** The row's own lasting answer: the same request would be refused again (bad input, not found). */
  | 'lasting'
  /** The service refused the key: nothing more can be done until it is connected again. */
  | 'key'
  /** Not enough credits: nothing more that costs credits can be sent. */
  | 'credits'
  /** An id the connected account does not know: something another account's key made. */
  | 'foreign'
  /** Apps Script's daily quota is spent: wait until it resets, never a fault of the rows. */
  | 'quota'
  /** The service failed or could not be reached or read: try again with a growing pause. */
  | 'trouble'
  /** The service asked to wait (429): wait as long as it said. */
  | 'wait';

/** What each kind of error means where it is not the row's own lasting answer. */
const FAILURE_OF: Partial<Record<ErrorKind, Failure>> = {
  unauthorized: 'key',
  insufficient_credits: 'credits',
  quota: 'quota',
  rate_limited: 'wait',
  server: 'trouble',
  network: 'trouble',
  unreadable: 'trouble',
  unexpected_response: 'trouble',
};

/**
 * What a failure means. `own` says the request named something this add-on made with the
 * connected key (a batch): not knowing it then means the key is another account's.
 */
export const classify = (e: ProspectingError, own = false): Failure =>
  own && e.kind === 'not_found' ? 'foreign' : (FAILURE_OF[e.kind] ?? 'lasting');

/** `classify` for anything thrown: undefined when it is not a failure of a request (a bug). */
export const failureOf = (e: unknown, own = false): Failure | undefined => (e instanceof ProspectingError ? classify(e, own) : undefined);
