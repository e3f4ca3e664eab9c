// The whole repository type-checks (`tsc -b`: the add-on once, then tests and tooling, the sidebar
// and the page against its declarations). Run as a test so it shares the workers with the rest of
// the suite, and a type error counts among the failures with tsc's own messages.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

test('tsc -b finds no type error anywhere', () => {
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: ROOT, encoding: 'utf8' });
  expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  expect(tsc.status).toBe(0);
}, 300000);
