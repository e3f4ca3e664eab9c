// dist/Code.js as a text: the add-on bundled into one IIFE, then a top-level declaration per entry
// point (with its custom-function documentation), which is what Apps Script calls. Shared by the
// build and the bench's full-zod comparison.
import { build, type BuildOptions } from 'esbuild';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { MENU_ITEMS } from '../src/addon/menu';
import { customFunctionDocs } from '../src/formulas/function-docs';
import { shareNames } from './shared-names';

const root = join(__dirname, '..');
const GLOBAL = 'ProspectingAddon';
/**
 * The entry points, in their order, under a short name for the declarations to call by position
 * (`E_[3]`, not `E_.enrichPeople`): forty declarations repeat it, and the file is loaded on every
 * execution. The trailing underscore keeps it private.
 */
const ENTRY = 'E_';

interface LoadedBundle {
  entryPoints: Record<string, unknown>;
  triggerHandlers: string[];
}

/** Evaluates the bundle in a context with no Apps Script service at all, and reads its entry points. */
function loadBundle(code: string): LoadedBundle {
  const context: Record<string, unknown> = {};
  runInNewContext(code, context);
  const loaded = context[GLOBAL] as LoadedBundle | undefined;
  if (!loaded) throw new Error(`the bundle did not define ${GLOBAL}`);
  return loaded;
}

function declarations(loaded: LoadedBundle): string {
  // Written without spaces, as the bundle is: every execution loads them.
  const lines: string[] = [`var ${ENTRY}=Object.values(${GLOBAL}.entryPoints);`];
  // Apps Script ignores what the simple triggers, a menu item or a time-driven trigger returns, and
  // their handlers return nothing: their declarations only call.
  const silent = new Set(['onOpen', 'onInstall', ...MENU_ITEMS.flatMap((item) => (item ? [item[1]] : [])), ...loaded.triggerHandlers]);
  for (const [i, [name, fn]] of Object.entries(loaded.entryPoints).entries()) {
    const custom = customFunctionDocs[name];
    if (custom) lines.push(custom.doc.trimEnd());
    // The arguments are passed on as they came; no entry point reads `this`. A custom function
    // keeps its named parameters (its JSDoc names them); an entry point that declares none (as
    // built: `()=>`, not a default or a rest, which also count none) is given none; the others
    // take theirs as one short rest.
    const takesNone = /^\(\)=>/.test(String(fn));
    const [params, args] = custom ? [custom.params.join(','), '...arguments'] : takesNone ? ['', ''] : ['...a', '...a'];
    lines.push(`function ${name}(${params}){${silent.has(name) ? '' : 'return '}${ENTRY}[${i}](${args})}`);
  }
  return lines.join('\n');
}

/**
 * The bundle as one IIFE whose value, the global `ProspectingAddon`, holds the entry module's
 * exports. esbuild's own IIFE (format `iife` with a global name) reaches them through its
 * CommonJS helpers, 0.4 KB that every execution loads: the module is built as ESM and its one
 * `export { … }` becomes the IIFE's return value instead.
 */
function asIife(esm: string): string {
  const tail = /export\s*\{([^}]*)\};?\s*$/.exec(esm);
  if (!tail) throw new Error('the bundle does not end with its exports');
  const names = tail[1]!.split(',').map((item) => {
    const [local, exported = local] = item.trim().split(/\s+as\s+/);
    return exported === local ? local! : `${exported}:${local}`;
  });
  return `"use strict";var ${GLOBAL}=(()=>{${esm.slice(0, tail.index)}return{${names.join(',')}}})();\n`;
}

/**
 * `zod/mini` as the bundle has it: the part of it the add-on calls, written for the bundle's size
 * (src/api/zod-subset.ts). Everything else (tests, the local service, tools) imports zod itself.
 */
const ZOD_SUBSET = { 'zod/mini': join(root, 'src/api/zod-subset.ts') };

/**
 * The text of dist/Code.js and its entry points' names. `alias` rewrites imports (the bench
 * bundles `zod` in place of `zod/mini` to compare). `narrow`: the build whose manifest asks for
 * `spreadsheets.currentonly` (src/config.ts, `ONE_SPREADSHEET`). A warning fails the build: a zod
 * function the subset lacks is one (esbuild's "will always be undefined").
 */
/** How esbuild bundles src/main.ts for Apps Script (the same for the size report, scripts/bundle-sizes.ts). */
export const bundleOptions = (narrow = false) =>
  ({
    entryPoints: [join(root, 'src/main.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    legalComments: 'none',
    // Text as UTF-8 (`·` is two bytes, `\xB7` four): Apps Script reads the file as UTF-8.
    charset: 'utf8',
    write: false,
    logLevel: 'warning',
    alias: ZOD_SUBSET,
    // Always defined, so that the full build drops what only the narrow one does.
    define: { NARROW_BUILD: narrow ? 'true' : 'false' },
  }) satisfies BuildOptions;

export async function buildCode(
  opts: { alias?: Record<string, string>; logLevel?: 'warning' | 'error'; narrow?: boolean } = {},
): Promise<{ code: string; entryPoints: string[] }> {
  const result = await build({
    ...bundleOptions(opts.narrow),
    logLevel: opts.logLevel ?? 'warning',
    alias: { ...ZOD_SUBSET, ...opts.alias },
  });
  if (result.warnings.length) throw new Error(`the bundle built with ${result.warnings.length} warning(s), shown above`);
  const bundle = await shareNames(asIife(result.outputFiles[0]!.text));
  const loaded = loadBundle(bundle);
  return { code: `${bundle}\n${declarations(loaded)}\n`, entryPoints: Object.keys(loaded.entryPoints) };
}
