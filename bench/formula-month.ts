// Formulas over a month of daily reopening: `people` =ENRICH_PERSON cells and one =ENRICH_COMPANY
// over `companies` domains, every formula computed again each day (Sheets recalculates custom
// functions when a spreadsheet is reopened, long after the cache's six hours), the cells the
// per-minute budget turned away a minute later until none is left. What each day costs in
// credits, fetches and property calls, and what the answers take of the document's store.
import { DIST } from './addon-run';
import { benchWorld, KEY, OWNER } from './world';

const DAY = 24 * 3600000;
export const MONTH_DAYS = 30;

export interface MonthDay {
  credits: number;
  fetches: number;
  /** Property calls of every store, by every cell of the day. */
  properties: number;
  /** Cell executions, the budget's later rounds included. */
  executions: number;
  /** Cells under #ERROR! once the day's rounds are over. */
  errors: number;
}

export interface FormulaMonthFigures {
  people: number;
  companies: number;
  /** Day 1 first, then days 2 to MONTH_DAYS. */
  days: MonthDay[];
  /** The document's store at the end: its bytes, and whether the API key is anywhere in it. */
  storeBytes: number;
  storeHoldsKey: boolean;
}

export function runFormulaMonth(people: number, companies: number): FormulaMonthFigures {
  const rows = Array.from({ length: Math.max(people, companies) }, (_, i) => [
    i < people ? `person${i}@company${i}.com` : '',
    i < people ? `=ENRICH_PERSON(A${i + 2})` : '',
    `company${i}.com`,
    '',
  ]);
  const { host, service } = benchWorld(people + companies, { bundleDir: DIST }, [['Email', 'Person', 'Domain', 'Company'], ...rows]);
  host.open();
  if (!host.callFromSidebar('connect', [KEY], OWNER).ok) throw new Error('connect failed');
  host.sheet().userEdit('D2', `=ENRICH_COMPANY(C2:C${companies + 1})`);
  const spent = () => service.account(KEY)!.spent.email;
  const start = host.clock.now();
  const days: MonthDay[] = [];
  for (let d = 0; d < MONTH_DAYS; d++) {
    host.clock.advanceTo(Math.max(host.clock.now(), start + d * DAY));
    host.resetStats();
    const fetches = host.requests.length;
    const credits = spent();
    let ran = host.recalculate({ all: true });
    let executions = ran.length;
    for (let round = 0; ran.some((r) => r.error !== undefined) && round < 30; round++) {
      host.clock.advance(65000);
      ran = host.recalculate();
      executions += ran.length;
    }
    const stats = host.stats();
    days.push({
      credits: spent() - credits,
      fetches: host.requests.length - fetches,
      properties: Object.keys(stats)
        .filter((k) => k.startsWith('PropertiesService.Properties.'))
        .reduce((n, k) => n + stats[k]!, 0),
      executions,
      errors: ran.filter((r) => r.error !== undefined).length,
    });
  }
  const store = host.documentProperties();
  return {
    people,
    companies,
    days,
    storeBytes: Object.entries(store).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0),
    storeHoldsKey: JSON.stringify(store).includes(KEY),
  };
}
