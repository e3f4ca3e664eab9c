// The narrow build (`npm run build -- --narrow`) in the host, under its own manifest: a job started
// by hand ends by its triggers alone, automation runs on the spreadsheet it was turned on in, and
// turning it on in a second spreadsheet is refused in words that say why.
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

/** The narrow bundle with its manifest's scopes (none given in place of them), the owner connected. */
function narrowWorld(): World {
  const { host, service } = buildWorld({
    bundleDir: dir,
    service: { accounts: [{ key: KEY, name: 'Narrow', credits: { email: 100_000, phone: 0 } }] },
    host: { owner: OWNER, addonMenuTitle: ADDON_MENU_TITLE, clockStart: WORLD_CLOCK_START },
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

test('a job started from the menu ends by its triggers alone, with nobody watching', () => {
  const w = narrowWorld();
  const rows = 3000;
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: rows }, (_, i) => [`Person ${i}`, `person${i}@company${i % 97}.com`])]);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  w.host.ui.answer('YES');
  const started = w.host.clickMenu('Validate emails');
  expect(started.error?.message).toBeUndefined();
  let runs = 0;
  for (let r = w.host.fireNextTrigger(); r; r = w.host.fireNextTrigger()) {
    expect(r.error?.message).toBeUndefined();
    expect(r.logs.map((l) => l.message).join('\n')).not.toMatch(/permission/i);
    if (++runs > 500) throw new Error('the job never ended');
  }
  expect(runs).toBeGreaterThan(0);
  const results = column(w, 'Email · Result').filter((v) => /^(Deliverable|Risky|Undeliverable|Unknown)/.test(String(v)));
  expect(results).toHaveLength(rows);
  expect(w.host.triggerList().filter((t) => !t.spent)).toEqual([]);
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
  expect(() => saveAuto(w, {}, 'other')).toThrow(
    /opens only the spreadsheet it runs in.*one spreadsheet at a time.*turn automation off in "[^"]+" first/,
  );
  const later = append(sheet, 2);
  hours(w, 1.5);
  expect(validated(w)).toEqual(expect.arrayContaining(later));
  expect(validated(w)).toHaveLength(5);
  // Turned off in the first, it may be turned on in the other.
  saveAuto(w, { on: false });
  expect(saveAuto(w, {}, 'other').on).toBe(true);
});
