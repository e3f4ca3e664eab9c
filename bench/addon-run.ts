// The add-on side: the built dist/Code.js in its own host, connected and started from the
// sidebar (person enrichment of every row), then its triggers fired until none is left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionResult } from '../emulator';
import { fireAll, figuresOf, ProcessMeter, type Figures } from './figures';
import { benchWorld, KEY, OWNER } from './world';

const DIST = join(__dirname, '../dist');
const FINAL = ['Enriched', 'Not found', 'Removed for privacy'];
const STATUS_HEADER = 'Person · Status';
export function runAddon(rows: number): Figures {
  if (!existsSync(join(DIST, 'Code.js'))) throw new Error('dist/Code.js is missing: run npm run build first');
  const { host, service } = benchWorld(rows, {
    bundleDir: DIST,
    filter: (f) => f.endsWith('Code.js'),
    addonMenuTitle: 'Prospecting for Sheets',
  });
  // Setting up (opening, connecting the key) is not part of the job being compared.
  host.open();
  const connected = host.callFromSidebar('connect', [KEY], OWNER);
  if (!connected.ok) throw new Error(`connect failed: ${connected.error?.message}`);
  host.select(`Sheet1!A1:C${rows + 1}`);
  const meter = new ProcessMeter();
  const startedAt = host.clock.now();
  const requestsBefore = host.requests.length;
  host.resetStats();
  const executions: ExecutionResult[] = [];
  const start = host.callFromSidebar('startRun', [{ action: 'person', confirmed: true }], OWNER);
  if (!start.ok) throw new Error(`startRun failed: ${start.error?.message}`);
  executions.push(start);
  const fired = fireAll(host, executions, meter);
  const values = host.sheet().values();
  const col = values[0]!.indexOf(STATUS_HEADER);
  const finished = col < 0 ? 0 : values.slice(1).filter((row) => FINAL.includes(String(row[col]))).length;
  return figuresOf({ host, service, key: KEY, user: OWNER, rows, finished, startedAt, requestsBefore, executions, triggersFired: fired, meter });
}
