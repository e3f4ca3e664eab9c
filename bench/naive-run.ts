// The naive side: the action's script in bench/naive/ in its own host, set up once from the
// editor, then re-run by its time-driven trigger until it deletes the trigger (every row has a status).
import { ACTION_DEFS, NAIVE_PENDING, type BenchAction } from './actions';
import { beginRun, fireAll, figuresOf, type Figures } from './figures';
import { benchWorld, KEY, OWNER } from './world';

export function runNaive(action: BenchAction, rows: number): Figures {
  const def = ACTION_DEFS[action];
  // A bound script is not an add-on: the add-on trigger rules (hourly at most) do not apply to it.
  const { host, service, items } = benchWorld(rows, { bundleDir: def.naiveDir, addOnRules: false });
  // The key sits in the script's properties, where a person following a how-to would put it.
  host.setProperties('script', { API_KEY: KEY });
  const { meter, startedAt, requestsBefore, executions } = beginRun(host, items);
  const setup = host.run('setup', [], { user: OWNER });
  if (!setup.ok) throw new Error(`naive ${action} setup failed: ${setup.error?.message}`);
  executions.push(setup);
  const fired = fireAll(host, executions, meter);
  const finished = host
    .sheet()
    .values()
    .slice(1)
    .filter((row) => {
      const status = String(row[def.naiveStatusColumn] ?? '');
      return status !== '' && !status.startsWith(NAIVE_PENDING);
    }).length;
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
