// `npm run bench [-- --quick]`: builds the add-on, runs the bench, prints its tables, writes the
// chart (docs/bench-chart.svg; a quick run writes out/bench-chart-quick.svg, so the README's chart
// is always a full run's), and ends with the targets and the run's verdict on them in one line.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeChart } from './chart';
import { FULL_PLAN, QUICK_PLAN, runBench } from './compare';
import { formatTable } from './table';
import { formatTargets } from './targets';

const ROOT = join(__dirname, '..');

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const chart = join(ROOT, quick ? 'out/bench-chart-quick.svg' : 'docs/bench-chart.svg');
  console.error('building dist/ ...');
  execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const result = await runBench(quick ? QUICK_PLAN : FULL_PLAN, (line) => console.error(line));
  console.log(formatTable(result));
  mkdirSync(dirname(chart), { recursive: true });
  await writeChart(result.comparisons, chart);
  console.log(`\nchart: ${relative(ROOT, chart)}; ${result.realSeconds.toFixed(1)} s of real time for the bench`);
  console.log(`\n${formatTargets(result)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
