// The contact ids sandbox/README.md names for the default seed are the ones the service issues.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contactIds, createLocalService } from '../../sandbox';

const README = readFileSync(join(__dirname, '../../sandbox/README.md'), 'utf8');

test("each demo key's row of the contacts table names its count and first three contacts", () => {
  const service = createLocalService({});
  const rows = [...README.matchAll(/^\| `(demo-key-\w+)` \| (\d+) \| (`[0-9a-f-]{36}`(?:, `[0-9a-f-]{36}`)*) \|$/gm)];
  expect(rows.map((r) => r[1])).toEqual(service.keys());
  for (const [, key, count, ids] of rows) {
    const issued = contactIds(service, key!);
    expect(issued).toHaveLength(Number(count));
    expect(ids!.split(', ').map((id) => id.slice(1, -1))).toEqual(issued.slice(0, 3));
  }
  const example = /contacts\/([0-9a-f-]{36})/.exec(README)![1];
  expect(contactIds(service, 'demo-key-alpha')).toContain(example);
});
