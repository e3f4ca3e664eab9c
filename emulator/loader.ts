// Finds the bundle's files and the functions it declares at top level (the only ones Apps Script
// can call by name), and which carry `@customfunction` in the JSDoc right above them.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse, version as acornVersion, type Comment } from 'acorn';

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

type Declarations = ReadonlyArray<{ name: string; customFunction: boolean }>;

/**
 * The declarations of recently parsed sources: every host made over the same bundle (hundreds in
 * a property-based test) would otherwise parse it again.
 */
const parsed = new Map<string, Declarations>();
const PARSED_KEPT = 16;

/**
 * Where the declarations of a source are kept between processes, by the hash of the source and of
 * the reading (acorn's version, `parseDeclarations` itself): parsing the bundle takes a fresh
 * process (each test file) a third of a second or more.
 */
const KEPT_DIR = path.join(os.tmpdir(), 'apps-script-host-declarations');

function keptDeclarations(source: string): Declarations {
  const hash = createHash('sha1').update(`${acornVersion}\0${parseDeclarations.toString()}\0${source}`).digest('hex');
  const file = path.join(KEPT_DIR, `${hash}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Declarations;
  } catch {
    // Not kept yet (or unreadable): parsed, and kept for the next process if the folder allows.
  }
  const found = parseDeclarations(source);
  try {
    fs.mkdirSync(KEPT_DIR, { recursive: true });
    // Written whole under another name, then renamed: a reader never sees half a file.
    const part = `${file}.${process.pid}`;
    fs.writeFileSync(part, JSON.stringify(found));
    fs.renameSync(part, file);
  } catch {
    // Keeping is only a saving.
  }
  return found;
}

export function declaredFunctions(source: string, file = 'Code.js'): DeclaredFunction[] {
  let found = parsed.get(source);
  if (!found) {
    found = keptDeclarations(source);
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
