// The add-on side: the built dist/Code.js in its own host, connected and started from the
// sidebar (one action on every row), then its triggers fired until none is left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_DEFS, type BenchAction } from './actions';
import { beginRun, fireAll, figuresOf, type Figures } from './figures';
import { benchWorld, KEY, OWNER } from './world';

export const DIST = join(__dirname, '../dist');

export function runAddon(action: BenchAction, rows: number): Figures {
  if (!existsSync(join(DIST, 'Code.js'))) throw new Error('dist/Code.js is missing: run npm run build first');
  const def = ACTION_DEFS[action];
  const { host, service, items } = benchWorld(rows, {
    bundleDir: DIST,
    filter: (f) => f.endsWith('Code.js'),
    addonMenuTitle: 'Prospecting for Sheets',
  });
  // Setting up (opening, connecting the key) is not part of the job being compared.
  host.open();
  const connected = host.callFromSidebar('connect', [KEY], OWNER);
  if (!connected.ok) throw new Error(`connect failed: ${connected.error?.message}`);
  host.select(`Sheet1!A1:C${rows + 1}`);
  const { meter, startedAt, requestsBefore, executions } = beginRun(host, items);
  const start = host.callFromSidebar('startRun', [{ action, confirmed: true }], OWNER);
  if (!start.ok) throw new Error(`startRun (${action}) failed: ${start.error?.message}`);
  executions.push(start);
  const fired = fireAll(host, executions, meter);
  const values = host.sheet().values();
  const col = values[0]!.indexOf(def.statusHeader);
  const finished = col < 0 ? 0 : values.slice(1).filter((row) => def.outcomes.includes(String(row[col]))).length;
  return figuresOf({
    host,
    service,
    items,
    key: KEY,
    user: OWNER,
    rows,
    finished,
    startedAt,
    requestsBefore,
    executions,
    triggersFired: fired,
    meter,
  });
}
