// Execution time limits on the virtual clock: 6 minutes, 30 s for custom functions and simple
// triggers; the cut-off cannot be caught away, and resumable work continues in the next run.
import { SIX_MINUTES, THIRTY_SECONDS } from '../../emulator';
import { makeHost } from './helpers';

describe('execution time limits', () => {
  it('cuts off an execution looping on service calls at 6 minutes', () => {
    const host = makeHost();
    const r = host.run('spin', [], { kind: 'menu' });
    expect(r.timedOut).toBe(true);
    expect(r.ok).toBe(false);
    expect(r.error).toEqual({ name: 'Exception', message: 'Exceeded maximum execution time' });
    expect(r.elapsedMs).toBeGreaterThan(SIX_MINUTES);
    expect(r.elapsedMs).toBeLessThan(SIX_MINUTES + 1000);
    expect(r.calls['CacheService.Cache.get']).toBeGreaterThan(1000);
  });

  it('cuts off a custom function at 30 seconds', () => {
    const host = makeHost();
    const res = host.runCustomFunction('SLOW', []);
    expect(res.timedOut).toBe(true);
    expect(res.cell).toBe('#ERROR!');
    expect(res.error).toBe('Exceeded maximum execution time');
    expect(res.result.elapsedMs).toBeGreaterThan(THIRTY_SECONDS);
    expect(res.result.elapsedMs).toBeLessThan(THIRTY_SECONDS + 2000);
  });

  it('cuts off a simple trigger at 30 seconds', () => {
    const host = makeHost();
    const r = host.run('spin', [], { kind: 'simpleTrigger', mode: 'LIMITED' });
    expect(r.timedOut).toBe(true);
    expect(r.elapsedMs).toBeLessThan(THIRTY_SECONDS + 1000);
  });

  it('keeps the execution timed out even when the script catches the error', () => {
    const host = makeHost();
    const r = host.run('spinAndSwallow');
    expect(r.timedOut).toBe(true);
    expect(r.value).toBeUndefined();
    // The write after the catch is itself a service call past the deadline, so it never happens.
    expect(host.scriptProperties().after).toBeUndefined();
  });

  it('lets work saved with a cursor resume in the next execution', () => {
    const host = makeHost();
    const first = host.run('work', [500]);
    expect(first.timedOut).toBe(true);
    const cursor = Number(host.documentProperties().cursor);
    expect(cursor).toBeGreaterThan(300);
    expect(cursor).toBeLessThan(500);
    const second = host.run('work', [500]);
    expect(second.ok).toBe(true);
    expect(second.value).toBe(500);
    expect(Object.keys(host.documentProperties()).filter((k) => k.startsWith('done.'))).toHaveLength(500);
  });
});
