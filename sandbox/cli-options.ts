// The options of `npm run sandbox`: one table gives each its help line and default, parsed with
// node:util parseArgs (strict), each value checked with a message that says what it must be.
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_KEYS } from './accounts';
import { DEFAULT_SLOW_MS } from './faults';
import { DEFAULT_HOST, DEFAULT_PORT } from './http-server';
import {
  DEFAULT_PROCESSING_RATE,
  DEFAULT_SEED,
  USAGE_LIMIT_MODES,
  type AccountSeed,
  type Credits,
  type FaultOptions,
  type UsageLimitMode,
} from './options';

/** A command line the sandbox cannot run with: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface SandboxConfig {
  port: number;
  host: string;
  seed: number;
  /** Items per second a batch advances. */
  rate: number;
  usageLimits: UsageLimitMode;
  /** The credits Alpha Outbound starts with. */
  alphaCredits: Credits;
  faults: FaultOptions;
}

export type Command = { kind: 'help' } | { kind: 'run'; config: SandboxConfig };

const ALPHA = DEMO_ACCOUNTS.find((a) => a.key === DEMO_KEYS.alpha);
const ALPHA_CREDITS: Credits = ALPHA ? { ...ALPHA.credits } : { email: 0, phone: 0 };
const DEFAULT_FAULT_SEED = 0;

interface OptionSpec {
  name: string;
  /** What the value looks like in --help; absent for a flag. */
  value?: string;
  help: string;
  /** Shown in --help as "(default …)"; absent when the option has none. */
  default?: string;
  short?: string;
}

/** Every option, in the order --help lists them. */
export const OPTIONS: ReadonlyArray<OptionSpec> = [
  { name: 'port', value: 'N', help: 'port to listen on, 0 to 65535; 0 picks any free port', default: String(DEFAULT_PORT) },
  { name: 'host', value: 'ADDR', help: 'address to listen on; keep it on loopback, the demo keys are public', default: DEFAULT_HOST },
  {
    name: 'seed',
    value: 'N',
    help: 'which synthetic world: the same seed gives the same answers on every start',
    default: String(DEFAULT_SEED),
  },
  {
    name: 'rate',
    value: 'N',
    help: 'items per second each batch or lead list advances (above 0)',
    default: String(DEFAULT_PROCESSING_RATE),
  },
  {
    name: 'usage-limits',
    value: USAGE_LIMIT_MODES.join('|'),
    help: 'hourly usage limits: pace accepts a request and paces its items over the hour; refuse answers 429 past the allowance',
    default: 'pace',
  },
  {
    name: 'email-credits',
    value: 'N',
    help: 'email credits of Alpha Outbound (demo-key-alpha), e.g. 100000 for a big run',
    default: String(ALPHA_CREDITS.email),
  },
  {
    name: 'phone-credits',
    value: 'N',
    help: 'phone credits of Alpha Outbound (demo-key-alpha); Bravo and Empty keep theirs',
    default: String(ALPHA_CREDITS.phone),
  },
  { name: 'fail-429', value: 'X', help: 'share of requests answered 429 rate_limited on purpose, 0 to 1', default: '0' },
  { name: 'fail-500', value: 'X', help: 'share of requests answered 500 internal_server_error on purpose, 0 to 1', default: '0' },
  { name: 'drop', value: 'X', help: 'share of requests whose connection is dropped without an answer, 0 to 1', default: '0' },
  { name: 'slow', value: 'X', help: 'share of answers held back by --slow-ms, 0 to 1', default: '0' },
  { name: 'slow-ms', value: 'N', help: 'how long a slow answer waits, in milliseconds', default: String(DEFAULT_SLOW_MS) },
  {
    name: 'fault-seed',
    value: 'N',
    help: 'seed of the injected faults: the same seed fails the same requests',
    default: String(DEFAULT_FAULT_SEED),
  },
  { name: 'help', short: 'h', help: 'show this help and exit' },
];

export function helpText(): string {
  const left = (o: OptionSpec) => `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`;
  const width = Math.max(...OPTIONS.map((o) => left(o).length)) + 2;
  return [
    'Usage: npm run sandbox -- [options]',
    '',
    `The local Prospecting API over HTTP (http://${DEFAULT_HOST}:${DEFAULT_PORT} by default) with the demo accounts.`,
    '',
    'Options:',
    ...OPTIONS.map((o) => `  ${left(o).padEnd(width)}${o.help}${o.default !== undefined ? ` (default ${o.default})` : ''}`),
    '',
    'More: sandbox/README.md',
  ].join('\n');
}

function wholeNumber(name: string, raw: string, min: number, max: number, what: string): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`--${name} must be ${what}, not "${raw}"`);
  return n;
}

/** A plain decimal, 0 or more (no sign, exponent or hex: what a person types). */
function decimal(name: string, raw: string, what: string): number {
  const n = /^(\d+(\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be ${what}, not "${raw}"`);
  return n;
}

function share(name: string, raw: string): number {
  const n = decimal(name, raw, 'a share of requests between 0 and 1');
  if (n > 1) throw new UsageError(`--${name} must be a share of requests between 0 and 1, not "${raw}"`);
  return n;
}

function usageMode(raw: string): UsageLimitMode {
  const mode = USAGE_LIMIT_MODES.find((m) => m === raw);
  if (!mode) throw new UsageError(`--usage-limits must be one of ${USAGE_LIMIT_MODES.join(', ')}, not "${raw}"`);
  return mode;
}

/** parseArgs' own errors, reworded where they would confuse someone starting a server. */
function reword(e: unknown, argv: string[]): Error {
  const err = e as Error & { code?: string };
  const quoted = /'([^']+)'/.exec(err.message)?.[1] ?? '';
  const long = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
  const spec = OPTIONS.find((o) => `--${o.name}` === long);
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`Unknown option ${quoted}`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`Unexpected argument "${quoted}": every value follows its option, as in --port 9000`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      if (!spec?.value) return new UsageError(`${long} takes no value`);
      const next = argv[argv.indexOf(long) + 1];
      const form = `${long} ${spec.value}`;
      if (next === undefined || !/ambiguous/.test(err.message)) return new UsageError(`${long} needs a value (${form})`);
      return new UsageError(
        `${long} needs a value (${form}), and "${next}" looks like an option; write ${long}=${next} if it is the value`,
      );
    }
    default:
      return err.code?.startsWith('ERR_PARSE_ARGS') ? new UsageError(err.message) : err;
  }
}

/** Reads the command line (without the node and script names). Throws UsageError for anything it cannot run with. */
export function parseCommandLine(argv: string[]): Command {
  const options = Object.fromEntries(
    OPTIONS.map((o) => [
      o.name,
      o.value ? { type: 'string' as const } : { type: 'boolean' as const, ...(o.short ? { short: o.short } : {}) },
    ]),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw reword(e, argv);
  }
  if (values['help'] === true) return { kind: 'help' };
  const str = (name: string): string | undefined => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  const opt = <T>(name: string, read: (raw: string) => T): T | undefined => {
    const raw = str(name);
    return raw === undefined ? undefined : read(raw);
  };

  const host = str('host') ?? DEFAULT_HOST;
  if (host.trim() === '') throw new UsageError('--host must be an address, such as 127.0.0.1');
  const rate = opt('rate', (r) => decimal('rate', r, 'a number of items per second above 0')) ?? DEFAULT_PROCESSING_RATE;
  if (!(rate > 0)) throw new UsageError(`--rate must be a number of items per second above 0, not "${str('rate')}"`);
  const faults: FaultOptions = {
    rate429: opt('fail-429', (r) => share('fail-429', r)) ?? 0,
    rate500: opt('fail-500', (r) => share('fail-500', r)) ?? 0,
    dropRate: opt('drop', (r) => share('drop', r)) ?? 0,
    slowRate: opt('slow', (r) => share('slow', r)) ?? 0,
    slowMs: opt('slow-ms', (r) => wholeNumber('slow-ms', r, 0, 3600000, 'a whole number of milliseconds up to 3600000')) ?? DEFAULT_SLOW_MS,
    seed:
      opt('fault-seed', (r) => wholeNumber('fault-seed', r, 0, Number.MAX_SAFE_INTEGER, 'a whole number, 0 or more')) ?? DEFAULT_FAULT_SEED,
  };
  // One draw decides between a drop, a 500 and a 429, so their shares must fit in one.
  if ((faults.dropRate ?? 0) + (faults.rate500 ?? 0) + (faults.rate429 ?? 0) > 1 + 1e-9) {
    throw new UsageError('--drop, --fail-500 and --fail-429 together must not be more than 1');
  }
  return {
    kind: 'run',
    config: {
      port: opt('port', (r) => wholeNumber('port', r, 0, 65535, 'a whole number from 0 to 65535')) ?? DEFAULT_PORT,
      host,
      seed: opt('seed', (r) => wholeNumber('seed', r, 0, Number.MAX_SAFE_INTEGER, 'a whole number, 0 or more')) ?? DEFAULT_SEED,
      rate,
      usageLimits: opt('usage-limits', usageMode) ?? 'pace',
      alphaCredits: {
        email: opt('email-credits', (r) => decimal('email-credits', r, 'a number of credits, 0 or more')) ?? ALPHA_CREDITS.email,
        phone: opt('phone-credits', (r) => decimal('phone-credits', r, 'a number of credits, 0 or more')) ?? ALPHA_CREDITS.phone,
      },
      faults,
    },
  };
}

/** The demo accounts, Alpha Outbound with the credits asked for; the others as they are. */
export function demoAccounts(config: Pick<SandboxConfig, 'alphaCredits'>): AccountSeed[] {
  return DEMO_ACCOUNTS.map((a) =>
    a.key === DEMO_KEYS.alpha ? { ...a, credits: { ...config.alphaCredits } } : { ...a, credits: { ...a.credits } },
  );
}
