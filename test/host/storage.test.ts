// PropertiesService limits and scopes, CacheService limits and expiry, LockService contention.
import { makeHost } from './helpers';

describe('properties', () => {
  it('refuses a value over 9 KB', () => {
    const host = makeHost();
    expect(host.run('setProperty', ['user', 'k', 'x'.repeat(9 * 1024)]).ok).toBe(true);
    expect(host.run('setProperty', ['user', 'k', 'x'.repeat(9 * 1024 + 1)]).error?.message).toBe('Argument too large: value');
  });

  it('refuses to grow a store past 500 KB and keeps it unchanged', () => {
    const host = makeHost();
    for (let i = 0; i < 56; i++) expect(host.run('setProperty', ['document', `k${i}`, 'x'.repeat(9000)]).ok).toBe(true);
    const r = host.run('setProperty', ['document', 'one-more', 'x'.repeat(9000)]);
    expect(r.error?.message).toBe('You have exceeded the property storage quota. Please remove some properties and try again.');
    expect(host.documentProperties()['one-more']).toBeUndefined();
    // Other stores are separate.
    expect(host.run('setProperty', ['script', 'one-more', 'x'.repeat(9000)]).ok).toBe(true);
  });

  it('keeps each editor’s user properties apart and shares document properties', () => {
    const host = makeHost();
    host.run('setProperty', ['user', 'apiKey', 'ANN'], { user: 'ann@example.com' });
    host.run('setProperty', ['user', 'apiKey', 'BOB'], { user: 'bob@example.com' });
    host.run('setProperty', ['document', 'mapping', 'A=email'], { user: 'ann@example.com' });
    expect(host.run('getProperty', ['user', 'apiKey'], { user: 'ann@example.com' }).value).toBe('ANN');
    expect(host.run('getProperty', ['user', 'apiKey'], { user: 'bob@example.com' }).value).toBe('BOB');
    expect(host.run('getProperty', ['user', 'apiKey'], { user: 'carol@example.com' }).value).toBeNull();
    expect(host.run('getProperty', ['document', 'mapping'], { user: 'bob@example.com' }).value).toBe('A=email');
  });
});

describe('cache', () => {
  it('expires entries on the virtual clock and caps expiry at 6 hours', () => {
    const host = makeHost();
    host.run('cachePut', ['a', '1', 60]);
    host.run('cachePut', ['b', '2', 999999]);
    host.clock.advance(61 * 1000);
    expect(host.run('cacheGet', ['a']).value).toBeNull();
    expect(host.run('cacheGet', ['b']).value).toBe('2');
    host.clock.advance(6 * 60 * 60 * 1000);
    expect(host.run('cacheGet', ['b']).value).toBeNull();
  });

  it('enforces the key and value limits and can be evicted', () => {
    const host = makeHost();
    expect(host.run('cachePut', ['k'.repeat(251), 'v', 60]).error?.message).toBe('Argument too large: key');
    expect(host.run('cachePut', ['k', 'v'.repeat(100 * 1024 + 1), 60]).error?.message).toBe('Argument too large: value');
    host.run('cachePut', ['k', 'v', 60]);
    host.evictCaches();
    expect(host.run('cacheGet', ['k']).value).toBeNull();
  });
});

describe('locks', () => {
  it('fails tryLock while another execution holds the document lock, spending the wait', () => {
    const host = makeHost();
    const other = host.holdLock('document');
    const before = host.clock.now();
    const r = host.run('tryLock', [5000]).value as { got: boolean; now: number };
    expect(r.got).toBe(false);
    expect(r.now - before).toBeGreaterThanOrEqual(5000);
    expect(host.run('waitLock', [1000]).error?.message).toBe('Lock timeout: another process was holding the lock for too long.');
    other.release();
    expect(host.run('tryLock', [0]).value).toMatchObject({ got: true, has: true });
  });

  it('acquires a lock once the other execution lets go within the wait', () => {
    const host = makeHost();
    host.holdLock('document', { releaseAfterMs: 2000 });
    expect(host.run('tryLock', [10000]).value).toMatchObject({ got: true, has: true });
  });

  it('releases an execution’s locks when it ends', () => {
    const host = makeHost();
    host.run('tryLock', [0]);
    expect(host.run('tryLock', [0]).value).toMatchObject({ got: true });
  });

  it('an execution run side by side (its clock set back) waits for a lock another held at that moment', () => {
    // Without the measured script time, both executions reach tryLock at the same offset.
    const host = makeHost({ scriptTime: 'none' });
    const start = host.clock.now();
    const first = host.run('tryLock', [0]);
    const end = first.execution.startedAt + first.elapsedMs;
    expect(end).toBeGreaterThan(start);
    host.clock.rewindTo(start);
    const waited = host.run('tryLock', [10000]).value as { got: boolean; now: number };
    expect(waited.got).toBe(true);
    expect(waited.now).toBeGreaterThanOrEqual(end);
    // One that cannot wait that long does not get it.
    host.clock.rewindTo(start);
    expect(host.run('tryLock', [0]).value).toMatchObject({ got: false });
    // One that asks after every hold ended gets it at once.
    host.clock.advanceTo(end + 60000);
    expect(host.run('tryLock', [0]).value).toMatchObject({ got: true });
  });

  it('a side-by-side execution that asks before another took the lock is not made to wait for it', () => {
    const host = makeHost({ scriptTime: 'none' });
    const start = host.clock.now();
    host.clock.advanceTo(start + 30000);
    host.run('tryLock', [0]);
    host.clock.rewindTo(start);
    const early = host.run('tryLock', [0]).value as { got: boolean; now: number };
    expect(early.got).toBe(true);
    expect(early.now).toBeLessThan(start + 30000);
  });
});
