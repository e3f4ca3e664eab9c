// Trigger rules of an Editor add-on and firing due triggers as the user who made them.
import { makeHost } from './helpers';

const HOUR = 60 * 60 * 1000;

describe('triggers', () => {
  it('refuses a second time-based trigger for the same user and document', () => {
    const host = makeHost();
    expect(host.run('schedule', ['after', 60000]).ok).toBe(true);
    const second = host.run('schedule', ['hours', 1]);
    expect(second.error?.message).toBe(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    // Another user of the same document has a trigger of their own.
    expect(host.run('schedule', ['after', 60000], { user: 'bob@example.com' }).ok).toBe(true);
    expect(host.triggerList()).toHaveLength(2);
  });

  it('refuses recurring triggers more often than hourly, with Apps Script’s words for add-ons', () => {
    const host = makeHost();
    expect(host.run('schedule', ['minutes', 5]).error?.message).toBe(
      'The recurrence interval for an Add-on trigger must be at least one hour.',
    );
    expect(host.run('schedule', ['minutes', 7]).error?.message).toBe('The value passed to everyMinutes must be 1, 5, 10, 15 or 30.');
    expect(host.triggerList()).toHaveLength(0);
    expect(host.run('schedule', ['hours', 1]).ok).toBe(true);
  });

  it('lets a time-driven run chain a short one-shot by default', () => {
    const host = makeHost();
    const start = host.clock.now();
    host.run('schedule', ['after', 60000, 'chainStep']);
    const runs = host.runTriggersUntil(start + 10 * 60 * 1000);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect(host.documentProperties().chained).toBe('one-shot');
  });

  it('under the refusing policy, a time-driven run cannot chain a short one-shot and falls back to hourly', () => {
    const host = makeHost({ backgroundOneShots: 'refused' });
    const start = host.clock.now();
    // A user's action may still make a short one-shot.
    expect(host.run('schedule', ['after', 60000, 'chainStep']).ok).toBe(true);
    const runs = host.runTriggersUntil(start + 3 * HOUR + 30 * 60 * 1000);
    expect(runs.every((r) => r.ok)).toBe(true);
    expect(host.documentProperties().chained).toBe(
      'hourly: An Add-on trigger created from a time-driven trigger must fire at least one hour later.',
    );
    // The first run a minute in, then each run's hourly trigger: once an hour.
    expect(runs.map((r) => Math.round((r.execution.startedAt - start) / 60000))).toEqual([1, 61, 121, 181]);
    expect(host.triggerList()).toHaveLength(1);
  });

  it('refuses a short one-shot from a trigger only while the policy says so', () => {
    const host = makeHost({ backgroundOneShots: 'refused' });
    const start = host.clock.now();
    host.run('schedule', ['after', 60000, 'chainStep']);
    host.fireNextTrigger();
    expect(host.documentProperties().chained).toMatch(/^hourly: /);
    host.setBackgroundOneShots('allowed');
    host.runTriggersUntil(start + 2 * HOUR);
    expect(host.documentProperties().chained).toBe('one-shot');
  });

  it('allows frequent recurring triggers when the add-on rules are off', () => {
    const host = makeHost({ addOnRules: false });
    expect(host.run('schedule', ['minutes', 5]).ok).toBe(true);
    expect(host.run('schedule', ['minutes', 5]).ok).toBe(true);
  });

  it('fires a one-shot as its creator in FULL mode with the trigger’s uid, and keeps it until deleted', () => {
    const host = makeHost();
    const start = host.clock.now();
    const uid = host.run('schedule', ['after', 90000], { user: 'ann@example.com' }).value as string;
    const fired = host.fireNextTrigger();
    expect(fired?.ok).toBe(true);
    expect(fired?.execution.user).toBe('ann@example.com');
    expect(fired?.execution.mode).toBe('FULL');
    const [eventUid, user, mode, at] = host.documentProperties().polled!.split('|');
    expect([eventUid, user, mode]).toEqual([uid, 'ann@example.com', 'FULL']);
    expect(Date.parse(at!)).toBeGreaterThanOrEqual(start + 90000);
    // Spent, so it does not fire again, but it still counts until the script deletes it.
    expect(host.fireNextTrigger()).toBeUndefined();
    expect(host.run('listTriggers', [], { user: 'ann@example.com' }).value).toEqual([
      { uid, handler: 'pollStep', type: 'CLOCK', source: 'CLOCK' },
    ]);
    expect(host.run('schedule', ['after', 1000], { user: 'ann@example.com' }).ok).toBe(false);
    host.run('deleteAllTriggers', [], { user: 'ann@example.com' });
    expect(host.run('schedule', ['after', 1000], { user: 'ann@example.com' }).ok).toBe(true);
  });

  it('fires a recurring trigger every period', () => {
    const host = makeHost();
    const start = host.clock.now();
    host.run('schedule', ['hours', 2]);
    const runs = host.runTriggersUntil(start + 7 * HOUR);
    expect(runs).toHaveLength(3);
    expect(runs.map((r) => r.execution.startedAt - start)).toEqual([2 * HOUR, 4 * HOUR, 6 * HOUR].map((t) => expect.closeTo(t, -3)));
    expect(host.clock.now()).toBe(start + 7 * HOUR);
  });

  it('refuses trigger management from LIMITED mode', () => {
    const host = makeHost();
    expect(host.run('schedule', ['after', 1000], { mode: 'LIMITED', kind: 'simpleTrigger' }).error?.message).toMatch(
      /^You do not have permission to call ScriptApp.newTrigger/,
    );
  });
});
