// What a run of row actions says when it ends, and how a request from the sidebar that cannot be
// read is refused: in words, naming where the problem is.
import { outcomeMessage, parse, rowActionRequestSchema, UNREADABLE } from '../../src/tools/run-tools';
import type { RowActionOutcome } from '../../src/tools/row-action-send';

const outcome = (over: Partial<RowActionOutcome>): RowActionOutcome => ({
  rows: 0,
  queued: 0,
  done: 0,
  skipped: 0,
  reasons: {},
  headers: [],
  headerRow: 1,
  sent: 0,
  succeeded: 0,
  failed: 0,
  unplaced: [],
  stoppedEarly: false,
  ...over,
});

describe('outcomeMessage', () => {
  test('a clean run: only what was done', () => {
    expect(outcomeMessage('Log calls', outcome({ succeeded: 3 }))).toBe('Log calls: 3 done.');
  });

  test('rows not done: the three commonest reasons, commonest first, each with its count', () => {
    const reasons = { 'missing From': 1, 'not found': 4, 'repeated in the selection': 2, 'task ID must be a UUID': 3 };
    expect(outcomeMessage('Log calls', outcome({ succeeded: 2, failed: 4, skipped: 6, reasons }))).toBe(
      'Log calls: 2 done, 4 failed, 6 skipped: not found (4 rows); task ID must be a UUID (3 rows); repeated in the selection (2 rows).',
    );
  });

  test('ids of requests that went through to rows since changed are listed, then why the run stopped', () => {
    const out = outcome({ succeeded: 1, unplaced: ['c1', 'c2'], stopped: 'The API key was not accepted.' });
    expect(outcomeMessage('Log calls', out)).toBe(
      'Log calls: 1 done; 2 went through but their rows were changed meanwhile (ids c1, c2). Stopped: The API key was not accepted.',
    );
  });

  test('a run out of time says to run it again; a stop with a reason says the reason instead', () => {
    expect(outcomeMessage('Add', outcome({ stoppedEarly: true }))).toBe('Add: 0 done. Time ran out: run it again for the rest.');
    expect(outcomeMessage('Add', outcome({ stoppedEarly: true, stopped: 'Gone.' }))).toBe('Add: 0 done. Stopped: Gone.');
  });
});

describe('parse', () => {
  test('a request that fits is read as it is', () => {
    expect(parse(rowActionRequestSchema(), { action: 'log_calls', mapping: { from: 'Caller', human: null } })).toEqual({
      action: 'log_calls',
      mapping: { from: 'Caller', human: null },
    });
  });

  test('one that does not is refused, naming the first field at fault and what it is for', () => {
    expect(() => parse(rowActionRequestSchema(), { action: 'delete_rows' })).toThrow(new RegExp(`^${UNREADABLE}: action `));
    expect(() => parse(rowActionRequestSchema(), { action: 'log_calls', mapping: { from: 7 } }, 'The import could not be read')).toThrow(
      /^The import could not be read: mapping\.from /,
    );
    expect(() => parse(rowActionRequestSchema(), 'log_calls')).toThrow(new RegExp(`^${UNREADABLE}: `));
  });
});
