// Finds the bundle's files and the functions it declares at top level (the only ones Apps Script
// can call by name), and which carry `@customfunction` in the JSDoc right above them; and loads
// the files into a context, as gas-local does, keeping their text between executions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { parse, type Comment } from 'acorn';

export interface DeclaredFunction {
  name: string;
  customFunction: boolean;
  file: string;
}

export function bundleFiles(dir: string, filter: (file: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d)) {
      const f = path.join(d, name);
      if (fs.statSync(f).isDirectory()) walk(f);
      else if (filter(f)) out.push(f);
    }
  };
  walk(dir);
  return out;
}

/**
 * The declarations of recently parsed sources: every host made over the same bundle (hundreds in
 * a property-based test) would otherwise parse it again.
 */
const parsed = new Map<string, ReadonlyArray<{ name: string; customFunction: boolean }>>();
const PARSED_KEPT = 16;

export function declaredFunctions(source: string, file = 'Code.js'): DeclaredFunction[] {
  let found = parsed.get(source);
  if (!found) {
    found = parseDeclarations(source);
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, found);
  }
  return found.map((d) => ({ ...d, file }));
}

function parseDeclarations(source: string): Array<{ name: string; customFunction: boolean }> {
  const comments: Comment[] = [];
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'script', onComment: comments });
  const out: Array<{ name: string; customFunction: boolean }> = [];
  for (const node of program.body) {
    if (node.type !== 'FunctionDeclaration' || !node.id) continue;
    const doc = comments.filter((c) => c.type === 'Block' && c.end <= node.start).pop();
    const adjacent = doc !== undefined && source.slice(doc.end, node.start).trim() === '';
    out.push({ name: node.id.name, customFunction: adjacent && /@customfunction\b/.test(doc.value) });
  }
  return out;
}

/**
 * A bundle folder's script files as gas-local loads them: every file under the folder, depth
 * first in directory order, named `folder/file`, kept when `filter` accepts that name. A file's
 * text is read again only when its size or modification time changed, so an execution does not
 * read and decode the whole bundle from disk.
 */
export class BundleFiles {
  private readonly texts = new Map<string, { size: number; mtimeMs: number; text: string }>();

  constructor(
    private readonly dir: string,
    private readonly filter: (file: string) => boolean,
  ) {}

  /** The files' names and texts now. */
  read(): Array<{ file: string; text: string }> {
    const found: Array<{ file: string; stat: fs.Stats }> = [];
    const walk = (d: string) => {
      for (const name of fs.readdirSync(d)) {
        const file = d + '/' + name;
        const stat = fs.statSync(file);
        if (stat.isDirectory()) walk(file);
        else found.push({ file, stat });
      }
    };
    walk(this.dir);
    return found
      .filter(({ file }) => this.filter(file))
      .map(({ file, stat }) => {
        let known = this.texts.get(file);
        if (!known || known.size !== stat.size || known.mtimeMs !== stat.mtimeMs) {
          known = { size: stat.size, mtimeMs: stat.mtimeMs, text: fs.readFileSync(file, 'utf8') };
          this.texts.set(file, known);
        }
        return { file, text: known.text };
      });
  }
}

/** Runs each file in the context, in order, named by its path (as stack traces show it). */
export function runFiles(files: ReadonlyArray<{ file: string; text: string }>, context: vm.Context): void {
  for (const { file, text } of files) vm.runInContext(text, context, file);
}
