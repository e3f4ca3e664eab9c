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

export function declaredFunctions(source: string, file = 'Code.js'): DeclaredFunction[] {
  const comments: Comment[] = [];
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'script', onComment: comments });
  const out: DeclaredFunction[] = [];
  for (const node of program.body) {
    if (node.type !== 'FunctionDeclaration' || !node.id) continue;
    const doc = comments.filter((c) => c.type === 'Block' && c.end <= node.start).pop();
    const adjacent = doc !== undefined && source.slice(doc.end, node.start).trim() === '';
    out.push({ name: node.id.name, customFunction: adjacent && /@customfunction\b/.test(doc.value), file });
  }
  return out;
}
