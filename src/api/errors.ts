// Error classes of the Prospecting API client, and the one function that maps a failed
// response to them by the error `code` (the HTTP status only when no code can be read).
import { isString } from '../base/is-string';
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
  /** Seconds to wait, from the answer's `Retry-After` header. */
  retryAfter?: number;
  errors?: ErrorDetail[];
}

// Words that more than one message says.
export const TRY_LATER = 'Try again in a few minutes.';
export const UNREADABLE_ANSWER = 'The service sent an answer that could not be read.';
export const QUOTA_SPENT = "Apps Script's daily quota of web requests is spent";

/** Every failure of the client. `message` is written for a sales user; the fields are for code. */
export class ProspectingError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly pointer: string | undefined;
  readonly retryAfter: number | undefined;
  readonly errors: ErrorDetail[];
  /** True when the request may have taken effect although no success arrived (see retry.ts). */
  ambiguous = false;

  constructor(kind: ErrorKind, message: string, init: ErrorInit = {}) {
    super(message);
    this.name = 'ProspectingError';
    this.kind = kind;
    // The fields are the init's, as given: one it leaves out reads as undefined.
    Object.assign(this, init);
    this.errors = init.errors ?? [];
  }
}

/** A fixed message, or one made from what the service said. */
type Message = string | ((init: ErrorInit) => string);

type ErrorClass = new (init: ErrorInit) => ProspectingError;

// Filled in as the classes below are made: the class of each error `code` the service sends.
const BY_CODE: Record<string, ErrorClass> = {};

/**
 * A class of errors of one kind, named `name` (after the kind unless told: `not_found` makes
 * NotFoundError), whose message and fields `make` reads from the constructor's arguments. The
 * client's sixteen error classes differ only in these, so one constructor serves them all:
 * dist/Code.js, loaded by every execution, carries it once.
 */
function errorClass<A extends unknown[]>(
  kind: ErrorKind,
  make: (...args: A) => [message: string, init?: ErrorInit],
  name = `${kind.replace(/(?:^|_)(.)/g, (_, letter: string) => letter.toUpperCase())}Error`,
) {
  return class extends ProspectingError {
    constructor(...args: A) {
      super(kind, ...make(...args));
      this.name = name;
    }
  };
}

/**
 * The class of the errors the service answers with, made from what it said; when `coded`, an
 * answer whose error code is the kind maps to it.
 */
const errorOfKind = (kind: ErrorKind, message: Message, coded = true) => {
  const cls = errorClass(kind, (init: ErrorInit = {}) => [isString(message) ? message : message(init), init]);
  if (coded) BY_CODE[kind] = cls;
  return cls;
};

const withPointer =
  (lead: string): ((init: ErrorInit) => string) =>
  (init) => {
    const where = init.pointer ? ` (${init.pointer})` : '';
    const detail = init.detail ? `: ${init.detail}${/[.!?]$/.test(init.detail) ? '' : '.'}` : '.';
    return `${lead}${where}${detail}`;
  };

export const UnauthorizedError = errorOfKind('unauthorized', "The API key was not accepted. Connect a valid key in the add-on's settings.");
export type UnauthorizedError = InstanceType<typeof UnauthorizedError>;

export const InsufficientCreditsError = errorOfKind(
  'insufficient_credits',
  'Your account does not have enough credits for this. Add credits, then run it again.',
);
export type InsufficientCreditsError = InstanceType<typeof InsufficientCreditsError>;

export const InvalidParameterError = errorOfKind('invalid_parameter', withPointer('The service rejected a parameter'));
export type InvalidParameterError = InstanceType<typeof InvalidParameterError>;

export const NotFoundError = errorOfKind('not_found', 'Not found.');
export type NotFoundError = InstanceType<typeof NotFoundError>;

export const UnavailableForLegalReasonsError = errorOfKind(
  'unavailable_for_legal_reasons',
  'Removed for privacy: this person asked to be removed.',
);
export type UnavailableForLegalReasonsError = InstanceType<typeof UnavailableForLegalReasonsError>;

export const RateLimitedError = errorOfKind('rate_limited', (init) => {
  const secs = init.retryAfter !== undefined ? Math.ceil(init.retryAfter) : undefined;
  const wait = secs === undefined ? ' later' : ` in ${secs} second${secs === 1 ? '' : 's'}`;
  return `The service is busy (rate limit reached). Try again${wait}.`;
});
export type RateLimitedError = InstanceType<typeof RateLimitedError>;

export const UnsupportedValueError = errorOfKind('unsupported_value', withPointer('The service did not accept a value'));
export type UnsupportedValueError = InstanceType<typeof UnsupportedValueError>;

export const MissingFieldError = errorOfKind('missing_field', withPointer('A required value is missing'));
export type MissingFieldError = InstanceType<typeof MissingFieldError>;

export const InvalidStateError = errorOfKind('invalid_state', withPointer('That cannot be done now'));
export type InvalidStateError = InstanceType<typeof InvalidStateError>;

/** Known by its status alone: the service sends no `payload_too_large` code. */
export const PayloadTooLargeError = errorOfKind(
  'payload_too_large',
  'The request was too large for the service. Select fewer rows.',
  false,
);
export type PayloadTooLargeError = InstanceType<typeof PayloadTooLargeError>;

/** Its code is `internal_server_error`, not its kind. */
export const ServerError = errorOfKind('server', `The prospecting service had a problem. ${TRY_LATER}`, false);
export type ServerError = InstanceType<typeof ServerError>;

// Codes that are not a kind's name.
BY_CODE.person_not_found = NotFoundError;
BY_CODE.company_not_found = NotFoundError;
BY_CODE.internal_server_error = ServerError;

export const NetworkError = errorClass('network', (detail: string) => [
  'The prospecting service could not be reached. Check the connection and try again.',
  { detail },
]);
export type NetworkError = InstanceType<typeof NetworkError>;

/** Apps Script refused the fetch (its daily URL-fetch quota is spent): nothing was sent. */
export const QuotaError = errorClass('quota', (detail: string) => [
  `${QUOTA_SPENT} for now. It resets within a day; the add-on waits for it.`,
  { detail },
]);
export type QuotaError = InstanceType<typeof QuotaError>;

/** Throws `e` on unless it is a failure of the client: anything else thrown is a bug, not the service's answer. */
export const throwUnlessProspecting: (e: unknown) => asserts e is ProspectingError = (e) => {
  if (!(e instanceof ProspectingError)) throw e;
};

/** Apps Script's words when a daily quota is spent (URL fetches, or their bandwidth). */
export const isDailyQuotaMessage = (message: string): boolean => /too many times for one day|bandwidth quota exceeded/i.test(message);

/** A request the client refused to send because it breaks the spec's rules. */
export const RequestValidationError = errorClass('invalid_request', (message: string) => [message], 'RequestValidationError');
export type RequestValidationError = InstanceType<typeof RequestValidationError>;

/**
 * A success whose body is not JSON (an HTML page from a proxy, a body cut off on the way). A read
 * is asked again; a request that starts work did start, but its id is lost, so the client marks
 * the error ambiguous and never sends the request again.
 */
export const UnreadableResponseError = errorClass(
  'unreadable',
  (detail: string, status: number | undefined, startsWork: boolean) => [
    startsWork ? 'The service took the request, but its answer could not be read.' : `${UNREADABLE_ANSWER} It will be asked again.`,
    { detail, status },
  ],
  'UnreadableResponseError',
);
export type UnreadableResponseError = InstanceType<typeof UnreadableResponseError>;

/** A success whose JSON is not the resource the spec describes (a required field missing, a wrong type). */
export const UnexpectedResponseError = errorClass('unexpected_response', (detail: string, status?: number) => [
  'The service sent an answer in a form this add-on does not understand.',
  { detail, status },
]);
export type UnexpectedResponseError = InstanceType<typeof UnexpectedResponseError>;

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
const readErrors = (text: string): ErrorDetail[] => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  // Only an object has the key: JSON's lists, texts, numbers and null have none.
  const list = (json as { _errors?: unknown } | null)?._errors;
  if (!Array.isArray(list)) return [];
  const out: ErrorDetail[] = [];
  for (const item of list as unknown[]) {
    const detail = schemas.ErrorDetail().safeParse(item);
    if (detail.success) out.push(detail.data);
  }
  return out;
};

/** Maps a failed response to its error class, keyed off the error `code` first. */
export const errorFromResponse = (res: ApiResponse): ProspectingError => {
  const errors = readErrors(res.text);
  const first = errors[0];
  const source = first?.source;
  const init: ErrorInit = {
    status: res.status,
    code: first?.code,
    detail: first?.detail,
    pointer: source?.pointer ?? source?.parameter ?? source?.header,
    retryAfter: res.retryAfter,
    errors,
  };
  const byCode = first ? BY_CODE[first.code] : undefined;
  const cls = byCode ?? BY_STATUS[res.status] ?? (res.status >= 500 ? ServerError : undefined);
  if (cls) return new cls(init);
  const what = first ? [first.title || first.code, first.detail].filter(Boolean).join(': ') : `status ${res.status}`;
  return new ProspectingError('unknown', `The service refused the request (${what}).`, init);
};
