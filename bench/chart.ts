// The main comparison as an SVG chart, drawn by Vega-Lite and rendered headlessly by Vega.
import { writeFileSync } from 'node:fs';
import type { TopLevelSpec } from 'vega-lite';
import type { Comparison } from './compare';
import type { Figures } from './figures';

const METRICS: Array<[string, (f: Figures) => number]> = [
  ['HTTP requests', (f) => f.requests],
  ['sheet calls', (f) => f.blockReads + f.cellReads + f.blockWrites + f.cellWrites],
  ['property calls', (f) => f.propertyReads + f.propertyWrites],
  ['executions', (f) => f.executions],
  ['Apps Script minutes', (f) => f.appsScriptMinutes],
  ['hours to finish', (f) => f.virtualHours],
];

function data(comparisons: Comparison[]) {
  return comparisons.flatMap((c) =>
    METRICS.flatMap(([metric, value]) =>
      (['naive', 'addon'] as const)
        .map((side) => ({ rows: `${c.rows.toLocaleString('en-US')} rows`, metric, side: side === 'naive' ? 'naive script' : 'add-on', value: value(c[side]) }))
        // A log scale has no zero: a zero bar is left out rather than drawn wrong.
        .filter((d) => d.value > 0),
    ),
  );
}

export async function chartSvg(comparisons: Comparison[]): Promise<string> {
  // Vega is an ES module with top-level await: it can only be loaded with import().
  const vega = await import('vega');
  const vegaLite = await import('vega-lite');
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Person enrichment: naive script vs add-on (log scale, lower is better)',
    data: { values: data(comparisons) },
    facet: { column: { field: 'rows', type: 'ordinal', title: null, sort: null } },
    spec: {
      width: 320,
      height: 240,
      mark: 'bar',
      encoding: {
        x: { field: 'metric', type: 'nominal', title: null, sort: METRICS.map(([m]) => m), axis: { labelAngle: -35 } },
        xOffset: { field: 'side', type: 'nominal' },
        // Unstacked: a stacked bar starts at 0, which a log scale cannot place.
        y: { field: 'value', type: 'quantitative', stack: null, scale: { type: 'log' }, title: 'count / minutes / hours' },
        color: { field: 'side', type: 'nominal', title: null },
        tooltip: [{ field: 'side' }, { field: 'metric' }, { field: 'value', format: ',.3~f' }],
      },
    },
    config: { background: 'white' },
  };
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  return view.toSVG();
}

export async function writeChart(comparisons: Comparison[], path: string): Promise<void> {
  writeFileSync(path, await chartSvg(comparisons));
}
