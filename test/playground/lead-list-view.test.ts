// The page's server shows the in-process service's page of a lead list at the address the list's
// `url` gives (the job's link), its name as text. No browser: the page's own commands over HTTP.
import { startPlayground, type Playground } from '../../playground/server';
import { CLOCK_START, DIST } from '../../playground/page-driver';

let playground: Playground;
beforeAll(async () => {
  playground = await startPlayground({ world: { bundleDir: DIST, clockStart: CLOCK_START }, port: 0 });
});
afterAll(async () => {
  await playground?.stop();
});

async function command(name: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${playground.url}api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const run = async (name: string, args: unknown[] = []) => (await command('run', { name, args })) as { ok: boolean; value: unknown };

test("a lead list made on the page opens the service's page of it, served by the page's server", async () => {
  expect((await run('connect', ['demo-key-alpha'])).ok).toBe(true);
  await command('select', { ranges: ['Prospects!A1:G6'] });
  const list = { name: '<i>Q4</i> leads', owner: 'you@example.com' };
  expect((await run('startRun', [{ action: 'lead_list', list, options: { enrich: true }, confirmed: true }])).ok).toBe(true);
  const jobs = (await run('listJobs')).value as Array<{ links: string[] }>;
  const link = jobs[0]!.links[0]!;
  expect(link).toMatch(new RegExp(`^${playground.url}service/lead-lists/[0-9a-f-]{36}$`));
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await page.text();
  expect(html).toContain('<h1>&#60;i&#62;Q4&#60;/i&#62; leads</h1>');
  expect(html).toMatch(/Status: \w+ · Type: email/);
  expect((await fetch(`${playground.url}service/lead-lists/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
});
