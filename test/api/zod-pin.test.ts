// zod is pinned to the exact version whose internals src/api/kinds.ts and checks.ts build on: a
// schema's `_zod.run` (a synchronous parse that adds issues to a payload), and `z.check` with its
// `when` and the issue's `inst` and `continue`. An upgrade that moves them fails here first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const installed = (JSON.parse(readFileSync(join(root, 'node_modules/zod/package.json'), 'utf8')) as { version: string }).version;

test('package.json pins zod to one exact version, the one installed', () => {
  expect(manifest.dependencies.zod).toMatch(/^\d+\.\d+\.\d+$/);
  expect(installed).toBe(manifest.dependencies.zod);
});

test("a schema's _zod.run parses synchronously into the payload it is given", () => {
  const payload = z.string()._zod.run({ value: 7, issues: [] }, { async: false }) as z.core.ParsePayload;
  expect(payload.value).toBe(7);
  expect(payload.issues).toHaveLength(1);
  expect(payload.issues[0]).toMatchObject({ code: 'invalid_type', expected: 'string' });
  const fine = z.string()._zod.run({ value: 'ok', issues: [] }, { async: false }) as z.core.ParsePayload;
  expect(fine.issues).toEqual([]);
});

test("z.check's issue keeps its own message and path, runs only `when` it should, and goes on when told to", () => {
  let seen = 0;
  const check: z.core.$ZodCheck<unknown> = z.check(
    (ctx) => {
      seen++;
      ctx.issues.push({ code: 'custom', input: ctx.value, inst: check, message: 'not seven', continue: true });
    },
    { when: (payload: z.core.ParsePayload) => payload.value !== null },
  );
  const schema = z.object({ n: z.unknown().check(check) });
  const r = schema.safeParse({ n: 8 });
  expect(r.success).toBe(false);
  expect(r.error!.issues).toEqual([expect.objectContaining({ code: 'custom', message: 'not seven', path: ['n'] })]);
  expect(schema.safeParse({ n: null }).success).toBe(true);
  expect(seen).toBe(1);
});
