// The sandbox's command line read in-process: defaults, every option's value, the checks that
// refuse a value with a message, and the demo accounts the credits options give.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoAccounts, OPTIONS, parseCommandLine, UsageError, type SandboxConfig } from '../../sandbox/cli-options';
import { DEMO_ACCOUNTS } from '../../sandbox';

function config(argv: string[]): SandboxConfig {
  const c = parseCommandLine(argv);
  if (c.kind !== 'run') throw new Error('expected a run');
  return c.config;
}

function refusal(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('sandbox options', () => {
  test('no options: the documented defaults', () => {
    expect(config([])).toEqual({
      port: 8787,
      host: '127.0.0.1',
      seed: 1,
      rate: 50,
      usageLimits: 'pace',
      alphaCredits: { email: 1000, phone: 200 },
      faults: { rate429: 0, rate500: 0, dropRate: 0, slowRate: 0, slowMs: 3000, seed: 0 },
    });
  });

  test('every option reaches the configuration, in both --name value and --name=value forms', () => {
    const c = config([
      '--port',
      '9000',
      '--host=0.0.0.0',
      '--seed',
      '7',
      '--rate=12.5',
      '--usage-limits',
      'refuse',
      '--email-credits',
      '100000',
      '--phone-credits=2500.5',
      '--fail-429',
      '0.2',
      '--fail-500',
      '.1',
      '--drop',
      '0.05',
      '--slow',
      '1',
      '--slow-ms',
      '250',
      '--fault-seed',
      '42',
    ]);
    expect(c).toEqual({
      port: 9000,
      host: '0.0.0.0',
      seed: 7,
      rate: 12.5,
      usageLimits: 'refuse',
      alphaCredits: { email: 100000, phone: 2500.5 },
      faults: { rate429: 0.2, rate500: 0.1, dropRate: 0.05, slowRate: 1, slowMs: 250, seed: 42 },
    });
  });

  test('--help and -h ask for the help, whatever else is given', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--port', '70000', '-h'])).toEqual({ kind: 'help' });
  });

  test.each([
    [['--nope'], 'Unknown option --nope'],
    [['-x'], 'Unknown option -x'],
    [['serve'], 'Unexpected argument "serve"'],
    [['--port'], '--port needs a value (--port N)'],
    [['--port', '--seed', '3'], '"--seed" looks like an option'],
    [['--help=yes'], '--help takes no value'],
    [['--port', '65536'], '--port must be a whole number from 0 to 65535, not "65536"'],
    [['--port', '80.5'], '--port must be a whole number from 0 to 65535'],
    [['--port', '0x50'], '--port must be a whole number from 0 to 65535'],
    [['--seed', '-1'], '"-1" looks like an option'],
    [['--seed=-1'], '--seed must be a whole number, 0 or more'],
    [['--rate', '0'], '--rate must be a number of items per second above 0'],
    [['--rate', 'fast'], '--rate must be a number of items per second above 0'],
    [['--usage-limits', 'later'], '--usage-limits must be one of pace, refuse, not "later"'],
    [['--fail-429', '1.01'], '--fail-429 must be a share of requests between 0 and 1'],
    [['--fail-500=-0.1'], '--fail-500 must be a share of requests between 0 and 1'],
    [['--drop', '50%'], '--drop must be a share of requests between 0 and 1'],
    [['--slow', '2'], '--slow must be a share of requests between 0 and 1'],
    [['--slow-ms', '1.5'], '--slow-ms must be a whole number of milliseconds'],
    [['--fault-seed', 'abc'], '--fault-seed must be a whole number, 0 or more'],
    [['--email-credits', '1e6'], '--email-credits must be a number of credits, 0 or more'],
    [['--phone-credits=-5'], '--phone-credits must be a number of credits, 0 or more'],
    [['--drop', '0.5', '--fail-500', '0.3', '--fail-429', '0.3'], '--drop, --fail-500 and --fail-429 together must not be more than 1'],
    [['--host', ''], '--host must be an address'],
  ])('%j is refused: %s', (argv, message) => {
    expect(refusal(argv)).toContain(message);
  });

  test('shares that add up to exactly 1 are fine', () => {
    expect(config(['--drop', '0.5', '--fail-500', '0.25', '--fail-429', '0.25']).faults.dropRate).toBe(0.5);
  });

  test('the credits options change Alpha Outbound only; Bravo and Empty keep theirs', () => {
    const accounts = demoAccounts({ alphaCredits: { email: 123456, phone: 0 } });
    expect(accounts.map((a) => [a.key, a.name, a.credits])).toEqual([
      ['demo-key-alpha', 'Alpha Outbound (demo)', { email: 123456, phone: 0 }],
      ['demo-key-bravo', 'Bravo Growth (demo)', { email: 100, phone: 20 }],
      ['demo-key-empty', 'Empty Pockets (demo)', { email: 0, phone: 0 }],
    ]);
    // The shared demo table is left as it was, so a second service starts from the usual credits.
    expect(DEMO_ACCOUNTS.find((a) => a.key === 'demo-key-alpha')?.credits).toEqual({ email: 1000, phone: 200 });
  });

  test('the README documents every option with the default --help gives', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'sandbox', 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('### Options'), readme.indexOf('## Trying it with curl'));
    const rows = new Map([...table.matchAll(/^\| `--([\w-]+)[^`]*` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim().replace(/`/g, '')]));
    const documented = OPTIONS.filter((o) => o.name !== 'help');
    expect([...rows.keys()].sort()).toEqual(documented.map((o) => o.name).sort());
    for (const o of documented) expect([o.name, rows.get(o.name)]).toEqual([o.name, o.default]);
  });
});
