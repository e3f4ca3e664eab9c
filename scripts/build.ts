// Builds what Apps Script runs: dist/Code.js (one IIFE plus a top-level declaration per entry
// point), dist/appsscript.json (with the fetch whitelist) and dist/Sidebar.html (inlined).
// `npm run build -- --narrow` builds the version that asks for `spreadsheets.currentonly` in place
// of the full `spreadsheets` scope and automates one spreadsheet only (docs/marketplace/narrow-build.md).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addonManifest } from './addon-manifest';
import { buildCode } from './code-bundle';

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const BUDGET_BYTES = 150 * 1024;

const narrow = process.argv.includes('--narrow');

async function buildSidebar(): Promise<number> {
  const script = await build({
    entryPoints: [join(root, 'sidebar/main.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const styles = await build({
    entryPoints: [join(root, 'sidebar/styles.css')],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  const js = script.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  const css = styles.outputFiles[0]!.text.replace(/<\/style/gi, '<\\/style');
  const template = readFileSync(join(root, 'sidebar/index.html'), 'utf8');
  const html = template
    .replace('<!-- STYLES -->', () => `<style>${css}</style>`)
    .replace('<!-- SCRIPT -->', () => `<script>${js}</script>`);
  writeFileSync(join(dist, 'Sidebar.html'), html);
  return Buffer.byteLength(html);
}

async function main(): Promise<void> {
  mkdirSync(dist, { recursive: true });
  const { code, entryPoints } = await buildCode({ narrow });
  writeFileSync(join(dist, 'Code.js'), code);
  writeFileSync(join(dist, 'appsscript.json'), `${JSON.stringify(addonManifest(narrow), null, 2)}\n`);
  const sidebarBytes = await buildSidebar();
  const size = Buffer.byteLength(code);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`dist/Code.js       ${kb(size)} (budget ${kb(BUDGET_BYTES)}), ${entryPoints.length} entry points`);
  console.log(`dist/Sidebar.html  ${kb(sidebarBytes)}`);
  console.log(`dist/appsscript.json${narrow ? ' (narrow: spreadsheets.currentonly)' : ''}`);
  if (size > BUDGET_BYTES) {
    console.error(`dist/Code.js is over its ${kb(BUDGET_BYTES)} budget.`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
