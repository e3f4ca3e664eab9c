// dist/Code.js against the same sources bundled with full `zod`: size, the time to load each into
// a fresh `vm` context (the first load, then the median of many), and zod schemas built at load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext, type Context } from 'node:vm';
import { DIST } from './addon-run';
import { buildCode } from './bundle-build';

interface BundleLoad {
  bytes: number;
  /** The first load in this process (parsing and compiling included). */
  firstLoadMs: number;
  /** Median of `loads` loads after the first, each into a fresh context. */
  warmLoadMs: number;
  loads: number;
  /** zod schemas built while the bundle loads (each sets a `_zod` property). */
  schemasAtLoad: number;
}

export interface BundleFigures {
  dist: BundleLoad;
  fullZod: BundleLoad;
  /** Whether the bench's own build of the sources gave exactly dist/Code.js (so the two are comparable). */
  sameAsDist: boolean;
}

function loadOnce(code: string): number {
  const context = createContext({});
  const started = performance.now();
  runInContext(code, context, { filename: 'Code.js' });
  return performance.now() - started;
}

/**
 * A fresh context in which every zod schema built is counted: zod installs each schema's
 * internals as a `_zod` property with Object.defineProperty, which is wrapped here to count them.
 */
export function schemaCountingContext(): { context: Context; built(): number } {
  const context = createContext({});
  runInContext(
    `var schemasBuilt = 0;
     (function () {
       var define = Object.defineProperty;
       Object.defineProperty = function (target, key, descriptor) {
         if (key === '_zod') schemasBuilt++;
         return define.call(Object, target, key, descriptor);
       };
     })();`,
    context,
  );
  return { context, built: () => runInContext('schemasBuilt', context) as number };
}

/** How many zod schemas loading the bundle builds. */
function schemasBuiltAtLoad(code: string): number {
  const counting = schemaCountingContext();
  runInContext(code, counting.context, { filename: 'Code.js' });
  return counting.built();
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Measures bundles side by side: after a throw-away load (so neither pays for the process's own
 * first use of `vm`), each one's first load, then `loads` rounds loading each in turn, so both
 * see the same machine state.
 */
function measureLoads(codes: string[], loads: number): BundleLoad[] {
  loadOnce('var warmUp = 1;');
  const first = codes.map(loadOnce);
  const times: number[][] = codes.map(() => []);
  for (let i = 0; i < loads; i++) codes.forEach((code, k) => times[k]!.push(loadOnce(code)));
  return codes.map((code, k) => ({
    bytes: Buffer.byteLength(code),
    firstLoadMs: first[k]!,
    warmLoadMs: median(times[k]!),
    loads,
    schemasAtLoad: schemasBuiltAtLoad(code),
  }));
}

export async function runBundleBench(loads: number): Promise<BundleFigures> {
  const dist = readFileSync(join(DIST, 'Code.js'), 'utf8');
  const mini = await buildCode({ fullZod: false });
  const full = await buildCode({ fullZod: true });
  const [distLoad, fullLoad] = measureLoads([dist, full], loads);
  return { dist: distLoad!, fullZod: fullLoad!, sameAsDist: mini === dist };
}
