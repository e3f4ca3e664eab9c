// The sidebar's polling pace: the server's figure but never under the minimum nor over the idle
// pace, backing off while nothing changes, afresh when something does or a person acts, going on
// at the idle pace while nothing runs, and never stopping on a failure.
import {
  afterAction,
  afterAnswer,
  afterFailure,
  IDLE_DELAY_S,
  MIN_DELAY_S,
  signature,
  START,
  type Cadence,
} from '../../sidebar/poll-cadence';

const job = (finished: number, state = 'running') => ({ id: 'j1', state, finished });

function answers(from: Cadence, seen: string, nextPollSeconds: number, times: number): number[] {
  const delays: number[] = [];
  let c = from;
  for (let i = 0; i < times; i++) {
    c = afterAnswer(c, seen, nextPollSeconds);
    delays.push(c.delay);
  }
  return delays;
}

test('the first answer sets the pace from the server, never under the minimum', () => {
  expect(afterAnswer(START, signature([job(1)]), 2).delay).toBe(MIN_DELAY_S);
  expect(afterAnswer(START, signature([job(1)]), 12).delay).toBe(12);
});

test('nothing running (0) goes on polling at the idle pace, so a job started elsewhere shows', () => {
  expect(IDLE_DELAY_S).toBeGreaterThanOrEqual(30);
  expect(IDLE_DELAY_S).toBeLessThanOrEqual(60);
  expect(afterAnswer({ delay: 8, seen: 'x' }, signature([job(5, 'done')]), 0).delay).toBe(IDLE_DELAY_S);
  expect(answers(START, signature([]), 0, 4)).toEqual([IDLE_DELAY_S, IDLE_DELAY_S, IDLE_DELAY_S, IDLE_DELAY_S]);
  // A job appears (started from the menu): the pace is the server's again.
  const idle = afterAnswer(START, signature([]), 0);
  expect(afterAnswer(idle, signature([job(0)]), 8).delay).toBe(8);
});

test('answers with no change back off by half each time, up to the idle pace', () => {
  const seen = signature([job(3)]);
  expect(answers(START, seen, 2, 7)).toEqual([5, 7.5, 11.25, 16.875, 25.3125, 30, 30]);
});

test('a change in finished rows or state goes back to the server figure', () => {
  const quiet = { delay: 60, seen: signature([job(3)]) };
  expect(afterAnswer(quiet, signature([job(4)]), 8).delay).toBe(8);
  expect(afterAnswer(quiet, signature([job(3, 'canceled')]), 8).delay).toBe(8);
  expect(afterAnswer(quiet, signature([job(3), { id: 'j2', state: 'running', finished: 0 }]), 8).delay).toBe(8);
});

test('a server figure above the idle pace waits only the idle pace: a job started meanwhile shows', () => {
  expect(answers(START, 'same', 298, 3)).toEqual([IDLE_DELAY_S, IDLE_DELAY_S, IDLE_DELAY_S]);
  expect(answers(START, 'same', 3600, 1)).toEqual([IDLE_DELAY_S]);
});

test('a person acting resets the pace even when nothing changed', () => {
  const quiet = { delay: 60, seen: signature([job(3)]) };
  expect(afterAnswer(afterAction(quiet), signature([job(3)]), 6).delay).toBe(6);
});

test('failures are tried again later and later, and never given up', () => {
  const delays: number[] = [];
  let c: Cadence = START;
  for (let i = 0; i < 9; i++) {
    c = afterFailure(c);
    delays.push(c.delay);
  }
  expect(delays[0]).toBe(MIN_DELAY_S);
  expect(delays.every((d, i) => d > 0 && d <= IDLE_DELAY_S && (i === 0 || d >= delays[i - 1]!))).toBe(true);
  expect(delays[8]).toBe(IDLE_DELAY_S);
});

test('the signature ignores the order of jobs and sees each state and count', () => {
  const a = { id: 'a', state: 'running', finished: 1 };
  const b = { id: 'b', state: 'done', finished: 9 };
  expect(signature([a, b])).toBe(signature([b, a]));
  expect(signature([a, b])).not.toBe(signature([{ ...a, finished: 2 }, b]));
});
