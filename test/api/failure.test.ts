// The one reading of a failure that jobs, row actions and custom functions share.
import { isDailyQuotaMessage, NetworkError, ProspectingError, QuotaError, ServerError, UnauthorizedError } from '../../src/api/errors';
import { classify } from '../../src/api/failure';
import { verdictOf } from '../../src/formulas/cell-functions';

test.each([
  ['unauthorized', 'key'],
  ['insufficient_credits', 'credits'],
  ['quota', 'quota'],
  ['rate_limited', 'wait'],
  ['server', 'trouble'],
  ['network', 'trouble'],
  ['unreadable', 'trouble'],
  ['unexpected_response', 'trouble'],
  ['unsupported_value', 'lasting'],
  ['invalid_state', 'lasting'],
  ['unknown', 'lasting'],
] as const)('%s is %s', (kind, failure) => {
  expect(classify(new ProspectingError(kind, 'x'))).toBe(failure);
});

test("not found is the row's answer for a lookup, and another account's for a batch the add-on made", () => {
  const e = new ProspectingError('not_found', 'Not found.');
  expect(classify(e)).toBe('lasting');
  expect(classify(e, true)).toBe('foreign');
});

test("Apps Script's daily-quota refusals are told apart from a dropped connection", () => {
  expect(isDailyQuotaMessage('Service invoked too many times for one day: urlfetch.')).toBe(true);
  expect(isDailyQuotaMessage('Bandwidth quota exceeded: https://api.example.com')).toBe(true);
  expect(isDailyQuotaMessage('Address unavailable: https://api.example.com')).toBe(false);
});

test('a cell reads the same classification: quota and a refused key are reasons to wait, not answers', () => {
  expect(verdictOf(new QuotaError('x'))).toEqual({ transient: 'quota' });
  expect(verdictOf(new UnauthorizedError())).toEqual({ transient: 'refused_key' });
  expect(verdictOf(new ServerError())).toEqual({ transient: 'failed' });
  expect(verdictOf(new NetworkError('x'))).toEqual({ transient: 'failed' });
  expect(verdictOf(new ProspectingError('not_found', 'Not found.'))).toEqual({ lasting: 'not found' });
});
