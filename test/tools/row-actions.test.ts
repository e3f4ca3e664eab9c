// Logging calls and reviewing phone numbers, row by row: which column feeds each field, what a row
// sends, and why a row that cannot be sent is refused before any request goes out.
import type { ProspectingClient } from '../../src/api/client';
import { ROW_ACTIONS, rowActionMapping, rowRequest, rowSender } from '../../src/tools/row-actions';

const TASK = '0b7c2f3e-1d2a-4c5b-8e9f-0a1b2c3d4e5f';
const USER = '1c8d3e4f-2e3b-4d6c-9f0a-1b2c3d4e5f60';
const HEADERS = ['Caller', 'To number', 'Duration (s)', 'Was answered', 'Human', 'Task_ID', 'User id', 'Notes'];
const mapping = rowActionMapping('log_calls', HEADERS);
/** A row of HEADERS that sends, with `change` applied by column. */
const call = (change: Record<number, unknown> = {}): unknown[] => {
  const row: unknown[] = ['+1 555 0100', '+1 555 0199', 42, 'Yes', 'no', TASK, USER, 'a note'];
  for (const [i, v] of Object.entries(change)) row[Number(i)] = v;
  return row;
};

describe('rowActionMapping', () => {
  test('finds each field by its header words, whatever their case and punctuation; a column no field names is left out', () => {
    expect(mapping).toEqual({ from: 0, to: 1, duration: 2, answered: 3, human: 4, task_id: 5, user_id: 6 });
  });

  test('the first column that names a field takes it', () => {
    expect(rowActionMapping('log_calls', ['Phone', 'To'])).toEqual({ to: 0 });
  });

  test("a person's overrides, by header: a field moved to another column, a field unmapped", () => {
    const moved = rowActionMapping('log_calls', HEADERS, { transcription: 'Notes', human: null });
    expect(moved.transcription).toBe(7);
    expect(moved).not.toHaveProperty('human');
  });

  test('an override naming no field of the action, or no header of the sheet, is refused in words', () => {
    expect(() => rowActionMapping('log_calls', HEADERS, { reason: 'Notes' })).toThrow('Unknown field "reason".');
    expect(() => rowActionMapping('review_phones', HEADERS, { reason: 'Why' })).toThrow('There is no column headed "Why" on this sheet.');
  });
});

describe('rowRequest', () => {
  test('a whole row sends typed values: a whole number, yes and no as booleans, ids and texts trimmed', () => {
    expect(rowRequest('log_calls', call({ 0: '  +1 555 0100 ', 2: '42' }), mapping)).toEqual({
      body: { from: '+1 555 0100', to: '+1 555 0199', duration: 42, answered: true, human: false, task_id: TASK, user_id: USER },
    });
  });

  test.each([
    [true, true],
    ['TRUE', true],
    ['y', true],
    [1, true],
    [false, false],
    ['No', false],
    ['0', false],
  ])('%p in a yes-or-no column is sent as %p', (cell, sent) => {
    expect(rowRequest('log_calls', call({ 3: cell }), mapping)).toMatchObject({ body: { answered: sent } });
  });

  test.each([
    [{ 2: 12.5 }, 'Duration (seconds) must be a whole number of seconds'],
    [{ 2: '-3' }, 'Duration (seconds) must be a whole number of seconds'],
    [{ 2: 'a minute' }, 'Duration (seconds) must be a whole number of seconds'],
    [{ 3: 'maybe' }, 'Answered must be yes or no'],
    [{ 5: 'task-7' }, 'Task ID must be a UUID'],
    [{ 0: '#REF!' }, 'The From cell shows #REF!, which is not a value to send'],
    [{ 6: ' #N/A ' }, 'The User ID cell shows #N/A, which is not a value to send'],
  ])('a row with %p is refused: %s', (change, reason) => {
    expect(rowRequest('log_calls', call(change), mapping)).toEqual({ reason });
  });

  test('a row missing required values names each, in the order of the fields', () => {
    expect(rowRequest('log_calls', call({ 1: '', 4: null, 6: '   ' }), mapping)).toEqual({ reason: 'Missing To, Human, User ID' });
  });

  test('a field no column feeds counts as missing', () => {
    const { human: _human, ...withoutHuman } = mapping;
    expect(rowRequest('log_calls', call(), withoutHuman)).toEqual({ reason: 'Missing Human' });
  });

  test('an optional field left blank is not sent; filled, it is', () => {
    const withNotes = rowActionMapping('log_calls', HEADERS, { transcription: 'Notes' });
    expect(rowRequest('log_calls', call({ 7: '' }), withNotes)).not.toHaveProperty('body.transcription');
    expect(rowRequest('log_calls', call(), withNotes)).toMatchObject({ body: { transcription: 'a note' } });
  });

  test('a row blank in every mapped column is no row; one with only an optional value is missing the rest', () => {
    expect(rowRequest('log_calls', ['', null, undefined, '', '', '', '', 'not mapped'], mapping)).toEqual({ blank: true });
    const withNotes = rowActionMapping('log_calls', HEADERS, { transcription: 'Notes' });
    expect(rowRequest('log_calls', ['', '', '', '', '', '', '', 'a note'], withNotes)).toEqual({
      reason: 'Missing From, To, Duration (seconds), Answered, Human, Task ID, User ID',
    });
  });
});

describe('rowSender', () => {
  const reviewHeaders = ['Phone number ID', 'Reviewer', 'Reason'];
  const PHONE = '2d9e4f50-3f4c-4e7d-a01b-2c3d4e5f6071';

  test("logging a call sends the row's body and answers Logged with the call's id", () => {
    const sent: unknown[] = [];
    const client = { logCall: (body: unknown) => (sent.push(body), { id: 'call-1' }) } as unknown as ProspectingClient;
    const sender = rowSender('log_calls', {});
    const planned = sender.planner(HEADERS)(call());
    expect(sender.batch).toBe(1);
    expect(sender.send(client, ['body' in planned ? planned.body : {}])).toEqual([{ status: ROW_ACTIONS.log_calls.done, id: 'call-1' }]);
    expect(sent).toEqual(['body' in planned && planned.body]);
  });

  test('reviewing a phone number names the number in the path and sends the rest as the review', () => {
    const calls: unknown[][] = [];
    const client = { reviewPhoneNumber: (...args: unknown[]) => void calls.push(args) } as unknown as ProspectingClient;
    const sender = rowSender('review_phones', {});
    const planned = sender.planner(reviewHeaders)([PHONE, USER, 'wrong person']);
    expect(planned).toEqual({ body: { phone_number_id: PHONE, user_id: USER, reason: 'wrong person' } });
    expect(sender.send(client, ['body' in planned ? planned.body : {}])).toEqual([{ status: 'Reviewed' }]);
    expect(calls).toEqual([[PHONE, { user_id: USER, reason: 'wrong person' }]]);
  });

  test('a field is named by its label for a refusal that points at it; only a review says what a 404 means', () => {
    expect(rowSender('log_calls', {}).field?.('duration')).toBe('Duration (seconds)');
    expect(rowSender('log_calls', {}).field?.('nothing')).toBeUndefined();
    expect(rowSender('log_calls', {}).notFound).toBe(false);
    expect(rowSender('review_phones', {}).notFound).toMatch(/Phone number ID/);
  });

  test("the sender plans with the person's overrides", () => {
    const planned = rowSender('review_phones', { reason: 'Why' }).planner([...reviewHeaders, 'Why'])([PHONE, USER, 'first', 'second']);
    expect(planned).toMatchObject({ body: { reason: 'second' } });
  });
});
