// When parts are read: timed from their size, then from the pace they show, never before the
// service's Retry-After and never so late that a person watching sees nothing for long.
import { EXPECTED_ITEMS_PER_SECOND, expectedNextCheck, firstReadAt, MAX_QUIET_MS, nextReadAt } from '../../src/jobs/read-pace';

const T = Date.UTC(2026, 10, 2, 9);
const S = 1000;

describe('firstReadAt', () => {
  test('a part is first read when it would be done at the assumed pace, within bounds', () => {
    expect(firstReadAt(5000, T)).toBe(T + (5000 / EXPECTED_ITEMS_PER_SECOND) * S);
    expect(firstReadAt(10, T)).toBe(T + 2 * S);
    expect(firstReadAt(1_000_000, T)).toBe(T + MAX_QUIET_MS);
  });
});

describe('nextReadAt', () => {
  test('from the pace shown so far: when the rest should be done', () => {
    // 1,000 of 5,000 in 100 s: 10 a second, 400 s left, capped at the longest quiet time.
    expect(nextReadAt({ size: 5000, got: 1000, sentAt: T }, T + 100 * S, undefined)).toBe(T + 100 * S + MAX_QUIET_MS);
    // 4,000 of 5,000 in 100 s: 40 a second, 25 s left.
    expect(nextReadAt({ size: 5000, got: 4000, sentAt: T }, T + 100 * S, undefined)).toBe(T + 125 * S);
  });

  test("never before the service's Retry-After", () => {
    expect(nextReadAt({ size: 5000, got: 4990, sentAt: T }, T + 100 * S, 30)).toBe(T + 130 * S);
  });

  test('nothing yet: it waits as long again as it has waited, at least the assumed pace allows', () => {
    expect(nextReadAt({ size: 100, got: 0, sentAt: T }, T + 60 * S, undefined)).toBe(T + 120 * S);
    expect(nextReadAt({ size: 5000, got: 0, sentAt: T }, T + 10 * S, undefined)).toBe(T + 100 * S);
    expect(nextReadAt({ size: 5000, got: 0, sentAt: T }, T + 10 * S, 200)).toBe(T + 210 * S);
  });
});

describe('expectedNextCheck', () => {
  const job = {
    parts: [],
    total: 10000,
    partSize: 5000,
    updatedAt: T,
    counts: {},
    life: { s: 'running' as const, mode: 'sending' as const },
  };
  const reading = { n: 1, state: { s: 'reading' as const, id: 'b', skip: 0 } };
  test("a new job: its first part's first read, a little late", () => {
    expect(expectedNextCheck(job, T)).toBe(firstReadAt(5000, T) + 10 * S);
  });
  test('a part read now: as long again as the job waited last time', () => {
    expect(expectedNextCheck({ ...job, parts: [reading] }, T + 90 * S)).toBe(T + 190 * S);
  });
  test('a part not due keeps its time; rows held back go out when the service allows', () => {
    expect(
      expectedNextCheck(
        { ...job, parts: [{ ...reading, readAfter: T + 40 * S }], counts: { Queued: 10 }, sendAfter: T + 600 * S },
        T + 30 * S,
      ),
    ).toBe(T + 50 * S);
    expect(
      expectedNextCheck({ ...job, parts: [{ n: 1, state: { s: 'done' } }], counts: { Queued: 10 }, sendAfter: T + 600 * S }, T + 30 * S),
    ).toBe(T + 610 * S);
  });
});
