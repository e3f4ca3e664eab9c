// `npm start`: the add-on in a browser. Serves the local page on 127.0.0.1 (port 8080 by default,
// or the next free one; `--port N` to choose) until Ctrl-C, and says where to go.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../sandbox';
import { startPlayground } from './server';
import { PAGE_ALPHA_CREDITS } from './world';

const HELP = `Usage: npm start [-- --port N]

Serves the add-on's local page on 127.0.0.1 until Ctrl-C.
  --port N     port to serve on, 0 to 65535 (default 8080, or the next free one)
  -h, --help   show this help and exit`;

function options(argv: string[]): { port: number; chosen: boolean } | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  if (values.port === undefined) return { port: 8080, chosen: false };
  const port = /^\d+$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new Error(`--port needs a port number from 0 to 65535, not "${values.port}"`);
  return { port, chosen: true };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(process.argv.slice(2));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\nSee npm start -- --help`);
    process.exit(2);
  }
  if (parsed === 'help') {
    console.log(HELP);
    return;
  }
  const { port, chosen } = parsed;
  const playground = await startPlayground({
    world: { bundleDir: join(__dirname, '..', 'dist') },
    port,
    nextFreePort: !chosen,
  });
  console.log(`\nProspecting for Sheets, running locally: open ${playground.url}\n`);
  console.log('The spreadsheet holds the sample prospects. Open Extensions > Prospecting for Sheets > Open sidebar');
  console.log('and connect with a demo key of the local service:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.key.padEnd(16)} ${a.name}`);
  console.log(
    `(${DEMO_ACCOUNTS[0]!.key} has ${PAGE_ALPHA_CREDITS.email.toLocaleString('en-US')} email credits here: enough for a 50,000-row run.)`,
  );
  console.log('\nCtrl-C stops the server.');
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void playground.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
