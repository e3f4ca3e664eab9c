// Failed responses map to error classes by their code, with messages a sales user understands.
import { ProspectingClient } from '../../src/api/client';
import {
  errorFromResponse,
  InsufficientCreditsError,
  InvalidParameterError,
  InvalidStateError,
  MissingFieldError,
  NotFoundError,
  ProspectingError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnavailableForLegalReasonsError,
  UnsupportedValueError,
} from '../../src/api/errors';
import { apiError, FakeTransport, json } from '../support/fake-transport';

const cases: Array<[number, string, new (...a: never[]) => ProspectingError, RegExp]> = [
  [401, 'unauthorized', UnauthorizedError, /API key was not accepted/],
  [402, 'insufficient_credits', InsufficientCreditsError, /not have enough credits/],
  [400, 'invalid_parameter', InvalidParameterError, /rejected a parameter \(\/page\/after\)/],
  [404, 'not_found', NotFoundError, /^Not found\.$/],
  [404, 'person_not_found', NotFoundError, /^Not found\.$/],
  [451, 'unavailable_for_legal_reasons', UnavailableForLegalReasonsError, /Removed for privacy/],
  [429, 'rate_limited', RateLimitedError, /rate limit reached\). Try again in 7 seconds/],
  [400, 'unsupported_value', UnsupportedValueError, /did not accept a value \(\/page\/after\)/],
  [400, 'missing_field', MissingFieldError, /required value is missing \(\/page\/after\)/],
  [409, 'invalid_state', InvalidStateError, /cannot be done now/],
  [500, 'internal_server_error', ServerError, /had a problem/],
];

describe('errorFromResponse', () => {
  test.each(cases)('%i %s maps to its class and message', (status, code, cls, message) => {
    const err = errorFromResponse(apiError(status, code, { pointer: '/page/after', retryAfter: 7 }));
    expect(err).toBeInstanceOf(cls);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.message).toMatch(message);
  });

  test('the code wins over the status', () => {
    expect(errorFromResponse(apiError(400, 'insufficient_credits'))).toBeInstanceOf(InsufficientCreditsError);
    expect(errorFromResponse(apiError(403, 'not_found'))).toBeInstanceOf(NotFoundError);
  });

  test('an invalid_parameter keeps its pointer', () => {
    const err = errorFromResponse(apiError(400, 'invalid_parameter', { pointer: '/page/size' }));
    expect(err.pointer).toBe('/page/size');
  });

  test('without a readable body the status decides', () => {
    expect(errorFromResponse({ status: 401, headers: {}, text: 'nope' })).toBeInstanceOf(UnauthorizedError);
    expect(errorFromResponse({ status: 503, headers: {}, text: '<html>' })).toBeInstanceOf(ServerError);
    const odd = errorFromResponse({ status: 418, headers: {}, text: '' });
    expect(odd.kind).toBe('unknown');
    expect(odd.message).toMatch(/status 418/);
  });
});

describe('the client throws them', () => {
  test('a 402 on starting a batch is an InsufficientCreditsError, sent once', () => {
    const transport = new FakeTransport().answer(apiError(402, 'insufficient_credits'));
    const client = new ProspectingClient(transport, { sleep: () => {}, now: () => 0 });
    expect(() => client.startEmailValidation({ emails: [{ email: 'a@b.example' }] })).toThrow(InsufficientCreditsError);
    expect(transport.sent).toHaveLength(1);
  });

  test('an answer that is not JSON is unreadable, asked again, then reported in words', () => {
    const transport = new FakeTransport().answer(...Array.from({ length: 4 }, () => ({ status: 200, headers: {}, text: '<html>' })));
    const client = new ProspectingClient(transport, { sleep: () => {}, now: () => 0 });
    expect(() => client.getAccount()).toThrow(/^The service sent an answer that could not be read\. It will be asked again\.$/);
    expect(transport.sent).toHaveLength(4);
  });

  test('a 2xx with an error-shaped body is refused rather than trusted', () => {
    const transport = new FakeTransport().answer(json(200, { object: 'error', _errors: [] }));
    const client = new ProspectingClient(transport, { sleep: () => {}, now: () => 0 });
    expect(() => client.getAccount()).toThrow(ProspectingError);
  });
});
