// The spec's error object and the one exception type handlers throw to answer with it.

export interface ErrorDetail {
  code: string;
  title: string;
  detail: string;
  source?: { pointer: string };
}

const TITLES: Record<string, string> = {
  unsupported_value: 'Unsupported Value',
  missing_field: 'Missing Field',
  invalid_parameter: 'Invalid Parameter',
  unauthorized: 'Unauthorized',
  insufficient_credits: 'Insufficient Credits',
  not_found: 'Not Found',
  person_not_found: 'Person Not Found',
  company_not_found: 'Company Not Found',
  unavailable_for_legal_reasons: 'Unavailable For Legal Reasons',
  method_not_allowed: 'Method Not Allowed',
  invalid_state: 'Invalid State',
  gone: 'Gone',
  payload_too_large: 'Payload Too Large',
  rate_limited: 'Rate Limited',
  internal_server_error: 'Internal Server Error',
  lead_not_found: 'Lead Not Found',
};

export function errorDetail(code: string, detail: string, pointer?: string): ErrorDetail {
  const out: ErrorDetail = { code, title: TITLES[code] ?? code, detail };
  if (pointer !== undefined) out.source = { pointer };
  return out;
}

/** Thrown anywhere inside a request; the service turns it into an error response. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly pointer: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, detail: string, pointer?: string, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.pointer = pointer;
    this.headers = headers;
  }

  body(): { object: 'error'; _errors: ErrorDetail[] } {
    return { object: 'error', _errors: [errorDetail(this.code, this.message, this.pointer)] };
  }
}

export const unsupported = (pointer: string | undefined, detail: string) => new ApiError(400, 'unsupported_value', detail, pointer);
export const missing = (pointer: string, detail = `${pointer.slice(1).split('/').pop()} is required`) =>
  new ApiError(400, 'missing_field', detail, pointer);
export const invalidParameter = (pointer: string, detail: string) => new ApiError(400, 'invalid_parameter', detail, pointer);
export const notFound = (detail = 'No such resource for this account') => new ApiError(404, 'not_found', detail);
export const rateLimited = (retryAfterSeconds: number, detail: string) =>
  new ApiError(429, 'rate_limited', detail, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
