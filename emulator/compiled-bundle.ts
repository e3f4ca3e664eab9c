// Runs the bundle's script files in a context as gas-local does (every file the filter keeps, in
// the folder's order, each under its path), compiling each file once while it stays unchanged.
import * as fs from 'node:fs';
import * as vm from 'node:vm';
import { bundleFiles } from './loader';

interface Compiled {
  mtimeMs: number;
  size: number;
  script: vm.Script;
}

/**
 * A file's compiled script, for as long as its modification time and size stay the same. Every
 * execution loads the bundle into a fresh context; compiling it anew each time (reading the
 * file, turning its bytes into a string, handing V8 the source) took about as long as running
 * its top-level code. A `vm.Script` runs in any context, and the functions it declares share
 * their compiled code across contexts, so the script is the same and only its globals are new.
 */
const compiled = new Map<string, Compiled>();

function scriptOf(file: string): vm.Script {
  const { mtimeMs, size } = fs.statSync(file);
  const hit = compiled.get(file);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit.script;
  const script = new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file });
  compiled.set(file, { mtimeMs, size, script });
  return script;
}

/** Runs every script file of `dir` that `filter` keeps in `context`; the first error stops the load. */
export function runBundle(dir: string, filter: (file: string) => boolean, context: vm.Context): void {
  for (const file of bundleFiles(dir, filter)) scriptOf(file).runInContext(context);
}
