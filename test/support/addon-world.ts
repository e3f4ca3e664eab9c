// The add-on as Apps Script runs it: the built dist/Code.js in the local host, talking to the
// local service in-process, both on the host's virtual clock.
import type { AppsScriptHost, ScriptTimeModel } from '../../emulator';
import type { AccountSeed, LocalHandler, LocalService, ServiceOptions } from '../../sandbox';
import { ADDON_MENU_TITLE, buildWorld, WORLD_CLOCK_START } from '../../world';

export const OWNER = 'owner@acme.example';

export interface World {
  host: AppsScriptHost;
  service: LocalService;
}

export interface WorldOptions {
  accounts?: AccountSeed[];
  service?: Omit<ServiceOptions, 'now' | 'accounts'>;
  /** What stands between the add-on and the service (faults, a person acting mid-request). */
  route?: (service: LocalService) => LocalHandler;
  /** A test deployment cannot make installable triggers. */
  deployment?: 'published' | 'test';
  /** How the script's own time is charged (the host's default: as measured on this machine). */
  scriptTime?: ScriptTimeModel;
  /** The script's OAuth scopes in place of dist/appsscript.json's (e.g. the full spreadsheets scope). */
  oauthScopes?: string[];
}

export function addonWorld(opts: WorldOptions = {}): World {
  const { host, service } = buildWorld({
    service: { ...opts.service, ...(opts.accounts ? { accounts: opts.accounts } : {}) },
    ...(opts.route ? { route: opts.route } : {}),
    host: {
      owner: OWNER,
      addonMenuTitle: ADDON_MENU_TITLE,
      clockStart: WORLD_CLOCK_START,
      ...(opts.deployment ? { deployment: opts.deployment } : {}),
      ...(opts.scriptTime ? { scriptTime: opts.scriptTime } : {}),
      ...(opts.oauthScopes ? { oauthScopes: opts.oauthScopes } : {}),
    },
  });
  return { host, service };
}

/** A world whose owner opened the spreadsheet and connected `key`. */
export function connectedWorld(key: string, opts: WorldOptions = {}): World {
  const w = addonWorld(opts);
  w.host.open();
  connect(w, key);
  return w;
}

/** Connects a user's key through the sidebar, as a person would. */
export function connect(world: World, key: string, user = OWNER): void {
  const r = world.host.callFromSidebar('connect', [key], user);
  if (!r.ok) throw new Error(`connect failed: ${r.error?.message}`);
}

/** Fires the add-on's triggers until none is left (or `max` fired); returns how many fired. */
export function runTriggers(world: World, max = 200): number {
  let fired = 0;
  while (fired < max) {
    const r = world.host.fireNextTrigger();
    if (!r) break;
    fired++;
  }
  return fired;
}

/** A column of a sheet by its header, below the header row. */
export function column(world: World, header: string, sheet = 'Sheet1'): unknown[] {
  const values = world.host.sheet(sheet).values();
  const i = values[0]!.indexOf(header);
  if (i < 0) throw new Error(`no column "${header}" in ${values[0]!.join(', ')}`);
  return values.slice(1).map((r) => r[i]);
}

/** The sheets the person sees as tabs: hidden ones (the add-on's paid ledger) left out. */
export function tabs(world: World, spreadsheetId?: string): string[] {
  const doc = spreadsheetId ? world.host.document(spreadsheetId) : world.host.spreadsheet;
  return doc.sheets.filter((s) => !doc.hiddenSheets.has(s.sheetId)).map((s) => s.name);
}
