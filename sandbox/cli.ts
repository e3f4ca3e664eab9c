// `npm run sandbox`: the local service over HTTP on 127.0.0.1 with the demo accounts, until
// Ctrl-C. `npm run sandbox -- --help` lists the options (cli-options.ts); a bad one exits with 2.
import { demoAccounts, helpText, parseCommandLine, UsageError, type SandboxConfig } from './cli-options';
import { contactIds } from './contacts';
import { startHttpServer } from './http-server';
import { createLocalService } from './service';
import { startupLines, type StartupAccount } from './startup-lines';

/** Exit code of a command line the sandbox cannot run with, as command-line tools use it. */
const USAGE_EXIT = 2;
/** Contact ids printed per account at start-up: enough to try one, short enough to read. */
const CONTACTS_SHOWN = 2;

async function run(config: SandboxConfig): Promise<void> {
  const service = createLocalService({
    seed: config.seed,
    processingRate: config.rate,
    usageLimits: config.usageLimits,
    faults: config.faults,
    accounts: demoAccounts(config),
  });
  const server = await startHttpServer(service, { port: config.port, host: config.host });
  const accounts: StartupAccount[] = service.keys().flatMap((key) => {
    const a = service.account(key);
    return a ? [{ key, name: a.name, credits: a.credits }] : [];
  });
  const contacts = service.keys().map((key) => ({ key, ids: contactIds(service, key).slice(0, CONTACTS_SHOWN) }));
  const sequences = service.keys().flatMap((key) => {
    const view = service.sequences(key);
    return view
      ? [
          {
            key,
            sequences: view.sequences,
            inSequence: view.lead_examples.in_sequence,
            recentlyContacted: view.lead_examples.recently_contacted,
          },
        ]
      : [];
  });
  const lines = startupLines({ url: server.url, accounts, usageLimits: service.usageLimits, faults: config.faults, contacts, sequences });
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

function main(argv: string[]): Promise<void> {
  const command = parseCommandLine(argv);
  if (command.kind === 'help') {
    process.stdout.write(helpText() + '\n');
    return Promise.resolve();
  }
  return run(command.config);
}

Promise.resolve()
  .then(() => main(process.argv.slice(2)))
  .catch((e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`sandbox: ${e.message}\nRun "npm run sandbox -- --help" for the options.\n`);
      process.exit(USAGE_EXIT);
    }
    process.stderr.write(`sandbox: ${(e as Error).message}\n`);
    process.exit(1);
  });
