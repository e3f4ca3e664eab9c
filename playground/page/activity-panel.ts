// The activity panel: each Apps Script execution (function, what started it, authorization mode,
// duration, service calls and their estimated time), each request to the service with its status,
// and the day's quota use, newest first.
import type { ActivityView } from '../protocol';
import { byId, clear, clockText, duration, make } from './dom';

const SHOWN = 100;

function row(cells: string[], cls = ''): HTMLTableRowElement {
  return make(
    'tr',
    { cls },
    cells.map((c) => make('td', { text: c })),
  );
}

function meter(label: string, used: number, limit: number, text: string): HTMLElement {
  const bar = make('progress', { attrs: { max: String(limit), value: String(Math.min(used, limit)) } });
  return make('div', { cls: 'quota' }, [make('span', { text: label }), bar, make('span', { text })]);
}

export class ActivityPanel {
  private key = '';

  update(a: ActivityView): void {
    const key = `${a.executionCount}/${a.requestCount}/${a.quota.urlFetch}/${a.quota.properties}/${a.quota.triggerRuntimeMs}`;
    if (key === this.key) return;
    this.key = key;
    byId('activity-summary').textContent = `${a.executionCount} executions, ${a.requestCount} API requests`;

    const ex = byId('executions-body');
    clear(ex);
    for (const e of a.executions.slice(-SHOWN).reverse()) {
      const calls = `${e.calls} (${e.topCalls.map(([n, c]) => `${n.split('.').slice(-2).join('.')} ×${c}`).join(', ')})`;
      const tr = row(
        [
          clockText(e.startedAt).slice(11, 19),
          e.functionName,
          e.kind,
          e.mode,
          duration(e.elapsedMs),
          calls,
          duration(e.servicesMs + e.scriptMs),
          e.ok ? 'Completed' : `Failed: ${e.error ?? ''}`,
        ],
        e.ok ? 'ok' : 'failed',
      );
      ex.appendChild(tr);
    }
    const rq = byId('requests-body');
    clear(rq);
    for (const r of a.requests.slice(-SHOWN).reverse()) {
      rq.appendChild(
        row(
          [clockText(r.at).slice(11, 19), r.method, r.path, r.status === null ? 'no answer' : String(r.status)],
          r.status !== null && r.status < 400 ? 'ok' : 'failed',
        ),
      );
    }
    const q = a.quota;
    const quota = byId('quota');
    clear(quota);
    quota.append(
      meter(
        'URL fetches',
        q.urlFetch,
        q.urlFetchLimit,
        `${q.urlFetch.toLocaleString('en-US')} of ${q.urlFetchLimit.toLocaleString('en-US')}`,
      ),
      meter(
        'Property calls',
        q.properties,
        q.propertiesLimit,
        `${q.properties.toLocaleString('en-US')} of ${q.propertiesLimit.toLocaleString('en-US')}`,
      ),
      meter(
        'Trigger runtime',
        q.triggerRuntimeMs,
        q.triggerRuntimeLimitMs,
        `${duration(q.triggerRuntimeMs)} of ${duration(q.triggerRuntimeLimitMs)}`,
      ),
    );
  }
}
