// `npm run bench [-- --quick]`: builds the add-on, runs both sides, prints the table and writes
// docs/bench-chart.svg.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { writeChart } from './chart';
import { FULL_SIZES, QUICK_SIZES, runBench } from './compare';
import { formatTable } from './table';

const ROOT = join(__dirname, '..');
const CHART = join(ROOT, 'docs/bench-chart.svg');

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const started = performance.now();
  const comparisons = runBench(quick ? QUICK_SIZES : FULL_SIZES, (line) => console.error(line));
  console.log(formatTable(comparisons));
  await writeChart(comparisons, CHART);
  console.log(`\nchart: docs/bench-chart.svg; ${((performance.now() - started) / 1000).toFixed(1)} s of real time`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
