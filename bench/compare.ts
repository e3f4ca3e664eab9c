// Runs both sides at each size and returns their figures: what the table, the chart and the
// test read. Person enrichment only, for now.
import { runAddon } from './addon-run';
import type { Figures } from './figures';
import { runNaive } from './naive-run';

export interface Comparison {
  action: 'person';
  rows: number;
  naive: Figures;
  addon: Figures;
}

export const FULL_SIZES = [1000, 10000];
export const QUICK_SIZES = [200];

export function runBench(sizes: number[], progress: (line: string) => void = () => {}): Comparison[] {
  return sizes.map((rows) => {
    progress(`person enrichment, ${rows} rows: naive script...`);
    const naive = runNaive(rows);
    progress(`person enrichment, ${rows} rows: add-on...`);
    const addon = runAddon(rows);
    return { action: 'person', rows, naive, addon };
  });
}
