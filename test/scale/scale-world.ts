// 50,000 rows of each action through the built add-on in the local host, against the local
// service at its default limits: every row ends with its result within 3.7 virtual hours
// (1.1 × the 3.33 h that 15,000 an hour allows), each row sent once.
import { CONSUMER_DAILY_QUOTAS } from '../../emulator';
import { addonWorld, column, connect, OWNER, runTriggers } from '../support/addon-world';

const KEY = 'scale-key-0001';
const ROWS = 50000;
const HOURS = 3.7;

const ACTIONS = [
  { action: 'email', status: 'Email · Result', final: ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'] },
  { action: 'person', status: 'Person · Status', final: ['Enriched', 'Not found', 'Removed for privacy'] },
  { action: 'company', status: 'Company · Status', final: ['Enriched', 'Not found'] },
  { action: 'lead_list', status: 'Lead list · Status', final: ['Added to list', 'Not found'] },
] as const;

type Scale = (typeof ACTIONS)[number];

export function scaleOf(action: Scale['action']): Scale {
  const scale = ACTIONS.find((a) => a.action === action);
  if (!scale) throw new Error(`no scale run for ${action}`);
  return scale;
}

function itemsOf(body: string): unknown[] {
  const b = JSON.parse(body) as { emails?: unknown[]; leads?: unknown[]; companies?: unknown[] };
  return b.emails ?? b.leads ?? b.companies ?? [];
}

export function runAtScale(mode: 'pace' | 'refuse', { action, status, final }: Scale): void {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Scale', credits: { email: 200000, phone: 0 } }], service: { usageLimits: mode } });
  const rows = Array.from({ length: ROWS }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`, `https://firm${k}.com`]);
  w.host.sheet().load([['Name', 'Email', 'Website'], ...rows]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:C${ROWS + 1}`);
  const started = w.host.clock.now();
  const list = action === 'lead_list' ? { list: { name: 'Scale list', owner: OWNER }, options: { enrich: true, validateEmail: true } } : {};
  const r = w.host.callFromSidebar('startRun', [{ action, confirmed: true, ...list }]);
  expect(r.error?.message).toBeUndefined();
  w.host.resetStats();
  const runs = runTriggers(w, 2000);
  const stats = w.host.stats();
  const made = stats['ScriptApp.ClockTriggerBuilder.create'] ?? 0;
  const propertyCalls = Object.entries(stats)
    .filter(([k]) => k.startsWith('PropertiesService.Properties.'))
    .reduce((n, [, c]) => n + c, 0);
  console.log(
    `${action} (${mode}): ${runs} trigger runs, ${made} triggers made, ${propertyCalls} property calls, ${stats['UrlFetchApp.fetch'] ?? 0} + ${stats['UrlFetchApp.fetchAll'] ?? 0} fetch calls`,
  );
  // The continuation trigger is replaced only when the next due time moves earlier.
  expect(made / runs).toBeLessThanOrEqual(1.5);
  // The whole job, start included, fits a consumer account's day with room for 8 hours of
  // watching (at most 1,500 property calls an hour, test/addon/lasting.e2e.test.ts).
  const day = w.host.quotaUse(OWNER);
  console.log(
    `${action} (${mode}) day: ${day.urlFetch} URL fetches, ${day.properties} property calls, ${Math.round(day.triggerRuntimeMs / 60000)} min of trigger runtime`,
  );
  expect(day.properties + 8 * 1500).toBeLessThanOrEqual(CONSUMER_DAILY_QUOTAS.properties / 2);
  expect(day.urlFetch).toBeLessThanOrEqual(CONSUMER_DAILY_QUOTAS.urlFetch / 20);
  expect(day.triggerRuntimeMs).toBeLessThanOrEqual(CONSUMER_DAILY_QUOTAS.triggerRuntimeMs / 2);
  // Background steps read only what they need: the whole job takes at most 3 minutes of the
  // host's estimated trigger runtime (it took over 6 when every step read the whole sheet).
  const runtime = w.host.quotaHistory(OWNER).reduce((n, d) => n + d.triggerRuntimeMs, 0);
  expect(runtime).toBeLessThanOrEqual(3 * 60000);
  const results = column(w, status).map(String);
  expect(results.filter((s) => (final as readonly string[]).includes(s))).toHaveLength(ROWS);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
  expect(jobs[0]!.state).toBe('done');
  expect((w.host.clock.now() - started) / 3600000).toBeLessThanOrEqual(HOURS);
  // Each row went out once: the accepted starts carried 50,000 items in all.
  const accepted = w.host.requests.filter((q) => q.method.toUpperCase() === 'POST' && q.status === 202);
  expect(accepted.reduce((n, q) => n + itemsOf(q.body).length, 0)).toBe(ROWS);
  expect(w.host.triggerList()).toEqual([]);
  // The job's record stays small: rows carry their own state.
  const record = Object.entries(w.host.userProperties()).find(([k]) => k.startsWith('job.'))!;
  expect(record[1].length).toBeLessThan(2048);
}
