// `npm run sandbox` as a process: --help and its exit code, a bad command line stopping with 2 and
// a pointer to --help, the credits options reaching the service, and --usage-limits choosing
// between pacing (the default) and refusing an over-limit start. Each value check is tried
// in-process in cli-options.test.ts.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { OPTIONS } from '../../sandbox/cli-options';
import type { ServiceJson } from './helpers';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'sandbox', 'cli.ts');

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: Promise<string>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** What it printed so far. */
  stdoutText(): string;
}

function start(args: string[]): Started {
  const child = spawn(TSX, [CLI, ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      // The whole start-up text is written at once; wait for its last line.
      const m = /listening at (http:\/\/\S+)[\s\S]*Ctrl-C/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`stopped before listening: ${stdout}${stderr}`)));
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  url.catch(() => undefined);
  return { child, url, exit, stdoutText: () => stdout };
}

async function withServer<T>(args: string[], body: (url: string) => Promise<T>): Promise<T> {
  const run = start(['--port', '0', ...args]);
  try {
    return await body(await run.url);
  } finally {
    run.child.kill('SIGTERM');
    await run.exit;
  }
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
  test('--help lists every option with its default and exits 0 without listening', async () => {
    const { code, stdout, stderr } = await start(['--help']).exit;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('listening');
    for (const o of OPTIONS) {
      const line = stdout.split('\n').find((l) => new RegExp(`^ +(-\\w, )?--${o.name}( |$)`).test(l));
      expect(line).toBeDefined();
      expect(line).toContain(o.help);
      if (o.default !== undefined) expect(line).toContain(`(default ${o.default})`);
    }
    for (const name of [
      'port',
      'host',
      'seed',
      'rate',
      'usage-limits',
      'fail-429',
      'fail-500',
      'slow',
      'slow-ms',
      'drop',
      'fault-seed',
      'email-credits',
      'phone-credits',
    ]) {
      expect(OPTIONS.map((o) => o.name)).toContain(name);
    }
  });

  test.each([
    [['--prot', '9000'], 'Unknown option --prot'],
    [['--fail-500', '1.5'], '--fail-500 must be a share of requests between 0 and 1'],
  ])('%j stops with exit code 2, says why and points at --help', async (args, message) => {
    const { code, stdout, stderr } = await start(args).exit;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('npm run sandbox -- --help');
  });

  test("--email-credits and --phone-credits set Alpha Outbound's credits, shown at start-up and in the read-only view", async () => {
    const run = start(['--port', '0', '--email-credits', '50000', '--phone-credits', '7']);
    try {
      const url = await run.url;
      const view = (await (await fetch(`${url}/_sandbox/accounts`)).json()) as ServiceJson;
      expect(view.accounts.map((a: ServiceJson) => [a.key, a.credits.left])).toEqual([
        ['demo-key-alpha', { email: 50000, phone: 7 }],
        ['demo-key-bravo', { email: 100, phone: 20 }],
        ['demo-key-empty', { email: 0, phone: 0 }],
      ]);
    } finally {
      run.child.kill('SIGTERM');
    }
    const { code, stdout } = await run.exit;
    expect(code).toBe(0);
    expect(stdout).toMatch(/demo-key-alpha +Alpha Outbound \(demo\): 50,000 email \/ 7 phone credits/);
    expect(stdout).toMatch(/\/_sandbox\/accounts/);
    expect(stdout).toContain('Stopped.');
  });

  test.each([
    [['--usage-limits', 'refuse'], 429],
    [[], 202],
  ])('%j: a second 10,000-company batch within the hour is answered %i', async (args, second) => {
    await withServer(args, async (url) => {
      expect((await post(url, companies(10000))).status).toBe(202);
      const res = await post(url, companies(10000));
      expect(res.status).toBe(second);
      if (second === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
    });
  });

  test('the contact ids printed at start-up are contacts of their key, and of no other', async () => {
    const run = start(['--port', '0']);
    try {
      const url = await run.url;
      const printed = [...run.stdoutText().matchAll(/^ +(demo-key-\w+) +([0-9a-f-]{36}(?:, [0-9a-f-]{36})*)$/gm)].map((m) => ({
        key: m[1]!,
        ids: m[2]!.split(', '),
      }));
      expect(printed.map((p) => p.key)).toEqual(['demo-key-alpha', 'demo-key-bravo', 'demo-key-empty']);
      for (const { key, ids } of printed) {
        expect(ids).toHaveLength(2);
        for (const id of ids) {
          const own = await fetch(`${url}/contacts/${id}`, { headers: { authorization: `Bearer ${key}` } });
          expect(own.status).toBe(200);
          expect(((await own.json()) as { id: string }).id).toBe(id);
          const other = key === 'demo-key-alpha' ? 'demo-key-bravo' : 'demo-key-alpha';
          expect((await fetch(`${url}/contacts/${id}`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(404);
        }
      }
    } finally {
      run.child.kill('SIGTERM');
    }
    await run.exit;
  });
});
