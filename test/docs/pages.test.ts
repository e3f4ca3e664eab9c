// The README and the docs pages say what the code does: the demo keys' accounts and credits as
// the page and the local service seed them, the two commands a fresh machine needs (the test
// command being the one CI runs), every npm script in the table of commands, and every link
// between the pages leading to a file and a heading that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createWorld } from '../../playground/world';
import { demoAccounts, parseCommandLine } from '../../sandbox/cli-options';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = read('README.md');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The rows of a page's demo-key table: key, account, and the two credits columns. */
function demoKeyRows(page: string): string[][] {
  return [...read(page).matchAll(/^\| `(demo-key-[\w-]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) =>
    m.slice(1).map((c) => c.trim()),
  );
}

/** "1,000 email, 200 phone (...)" as numbers. */
function credits(cell: string): { email: number; phone: number } {
  const m = /^([\d,]+) email, ([\d,]+) phone\b/.exec(cell);
  if (!m) throw new Error(`not a credits cell: ${cell}`);
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return { email: n(m[1]!), phone: n(m[2]!) };
}

describe.each(['README.md', 'docs/local-service.md'])('the demo keys of %s', (page) => {
  test('are the accounts the page and npm run sandbox seed, with the credits each starts with', () => {
    const { service } = createWorld({ bundleDir: join(ROOT, 'dist'), sample: false });
    const cli = parseCommandLine([]);
    if (cli.kind !== 'run') throw new Error('npm run sandbox with no options should run');
    const seeded = demoAccounts(cli.config);
    const rows = demoKeyRows(page);
    expect(rows.map((r) => r[0])).toEqual(seeded.map((a) => a.key));
    for (const [key, account, onPage, withSandbox] of rows) {
      const seed = seeded.find((a) => a.key === key)!;
      expect(account).toBe(seed.name);
      expect(credits(onPage!)).toEqual(service.account(key!)!.credits);
      expect(credits(withSandbox!)).toEqual(seed.credits);
    }
  });
});

describe('the README', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(README)![1]!;
  const commands = firstBlock
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);

  test('gives a fresh machine two commands: the install and the page, and the tests CI runs as written', () => {
    expect(commands).toEqual(['npm ci && npm start', 'npm test']);
    const ci = read('.ci/run')
      .split('\n')
      .filter((l) => !l.trim().startsWith('#'))
      .join('\n');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toContain(`${commands[1]} 2>&1`);
  });

  test('lists every npm script in its table of commands, and only those', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const listed = [...README.matchAll(/^\| `npm (?:run )?([\w:-]+)` \|/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...scripts].sort());
  });

  test('is read in minutes: the rest is in docs/, each page linked from it', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(160);
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) expect(README).toContain(`](${page}`);
  });
});

/** A heading's anchor as GitHub makes it. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchors = (markdown: string): Set<string> =>
  new Set([...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

// The listing kit's folder comes with its own change; until it is here, a link into it waits for it.
const arriving = (target: string): boolean => target.startsWith('docs/marketplace/') && !existsSync(join(ROOT, 'docs/marketplace'));

test.each(PAGES)('every relative link of %s leads to a file, and to a heading of it', (page) => {
  const text = read(page).replace(/```[\s\S]*?```/g, '');
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
  if (page === 'README.md') expect(links.length).toBeGreaterThan(10);
  for (const link of links) {
    const [file, anchor] = link.split('#') as [string, string | undefined];
    const target = file ? relative(ROOT, join(ROOT, dirname(page), file)) : page;
    if (arriving(target)) continue;
    expect({ link, exists: existsSync(join(ROOT, target)) }).toEqual({ link, exists: true });
    if (anchor && target.endsWith('.md')) expect({ link, anchor: anchors(read(target)).has(anchor) }).toEqual({ link, anchor: true });
  }
});
