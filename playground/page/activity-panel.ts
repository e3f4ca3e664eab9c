// The activity panel: each Apps Script execution (function, what started it, authorization mode,
// duration, service calls and their estimated time), each request to the service with its status,
// each e-mail the add-on sent (its body on expand), and the day's quota use, newest first.
import type { ActivityView, MailView } from '../protocol';
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

/** The recipients as one line: to, then cc and bcc when there are any. */
function recipients(m: MailView): string {
  const parts = [m.to.join(', ')];
  if (m.cc.length) parts.push(`cc ${m.cc.join(', ')}`);
  if (m.bcc.length) parts.push(`bcc ${m.bcc.join(', ')}`);
  return parts.join('; ');
}

export class ActivityPanel {
  private key = '';
  /** Messages whose body is shown, kept open as the list is drawn again. */
  private readonly opened = new Set<number>();

  update(a: ActivityView): void {
    const q = a.quota;
    const key = `${a.executionCount}/${a.requestCount}/${a.mailCount}/${q.urlFetch}/${q.properties}/${q.mail}/${q.triggerRuntimeMs}`;
    if (key === this.key) return;
    this.key = key;
    byId('activity-summary').textContent = `${a.executionCount} executions, ${a.requestCount} API requests, ${a.mailCount} e-mails sent`;

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
    this.showMail(a.mail);
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
      meter('E-mail recipients', q.mail, q.mailLimit, `${q.mail.toLocaleString('en-US')} of ${q.mailLimit.toLocaleString('en-US')}`),
      meter(
        'Trigger runtime',
        q.triggerRuntimeMs,
        q.triggerRuntimeLimitMs,
        `${duration(q.triggerRuntimeMs)} of ${duration(q.triggerRuntimeLimitMs)}`,
      ),
    );
  }

  /** Each message as a line (time, recipients, subject) that opens on its body, all as text. */
  private showMail(mail: MailView[]): void {
    const list = byId('mail-list');
    clear(list);
    if (mail.length === 0) list.appendChild(make('li', { cls: 'none', text: 'None yet' }));
    for (const m of mail.slice(-SHOWN).reverse()) {
      // The line is cut to the column's width; its title holds all of it.
      const summary = make('summary', { title: `${recipients(m)}: ${m.subject}` }, [
        make('span', { cls: 'mail-time', text: clockText(m.at).slice(11, 19) }),
        make('span', { cls: 'mail-to', text: recipients(m) }),
        make('span', { cls: 'mail-subject', text: m.subject }),
      ]);
      const details = make('details', { attrs: { 'data-id': String(m.id) } }, [summary, make('div', { cls: 'mail-body', text: m.body })]);
      details.open = this.opened.has(m.id);
      details.addEventListener('toggle', () => {
        if (details.open) this.opened.add(m.id);
        else this.opened.delete(m.id);
      });
      list.appendChild(make('li', {}, [details]));
    }
  }
}
