// Daily quotas per user on the virtual clock: URL fetches, property calls and trigger runtime,
// each refused with Apps Script's message once spent, in days that start with the first use.
import { CONSUMER_DAILY_QUOTAS, QUOTA_DAY_MS } from '../../emulator';
import { API, FakeService, makeHost } from './helpers';

const URL_FETCH_REFUSED = 'Service invoked too many times for one day: urlfetch.';
const PROPERTIES_REFUSED = 'Service invoked too many times for one day: properties.';
const TRIGGER_TIME_REFUSED = 'Service using too much computer time for one day';

function fetchHost() {
  const service = new FakeService();
  const host = makeHost({ routes: { [API]: service } });
  return { host, service };
}

describe('daily URL fetch quota', () => {
  it('allows 20,000 fetches a day, refuses the next without sending it, and counts fetchAll per request', () => {
    const { host, service } = fetchHost();
    expect(CONSUMER_DAILY_QUOTAS.urlFetch).toBe(20000);
    // 19,999 requests in batches of 1,000 (and one of 999), over executions that fit in 6 minutes.
    for (const batches of [10, 9]) expect(host.run('fetchBatches', [`${API}/ok`, batches, 1000]).value).toEqual({ sent: batches * 1000 });
    expect(host.run('fetchBatches', [`${API}/ok`, 1, 999]).value).toEqual({ sent: 999 });
    expect(host.quotaUse().urlFetch).toBe(19999);

    // A batch of two does not fit in what is left: refused whole, nothing sent, nothing counted.
    const sentBefore = service.received.length;
    expect(host.run('fetchBatches', [`${API}/ok`, 1, 2]).value).toEqual({ sent: 0, error: URL_FETCH_REFUSED });
    expect(service.received.length).toBe(sentBefore);
    expect(host.quotaUse().urlFetch).toBe(19999);

    // The 20,000th fetch works; the next throws Apps Script's message and sends nothing.
    expect(host.run('fetchText', [`${API}/ok`]).ok).toBe(true);
    const refused = host.run('catchFetch', [`${API}/ok`]);
    expect(refused.value).toMatchObject({ isError: true, name: 'Exception', message: URL_FETCH_REFUSED });
    expect(service.received.length).toBe(sentBefore + 1);
    expect(host.quotaUse().urlFetch).toBe(20000);
  });

  it('counts per user: another user still fetches when one user’s day is spent', () => {
    const small = makeHost({ routes: { [API]: new FakeService() }, quotas: { urlFetch: 2 } });
    expect(small.run('fetchMany', [[`${API}/ok`, `${API}/ok`]]).ok).toBe(true);
    expect(small.run('catchFetch', [`${API}/ok`]).value).toMatchObject({ message: URL_FETCH_REFUSED });
    expect(small.run('fetchText', [`${API}/ok`], { user: 'bob@example.com' }).ok).toBe(true);
    expect(small.quotaUse('bob@example.com').urlFetch).toBe(1);
    expect(small.quotaUse().urlFetch).toBe(2);
    expect(small.quotaUse('ann@example.com')).toEqual({ dayStartedAt: null, urlFetch: 0, properties: 0, mail: 0, triggerRuntimeMs: 0 });
  });

  it('starts a new day 24 hours after the user’s first counted use', () => {
    // No script time: the day must start at exactly the instant read before the run, and the
    // fetch one millisecond before the day ends must still fall inside it.
    const host = makeHost({ routes: { [API]: new FakeService() }, quotas: { urlFetch: 1 }, scriptTime: 'none' });
    host.clock.advance(5000);
    const firstUse = host.clock.now();
    expect(host.run('fetchText', [`${API}/ok`]).ok).toBe(true);
    expect(host.quotaUse().dayStartedAt).toBe(firstUse);

    host.clock.advanceTo(firstUse + QUOTA_DAY_MS - 1);
    expect(host.run('catchFetch', [`${API}/ok`]).value).toMatchObject({ message: URL_FETCH_REFUSED });

    host.clock.advanceTo(firstUse + QUOTA_DAY_MS + 60000);
    expect(host.quotaUse()).toEqual({ dayStartedAt: null, urlFetch: 0, properties: 0, mail: 0, triggerRuntimeMs: 0 });
    const secondDay = host.clock.now();
    expect(host.run('fetchText', [`${API}/ok`]).ok).toBe(true);
    expect(host.quotaUse()).toMatchObject({ dayStartedAt: secondDay, urlFetch: 1 });
    expect(host.quotaHistory().map((d) => [d.dayStartedAt, d.urlFetch])).toEqual([
      [firstUse, 1],
      [secondDay, 1],
    ]);
  });

  it('charges a custom function’s fetches to the spreadsheet’s owner', () => {
    const host = makeHost({ owner: 'owner@example.com', routes: { [API]: new FakeService() } });
    host.runCustomFunction('FETCHED', [`${API}/ok`], { asUser: 'editor@example.com' });
    expect(host.quotaUse('owner@example.com').urlFetch).toBe(1);
    expect(host.quotaUse('editor@example.com').urlFetch).toBe(0);
  });
});

describe('daily property quota', () => {
  it('allows 50,000 property calls a day and refuses the next with Apps Script’s message', () => {
    const host = makeHost();
    expect(CONSUMER_DAILY_QUOTAS.properties).toBe(50000);
    // At about 30 ms a read (cost-model.ts), one execution gets through about 10,000 of them.
    for (const n of [10000, 10000, 10000, 10000, 9999]) expect(host.run('readPropertyTimes', [n]).value).toEqual({ done: n });
    expect(host.quotaUse().properties).toBe(49999);
    // setProperty is one call, and the fixture's getKeys afterwards would be the 50,001st.
    const write = host.run('setProperty', ['script', 'k', 'v']);
    expect(write.ok).toBe(false);
    expect(write.error?.message).toBe(PROPERTIES_REFUSED);
    expect(host.scriptProperties()).toEqual({ k: 'v' });
    expect(host.run('readPropertyTimes', [1]).value).toEqual({ done: 0, error: PROPERTIES_REFUSED });
    expect(host.quotaUse().properties).toBe(50000);
  });

  it('counts every call on any store, writes and reads alike, and not the host’s own seeding', () => {
    const host = makeHost();
    host.setProperties('user', { apiKey: 'k' });
    expect(host.quotaUse().properties).toBe(0);
    host.run('setProperty', ['document', 'a', '1']); // setProperty + getKeys
    host.run('getProperty', ['script', 'a']);
    host.run('getProperty', ['user', 'apiKey']);
    expect(host.quotaUse().properties).toBe(4);
  });

  it('charges a custom function’s property reads to the owner whose properties it reads', () => {
    const host = makeHost({ owner: 'owner@example.com' });
    host.setProperties('user', { apiKey: 'K' });
    expect(host.runCustomFunction('ENRICH', ['a.com'], { asUser: 'editor@example.com' }).cell).toBe('a.com via K');
    expect(host.quotaUse('owner@example.com').properties).toBe(1);
    expect(host.quotaUse('editor@example.com').properties).toBe(0);
  });
});

describe('daily trigger runtime quota', () => {
  it('refuses to run a due trigger once the day’s 90 minutes of trigger runtime are spent', () => {
    const host = makeHost();
    expect(CONSUMER_DAILY_QUOTAS.triggerRuntimeMs).toBe(90 * 60 * 1000);
    host.run('schedule', ['hours', 1, 'busyFiveMinutes']);

    const runs = [];
    let r = host.fireNextTrigger();
    while (r?.ok && runs.length < 100) {
      runs.push(r);
      r = host.fireNextTrigger();
    }
    expect(r?.error?.message).toBe(TRIGGER_TIME_REFUSED);
    // Every run before the refusal worked; the refusal came when the day's total first reached 90 minutes.
    const total = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
    expect(total).toBeGreaterThanOrEqual(CONSUMER_DAILY_QUOTAS.triggerRuntimeMs);
    expect(total - runs.at(-1)!.elapsedMs).toBeLessThan(CONSUMER_DAILY_QUOTAS.triggerRuntimeMs);
    expect(host.quotaUse().triggerRuntimeMs).toBe(total);
  });

  it('records the refused trigger as a failed execution that never ran its handler', () => {
    const host = makeHost({ quotas: { triggerRuntimeMs: 4 * 60 * 1000 } });
    const uid = host.run('schedule', ['hours', 1, 'busyFiveMinutes']).value;
    const first = host.fireNextTrigger()!;
    expect(first.ok).toBe(true);
    expect(host.quotaUse().triggerRuntimeMs).toBe(first.elapsedMs);
    const dayStart = host.quotaUse().dayStartedAt!;

    const refused = host.fireNextTrigger()!;
    expect(refused.ok).toBe(false);
    expect(refused.error).toEqual({ name: 'Exception', message: TRIGGER_TIME_REFUSED });
    expect(refused.trigger.uid).toBe(uid);
    expect(refused.execution.user).toBe(host.owner);
    expect(refused.elapsedMs).toBe(0);
    expect(refused.calls).toEqual({});
    // The recurring trigger moved on to its next period.
    expect(host.triggerList()[0]!.dueAt).toBe(refused.execution.startedAt + 60 * 60 * 1000);

    // Hourly firings stay refused until the day ends, then the handler runs again.
    const later = host.runTriggersUntil(dayStart + QUOTA_DAY_MS - 1);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((r) => !r.ok && r.error?.message === TRIGGER_TIME_REFUSED)).toBe(true);
    const nextDay = host.fireNextTrigger()!;
    expect(nextDay.ok).toBe(true);
    expect(host.quotaUse()).toMatchObject({ dayStartedAt: nextDay.execution.startedAt, triggerRuntimeMs: nextDay.elapsedMs });
  });

  it('counts each user’s trigger runtime separately', () => {
    const host = makeHost({ quotas: { triggerRuntimeMs: 60 * 1000 } });
    host.run('schedule', ['after', 1000, 'busyFiveMinutes']);
    host.run('schedule', ['after', 2000, 'busyFiveMinutes'], { user: 'bob@example.com' });
    host.run('schedule', ['after', 60 * 60 * 1000, 'busyFiveMinutes'], { spreadsheetId: 'another-sheet' });
    expect(host.fireNextTrigger()!.ok).toBe(true);
    const bob = host.fireNextTrigger()!;
    expect([bob.ok, bob.execution.user]).toEqual([true, 'bob@example.com']);
    expect(host.quotaUse('bob@example.com').triggerRuntimeMs).toBeGreaterThan(0);
    const third = host.fireNextTrigger()!;
    expect(third.execution.user).toBe(host.owner);
    expect(third.error?.message).toBe(TRIGGER_TIME_REFUSED);
  });
});
