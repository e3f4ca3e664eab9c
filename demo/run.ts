// `npm run demo`: the add-on end to end, headless. Starts the local service on loopback, loads
// the sample prospects into the local Apps Script host, and runs enrich people, enrich companies
// and validate emails through the add-on's own menu and triggers, as a person would.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import type { AppsScriptHost } from '../emulator';
import { ADDON_MENU_TITLE, buildWorld } from '../world';

const ROOT = join(__dirname, '..');
const KEY = 'demo-key-alpha';
const USER = 'you@example.com';
const SHEET = 'Prospects';
const OUT = join(ROOT, 'out', 'demo-result.csv');

const ACTIONS = [
  { menu: 'Enrich people', status: 'Person · Status' },
  { menu: 'Enrich companies', status: 'Company · Status' },
  { menu: 'Validate emails', status: 'Email · Result' },
] as const;

function statusCounts(host: AppsScriptHost, header: string): Record<string, number> {
  const values = host.sheet(SHEET).values();
  const col = values[0]!.indexOf(header);
  const counts: Record<string, number> = {};
  for (const row of values.slice(1)) {
    const s = String(row[col] ?? '');
    const key = s === '' ? '(blank row)' : s.startsWith('Error:') ? 'Error' : s;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function check(result: { ok: boolean; error?: { message: string } }, what: string): void {
  if (!result.ok) throw new Error(`${what} failed: ${result.error?.message}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const world = await buildWorld({
    thread: true,
    service: { processingRate: 400, queueDelayMs: 200 },
    host: { owner: USER, addonMenuTitle: ADDON_MENU_TITLE },
  });
  const { host, service } = world;
  console.log(`Local service on ${service.url}`);
  try {
    const csv = readFileSync(join(__dirname, 'sample-prospects.csv'), 'utf8');
    const sheet = host.sheet(SHEET).loadCsv(csv);
    const rows = sheet.values().length;
    console.log(`Loaded ${rows - 1} prospect rows into "${SHEET}"`);
    check(host.install({ user: USER }), 'Installing the add-on');
    check(host.open({ user: USER }), 'Opening the spreadsheet');
    check(host.callFromSidebar('connect', [KEY], USER), 'Connecting the key');
    console.log(`Connected as ${(host.callFromSidebar('getConnection', [], USER).value as { accountName: string }).accountName}`);

    for (const action of ACTIONS) {
      host.select(`${SHEET}!A1:G${rows}`);
      host.ui.answer('YES');
      const asked = host.ui.dialogs.length;
      check(host.clickMenu(action.menu, { user: USER }), action.menu);
      const dialog = host.ui.dialogs[asked];
      console.log(`\n${action.menu}: ${dialog ? dialog.prompt.split('\n')[0] : 'started (spends no credits)'}`);
      if (!dialog) host.ui.answer();
      for (let step = 1; step <= 200; step++) {
        const fired = host.fireNextTrigger();
        if (!fired) break;
        const jobs = host.callFromSidebar('listJobs', [], USER).value as Array<{ finished: number; total: number; state: string }>;
        console.log(`  step ${step}: ${jobs[0]!.finished} of ${jobs[0]!.total} rows done (${jobs[0]!.state})`);
        await wait(100);
      }
      const counts = statusCounts(host, action.status);
      console.log(
        `  outcome: ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    }

    const account = (await service.account(KEY))!;
    const report = host.costReport();
    const fetches = host.requests.length;
    mkdirSync(join(ROOT, 'out'), { recursive: true });
    writeFileSync(OUT, host.sheet(SHEET).csv());

    console.log('\nSummary');
    for (const action of ACTIONS) {
      console.log(
        `  ${action.status}: ${Object.entries(statusCounts(host, action.status))
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    }
    console.log(
      `  credits spent: ${account.spent.email} email, ${account.spent.phone} phone (left: ${account.credits.email} email, ${account.credits.phone} phone)`,
    );
    console.log(
      `  service calls: ${fetches} HTTP requests; ${report.calls} Apps Script service calls, about ${(report.totalMs / 1000).toFixed(1)} s of Apps Script time`,
    );
    const heavy = Object.entries(report.byCall)
      .sort(([, a], [, b]) => b.count - a.count)
      .slice(0, 5)
      .map(([k, v]) => `${k} ×${v.count}`);
    console.log(`  most made: ${heavy.join(', ')}`);
    console.log(`  result sheet: ${OUT}`);
    console.log(`  finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await world.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
