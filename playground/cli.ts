// `npm start`: the add-on in a browser. Serves the local page on 127.0.0.1 (port 8080 by default,
// or the next free one; `--port N` to choose) until Ctrl-C, and says where to go.
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../sandbox';
import { startPlayground } from './server';

function portOption(argv: string[]): { port: number; chosen: boolean } {
  const i = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return { port: 8080, chosen: false };
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a port number, not "${raw ?? ''}"`);
  return { port, chosen: true };
}

async function main(): Promise<void> {
  const { port, chosen } = portOption(process.argv.slice(2));
  const playground = await startPlayground({
    world: { bundleDir: join(__dirname, '..', 'dist') },
    port,
    nextFreePort: !chosen,
  });
  console.log(`\nProspecting for Sheets, running locally: open ${playground.url}\n`);
  console.log('The spreadsheet holds the sample prospects. Open Extensions > Prospecting for Sheets > Open sidebar');
  console.log('and connect with a demo key of the local service:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.key.padEnd(16)} ${a.name}`);
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
