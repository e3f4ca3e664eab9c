// Loading dist/Code.js builds no zod schema: every recalculated custom-function cell evaluates the
// whole bundle, so each schema is built the first time it is used, never while the bundle loads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInContext } from 'node:vm';
import { schemaCountingContext } from '../../bench/bundle-load';
import { DIST } from '../support/bare-context';

const CODE = join(DIST, 'Code.js');

beforeAll(() => {
  if (!existsSync(CODE)) throw new Error('dist/Code.js is missing: run `npm run build` first');
});

function loadBundle() {
  const counting = schemaCountingContext();
  runInContext(readFileSync(CODE, 'utf8'), counting.context, { filename: 'Code.js' });
  return counting;
}

test('loading the bundle builds no schema', () => {
  const { context, built } = loadBundle();
  expect(runInContext('typeof ProspectingAddon.entryPoints.ENRICH_COMPANY', context)).toBe('function');
  expect(built()).toBe(0);
});

test('a schema is built when it is first used, and only the ones that call needs', () => {
  const { context, built } = loadBundle();
  // Saving settings reads its input before it touches the user's properties, which this context
  // does not have: the settings schema is built, then the call stops.
  expect(() => runInContext('ProspectingAddon.entryPoints.saveSettings({ fields: "all" })', context)).toThrow(/PropertiesService/);
  const forSettings = built();
  expect(forSettings).toBeGreaterThan(0);
  // Asked again, the same schema is reused rather than built anew.
  expect(() => runInContext('ProspectingAddon.entryPoints.saveSettings({ fields: "basic" })', context)).toThrow(/PropertiesService/);
  expect(built()).toBe(forSettings);
  // The settings need a handful of schemas, not the answers' whole set of several hundred.
  expect(forSettings).toBeLessThan(20);
});
