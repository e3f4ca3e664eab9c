// The plan of src/ (scripts/src-plan.cjs) names every folder of src/, and the import rules built
// from it refuse what it forbids: a folder left off the plan, or automation off its layer, fails here.
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const load = createRequire(__filename);
const plan = load('../../scripts/src-plan.cjs') as Record<'SRC_LAYERS' | 'FEATURES' | 'ENTRY' | 'TOP_FILES', string[]>;
interface Rule {
  name: string;
  from: { path?: string; pathNot?: string };
  to: { path?: string; pathNot?: string };
}
const rules = (load('../../.dependency-cruiser.cjs') as { forbidden: Rule[] }).forbidden;
const rule = (name: string): Rule => rules.find((r) => r.name === name)!;

/** Whether a rule forbids `from` importing `to` by its paths (what dependency-cruiser checks first). */
const forbids = (r: Rule, from: string, to: string): boolean => {
  const match = (p: string | undefined, s: string, absent: boolean) => (p === undefined ? absent : new RegExp(p).test(s));
  return (
    match(r.from.path, from, true) && !match(r.from.pathNot, from, false) && match(r.to.path, to, true) && !match(r.to.pathNot, to, false)
  );
};

test('every folder and top-level file of src/ is on the plan, and the plan names nothing else', () => {
  const entries = readdirSync(join(root, 'src'));
  const folders = entries.filter((e) => statSync(join(root, 'src', e)).isDirectory());
  expect(folders.sort()).toEqual([...plan.SRC_LAYERS, ...plan.FEATURES, ...plan.ENTRY].sort());
  expect(entries.filter((e) => !folders.includes(e)).sort()).toEqual([...plan.TOP_FILES].sort());
});

test('a module in a folder off the plan is refused, importing or imported', () => {
  const on = rule('src-on-the-plan');
  const into = rule('src-imports-only-the-plan');
  expect(forbids(on, 'src/reports/x.ts', 'src/api/errors.ts')).toBe(true);
  expect(forbids(into, 'src/main.ts', 'src/reports/x.ts')).toBe(true);
  for (const folder of [...plan.SRC_LAYERS, ...plan.FEATURES, ...plan.ENTRY]) {
    expect(forbids(on, `src/${folder}/x.ts`, 'src/api/errors.ts')).toBe(false);
    expect(forbids(into, 'src/main.ts', `src/${folder}/x.ts`)).toBe(false);
  }
  expect(forbids(on, 'src/main.ts', 'src/config.ts')).toBe(false);
});

test('automation is a layer between the job engine and Apps Script: jobs may not import it, it may not import gas or a feature', () => {
  expect(forbids(rule('src-jobs-layer'), 'src/jobs/engine.ts', 'src/automation/candidates.ts')).toBe(true);
  expect(forbids(rule('src-api-layer'), 'src/api/client.ts', 'src/automation/candidates.ts')).toBe(true);
  expect(forbids(rule('src-automation-layer'), 'src/automation/candidates.ts', 'src/gas/settings.ts')).toBe(true);
  expect(forbids(rule('src-automation-layer'), 'src/automation/candidates.ts', 'src/runs/automation-settings.ts')).toBe(true);
  expect(forbids(rule('src-automation-layer'), 'src/automation/candidates.ts', 'src/jobs/action-catalog.ts')).toBe(false);
  expect(forbids(rule('src-gas-layer'), 'src/gas/automation-store.ts', 'src/automation/home-watch.ts')).toBe(false);
});

test('base is the first layer: every folder of src/ may import it, it imports no other folder of src/', () => {
  const folders = [...plan.SRC_LAYERS, ...plan.FEATURES, ...plan.ENTRY].filter((f) => f !== 'base');
  const layerRules = rules.filter((r) => r.name.endsWith('-layer'));
  for (const folder of folders) {
    expect(forbids(rule('src-base-layer'), 'src/base/fail.ts', `src/${folder}/x.ts`)).toBe(true);
    for (const r of layerRules) expect(forbids(r, `src/${folder}/x.ts`, 'src/base/fail.ts')).toBe(false);
  }
  expect(forbids(rule('base-stands-alone'), 'src/base/fail.ts', 'src/config.ts')).toBe(true);
  expect(forbids(rule('base-stands-alone'), 'src/base/fail.ts', 'src/base/lazy.ts')).toBe(false);
});
