// The temporary user key's 30-day rotation, and the spreadsheet's time zone set by a script.
import { KEY_PERIOD_MS } from '../../emulator/session';
import { makeHost } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('Session.getTemporaryActiveUserKey', () => {
  it('keeps one key per user for up to 30 days, then another; never the same as another user’s', () => {
    const host = makeHost();
    const key = (user: string) => host.run('userKey', [], { user }).value as string;
    const ann: string[] = [];
    const bob: string[] = [];
    for (let day = 0; day <= 90; day++) {
      ann.push(key('ann@example.com'));
      bob.push(key('bob@example.com'));
      host.clock.advance(DAY);
    }
    // Each key lasts 30 days (the first and last seen may be cut short by where the period starts).
    for (const keys of [ann, bob]) {
      const runs: number[] = [];
      keys.forEach((k, i) => (i && k === keys[i - 1] ? runs[runs.length - 1]!++ : runs.push(1)));
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.slice(1, -1)).toEqual(runs.slice(1, -1).map(() => KEY_PERIOD_MS / DAY));
      expect(Math.max(...runs)).toBe(30);
    }
    expect(ann.some((k) => bob.includes(k))).toBe(false);
  });
});

describe('Spreadsheet.setSpreadsheetTimeZone', () => {
  it('sets the zone the spreadsheet reports, and refuses a name that is no zone', () => {
    const host = makeHost({ spreadsheetTimeZone: 'America/Los_Angeles' });
    expect(host.run('setTimeZone', ['Pacific/Kiritimati']).value).toBe('Pacific/Kiritimati');
    expect(host.spreadsheet.timeZone).toBe('Pacific/Kiritimati');
    const r = host.run('setTimeZone', ['Mars/Olympus_Mons']);
    expect(r.ok).toBe(false);
    expect(host.spreadsheet.timeZone).toBe('Pacific/Kiritimati');
  });
});
