// google.script.run's rules for sidebar calls, call counting with the cost model, logging,
// and Utilities.
import { SidebarArgumentError } from '../../emulator';
import { API, FakeService, makeHost } from './helpers';

describe('calls from the sidebar', () => {
  it('runs a declared function in FULL mode and round-trips plain values', () => {
    const host = makeHost();
    const r = host.callFromSidebar('echo', [{ a: [1, 'x', null], b: { c: true } }], 'ann@example.com');
    expect(r.value).toEqual({ a: [1, 'x', null], b: { c: true } });
    expect(r.execution).toMatchObject({ mode: 'FULL', kind: 'sidebar', user: 'ann@example.com' });
  });

  it('refuses private and undeclared functions', () => {
    const host = makeHost();
    expect(() => host.callFromSidebar('hidden_')).toThrow(/private functions/);
    expect(() => host.callFromSidebar('assignedOnly')).toThrow(/no top-level function declaration/);
  });

  it('fails arguments holding a Date or a function, as the client does', () => {
    const host = makeHost();
    expect(() => host.callFromSidebar('echo', [{ when: new Date() }])).toThrow(SidebarArgumentError);
    expect(() => host.callFromSidebar('echo', [() => 1])).toThrow(SidebarArgumentError);
  });

  it('drops functions and undefined fields, nulls undefined in arrays, and turns a Date-holding result into null', () => {
    const host = makeHost();
    expect(host.callFromSidebar('shapes').value).toEqual({ keep: 1, list: [1, null, 3] });
    expect(host.callFromSidebar('withDate').value).toBeNull();
  });
});

describe('stats and cost model', () => {
  it('counts every service call by name and estimates its time', () => {
    const host = makeHost();
    host.resetStats();
    host.run('manyWrites', [10]);
    expect(host.stats()).toEqual({
      'SpreadsheetApp.getActiveSheet': 1,
      'SpreadsheetApp.Sheet.getRange': 11,
      'SpreadsheetApp.Range.setValue': 10,
      'SpreadsheetApp.Range.setValues': 1,
    });
    const report = host.costReport();
    expect(report.byCall['SpreadsheetApp.Range.setValue']!.ms).toBe(400);
    expect(report.byCall['SpreadsheetApp.Range.setValues']!.ms).toBeCloseTo(80.5);
    expect(report.calls).toBe(23);
    host.resetStats();
    expect(host.stats()).toEqual({});
  });

  it('captures Logger and console output per execution', () => {
    const host = makeHost();
    const r = host.run('log', ['hi']);
    expect(r.logs.map((l) => [l.source, l.level, l.message])).toEqual([
      ['Logger', 'log', 'logged hi'],
      ['console', 'warn', 'warned {"message":"hi"}'],
    ]);
  });

  it('computes digests and base64 as Apps Script does', () => {
    const host = makeHost();
    expect(host.run('utilities').value).toMatchObject({
      digestFirst: -70,
      digestLength: 32,
      hmacLength: 32,
      encoded: 'aMOpbGxv',
      decoded: 'héllo',
      webSafe: '-_8=',
      date: '2025-01-06T04:05:03 -0500',
    });
  });
});

describe('the cost report', () => {
  it('charges the first fetch and the first sleep after a reset, time spent inside them included', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    host.resetStats();
    expect(host.run('fetchText', [`${API}/slow`]).ok).toBe(true);
    expect(host.costReport().byCall['UrlFetchApp.fetch']).toEqual({ count: 1, ms: 2500 });
    host.resetStats();
    expect(host.run('work', [1]).ok).toBe(true);
    expect(host.costReport().byCall['Utilities.sleep']).toEqual({ count: 1, ms: 1000 });
  });

  it("adds the script's own JavaScript time, loading included, to the services' estimate", () => {
    const host = makeHost();
    host.resetStats();
    host.run('echo', ['x']);
    const report = host.costReport();
    expect(report.scriptMs).toBeGreaterThan(0);
    expect(report.totalMs).toBeCloseTo(report.servicesMs + report.scriptMs);
    host.resetStats();
    expect(host.costReport().scriptMs).toBe(0);
  });
});
