// Dev-only: what dist/Code.js is made of before its names are shared (bytes per source module, longest and most repeated strings).
import { build } from 'esbuild';
import { bundleOptions } from './code-bundle';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const narrow = process.argv.includes('--narrow');

async function main(): Promise<void> {
  const result = await build({ ...bundleOptions(narrow), metafile: true, outfile: 'out.js' });
  const out = Object.values(result.metafile.outputs)[0]!;
  const rows = Object.entries(out.inputs)
    .map(([file, { bytesInOutput }]) => [relative(root, join(process.cwd(), file)), bytesInOutput] as const)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((n, [, b]) => n + b, 0);
  console.log(`modules: ${rows.length}, ${total} bytes in output of ${out.bytes}`);
  const byDir = new Map<string, number>();
  for (const [file, b] of rows) byDir.set(file.replace(/\/[^/]+$/, ''), (byDir.get(file.replace(/\/[^/]+$/, '')) ?? 0) + b);
  for (const [dir, b] of [...byDir].sort((a, b) => b[1] - a[1])) console.log(`${String(b).padStart(7)}  ${dir}/`);
  console.log('');
  for (const [file, b] of rows.slice(0, Number(process.env.TOP ?? 60))) console.log(`${String(b).padStart(7)}  ${file}`);
  // Strings: every quoted or template literal in the output, by bytes they cost in all.
  const text = result.outputFiles[0]!.text;
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)) {
    counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  }
  const strings = [...counts].map(([s, n]) => [s, n, Buffer.byteLength(s) * n] as const);
  console.log(`\nstrings: ${strings.length} distinct, ${strings.reduce((n, s) => n + s[2], 0)} bytes`);
  console.log('\nlongest:');
  for (const [s, n] of [...strings].sort((a, b) => b[2] - a[2]).slice(0, 40)) console.log(`${String(n).padStart(4)}× ${s.slice(0, 140)}`);
  console.log('\nrepeated (count ≥ 3, ≥ 8 bytes):');
  for (const [s, n, b] of strings
    .filter(([s, n]) => n >= 3 && s.length >= 8)
    .sort((a, b) => b[2] - a[2])
    .slice(0, 40)) {
    console.log(`${String(b).padStart(6)} ${String(n).padStart(4)}× ${s.slice(0, 100)}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
