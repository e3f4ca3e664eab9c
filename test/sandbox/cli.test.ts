// `npm run sandbox` as a process: --usage-limits chooses between pacing (the default) and
// refusing an over-limit start, and a bad value stops it with a message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'sandbox', 'cli.ts');

function start(args: string[]): { child: ChildProcessWithoutNullStreams; url: Promise<string>; exit: Promise<{ code: number | null; output: string }> } {
  const child = spawn(TSX, [CLI, '--port', '0', ...args], { cwd: ROOT });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`stopped before listening: ${output}`)));
  });
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  url.catch(() => undefined);
  return { child, url, exit };
}

const companies = (n: number) => ({ companies: Array.from({ length: n }, (_, i) => ({ domain: `c${i}.com` })) });

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/companies/enrichment-requests`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('sandbox command line', () => {
  test.each([
    [['--usage-limits', 'refuse'], 429],
    [[], 202],
  ])('%j: a second 10,000-company batch within the hour is answered %i', async (args, second) => {
    const run = start(args as string[]);
    try {
      const url = await run.url;
      expect((await post(url, companies(10000))).status).toBe(202);
      const res = await post(url, companies(10000));
      expect(res.status).toBe(second);
      if (second === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
    } finally {
      run.child.kill('SIGTERM');
      await run.exit;
    }
  });

  test('an unknown mode stops with a message', async () => {
    const { code, output } = await start(['--usage-limits', 'later']).exit;
    expect(code).toBe(1);
    expect(output).toContain('--usage-limits must be one of pace, refuse');
  });
});
