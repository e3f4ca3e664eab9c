// The narrow build (`npm run build -- --narrow`) in the host, under its own manifest: a job started
// by hand ends by its triggers alone (or, where Apps Script runs them without their spreadsheet,
// with the sidebar open), automation runs on the spreadsheet it was turned on in, and turning it
// on in a second spreadsheet is refused in words that say why.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { addonManifest, CURRENT_ONLY, SPREADSHEETS } from '../../scripts/addon-manifest';
import { buildCode } from '../../scripts/code-bundle';
import { ADDON_MENU_TITLE, buildWorld, WORLD_CLOCK_START } from '../../world';
import { column, connect, OWNER, type World } from '../support/addon-world';
import { append, hours, KEY, leads, saveAuto, validated } from '../support/automation-world';

let dir: string;
let code: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'narrow-'));
  code = (await buildCode({ narrow: true })).code;
  writeFileSync(join(dir, 'Code.js'), code);
  writeFileSync(join(dir, 'appsscript.json'), JSON.stringify(addonManifest(true)));
  const sidebar = join(__dirname, '../../dist/Sidebar.html');
  if (existsSync(sidebar)) copyFileSync(sidebar, join(dir, 'Sidebar.html'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The narrow bundle with its manifest's scopes (none given in place of them), the owner connected.
 * `triggerDocument`: whether Apps Script runs a time-driven trigger with its spreadsheet active,
 * on which Google is silent (emulator/unknowables.ts).
 */
function narrowWorld(triggerDocument: 'active' | 'none' = 'active', processingRate?: number): World {
  const { host, service } = buildWorld({
    bundleDir: dir,
    service: { accounts: [{ key: KEY, name: 'Narrow', credits: { email: 100_000, phone: 0 } }], ...(processingRate && { processingRate }) },
    host: { owner: OWNER, addonMenuTitle: ADDON_MENU_TITLE, clockStart: WORLD_CLOCK_START, triggerDocument },
  });
  const w = { host, service };
  w.host.open();
  connect(w, KEY);
  return w;
}

test('the narrow bundle stays within the bundle budget, as the full one must', () => {
  expect(Buffer.byteLength(code)).toBeLessThan(150 * 1024);
});

test('the host runs the narrow build under its manifest: the spreadsheet it runs in, never the full scope', () => {
  const w = narrowWorld();
  expect([...w.host.scopes!]).toContain(CURRENT_ONLY);
  expect([...w.host.scopes!]).not.toContain(SPREADSHEETS);
});

const ROWS = 3000;

/** A validation of ROWS rows started from the menu. */
function validation(w: World): void {
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: ROWS }, (_, i) => [`Person ${i}`, `person${i}@company${i % 97}.com`])]);
  w.host.select(`Sheet1!A1:B${ROWS + 1}`);
  w.host.ui.answer('YES');
  const started = w.host.clickMenu('Validate emails');
  expect(started.error?.message).toBeUndefined();
}

const results = (w: World) => column(w, 'Email · Result').filter((v) => /^(Deliverable|Risky|Undeliverable|Unknown)/.test(String(v)));

test('a job started from the menu ends by its triggers alone, with nobody watching', () => {
  const w = narrowWorld();
  validation(w);
  let runs = 0;
  for (let r = w.host.fireNextTrigger(); r; r = w.host.fireNextTrigger()) {
    expect(r.error?.message).toBeUndefined();
    expect(r.logs.map((l) => l.message).join('\n')).not.toMatch(/permission/i);
    if (++runs > 500) throw new Error('the job never ended');
  }
  expect(runs).toBeGreaterThan(0);
  expect(results(w)).toHaveLength(ROWS);
  expect(w.host.triggerList().filter((t) => !t.spent)).toEqual([]);
});

test('where Apps Script runs the trigger without its spreadsheet, the step says so and the sidebar carries the job to its end', () => {
  // A slow service: the job cannot end in the sidebar's first poll, so the note has a running job to show with.
  const w = narrowWorld('none', 5);
  validation(w);
  const r = w.host.fireNextTrigger()!;
  expect(r.error?.message).toBeUndefined();
  expect(r.logs.map((l) => l.message).join('\n')).toMatch(/without its spreadsheet/);
  expect(results(w).length).toBeLessThan(ROWS);
  const poll = () =>
    w.host.callFromSidebar('pollJobs', []).value as { jobs: Array<{ state: string }>; nextPollSeconds: number; background: string };
  let view = poll();
  expect(view.background).toMatch(/without this spreadsheet/);
  for (let i = 0; i < 500 && view.nextPollSeconds > 0; i++) {
    w.host.clock.advance(view.nextPollSeconds * 1000);
    view = poll();
  }
  expect(view.jobs[0]!.state).toBe('done');
  expect(results(w)).toHaveLength(ROWS);
});

test('automation runs in its own spreadsheet; a second one is refused, saying why, and the first goes on', () => {
  const w = narrowWorld();
  const sheet = leads(w);
  saveAuto(w);
  const first = append(sheet, 3);
  hours(w, 1.5);
  expect(validated(w).sort()).toEqual([...first].sort());
  // Another spreadsheet of the owner's: the narrow build could never open it from the first one's trigger.
  const doc = w.host.addSpreadsheet('other', 'Other');
  new SheetHelper(doc, doc.sheetByName('Sheet1')!).load([['Email']]);
  expect(() => saveAuto(w, {}, 'other')).toThrow(/This version automates one spreadsheet at a time: turn it off in "[^"]+" first\./);
  const later = append(sheet, 2);
  hours(w, 1.5);
  expect(validated(w)).toEqual(expect.arrayContaining(later));
  expect(validated(w)).toHaveLength(5);
  // Turned off in the first, it may be turned on in the other.
  saveAuto(w, { on: false });
  expect(saveAuto(w, {}, 'other').on).toBe(true);
});
