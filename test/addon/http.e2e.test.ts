// The add-on over real HTTP: the built bundle in the local host, its UrlFetchApp sending real
// requests on loopback to the local service running on its own thread.
import type { AppsScriptHost } from '../../emulator';
import type { ServiceThread } from '../../sandbox';
import { buildWorld, type ThreadWorld } from '../../world';

let world: ThreadWorld;
let service: ServiceThread;
let host: AppsScriptHost;

beforeAll(async () => {
  world = await buildWorld({ thread: true, service: { processingRate: 1000, queueDelayMs: 0 }, host: { owner: 'owner@acme.example' } });
  ({ host, service } = world);
});

afterAll(async () => {
  await world.close();
});

test('connect, validate emails and look up a company over loopback HTTP', async () => {
  host.open();
  expect(host.callFromSidebar('connect', ['demo-key-alpha']).ok).toBe(true);
  host.sheet().load([['Email'], ['jane.doe@example.com'], ['risky@catch-all.example'], ['broken@']]);
  host.select('Sheet1!A1:A4');
  const started = host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(started.ok).toBe(true);
  for (let i = 0; i < 20 && host.fireNextTrigger(); i++) await new Promise((r) => setTimeout(r, 50));
  const values = host
    .sheet()
    .values()
    .map((r) => r[1]);
  expect(values.slice(1)).toEqual(['Deliverable', 'Risky', 'Skipped: not a valid email address']);
  expect(host.requests.every((q) => q.via === 'http')).toBe(true);
  expect((await service.account('demo-key-alpha'))!.spent.email).toBe(2);
  expect(host.runCustomFunction('ENRICH_COMPANY', ['harborlogistics.com', 'name']).cell).toBe('Harbor Logistics');
});
