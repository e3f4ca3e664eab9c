// The naive side: bench/naive/Code.js in its own host, set up once from the editor, then
// re-run by its time-driven trigger until it deletes the trigger (every row has a status).
import { join } from 'node:path';
import type { ExecutionResult } from '../emulator';
import { fireAll, figuresOf, ProcessMeter, type Figures } from './figures';
import { benchWorld, KEY, OWNER } from './world';

const NAIVE_DIR = join(__dirname, 'naive');
const STATUS_COLUMN = 6; // G, counted from 0
export function runNaive(rows: number): Figures {
  // A bound script is not an add-on: the add-on trigger rules (hourly at most) do not apply to it.
  const { host, service } = benchWorld(rows, { bundleDir: NAIVE_DIR, addOnRules: false });
  // The key sits in the script's properties, where a person following a how-to would put it.
  host.setProperties('script', { API_KEY: KEY });
  const meter = new ProcessMeter();
  const startedAt = host.clock.now();
  const requestsBefore = host.requests.length;
  host.resetStats();
  const executions: ExecutionResult[] = [];
  const setup = host.run('setup', [], { user: OWNER });
  if (!setup.ok) throw new Error(`naive setup failed: ${setup.error?.message}`);
  executions.push(setup);
  const fired = fireAll(host, executions, meter);
  const finished = host.sheet().values().slice(1).filter((row) => String(row[STATUS_COLUMN] ?? '') !== '').length;
  return figuresOf({ host, service, key: KEY, user: OWNER, rows, finished, startedAt, requestsBefore, executions, triggersFired: fired, meter });
}
