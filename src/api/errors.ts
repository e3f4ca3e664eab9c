// Error classes of the Prospecting API client, and the one function that maps a failed
// response to them by the error `code` (the HTTP status only when no code can be read).
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { schemas, type ErrorDetail } from './schemas';
import type { ApiResponse } from './transport';

export type ErrorKind =
  | 'unauthorized'
  | 'insufficient_credits'
  | 'invalid_parameter'
  | 'not_found'
  | 'unavailable_for_legal_reasons'
  | 'rate_limited'
  | 'unsupported_value'
  | 'missing_field'
  | 'invalid_state'
  | 'payload_too_large'
  | 'server'
  | 'network'
  | 'invalid_request'
  /** Apps Script's daily quota for URL fetches is spent: nothing went out; wait for it to reset. */
  | 'quota'
  /** A success whose body could not be read at all (HTML, not JSON, cut off): passing, asked again. */
  | 'unreadable'
  /** A success whose JSON is not the resource the spec describes: the same answer would come again. */
  | 'unexpected_response'
  | 'unknown';

export interface ErrorInit {
  status?: number;
  code?: string;
  detail?: string;
  /** Where the problem is: a JSON pointer, else the query parameter or header the service named. */
  pointer?: string;
  retryAfterSeconds?: number;
  errors?: ErrorDetail[];
}

/** Every failure of the client. `message` is written for a sales user; the fields are for code. */
export class ProspectingError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly pointer: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly errors: ErrorDetail[];
  /** True when the request may have taken effect although no success arrived (see retry.ts). */
  ambiguous = false;

  constructor(kind: ErrorKind, message: string, init: ErrorInit = {}) {
    super(message);
    this.name = 'ProspectingError';
    this.kind = kind;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.pointer = init.pointer;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.errors = init.errors ?? [];
  }
}

export class UnauthorizedError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('unauthorized', "The API key was not accepted. Connect a valid key in the add-on's settings.", init);
    this.name = 'UnauthorizedError';
  }
}

export class InsufficientCreditsError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('insufficient_credits', 'Your account does not have enough credits for this. Add credits, then run it again.', init);
    this.name = 'InsufficientCreditsError';
  }
}

function withPointer(lead: string, init: ErrorInit): string {
  const where = init.pointer ? ` (${init.pointer})` : '';
  const detail = init.detail ? `: ${init.detail}${/[.!?]$/.test(init.detail) ? '' : '.'}` : '.';
  return `${lead}${where}${detail}`;
}

export class InvalidParameterError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('invalid_parameter', withPointer('The service rejected a parameter', init), init);
    this.name = 'InvalidParameterError';
  }
}

export class NotFoundError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('not_found', 'Not found.', init);
    this.name = 'NotFoundError';
  }
}

export class UnavailableForLegalReasonsError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('unavailable_for_legal_reasons', 'Removed for privacy: this person asked to be removed.', init);
    this.name = 'UnavailableForLegalReasonsError';
  }
}

export class RateLimitedError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    const secs = init.retryAfterSeconds !== undefined ? Math.ceil(init.retryAfterSeconds) : undefined;
    const wait = secs === undefined ? ' later' : ` in ${secs} second${secs === 1 ? '' : 's'}`;
    super('rate_limited', `The service is busy (rate limit reached). Try again${wait}.`, init);
    this.name = 'RateLimitedError';
  }
}

export class UnsupportedValueError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('unsupported_value', withPointer('The service did not accept a value', init), init);
    this.name = 'UnsupportedValueError';
  }
}

export class MissingFieldError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('missing_field', withPointer('A required value is missing', init), init);
    this.name = 'MissingFieldError';
  }
}

export class InvalidStateError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('invalid_state', withPointer('That cannot be done now', init), init);
    this.name = 'InvalidStateError';
  }
}

export class PayloadTooLargeError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('payload_too_large', 'The request was too large for the service. Select fewer rows.', init);
    this.name = 'PayloadTooLargeError';
  }
}

export class ServerError extends ProspectingError {
  constructor(init: ErrorInit = {}) {
    super('server', 'The prospecting service had a problem. Try again in a few minutes.', init);
    this.name = 'ServerError';
  }
}

export class NetworkError extends ProspectingError {
  constructor(detail: string) {
    super('network', 'The prospecting service could not be reached. Check the connection and try again.', { detail });
    this.name = 'NetworkError';
  }
}

/** Apps Script refused the fetch (its daily URL-fetch quota is spent): nothing was sent. */
export class QuotaError extends ProspectingError {
  constructor(detail: string) {
    super('quota', "Apps Script's daily quota of web requests is spent for now. It resets within a day; the add-on waits for it.", {
      detail,
    });
    this.name = 'QuotaError';
  }
}

/** Apps Script's words when a daily quota is spent (URL fetches, or their bandwidth). */
export function isDailyQuotaMessage(message: string): boolean {
  return /too many times for one day|bandwidth quota exceeded/i.test(message);
}

/** A request the client refused to send because it breaks the spec's rules. */
export class RequestValidationError extends ProspectingError {
  constructor(message: string) {
    super('invalid_request', message);
    this.name = 'RequestValidationError';
  }
}

/**
 * A success whose body is not JSON (an HTML page from a proxy, a body cut off on the way). A read
 * is asked again; a request that starts work did start, but its id is lost, so the client marks
 * the error ambiguous and never sends the request again.
 */
export class UnreadableResponseError extends ProspectingError {
  constructor(detail: string, status: number | undefined, startsWork: boolean) {
    super(
      'unreadable',
      startsWork
        ? 'The service took the request, but its answer could not be read.'
        : 'The service sent an answer that could not be read. It will be asked again.',
      { detail, status },
    );
    this.name = 'UnreadableResponseError';
  }
}

/** A success whose JSON is not the resource the spec describes (a required field missing, a wrong type). */
export class UnexpectedResponseError extends ProspectingError {
  constructor(detail: string, status?: number) {
    super('unexpected_response', 'The service sent an answer in a form this add-on does not understand.', { detail, status });
    this.name = 'UnexpectedResponseError';
  }
}

type ErrorClass = new (init: ErrorInit) => ProspectingError;

const BY_CODE: Record<string, ErrorClass> = {
  unauthorized: UnauthorizedError,
  insufficient_credits: InsufficientCreditsError,
  invalid_parameter: InvalidParameterError,
  not_found: NotFoundError,
  person_not_found: NotFoundError,
  company_not_found: NotFoundError,
  unavailable_for_legal_reasons: UnavailableForLegalReasonsError,
  rate_limited: RateLimitedError,
  unsupported_value: UnsupportedValueError,
  missing_field: MissingFieldError,
  invalid_state: InvalidStateError,
  internal_server_error: ServerError,
};

const BY_STATUS: Record<number, ErrorClass> = {
  401: UnauthorizedError,
  402: InsufficientCreditsError,
  404: NotFoundError,
  409: InvalidStateError,
  413: PayloadTooLargeError,
  429: RateLimitedError,
  451: UnavailableForLegalReasonsError,
};

// Read tolerantly: any object with an `_errors` array, each detail kept when it has a `code`,
// so one odd detail (or a missing `object`) never hides the code of the others.
const errorListSchema = lazy(() => z.object({ _errors: z.array(z.unknown()) }));

function readErrors(text: string): ErrorDetail[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = errorListSchema().safeParse(json);
  if (!parsed.success) return [];
  const out: ErrorDetail[] = [];
  for (const item of parsed.data._errors) {
    const detail = schemas.ErrorDetailSchema().safeParse(item);
    if (detail.success) out.push(detail.data);
  }
  return out;
}

/** Maps a failed response to its error class, keyed off the error `code` first. */
export function errorFromResponse(res: ApiResponse): ProspectingError {
  const errors = readErrors(res.text);
  const first = errors[0];
  const init: ErrorInit = {
    status: res.status,
    code: first?.code,
    detail: first?.detail,
    pointer: first?.source?.pointer ?? first?.source?.parameter ?? first?.source?.header,
    retryAfterSeconds: res.retryAfterSeconds,
    errors,
  };
  const byCode = first ? BY_CODE[first.code] : undefined;
  const cls = byCode ?? BY_STATUS[res.status] ?? (res.status >= 500 ? ServerError : undefined);
  if (cls) return new cls(init);
  const what = first ? [first.title || first.code, first.detail].filter(Boolean).join(': ') : `status ${res.status}`;
  return new ProspectingError('unknown', `The service refused the request (${what}).`, init);
}
