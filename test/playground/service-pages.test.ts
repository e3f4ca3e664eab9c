// The page's server serves what the in-process service links to: a lead list's page at the address
// the list's `url` gives (the job's link), its name as text, and a call recording's audio at the
// link written into the sheet (the link's expiry is the service's: test/sandbox/call-recordings).
// No browser: the page's own commands over HTTP.
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

/** The shown value under `header` in the first row below it, read from the page's grid. */
async function cell(sheet: string, header: string): Promise<string> {
  const res = await fetch(`${playground.url}api/grid?sheet=${encodeURIComponent(sheet)}`);
  const grid = (await res.json()) as { rows: Array<{ v: string[] }> };
  const at = grid.rows[0]!.v.indexOf(header);
  expect(at).toBeGreaterThanOrEqual(0);
  return grid.rows[1]!.v[at] ?? '';
}

test("a call recording's link, written into the sheet, opens its audio on the page's server", async () => {
  expect((await run('connect', ['demo-key-alpha'])).ok).toBe(true);
  const csv = [
    'From,To,Duration (seconds),Answered,Human,Task ID,User ID,Recording URL',
    '+15550100,+15550101,42,true,true,11111111-2222-4333-8444-555555555556,11111111-2222-4333-8444-555555555555,https://recordings.example/a.wav',
  ].join('\n');
  const { sheet } = (await command('importCsv', { name: 'Calls', csv })) as { sheet: string };
  await command('select', { ranges: [`${sheet}!A1:H2`] });
  const logged = await run('runRowAction', [{ action: 'log_calls' }]);
  expect(logged.ok).toBe(true);
  const callId = (await cell(sheet, 'Call · ID')).trim();
  expect(callId).toMatch(/^[0-9a-f-]{36}$/);
  const { sheet: recordings } = (await command('importCsv', { name: 'Recordings', csv: `Call ID\n${callId}` })) as { sheet: string };
  await command('select', { ranges: [`${recordings}!A1:A2`] });
  expect((await run('runRowAction', [{ action: 'call_recordings' }])).ok).toBe(true);
  const link = await cell(recordings, 'Recording · URL');
  expect(link).toMatch(new RegExp(`^${playground.url}service/recordings/[^/]+\\.wav$`));
  const audio = await fetch(link);
  expect(audio.status).toBe(200);
  expect(audio.headers.get('content-type')).toBe('audio/wav');
  const bytes = Buffer.from(await audio.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  expect((await fetch(`${playground.url}service/recordings/unknown.wav`)).status).toBe(404);
});
