// The main comparison as an SVG chart, drawn by Vega-Lite and rendered headlessly by Vega: per
// action and size, URL fetches, sheet calls and estimated Apps Script minutes, naive vs add-on.
import { writeFileSync } from 'node:fs';
import type { TopLevelSpec } from 'vega-lite';
import { ACTION_DEFS } from './actions';
import type { Comparison } from './compare';
import { sheetCalls, type Figures } from './figures';

export const METRICS: Array<[string, (f: Figures) => number]> = [
  ['URL fetches', (f) => f.requests],
  ['sheet calls', sheetCalls],
  ['est. Apps Script minutes', (f) => f.appsScriptMinutes],
];

export interface ChartPoint {
  action: string;
  rows: string;
  metric: string;
  side: 'naive script' | 'add-on';
  value: number;
}

/** One point per action, size with both sides, metric and side. */
export function chartData(comparisons: Comparison[]): ChartPoint[] {
  return comparisons.flatMap((c) => {
    const naive = c.naive;
    if (!naive) return [];
    return METRICS.flatMap(([metric, value]) =>
      (
        [
          ['naive script', naive],
          ['add-on', c.addon],
        ] as const
      )
        .map(([side, f]) => ({
          action: ACTION_DEFS[c.action].label,
          rows: `${c.rows.toLocaleString('en-US')} rows`,
          metric,
          side,
          value: value(f),
        }))
        // A log scale has no zero: a zero bar is left out rather than drawn wrong.
        .filter((d) => d.value > 0),
    );
  });
}

/** One row of panels per metric (its own log scale, shared by the actions), one panel per action. */
function chartSpec(comparisons: Comparison[]): TopLevelSpec {
  const actions = Object.values(ACTION_DEFS).map((d) => d.label);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Naive per-row script vs the add-on: same rows, same local service', subtitle: 'log scale, lower is better' },
    data: { values: chartData(comparisons) },
    vconcat: METRICS.map(([metric], i) => ({
      transform: [{ filter: { field: 'metric', equal: metric } }],
      facet: { column: { field: 'action', type: 'nominal', title: null, sort: actions, header: i === 0 ? {} : { labels: false } } },
      spec: {
        width: 190,
        height: 120,
        mark: 'bar',
        encoding: {
          x: { field: 'rows', type: 'ordinal', title: null, sort: null, axis: { labelAngle: 0 } },
          xOffset: { field: 'side', type: 'nominal', sort: ['naive script', 'add-on'] },
          // Unstacked: a stacked bar starts at 0, which a log scale cannot place.
          y: {
            field: 'value',
            type: 'quantitative',
            stack: null,
            scale: { type: 'log' },
            title: metric,
            // Labels at powers of ten only: the log scale's other ticks crowd a short panel.
            axis: { labelExpr: 'abs(log(datum.value) / LN10 - round(log(datum.value) / LN10)) < 1e-6 ? datum.label : ""' },
          },
          color: { field: 'side', type: 'nominal', title: null, sort: ['naive script', 'add-on'] },
          tooltip: [{ field: 'action' }, { field: 'rows' }, { field: 'side' }, { field: 'metric' }, { field: 'value', format: ',.3~f' }],
        },
      },
    })),
    config: { background: 'white' },
  };
}

async function chartSvg(comparisons: Comparison[]): Promise<string> {
  // Vega is an ES module with top-level await: it can only be loaded with import().
  const vega = await import('vega');
  const vegaLite = await import('vega-lite');
  const view = new vega.View(vega.parse(vegaLite.compile(chartSpec(comparisons)).spec), { renderer: 'none' });
  return view.toSVG();
}

export async function writeChart(comparisons: Comparison[], path: string): Promise<void> {
  writeFileSync(path, await chartSvg(comparisons));
}
