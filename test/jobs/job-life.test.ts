// The job's lifecycle: the moves it allows, the ones it refuses, and how a pause waits and ends.
import { finish, isLive, moveJob, pause, resume, startCanceling, stopReason, stopSending, type JobLife } from '../../src/jobs/job-life';

const HOUR = 60 * 60 * 1000;
const sending = (): { life: JobLife } => ({ life: { s: 'running', mode: 'sending' } });

test('a running job stops sending, is canceled, and ends canceled however it was going', () => {
  const job = sending();
  stopSending(job, 'No credits left.');
  expect(stopReason(job)).toBe('No credits left.');
  startCanceling(job, 'Canceled.');
  expect(job.life).toEqual({ s: 'running', mode: 'canceling', why: 'Canceled.' });
  // Canceling is not undone by a later stop.
  stopSending(job, 'Something else.');
  finish(job, 'Some rows could not be processed.');
  expect(job.life).toEqual({ s: 'canceled', why: 'Canceled.' });
  expect(isLive(job)).toBe(false);
});

test('a finished job cannot move again, and a move the lifecycle does not allow is thrown', () => {
  const job = sending();
  finish(job, undefined);
  expect(job.life).toEqual({ s: 'done' });
  expect(() => moveJob(job, { s: 'running', mode: 'sending' })).toThrow('A job cannot go from done to running.sending.');
  expect(() => moveJob(sending(), { s: 'canceled', why: 'x' })).toThrow('A job cannot go from running.sending to canceled.');
  const paused = sending();
  pause(paused, 'key', 0);
  expect(() => moveJob(paused, { s: 'done' })).toThrow('A job cannot go from paused to done.');
});

test('a paused job remembers how it ran, retries after an hour and then twice as long, and stops retrying after a week', () => {
  const job = sending();
  stopSending(job, 'No credits left.');
  pause(job, 'key', 0);
  expect(job.life).toMatchObject({ s: 'paused', why: 'key', since: 0, tries: 0, retryAt: HOUR });
  pause(job, 'key', HOUR);
  expect(job.life).toMatchObject({ tries: 1, retryAt: 3 * HOUR });
  pause(job, 'account', 3 * HOUR);
  expect(job.life).toMatchObject({ why: 'account', tries: 2, retryAt: 7 * HOUR });
  for (let t = 7, n = 3; t < 24 * 7; n++) {
    pause(job, 'key', t * HOUR);
    const life = job.life as { retryAt?: number };
    if (life.retryAt === undefined) break;
    // At most a day between tries.
    expect(life.retryAt - t * HOUR).toBeLessThanOrEqual(24 * HOUR);
    t = life.retryAt / HOUR;
  }
  pause(job, 'key', 8 * 24 * HOUR);
  expect(job.life).not.toHaveProperty('retryAt');
  resume(job);
  expect(job.life).toEqual({ s: 'running', mode: 'draining', why: 'No credits left.' });
});

test('a job canceled while paused goes on canceling once it resumes, and ends canceled', () => {
  const job = sending();
  pause(job, 'no_key', 0);
  startCanceling(job, 'Canceled.');
  resume(job);
  expect(job.life).toMatchObject({ s: 'running', mode: 'canceling' });
  finish(job, 'Some rows could not be processed.');
  expect(job.life).toEqual({ s: 'canceled', why: 'Canceled.' });
});
