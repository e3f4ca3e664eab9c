// `npm run sandbox`: the local service over HTTP on 127.0.0.1, with the demo accounts.
// Options: --port N (default 8787), --seed N, --rate N (items per second), --usage-limits
// pace|refuse, and fault shares --fail-429 X --fail-500 X --slow X --slow-ms N --drop X (each X
// between 0 and 1).
import { DEMO_ACCOUNTS } from './accounts';
import { DEFAULT_HOST, DEFAULT_PORT, startHttpServer } from './http-server';
import { USAGE_LIMIT_MODES, type FaultOptions, type UsageLimitMode } from './options';
import { createLocalService } from './service';

function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) out.set(arg.slice(2, eq), arg.slice(eq + 1));
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      out.set(arg.slice(2), value);
      i++;
    }
  }
  return out;
}

function num(args: Map<string, string>, name: string): number | undefined {
  const raw = args.get(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number`);
  return n;
}

function usageLimits(args: Map<string, string>): UsageLimitMode | undefined {
  const raw = args.get('usage-limits');
  if (raw === undefined) return undefined;
  const mode = USAGE_LIMIT_MODES.find((m) => m === raw);
  if (!mode) throw new Error(`--usage-limits must be one of ${USAGE_LIMIT_MODES.join(', ')}`);
  return mode;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const known = new Set(['port', 'host', 'seed', 'rate', 'fail-429', 'fail-500', 'slow', 'slow-ms', 'drop', 'fault-seed', 'usage-limits']);
  for (const k of args.keys()) if (!known.has(k)) throw new Error(`Unknown option --${k}`);
  const faults: FaultOptions = {
    rate429: num(args, 'fail-429'),
    rate500: num(args, 'fail-500'),
    slowRate: num(args, 'slow'),
    slowMs: num(args, 'slow-ms'),
    dropRate: num(args, 'drop'),
    seed: num(args, 'fault-seed'),
  };
  const service = createLocalService({ seed: num(args, 'seed'), processingRate: num(args, 'rate'), usageLimits: usageLimits(args), faults });
  const server = await startHttpServer(service, { port: num(args, 'port') ?? DEFAULT_PORT, host: args.get('host') ?? DEFAULT_HOST });
  const lines = [
    `Prospecting API (local) listening at ${server.url}`,
    `Hourly usage limits: ${service.usageLimits === 'pace' ? 'pace the work (requests are accepted and wait)' : 'refuse a start over the limit (429)'}`,
    '',
    'Demo API keys (send as "Authorization: Bearer <key>"):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.key.padEnd(16)} ${a.name}: ${a.credits.email} email / ${a.credits.phone} phone credits`),
    '',
    `Try: curl -H "Authorization: Bearer ${DEMO_ACCOUNTS[0]?.key}" "${server.url}/companies/find?domain=example.com"`,
    'Press Ctrl-C to stop.',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => {
        process.stdout.write('Stopped.\n');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
