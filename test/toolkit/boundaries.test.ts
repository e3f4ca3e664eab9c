// Which folders of the tooling may import which: the page, the bench, the demo and the world reach
// the host and the service only through their index files; the host and the service import
// neither each other nor the tools built on them; the toolkit imports nothing of the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TOOLS = ['playground', 'bench', 'demo', 'world'];
const ENGINES = ['emulator', 'sandbox'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module a file imports, exports from or requires, as a path from the root (no extension). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"](\.[^'"]*)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(ROOT, resolve(dirname(file), s)).split(sep).join('/'));
}

function crossings(folders: string[], allowed: (target: string, top: string) => boolean): string[] {
  return folders.flatMap((folder) =>
    tsFiles(join(ROOT, folder)).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.split('/')[0] !== folder && !allowed(target, target.split('/')[0]!))
        .map((target) => `${relative(ROOT, file)} -> ${target}`),
    ),
  );
}

test('the tools reach the host and the service only through their index files', () => {
  expect(crossings(TOOLS, (target, top) => !ENGINES.includes(top) || ENGINES.some((e) => target === e || target === `${e}/index`))).toEqual([]);
});

test('the host and the service import neither each other nor the tools', () => {
  expect(crossings(ENGINES, (_, top) => ![...ENGINES, ...TOOLS].includes(top))).toEqual([]);
});

test('the toolkit imports nothing of the repository', () => {
  expect(crossings(['toolkit'], () => false)).toEqual([]);
});
