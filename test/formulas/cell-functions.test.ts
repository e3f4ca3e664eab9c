// Which lookup failures are lasting answers and which are thrown, and the words of both.
import { ProspectingError, type ErrorKind } from '../../src/api/errors';
import {
  CELL_MESSAGES,
  inputsOf,
  oneCell,
  pendingMessage,
  tooLargeMessage,
  transientMessage,
  verdictOf,
  worse,
  type Transient,
} from '../../src/formulas/cell-functions';

const error = (kind: ErrorKind) => new ProspectingError(kind, 'x');

test('not found, removed and a refused input are lasting; everything that may change is thrown', () => {
  expect(verdictOf(error('not_found'))).toEqual({ lasting: 'not found' });
  expect(verdictOf(error('unavailable_for_legal_reasons'))).toEqual({ lasting: 'removed for privacy' });
  for (const k of ['invalid_parameter', 'unsupported_value', 'missing_field', 'invalid_request'] as const) {
    expect(verdictOf(error(k))).toEqual({ lasting: CELL_MESSAGES.rejected });
  }
  expect(verdictOf(error('rate_limited'))).toEqual({ transient: 'rate_limited' });
  expect(verdictOf(error('unauthorized'))).toEqual({ transient: 'refused_key' });
  expect(verdictOf(error('insufficient_credits'))).toEqual({ transient: 'no_credits' });
  for (const k of ['server', 'network', 'unreadable', 'unexpected_response', 'unknown', 'payload_too_large', 'invalid_state'] as const) {
    expect(verdictOf(error(k))).toEqual({ transient: 'failed' });
  }
  expect(verdictOf(new Error('boom'))).toEqual({ transient: 'failed' });
});

test('a transient reason is never worded like a lasting answer', () => {
  const reasons: Transient[] = ['no_key', 'refused_key', 'no_credits', 'rate_limited', 'busy', 'failed', 'time'];
  const lasting = Object.values(CELL_MESSAGES);
  for (const r of reasons) {
    expect(lasting).not.toContain(transientMessage(r));
    expect(transientMessage(r)).toMatch(/recalculate/);
    expect(pendingMessage(r, 3, 1200)).toMatch(/^3 of 1,200 rows still to be looked up \(/);
  }
  expect(transientMessage('busy')).toBe(
    'Busy with other lookups or a running job: in a minute, recalculate (Extensions › Prospecting for Sheets › Refresh formulas in selection).',
  );
  expect(tooLargeMessage(2000, 'Enrich companies')).toBe(
    'More than 2,000 rows to look up: use Extensions › Prospecting for Sheets › Enrich companies for a range this large.',
  );
});

test('the reason a person must act on wins over a passing one', () => {
  expect(worse(undefined, 'time')).toBe('time');
  expect(worse('failed', 'refused_key')).toBe('refused_key');
  expect(worse('refused_key', 'rate_limited')).toBe('refused_key');
  expect(worse('busy', 'rate_limited')).toBe('rate_limited');
});

describe('the shape of a range argument', () => {
  test('a column, a row and a block are read cell by cell, row by row and left to right', () => {
    expect(inputsOf('acme.com')).toEqual({ inputs: ['acme.com'], single: true });
    expect(inputsOf([['a.com'], ['b.com']])).toEqual({ inputs: ['a.com', 'b.com'], single: false });
    expect(inputsOf([['a.com', ' b.com ', 'c.com']])).toEqual({ inputs: ['a.com', 'b.com', 'c.com'], single: false });
    expect(
      inputsOf([
        ['a.com', ''],
        [42, 'd.com'],
      ]),
    ).toEqual({ inputs: ['a.com', '', '42', 'd.com'], single: false });
  });

  test('an argument that takes one cell takes a value or a one-cell range, and refuses more in words', () => {
    expect(oneCell('acme.com', 'JOB_OPENINGS domain')).toBe('acme.com');
    expect(oneCell([['acme.com']], 'JOB_OPENINGS domain')).toBe('acme.com');
    expect(() => oneCell([['a.com', 'b.com']], 'JOB_OPENINGS domain')).toThrow(
      'JOB_OPENINGS domain takes one cell or value, not a range of 2 cells: give it a single cell such as A2.',
    );
    expect(() => oneCell([['a.com'], ['b.com'], ['c.com']], 'PROSPECTING_HEADERS kind')).toThrow(/not a range of 3 cells/);
  });
});
