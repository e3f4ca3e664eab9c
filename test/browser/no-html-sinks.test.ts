// The sidebar puts data on the page as text only: none of its code uses an HTML sink.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.ts') ? [join(dir, f)] : [],
  );
}

test('no innerHTML, outerHTML, insertAdjacentHTML or document.write in the sidebar', () => {
  const root = join(__dirname, '../../sidebar');
  const offenders = files(root).flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .map((line, i) => [line.replace(/\/\/.*$/, ''), i + 1] as const)
      .filter(([line]) => /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write)\b/.test(line))
      .map(([, n]) => `${f}:${n}`),
  );
  expect(offenders).toEqual([]);
});
