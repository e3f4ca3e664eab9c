// `npm run bench [-- --quick]`: builds the add-on, runs the bench, prints its tables, writes the
// chart (docs/bench-chart.svg; a quick run writes out/bench-chart-quick.svg, so the docs' chart
// is always a full run's) and a full run's figures into docs/benchmark.md and docs/quotas.md, and
// ends with the targets and the run's verdict on them in one line.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeChart } from './chart';
import { writeDocBlocks } from './doc-blocks';
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
  // A quick run's figures are for 200 rows: only a full run's go into the docs.
  if (!quick) console.log(`figures written into ${writeDocBlocks(result, ROOT).join(' and ')}`);
  console.log(`\n${formatTargets(result)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
