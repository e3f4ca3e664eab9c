// The curl examples of sandbox/README.md run as written, with bash and curl, against
// `npm run sandbox` with its defaults (on a free port: the documented base address is the only
// thing replaced), each exiting 0 and printing what the README shows under it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'sandbox', 'cli.ts');
const README = join(ROOT, 'sandbox', 'README.md');
const DOCUMENTED_BASE = 'http://127.0.0.1:8787';

interface Example {
  script: string;
  prints: string;
}

/** The sh blocks between the README's curl-examples markers, each with the text block after it. */
function examples(markdown: string): Example[] {
  const start = markdown.indexOf('<!-- curl-examples');
  const end = markdown.indexOf('<!-- /curl-examples -->');
  if (start < 0 || end < start) throw new Error('the README has no curl-examples section');
  const blocks = [...markdown.slice(start, end).matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    body: m[2]!.replace(/\n$/, ''),
  }));
  const out: Example[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.lang !== 'sh') throw new Error(`a ${b.lang} block without an sh block before it: ${b.body}`);
    const next = blocks[i + 1];
    if (next?.lang !== 'text') throw new Error(`an sh block without the text block of what it prints: ${b.body}`);
    out.push({ script: b.body, prints: next.body });
    i++;
  }
  return out;
}

/** What the README shows, as a pattern: `…` stands for any text, the rest is literal. */
function pattern(prints: string): RegExp {
  const literal = prints.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[\\s\\S]*?')}$`);
}

function startSandbox(): { url: Promise<string>; stop: () => Promise<void> } {
  const child = spawn(TSX, [CLI, '--port', '0'], { cwd: ROOT });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', () => reject(new Error(`the sandbox stopped: ${output}`)));
  });
  url.catch(() => undefined);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a bash script in a fresh directory; resolves with its exit code and output. */
function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The person following the README has no proxy between curl and loopback either.
    const env = { ...process.env };
    for (const k of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY']) delete env[k];
    const child = spawn('bash', ['-c', script], { cwd: tmpdir(), env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const MARK = '@@example-done@@';

describe('the curl examples of sandbox/README.md', () => {
  const list = examples(readFileSync(README, 'utf8'));

  test('the section holds the examples the README promises', () => {
    const all = list.map((e) => e.script).join('\n');
    expect(all).toContain('/account-info');
    expect(all).toMatch(/\/(companies|people)\/find\?/);
    expect(all).toMatch(/curl -g [^\n]*page\[size\]/);
    expect(all).toContain('_links.next.href');
    expect(all).toMatch(/--data-binary @-[\s\S]*\/companies\/enrichment-requests/);
    expect(all).toMatch(/-X PATCH[\s\S]*"status":"canceled"/);
    expect(all).toMatch(/\/calls\/\$\w+\/recording/);
    expect(all).toMatch(/-X PATCH[\s\S]*"daily_email_limit"[\s\S]*\/mailboxes\//);
    // Every example speaks to the documented base address, which the test replaces.
    for (const e of list) if (e.script.includes('curl')) expect(e.script).toContain(DOCUMENTED_BASE);
    // The README tells people to use curl -g wherever a URL has brackets.
    for (const line of list.flatMap((e) => e.script.split('\n'))) if (/curl .*\[/.test(line)) expect(line).toContain('curl -g');
  });

  test('they run in order in one shell against a fresh sandbox, each exiting 0 and printing what the README shows', async () => {
    const sandbox = startSandbox();
    try {
      const url = await sandbox.url;
      // One shell, as a person runs them: later examples use variables set by earlier ones.
      // errexit and pipefail stop at the first failing command of any example.
      const script = ['set -euo pipefail', ...list.map((e) => `${e.script.split(DOCUMENTED_BASE).join(url)}\necho '${MARK}'`)].join('\n');
      const run = await bash(script);
      const outputs = run.stdout.split(`${MARK}\n`);
      const done = outputs.length - 1;
      if (run.code !== 0)
        throw new Error(`example ${done + 1} failed (exit ${run.code}):\n${list[done]?.script}\n${outputs[done]}${run.stderr}`);
      expect(run.stderr).toBe('');
      expect(done).toBe(list.length);
      const wrong = list.flatMap((e, i) => {
        const printed = outputs[i]!.replace(/\n$/, '');
        return pattern(e.prints).test(printed)
          ? []
          : [`example ${i + 1} printed\n${printed}\nbut the README shows\n${e.prints}\nfor\n${e.script}`];
      });
      expect(wrong).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });

  test('the output patterns are strict: … is the only wildcard', () => {
    expect(pattern('{"id":"…","name":"Alpha"}').test('{"id":"x-1","name":"Alpha"}')).toBe(true);
    expect(pattern('{"id":"…","name":"Alpha"}').test('{"id":"x-1","name":"Bravo"}')).toBe(false);
    expect(pattern('a.b (HTTP 404)').test('axb (HTTP 404)')).toBe(false);
    expect(pattern('line one\nline two').test('line one\nline two\nline three')).toBe(false);
  });
});
