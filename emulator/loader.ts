// Finds the bundle's files and the functions it declares at top level (the only ones Apps Script
// can call by name), and which carry `@customfunction` in the JSDoc right above them.
import * as fs from 'node:fs';
import * as path from 'node:path';
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
