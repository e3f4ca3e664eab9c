// Sending selected rows so that no row is sent twice, on a sheet held in memory: what a preview
// counts without writing, which rows are held back, and where each answer lands when the person
// sorts or edits while a request is out.
import type { ProspectingClient } from '../../src/api/client';
import { InvalidParameterError, InvalidStateError, NetworkError, NotFoundError, UnauthorizedError } from '../../src/api/errors';
import { sendRowAction, type RowSender } from '../../src/tools/row-action-send';
import { rowSender } from '../../src/tools/row-actions';
import { sequenceSender } from '../../src/tools/sequence-add';
import { MemorySheet } from '../support/memory-sheet';

const SEQUENCE = { id: 'seq-1', name: 'Spring', status: 'active' };
const toSequence = (): RowSender => sequenceSender(SEQUENCE, {}, {});
const UNSURE = 'check before sending it again.';

/** Every row below the header selected, none hidden, unless told. */
const selected = (s: MemorySheet, hidden: number[] = []) => ({
  ranges: [{ firstRow: 2, lastRow: s.cells.length }],
  hidden: new Set(hidden),
  frozenRows: 1,
});
const deps = (client: unknown, now = () => 0, deadline = 1) => ({ client: client as ProspectingClient, now, deadline });

/** A sheet of leads: Name, Email, then a status when given. */
const leads = (rows: Array<[string, string] | [string, string, string]>) =>
  new MemorySheet([rows.some((r) => r.length > 2) ? ['Name', 'Email', 'Sequence · Status'] : ['Name', 'Email'], ...rows]);
/** The status cell of the row holding `email`, wherever it is now. */
const statusOf = (s: MemorySheet, email: string) => s.cells.find((r) => r[1] === email)?.[2];

/** A sequence that adds every lead, calling `during` while each request is out; its requests' leads are kept. */
const sequenceClient = (during: () => void = () => {}, answer: Record<string, unknown> = {}) => {
  const requests: string[][] = [];
  return {
    requests,
    addToSequence: (_id: string, body: { leads: Array<{ email?: string }> }) => {
      requests.push(body.leads.map((l) => l.email ?? ''));
      during();
      return { total_added_to_sequence: 0, ...answer };
    },
  };
};

describe('a preview', () => {
  test('counts each visible selected row once and writes nothing: no column added, no row marked', () => {
    const s = leads([
      ['Ada', 'ada@example.com'],
      ['Bob', 'bob@example.com'],
      ['Ada again', 'ADA@example.com'],
      ['', ''],
      ['Cy', 'no address'],
      ['Dee', 'dee@example.com'],
    ]);
    const before = JSON.stringify(s.cells);
    const selection = { ...selected(s, [7]), ranges: [...selected(s).ranges, { firstRow: 2, lastRow: 3 }] };
    const out = sendRowAction(toSequence(), selection, s);
    expect(out).toMatchObject({
      rows: 5,
      queued: 2,
      done: 0,
      skipped: 2,
      reasons: { 'repeated in the selection': 1, 'no email or profile URL': 1 },
      headers: ['Name', 'Email'],
      sent: 0,
    });
    expect(s.calls.write).toBe(0);
    expect(JSON.stringify(s.cells)).toBe(before);
  });

  test('a row done holds its lead: a row repeating it is not sent, even above it', () => {
    const s = leads([
      ['Ada', 'ada@example.com', ''],
      ['Ada', 'ada@example.com', 'Added to Spring'],
      ['Bob', 'bob@example.com', ''],
    ]);
    expect(sendRowAction(toSequence(), selected(s), s)).toMatchObject({ done: 1, queued: 1, skipped: 1 });
  });
});

describe('sending', () => {
  test('answers land on the rows that sent them after a sort while the request was out; a rerun sends only the row not added', () => {
    const s = leads([
      ['Ada', 'ada@example.com'],
      ['Bob', 'bob@example.com'],
      ['Cy', 'cy@example.com'],
    ]);
    const reverse = () => s.cells.splice(1, 3, ...s.cells.slice(1).reverse());
    const client = sequenceClient(reverse, { already_in_sequence_and_skipped: [{ email: 'bob@example.com' }] });
    const out = sendRowAction(toSequence(), selected(s), s, deps(client));
    expect(out).toMatchObject({ sent: 3, succeeded: 2, skipped: 1, failed: 0, reasons: { 'already in this sequence': 1 } });
    expect(s.cells.map((r) => r[0])).toEqual(['Name', 'Cy', 'Bob', 'Ada']);
    expect(statusOf(s, 'ada@example.com')).toBe('Added to Spring');
    expect(statusOf(s, 'bob@example.com')).toBe('Skipped: already in this sequence');
    expect(statusOf(s, 'cy@example.com')).toBe('Added to Spring');

    const again = sequenceClient();
    expect(sendRowAction(toSequence(), selected(s), s, deps(again))).toMatchObject({ sent: 1, done: 2 });
    expect(again.requests).toEqual([['bob@example.com']]);
  });

  test('leads go in requests of at most 250, each lead once', () => {
    const s = leads(Array.from({ length: 600 }, (_, i) => [`P${i}`, `p${i}@example.com`] as [string, string]));
    const client = sequenceClient();
    expect(sendRowAction(toSequence(), selected(s), s, deps(client))).toMatchObject({ sent: 600, succeeded: 600 });
    expect(client.requests.map((r) => r.length)).toEqual([250, 250, 100]);
    expect(new Set(client.requests.flat()).size).toBe(600);
  });

  test('a request that may have gone through leaves its rows unsure, and neither a rerun nor a repeat of their lead sends them', () => {
    const s = leads([
      ['Ada', 'ada@example.com'],
      ['Bob', 'bob@example.com'],
    ]);
    const lost = Object.assign(new NetworkError('the connection was reset'), { ambiguous: true });
    const out = sendRowAction(
      toSequence(),
      selected(s),
      s,
      deps({
        addToSequence: () => {
          throw lost;
        },
      }),
    );
    expect(out).toMatchObject({ sent: 2, failed: 2, succeeded: 0 });
    expect(out.stopped).toBeUndefined();
    expect(statusOf(s, 'ada@example.com')).toBe(`Error: ${lost.message} It may have gone through; ${UNSURE}`);

    s.cells.push(['Ada, typed again', 'ada@example.com']);
    const again = sequenceClient();
    const rerun = sendRowAction(toSequence(), selected(s), s, deps(again));
    expect(rerun).toMatchObject({ sent: 0, skipped: 1, reasons: { 'repeated in the selection': 1 } });
    expect(again.requests).toEqual([]);
  });

  test('a row left Sending by a run cut off mid-request is never sent again by itself', () => {
    const s = leads([
      ['Ada', 'ada@example.com', 'Sending'],
      ['Bob', 'bob@example.com', ''],
    ]);
    const client = sequenceClient();
    sendRowAction(toSequence(), selected(s), s, deps(client));
    expect(client.requests).toEqual([['bob@example.com']]);
    expect(statusOf(s, 'ada@example.com')).toBe(`Error: the run was cut off while this row was sent; ${UNSURE}`);
  });

  test('past the deadline nothing is sent, and each row to send says so', () => {
    const s = leads([
      ['Ada', 'ada@example.com'],
      ['Bob', 'bob@example.com'],
    ]);
    const client = sequenceClient();
    const out = sendRowAction(
      toSequence(),
      selected(s),
      s,
      deps(client, () => 10, 5),
    );
    expect(out).toMatchObject({ sent: 0, stoppedEarly: true });
    expect(client.requests).toEqual([]);
    expect(statusOf(s, 'bob@example.com')).toBe('Skipped: not sent: time ran out. Run it again for the rest.');
  });

  test('a sequence gone mid-run stops it with a sentence; the rows not sent say so', () => {
    const s = leads(Array.from({ length: 300 }, (_, i) => [`P${i}`, `p${i}@example.com`] as [string, string]));
    let calls = 0;
    const gone = {
      addToSequence: () =>
        calls++
          ? (() => {
              throw new NotFoundError();
            })()
          : { total_added_to_sequence: 250 },
    };
    const out = sendRowAction(toSequence(), selected(s), s, deps(gone));
    expect(out).toMatchObject({ succeeded: 250, failed: 50, stopped: 'The sequence is gone or closed.' });
    expect(statusOf(s, 'p299@example.com')).toBe('Error: The sequence is gone or closed.');
  });
});

describe('one request per row (logging calls)', () => {
  const TASK = '0b7c2f3e-1d2a-4c5b-8e9f-0a1b2c3d4e5f';
  const USER = '1c8d3e4f-2e3b-4d6c-9f0a-1b2c3d4e5f60';
  const calls = (froms: string[]) =>
    new MemorySheet([
      ['From', 'To', 'Duration', 'Answered', 'Human', 'Task ID', 'User ID'],
      ...froms.map((f) => [f, '+1 555 0199', 30, 'yes', 'yes', TASK, USER]),
    ]);
  const logger = rowSender('log_calls', {});
  /** The Call · Status and Call · ID cells of the row whose From is `from`. */
  const outOf = (s: MemorySheet, from: string) => s.cells.find((r) => r[0] === from)?.slice(7, 9);

  test('each id goes to the row that logged it, after a sort while the calls went out', () => {
    const s = calls(['a', 'b', 'c']);
    let sorted = false;
    const client = {
      logCall: (body: { from: string }) => {
        if (!sorted) s.cells.splice(1, 3, ...s.cells.slice(1).reverse());
        sorted = true;
        return { id: `call-${body.from}` };
      },
    };
    expect(sendRowAction(logger, selected(s), s, deps(client))).toMatchObject({ sent: 3, succeeded: 3 });
    for (const from of ['a', 'b', 'c']) expect(outOf(s, from)).toEqual(['Logged', `call-${from}`]);
  });

  test('a row edited while its call went out says so, and its id is listed, not written to another row', () => {
    const s = calls(['a', 'b']);
    const client = {
      logCall: (body: { from: string }) => {
        if (body.from === 'a') s.cells[1]![1] = '+1 555 0123';
        return { id: `call-${body.from}` };
      },
    };
    const out = sendRowAction(logger, selected(s), s, deps(client));
    expect(out.unplaced).toEqual(['call-a']);
    expect(outOf(s, 'a')).toEqual([`Error: the row changed while it was sent; ${UNSURE}`, '']);
    expect(outOf(s, 'b')).toEqual(['Logged', 'call-b']);
  });

  test("a refusal that points at a field names the row's column, and the other rows go on", () => {
    const s = calls(['a', 'b']);
    const client = {
      logCall: (body: { from: string }) => {
        if (body.from === 'a') throw new InvalidParameterError({ pointer: '/duration', detail: 'too long' });
        return { id: 'call-b' };
      },
    };
    const out = sendRowAction(logger, selected(s), s, deps(client));
    expect(out).toMatchObject({ failed: 1, succeeded: 1, reasons: { "the service refused the row's Duration (seconds)": 1 } });
    expect(outOf(s, 'a')?.[0]).toBe("Error: The service refused the row's Duration (seconds).");
  });

  test('a refused key stops the run after one request: the other rows are not sent and say why', () => {
    const s = calls(['a', 'b', 'c']);
    let sent = 0;
    const client = {
      logCall: () => {
        sent++;
        throw new UnauthorizedError();
      },
    };
    const out = sendRowAction(logger, selected(s), s, deps(client));
    const refused = new UnauthorizedError().message;
    expect(sent).toBe(1);
    expect(out).toMatchObject({ sent: 1, failed: 1, stopped: refused });
    expect(outOf(s, 'a')?.[0]).toBe(`Error: ${refused}`);
    expect(outOf(s, 'c')?.[0]).toBe(`Skipped: not sent: ${refused}`);
  });

  test('an id no phone number has: the review says what that 404 means', () => {
    const PHONE = '2d9e4f50-3f4c-4e7d-a01b-2c3d4e5f6071';
    const s = new MemorySheet([
      ['Phone number ID', 'User ID', 'Reason'],
      [PHONE, USER, 'wrong person'],
    ]);
    const client = {
      reviewPhoneNumber: () => {
        throw new NotFoundError();
      },
    };
    sendRowAction(rowSender('review_phones', {}), selected(s), s, deps(client));
    expect(s.cells[1]![3]).toBe('Error: no phone number of this account has this Phone number ID');
  });

  test('a recording link that looks like a formula is written as text, its expiry beside it', () => {
    const CALL = '4e9e4f50-3f4c-4e7d-a01b-2c3d4e5f6073';
    const s = new MemorySheet([['Call ID'], [CALL]]);
    const client = {
      getCallRecording: () => ({ call_id: CALL, url: '=IMPORTXML("https://x.example","//a")', expires_at: '2026-11-30T10:00:00.000Z' }),
    };
    sendRowAction(rowSender('call_recordings', {}), selected(s), s, deps(client));
    expect(s.cells[0]).toEqual(['Call ID', 'Recording · Status', 'Recording · URL', 'Recording · Expires']);
    expect(s.cells[1]).toEqual([CALL, 'Recording linked', `'=IMPORTXML("https://x.example","//a")`, '2026-11-30T10:00:00.000Z']);
  });

  test('a 409 says the mailbox needs reconnection only for a mailbox; a review refused so says so in its own words', () => {
    const PHONE = '2d9e4f50-3f4c-4e7d-a01b-2c3d4e5f6071';
    const BOX = '3e9e4f50-3f4c-4e7d-a01b-2c3d4e5f6072';
    const refuse = () => {
      throw new InvalidStateError();
    };
    const review = new MemorySheet([
      ['Phone number ID', 'User ID', 'Reason'],
      [PHONE, USER, 'wrong person'],
    ]);
    sendRowAction(rowSender('review_phones', {}), selected(review), review, deps({ reviewPhoneNumber: refuse }));
    expect(String(review.cells[1]![3])).toMatch(/^Error: /);
    expect(String(review.cells[1]![3])).not.toMatch(/mailbox/);
    const boxes = new MemorySheet([
      ['Mailbox ID', 'Daily email limit', 'Limit · Applied'],
      [BOX, 120, 100],
    ]);
    sendRowAction(rowSender('mailbox_limits', {}), selected(boxes), boxes, deps({ setMailboxLimit: refuse }));
    expect(boxes.cells[1]![3]).toBe('Error: the mailbox needs reconnection: reconnect it, then apply again');
  });
});
