// Runs the whole bench to a plan: each action at each size on both sides (the naive script only
// up to 10,000 rows), the custom-function runs and the bundle comparison. What the table, the
// chart, the targets and the test read.
import { BENCH_ACTIONS, ACTION_DEFS, type BenchAction } from './actions';
import { runAddon } from './addon-run';
import { runBundleBench, type BundleFigures } from './bundle-load';
import { runCustomFunctionBench, type CustomFunctionFigures } from './custom-function-run';
import type { Figures } from './figures';
import { runFormulaMonth, type FormulaMonthFigures } from './formula-month';
import { runHeavyDay, type HeavyDayFigures } from './heavy-day';
import { runNaive } from './naive-run';
import { runReuse, type ReuseFigures } from './reuse-run';

export interface Comparison {
  action: BenchAction;
  rows: number;
  /** Absent where the naive script is not run (50,000 rows). */
  naive?: Figures;
  addon: Figures;
}

export interface BenchPlan {
  sizes: Array<{ rows: number; naive: boolean }>;
  /** Domains for each `=ENRICH_COMPANY` run. */
  customFunction: number[];
  /** Loads of each bundle measured after the first. */
  loads: number;
  /** The heavy day: rows of each of its three jobs, and its formula cells. */
  day: { rows: number; cells: number };
  /** The month of daily reopening: person cells, and the rows of one company range. */
  month: { people: number; companies: number };
  /** Rows validated on one sheet, then selected on another: every answer reused. */
  reuse: number;
}

export interface BenchResult {
  quick: boolean;
  comparisons: Comparison[];
  customFunctions: CustomFunctionFigures[];
  bundle: BundleFigures;
  day: HeavyDayFigures;
  month: FormulaMonthFigures;
  reuse: ReuseFigures;
  realSeconds: number;
}

export const FULL_PLAN: BenchPlan = {
  sizes: [
    { rows: 1000, naive: true },
    { rows: 10000, naive: true },
    { rows: 50000, naive: false },
  ],
  customFunction: [500, 10000],
  loads: 50,
  day: { rows: 50000, cells: 2000 },
  // Each person cell is an execution a day: 100 of them keep the month to about a minute.
  month: { people: 100, companies: 500 },
  reuse: 50000,
};

/** Small enough for CI: every part runs, the custom function past its refusal size too. */
export const QUICK_PLAN: BenchPlan = {
  sizes: [{ rows: 200, naive: true }],
  customFunction: [100, 2100],
  loads: 10,
  day: { rows: 2000, cells: 100 },
  month: { people: 10, companies: 50 },
  reuse: 500,
};

export async function runBench(plan: BenchPlan, progress: (line: string) => void = () => {}): Promise<BenchResult> {
  const started = performance.now();
  const say = (what: string) => progress(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`);
  const comparisons: Comparison[] = [];
  // Smallest first across the actions, so a run's memory figures do not carry a larger run's.
  for (const { rows, naive: withNaive } of plan.sizes) {
    for (const action of BENCH_ACTIONS) {
      const label = ACTION_DEFS[action].label;
      let naive: Figures | undefined;
      if (withNaive) {
        say(`${label}, ${rows.toLocaleString('en-US')} rows: naive script...`);
        naive = runNaive(action, rows);
      }
      say(`${label}, ${rows.toLocaleString('en-US')} rows: add-on...`);
      const addon = runAddon(action, rows);
      comparisons.push(naive ? { action, rows, naive, addon } : { action, rows, addon });
    }
  }
  comparisons.sort((a, b) => BENCH_ACTIONS.indexOf(a.action) - BENCH_ACTIONS.indexOf(b.action) || a.rows - b.rows);
  const customFunctions = plan.customFunction.map((n) => {
    say(`=ENRICH_COMPANY over ${n.toLocaleString('en-US')} domains...`);
    return runCustomFunctionBench(n);
  });
  say(
    `a heavy day: three jobs of ${plan.day.rows.toLocaleString('en-US')} rows, ${plan.day.cells.toLocaleString('en-US')} formula cells...`,
  );
  const day = runHeavyDay(plan.day.rows, plan.day.cells);
  say(`formulas over 30 days of daily reopening: ${plan.month.people} person cells, a ${plan.month.companies}-row company range...`);
  const month = runFormulaMonth(plan.month.people, plan.month.companies);
  say(`${plan.reuse.toLocaleString('en-US')} answers reused from another sheet...`);
  const reuse = runReuse(plan.reuse);
  say(`dist/Code.js against a full-zod build, ${plan.loads} loads each...`);
  const bundle = await runBundleBench(plan.loads);
  say('done');
  return {
    quick: plan === QUICK_PLAN,
    comparisons,
    customFunctions,
    bundle,
    day,
    month,
    reuse,
    realSeconds: (performance.now() - started) / 1000,
  };
}
