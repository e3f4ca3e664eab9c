// What the sandbox prints at start-up, built from what it is given: the address, every account
// with its credits, the usage-limit mode, faults, contact ids when there are some, the view, curl.
import { contactLines, startupLines, type StartupInfo } from '../../sandbox/startup-lines';

const info: StartupInfo = {
  url: 'http://127.0.0.1:4321',
  accounts: [
    { key: 'demo-key-alpha', name: 'Alpha Outbound (demo)', credits: { email: 123456, phone: 78 } },
    { key: 'demo-key-bravo', name: 'Bravo Growth (demo)', credits: { email: 100, phone: 20 } },
    { key: 'demo-key-empty', name: 'Empty Pockets (demo)', credits: { email: 0, phone: 0 } },
  ],
  usageLimits: 'pace',
};

describe('start-up lines', () => {
  test('the base address, each key with its account and credits, the mode and the view', () => {
    const lines = startupLines(info);
    expect(lines[0]).toBe('Prospecting API (local) listening at http://127.0.0.1:4321');
    expect(lines).toContain('  demo-key-alpha   Alpha Outbound (demo): 123,456 email / 78 phone credits');
    expect(lines).toContain('  demo-key-bravo   Bravo Growth (demo): 100 email / 20 phone credits');
    expect(lines).toContain('  demo-key-empty   Empty Pockets (demo): no credits (anything that costs credits gives 402)');
    expect(lines.find((l) => l.startsWith('Hourly usage limits:'))).toMatch(/^Hourly usage limits: pace /);
    expect(startupLines({ ...info, usageLimits: 'refuse' }).find((l) => l.startsWith('Hourly usage limits:'))).toMatch(
      /^Hourly usage limits: refuse .*429/,
    );
    expect(lines).toContain('  http://127.0.0.1:4321/_sandbox/accounts');
    expect(lines[lines.length - 1]).toBe('Press Ctrl-C to stop.');
  });

  test('the curl lines use the address and the first key, with -g where the brackets of page[size] are', () => {
    const curls = startupLines(info).filter((l) => l.trim().startsWith('curl '));
    expect(curls.length).toBeGreaterThanOrEqual(2);
    for (const c of curls) {
      expect(c).toContain("-H 'Authorization: Bearer demo-key-alpha' ");
      expect(c).toContain('http://127.0.0.1:4321/');
      if (c.includes('[')) expect(c).toMatch(/^ *curl -g /);
    }
  });

  test('faults are mentioned only when some are on', () => {
    expect(
      startupLines({ ...info, faults: { rate429: 0, rate500: 0, dropRate: 0, slowRate: 0, slowMs: 3000, seed: 0 } }).join('\n'),
    ).not.toContain('fault');
    const line = startupLines({ ...info, faults: { rate429: 0.2, dropRate: 0.05, slowRate: 0.5, slowMs: 1500, seed: 9 } }).find((l) =>
      l.startsWith('Injected faults:'),
    );
    expect(line).toBe('Injected faults: 5% dropped, 20% answered 429, 50% slowed by 1,500 ms (fault seed 9)');
  });

  test('contact ids: a section of their own per key, left out while there are none', () => {
    expect(contactLines([])).toEqual([]);
    expect(contactLines([{ key: 'demo-key-alpha', ids: [] }])).toEqual([]);
    const without = startupLines(info);
    expect(without.join('\n')).not.toMatch(/contact/i);
    const section = contactLines([
      { key: 'demo-key-alpha', ids: ['id-a1', 'id-a2'] },
      { key: 'demo-key-empty', ids: [] },
      { key: 'demo-key-bravo', ids: ['id-b1'] },
    ]);
    expect(section).toEqual([
      '',
      'A few contact ids to try (GET /contacts/<id> with that key):',
      '  demo-key-alpha   id-a1, id-a2',
      '  demo-key-bravo   id-b1',
    ]);
    const withContacts = startupLines({
      ...info,
      contacts: [
        { key: 'demo-key-alpha', ids: ['id-a1', 'id-a2'] },
        { key: 'demo-key-bravo', ids: ['id-b1'] },
      ],
    });
    // The section sits after the keys, and nothing else moves.
    const at = withContacts.indexOf(section[1]!);
    expect(at).toBeGreaterThan(
      withContacts.indexOf('  demo-key-empty   Empty Pockets (demo): no credits (anything that costs credits gives 402)'),
    );
    expect([...withContacts.slice(0, at - 1), ...withContacts.slice(at + 3)]).toEqual(without);
  });
});
