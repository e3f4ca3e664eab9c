// Every name Apps Script calls (menu targets, sidebar calls, triggers, custom functions) is a
// top-level function declaration in dist/Code.js, and custom functions carry @customfunction.
import { customFunctionDocs } from '../../src/formulas/function-docs';
import { parse, type Comment } from 'acorn';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, loadBundle } from '../support/bare-context';

const code = readFileSync(join(DIST, 'Code.js'), 'utf8');
const comments: Comment[] = [];
const program = parse(code, { ecmaVersion: 2020, sourceType: 'script', onComment: comments });

const declared = new Map<string, { start: number }>();
for (const node of program.body) {
  if (node.type === 'FunctionDeclaration' && node.id) declared.set(node.id.name, { start: node.start });
}

function menuTargets(): string[] {
  const targets: string[] = [];
  const menu = {
    addItem(_label: string, fn: string) {
      targets.push(fn);
      return menu;
    },
    addSeparator() {
      return menu;
    },
    addSubMenu(sub: unknown) {
      void sub;
      return menu;
    },
    addToUi() {},
  };
  const ui = { createAddonMenu: () => menu, createMenu: () => menu };
  loadBundle({ SpreadsheetApp: { getUi: () => ui } }).evaluate('onOpen({})');
  return targets;
}

const bundle = loadBundle();
const exported = bundle.evaluate<{ entryPoints: object; sidebarApi: object; triggerHandlers: string[] }>('ProspectingAddon');

test("the bundle has no syntax Apps Script's V8 refuses: no private #fields, no static class fields", () => {
  const offenders: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; static?: boolean; start?: number };
    if (n.type === 'PrivateIdentifier') offenders.push(`private field at ${n.start}`);
    if (n.type === 'PropertyDefinition' && n.static) offenders.push(`static field at ${n.start}`);
    if (n.type === 'StaticBlock') offenders.push(`static block at ${n.start}`);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(parse(code, { ecmaVersion: 2022, sourceType: 'script' }));
  expect(offenders).toEqual([]);
  // The same check finds them when they are there.
  visit(parse('class A { static x = 1; #y = 2 }', { ecmaVersion: 2022 }));
  expect(offenders).toHaveLength(2);
});

test('onOpen and onInstall are declared', () => {
  expect(declared.has('onOpen')).toBe(true);
  expect(declared.has('onInstall')).toBe(true);
});

test('every menu target is declared', () => {
  const targets = menuTargets();
  expect(targets.length).toBeGreaterThan(0);
  for (const t of targets) expect([t, declared.has(t)]).toEqual([t, true]);
});

test('every function the sidebar may call is declared and public', () => {
  const names = Object.keys(exported.sidebarApi);
  expect(names).toContain('connect');
  for (const n of names) {
    expect([n, declared.has(n)]).toEqual([n, true]);
    expect(n.endsWith('_')).toBe(false);
  }
});

test('every trigger handler is declared', () => {
  expect(exported.triggerHandlers.length).toBeGreaterThan(0);
  for (const n of exported.triggerHandlers) expect([n, declared.has(n)]).toEqual([n, true]);
});

test('every custom function is declared with @customfunction JSDoc directly above it', () => {
  for (const name of Object.keys(customFunctionDocs)) {
    const decl = declared.get(name);
    expect([name, Boolean(decl)]).toEqual([name, true]);
    const above = comments.filter((c) => c.type === 'Block' && c.end <= decl!.start).pop();
    expect(above && code.slice(above.end, decl!.start).trim()).toBe('');
    expect(above?.value).toMatch(/@customfunction/);
  }
});

test('every declaration forwards to the entry point of its own name', () => {
  const entries = exported.entryPoints as Record<string, unknown>;
  // The declarations call the entry points by position (`E_[3]`), in the order the bundle lists them.
  const byPosition = bundle.evaluate<unknown[]>('E_');
  for (const name of declared.keys()) {
    expect([name, typeof entries[name]]).toEqual([name, 'function']);
    const at = /^function \w+\([^)]*\)\{(?:return )?E_\[(\d+)\]\(/.exec(code.slice(declared.get(name)!.start))?.[1];
    expect([name, at !== undefined && byPosition[Number(at)] === entries[name]]).toEqual([name, true]);
    // The sidebar and a cell get what the entry point answers: their declarations return it.
    if (name in exported.sidebarApi || name in customFunctionDocs) {
      expect([name, /^function \w+\([^)]*\)\{return /.test(code.slice(declared.get(name)!.start))]).toEqual([name, true]);
    }
  }
});
