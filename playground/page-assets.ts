// The page's own files, built in memory when the server starts: its HTML, and its script and styles
// bundled by esbuild with the grid library from node_modules (nothing is fetched from elsewhere).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PageAssets {
  html: string;
  js: string;
  css: string;
}

export async function buildPageAssets(): Promise<PageAssets> {
  const dir = join(__dirname, 'page');
  const out = await build({
    entryPoints: [join(dir, 'main.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    outdir: 'out',
    legalComments: 'none',
    logLevel: 'warning',
  });
  const file = (ext: string) => out.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { html: readFileSync(join(dir, 'index.html'), 'utf8'), js: file('.js'), css: file('.css') };
}
