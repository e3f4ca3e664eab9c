// The continuation plan and the store's retention, as pure rules.
import { backgroundNote, HOUR_MS, MIN_DELAY_MS, planContinuation } from '../../src/gas/continuation';
import { jobsToPrune, RETENTION, type StoredJob } from '../../src/gas/job-retention';

const NOW = Date.UTC(2026, 10, 2, 9);
const MIN = 60 * 1000;

describe('planContinuation', () => {
  test('no trigger and a job due: one is made, never sooner than Apps Script allows', () => {
    expect(planContinuation({}, NOW - 5 * MIN, NOW)).toEqual({ kind: 'create', dueAt: NOW + MIN_DELAY_MS });
    expect(planContinuation({}, NOW + 30 * MIN, NOW)).toEqual({ kind: 'create', dueAt: NOW + 30 * MIN });
  });

  test('a waiting trigger that fires a little before the next due time, or a little after it, is kept', () => {
    const waiting = { uid: 't1', dueAt: NOW + 2 * MIN };
    expect(planContinuation(waiting, NOW + 2 * MIN + 29 * 1000, NOW)).toEqual({ kind: 'keep' });
    expect(planContinuation(waiting, NOW + 90 * 1000, NOW)).toEqual({ kind: 'keep' });
  });

  test('a trigger that would fire well before the work is due is replaced: an early execution costs more', () => {
    expect(planContinuation({ uid: 't1', dueAt: NOW + 2 * MIN }, NOW + 20 * MIN, NOW)).toEqual({ kind: 'create', dueAt: NOW + 20 * MIN });
    // One already due (its step may be running late) is not replaced for being early.
    expect(planContinuation({ uid: 't1', dueAt: NOW - MIN }, NOW + 20 * MIN, NOW).kind).toBe('keep');
  });

  test('a trigger that would fire much later than the work is due is replaced', () => {
    expect(planContinuation({ uid: 't1', dueAt: NOW + 40 * MIN }, NOW + 2 * MIN, NOW)).toEqual({ kind: 'create', dueAt: NOW + 2 * MIN });
  });

  test('a trigger long past its time is taken for lost', () => {
    expect(planContinuation({ uid: 't1', dueAt: NOW - 11 * MIN }, NOW - MIN, NOW).kind).toBe('create');
    expect(planContinuation({ uid: 't1', dueAt: NOW - 2 * MIN }, NOW - MIN, NOW).kind).toBe('keep');
  });

  test('no job running: the trigger and any note go', () => {
    expect(planContinuation({ uid: 't1', dueAt: NOW + MIN }, undefined, NOW)).toEqual({ kind: 'clear' });
    expect(planContinuation({ off: 'x', offUntil: NOW + MIN }, undefined, NOW)).toEqual({ kind: 'clear' });
    expect(planContinuation({}, undefined, NOW)).toEqual({ kind: 'keep' });
  });

  test('a time-driven run keeps the hourly trigger it fell back to; a user action replaces it when it is late', () => {
    const hourly = { uid: 't1', dueAt: NOW + HOUR_MS, hourly: true };
    expect(planContinuation(hourly, NOW + 2 * MIN, NOW, true)).toEqual({ kind: 'keep' });
    expect(planContinuation(hourly, NOW + 2 * MIN, NOW, false)).toEqual({ kind: 'create', dueAt: NOW + 2 * MIN });
    // Lost is lost, hourly or not; and no job running clears it.
    expect(planContinuation({ ...hourly, dueAt: NOW - 11 * MIN }, NOW, NOW, true).kind).toBe('create');
    expect(planContinuation(hourly, undefined, NOW, true)).toEqual({ kind: 'clear' });
  });

  test('a user action refused a short one-shot keeps the hourly trigger it fell back to until its wait is over', () => {
    const hourly = { uid: 't1', dueAt: NOW + HOUR_MS, hourly: true, offUntil: NOW + 30 * MIN };
    expect(planContinuation(hourly, NOW + 2 * MIN, NOW, false)).toEqual({ kind: 'keep' });
    expect(planContinuation(hourly, NOW + 2 * MIN, NOW + 31 * MIN, false).kind).toBe('create');
  });

  test('the job list says when background steps run only hourly, and when they are off', () => {
    expect(backgroundNote({ uid: 't1', dueAt: NOW, hourly: true })).toMatch(/^Background steps run once an hour/);
    expect(backgroundNote({ uid: 't1', dueAt: NOW })).toBe('');
    expect(backgroundNote({ off: 'a test deployment cannot run triggers.' })).toMatch(/^Background steps are off: a test deployment/);
  });

  test('while background steps are off, no trigger is tried until the wait is over', () => {
    expect(planContinuation({ off: 'refused', offUntil: NOW + MIN }, NOW, NOW)).toEqual({ kind: 'keep' });
    expect(planContinuation({ off: 'refused', offUntil: NOW - 1 }, NOW, NOW).kind).toBe('create');
  });
});

describe('jobsToPrune', () => {
  const job = (spreadsheetId: string, n: number, state: 'done' | 'running' | 'paused', ageMs: number, bytes = 1000): StoredJob => ({
    key: `job.${spreadsheetId}.${n}`,
    spreadsheetId,
    job: {
      life:
        state === 'done'
          ? { s: 'done' }
          : state === 'running'
            ? { s: 'running', mode: 'sending' }
            : { s: 'paused', why: 'key', was: { s: 'running', mode: 'sending' }, since: 0, retryAt: 0 },
      updatedAt: NOW - ageMs,
    },
    bytes,
  });

  test('running and paused jobs are never pruned, however many or old: their rows still wait for them', () => {
    const live = Array.from({ length: 50 }, (_, i) => job(`s${i}`, i, i % 2 ? 'running' : 'paused', RETENTION.liveMaxAgeMs - i * MIN));
    expect(jobsToPrune(live, NOW)).toEqual([]);
    expect(jobsToPrune([job('s1', 1, 'paused', RETENTION.liveMaxAgeMs + MIN), job('s2', 1, 'running', 400 * 24 * 60 * MIN)], NOW)).toEqual(
      [],
    );
    // Finished ones past the age limit go.
    expect(jobsToPrune([job('s3', 1, 'done', RETENTION.maxAgeMs + MIN)], NOW)).toEqual(['job.s3.1']);
  });

  test('finished jobs: the newest few per spreadsheet, a bounded number and size in all, none too old', () => {
    const stored = Array.from({ length: 100 }, (_, s) =>
      Array.from({ length: 8 }, (_, j) => job(`s${s}`, j, 'done', (s * 8 + j) * MIN)),
    ).flat();
    const dropped = new Set(jobsToPrune(stored, NOW));
    const kept = stored.filter((s) => !dropped.has(s.key));
    expect(kept.length).toBeLessThanOrEqual(RETENTION.total);
    expect(kept.reduce((n, s) => n + s.bytes, 0)).toBeLessThanOrEqual(RETENTION.totalBytes);
    // The newest are kept: s0's five latest.
    expect(kept.filter((s) => s.spreadsheetId === 's0').map((s) => s.key)).toEqual([
      'job.s0.0',
      'job.s0.1',
      'job.s0.2',
      'job.s0.3',
      'job.s0.4',
    ]);
    expect(jobsToPrune([job('s1', 1, 'done', RETENTION.maxAgeMs + 1)], NOW)).toEqual(['job.s1.1']);
  });
});
