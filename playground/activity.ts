// The activity panel's record: each Apps Script execution the page caused (function, mode,
// duration, service calls and their estimated cost), each request to the service, each e-mail the
// add-on sent, and the quota.
import type { AppsScriptHost, ExecutionResult } from '../emulator';
import type { ActivityView, ExecutionView, MailView, RequestView } from './protocol';

const KEEP = 200;

export class ActivityLog {
  private readonly executions: ExecutionView[] = [];
  private executionCount = 0;

  constructor(
    private readonly host: AppsScriptHost,
    private readonly user: string,
  ) {}

  /** Keeps one execution's figures (never its arguments: a key may be among them). */
  record(result: ExecutionResult | undefined): void {
    if (!result) return;
    const e = result.execution;
    const report = e.calls.report();
    const top = Object.entries(report.byCall)
      .sort(([, a], [, b]) => b.count - a.count)
      .slice(0, 4)
      .map(([name, t]): [string, number] => [name, t.count]);
    const view: ExecutionView = {
      id: e.id,
      functionName: e.functionName,
      kind: e.kind,
      mode: e.mode,
      startedAt: e.startedAt,
      elapsedMs: result.elapsedMs,
      ok: result.ok,
      calls: report.calls,
      servicesMs: Math.round(report.servicesMs),
      scriptMs: Math.round(report.scriptMs),
      topCalls: top,
    };
    if (!result.ok) view.error = result.error?.message ?? 'failed';
    this.executionCount++;
    this.executions.push(view);
    if (this.executions.length > KEEP) this.executions.splice(0, this.executions.length - KEEP);
  }

  view(): ActivityView {
    const all = this.host.requests;
    const requests: RequestView[] = all.slice(-KEEP).map((r) => ({
      at: r.at,
      method: r.method.toUpperCase(),
      path: pathOf(r.url),
      status: r.status ?? null,
    }));
    const sent = this.host.mail;
    const first = Math.max(0, sent.length - KEEP);
    const mail: MailView[] = sent.slice(first).map((m, i) => ({
      id: first + i,
      at: m.at,
      to: [...m.to],
      cc: [...m.cc],
      bcc: [...m.bcc],
      subject: m.subject,
      body: m.body,
    }));
    const use = this.host.quotaUse(this.user);
    const limits = this.host.quota.quotas;
    return {
      executions: [...this.executions],
      requests,
      mail,
      executionCount: this.executionCount,
      requestCount: all.length,
      mailCount: sent.length,
      quota: {
        urlFetch: use.urlFetch,
        urlFetchLimit: limits.urlFetch,
        properties: use.properties,
        propertiesLimit: limits.properties,
        mail: use.mail,
        mailLimit: limits.mail,
        triggerRuntimeMs: use.triggerRuntimeMs,
        triggerRuntimeLimitMs: limits.triggerRuntimeMs,
      },
    };
  }
}

/** The path and query of a request's URL: the service's address is the same for all. */
function pathOf(url: string): string {
  const m = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(url);
  return m?.[1] ?? url;
}
