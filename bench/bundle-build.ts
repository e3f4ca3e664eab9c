// Builds the add-on's bundle in memory with the options scripts/build.ts uses, optionally with
// full `zod` in place of `zod/mini`, for the bundle comparison. Never writes into dist/.
import { build } from 'esbuild';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { customFunctionDocs } from '../src/custom-function-docs';

const ROOT = join(__dirname, '..');
const GLOBAL = 'ProspectingAddon';

/**
 * dist/Code.js as scripts/build.ts makes it: the minified IIFE, then a top-level declaration per
 * entry point. With `fullZod`, every `zod/mini` import is bundled from `zod` (v4's classic API,
 * which also exports the functions the sources call).
 */
export async function buildCode(opts: { fullZod: boolean }): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'src/main.ts')],
    bundle: true,
    format: 'iife',
    globalName: GLOBAL,
    target: 'es2019',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'error',
    ...(opts.fullZod ? { alias: { 'zod/mini': 'zod' } } : {}),
  });
  const bundle = result.outputFiles[0]!.text;
  const context: Record<string, unknown> = {};
  runInNewContext(bundle, context);
  const loaded = context[GLOBAL] as { entryPoints: Record<string, unknown> } | undefined;
  if (!loaded) throw new Error(`the bundle did not define ${GLOBAL}`);
  const lines: string[] = [];
  for (const name of Object.keys(loaded.entryPoints)) {
    const custom = customFunctionDocs[name];
    if (custom) lines.push(custom.doc.trimEnd());
    lines.push(`function ${name}(${custom ? custom.params.join(', ') : ''}) { return ${GLOBAL}.entryPoints.${name}.apply(this, arguments); }`);
  }
  return `${bundle}\n${lines.join('\n')}\n`;
}
