// The add-on's world behind the page: the built bundle in the local Apps Script host and the local
// service in-process, both on the host's virtual clock, so the page can run time faster.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppsScriptHost, ExecutionResult } from '../emulator';
import { demoAccounts, type LocalService, type ServiceOptions } from '../sandbox';
import { ADDON_MENU_TITLE, buildWorld } from '../world';

/** The person at the page: the spreadsheet's owner. */
export const USER = 'you@example.com';
export const MENU_TITLE = ADDON_MENU_TITLE;
const SAMPLE_SHEET = 'Prospects';
const SAMPLE_CSV = join(__dirname, '..', 'demo', 'sample-prospects.csv');
/** The page's demo-key-alpha has room for Validate emails over Load 50,000 rows. */
export const PAGE_ALPHA_CREDITS = { email: 100000, phone: 5000 };

export interface WorldOptions {
  /** The folder holding the built Code.js and Sidebar.html. */
  bundleDir: string;
  /** Where the virtual clock starts (default: now). */
  clockStart?: number;
  /** The local service's options (spec defaults when absent). */
  service?: Omit<ServiceOptions, 'now'>;
  /** Load demo/sample-prospects.csv into the first sheet (default true). */
  sample?: boolean;
}

export interface World {
  host: AppsScriptHost;
  service: LocalService;
  /** The executions that set it up (onInstall, onOpen), for the activity panel. */
  startup: ExecutionResult[];
}

/**
 * A spreadsheet as a person finds it: the sample prospects in "Prospects" with the header row
 * frozen, the add-on installed and the spreadsheet opened (its menu built).
 */
export function createWorld(opts: WorldOptions): World {
  const { host, service } = buildWorld({
    bundleDir: opts.bundleDir,
    host: {
      filter: (f) => f.endsWith('Code.js'),
      owner: USER,
      spreadsheetName: 'Prospecting playground',
      addonMenuTitle: MENU_TITLE,
      clockStart: opts.clockStart ?? Date.now(),
      spill: true,
    },
    service: { accounts: demoAccounts({ alphaCredits: PAGE_ALPHA_CREDITS }), ...opts.service },
  });
  const first = host.spreadsheet.sheets[0]!;
  if (opts.sample ?? true) {
    first.name = SAMPLE_SHEET;
    host.sheet(SAMPLE_SHEET).loadCsv(readFileSync(SAMPLE_CSV, 'utf8')).setFrozenRows(1);
    host.select(`${SAMPLE_SHEET}!A1`);
  }
  const installed = host.install({ user: USER });
  if (!installed.ok) throw new Error(`installing the add-on failed: ${installed.error?.message}`);
  const opened = host.open({ user: USER });
  if (!opened.ok) throw new Error(`opening the spreadsheet failed: ${opened.error?.message}`);
  return { host, service, startup: [installed, opened] };
}
