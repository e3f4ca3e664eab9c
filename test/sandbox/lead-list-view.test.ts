// A lead list's `url` opens the local service's own page of it once the service is served over
// HTTP: plain HTML of its name, status, type and leads, every text escaped; without an address
// the service keeps the public app's address.
import { createLocalService, startHttpServer, type LocalService, type RunningServer } from '../../sandbox';
import { T0 } from './helpers';

const alpha = { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' };
const LIST = {
  name: '<b>x</b> & "co"',
  owner: 'owner@acme.example',
  type: 'email',
  leads: [{ email: 'jane.doe@example.com' }, { email: 'nobody@notfound.example' }],
};

let clock: { now: number };
let service: LocalService;
let server: RunningServer;
beforeEach(async () => {
  clock = { now: T0 };
  service = createLocalService({ seed: 5, now: () => clock.now });
  server = await startHttpServer(service, { port: 0 });
});
afterEach(async () => {
  await server.close();
});

async function createList(): Promise<{ id: string; url: string }> {
  const res = await fetch(`${server.url}/lead-lists`, { method: 'POST', headers: alpha, body: JSON.stringify(LIST) });
  expect(res.status).toBe(202);
  return (await res.json()) as { id: string; url: string };
}

test('the url of a list is its page on this server: its name as text, its status and type, the leads it matched', async () => {
  const { id, url } = await createList();
  expect(url).toBe(`${server.url}/_sandbox/lead-lists/${id}`);
  clock.now += 60000;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
  const html = await page.text();
  expect(html).toContain('<h1>&#60;b&#62;x&#60;/b&#62; &#38; &#34;co&#34;</h1>');
  expect(html).not.toContain('<b>');
  expect(html).toContain('Status: completed · Type: email · 1 lead matched');
  expect(html).toMatch(/<tr><td>Jane Doe<\/td><td>jane\.doe@example\.com<\/td><td>[^<]+<\/td><\/tr>/);
  expect(html).not.toContain('nobody@notfound.example');
  // The API's own read gives the same address.
  const read = (await (await fetch(`${server.url}/lead-lists/${id}`, { headers: alpha })).json()) as { url: string };
  expect(read.url).toBe(url);
});

test('an id no list has is a 404 page; the page is read-only; a service with no address keeps the public app address', async () => {
  const missing = await fetch(`${server.url}/_sandbox/lead-lists/00000000-0000-4000-8000-000000000000`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('no lead list with this id');
  const { url } = await createList();
  expect((await fetch(url, { method: 'POST' })).status).toBe(405);
  const inProcess = createLocalService({ now: () => T0 });
  const res = inProcess.handle({ method: 'POST', path: '/lead-lists', headers: alpha, body: JSON.stringify(LIST) });
  const list = JSON.parse(res.body);
  expect(list.url).toBe(`https://app.prospecting.example/lead-lists/${list.id}`);
});
