// Answers reused at scale: `rows` emails validated on one sheet (not measured), then the same
// rows, in another order, validated from a second sheet: every answer is copied from the first,
// and the run is measured as the add-on side's runs are (its start and every trigger after it).
import { DIST } from './addon-run';
import { beginRun, figuresOf, fireAll, type Figures } from './figures';
import { benchWorld, KEY, OWNER } from './world';

export interface ReuseFigures {
  /** The second run's figures: what reusing `rows` answers costs. */
  run: Figures;
  /** Rows of the second sheet showing a reused answer at the end. */
  reused: number;
  /** Emails the service was asked to validate by the second run. */
  sent: number;
}

const REUSED = / · reused, paid \d{4}-\d\d-\d\d$/;

export function runReuse(rows: number): ReuseFigures {
  const { host, service, items } = benchWorld(rows, { bundleDir: DIST, filter: (f) => f.endsWith('Code.js') });
  host.open();
  if (!host.callFromSidebar('connect', [KEY], OWNER).ok) throw new Error('connect failed');
  host.select(`Sheet1!A1:C${rows + 1}`);
  const first = host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER);
  if (!first.ok) throw new Error(`the first run failed: ${first.error?.message}`);
  while (host.fireNextTrigger());
  const [header, ...data] = host.sheet().values();
  host.sheet('Again').load([header!.slice(0, 3), ...data.reverse().map((r) => r.slice(0, 3))]);
  host.select(`Again!A1:C${rows + 1}`);
  const paidBefore = service.account(KEY)!.spent.email;
  const start = beginRun(host, items);
  const run = host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER);
  if (!run.ok) throw new Error(`the second run failed: ${run.error?.message}`);
  start.executions.push(run);
  const fired = fireAll(host, start.executions, start.meter);
  const values = host.sheet('Again').values();
  const col = values[0]!.indexOf('Email · Result');
  const reused = values.slice(1).filter((r) => REUSED.test(String(r[col]))).length;
  const sent = host.requests
    .slice(start.requestsBefore)
    .filter((r) => r.method === 'POST' && r.url.endsWith('/email-validations'))
    .reduce((n, r) => n + (JSON.parse(r.body) as { emails: unknown[] }).emails.length, 0);
  const figures = figuresOf({ host, service, items, key: KEY, user: OWNER, rows, finished: reused, ...start, triggersFired: fired });
  // Credits: what the second run spent, not the first's.
  return { run: { ...figures, credits: figures.credits - paidBefore }, reused, sent };
}
