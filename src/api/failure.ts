// The one reading of a failed request, shared by jobs, row actions and custom functions: what
// the failure means for the work, so every part of the add-on stops, waits or answers alike.
import { ProspectingError } from './errors';

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

/**
 * What a failure means. `own` says the request named something this add-on made with the
 * connected key (a batch): not knowing it then means the key is another account's.
 */
export function classify(e: ProspectingError, own = false): Failure {
  switch (e.kind) {
    case 'unauthorized':
      return 'key';
    case 'insufficient_credits':
      return 'credits';
    case 'quota':
      return 'quota';
    case 'rate_limited':
      return 'wait';
    case 'server':
    case 'network':
    case 'unreadable':
    case 'unexpected_response':
      return 'trouble';
    case 'not_found':
      return own ? 'foreign' : 'lasting';
    default:
      return 'lasting';
  }
}

/** `classify` for anything thrown: undefined when it is not a failure of a request (a bug). */
export function failureOf(e: unknown, own = false): Failure | undefined {
  return e instanceof ProspectingError ? classify(e, own) : undefined;
}
