// Counts the result items the service sends back on reads of batches (person, company, email
// validation), by standing between the host and the service: the host records requests only.

import type { LocalHandler, LocalRequest, LocalResponse } from '../sandbox';

const BATCH_READ = /^\/(people\/enrichment-requests|companies\/enrichment-requests|email-validations)\/([^/?]+)/;

export class ResultItemCounter {
  /** Every result item in a batch read's answer, a page read twice counted twice. */
  received = 0;
  /** Distinct items (batch and item id, or batch and email) among them. */
  private readonly seen = new Set<string>();

  get distinct(): number {
    return this.seen.size;
  }

  reset(): void {
    this.received = 0;
    this.seen.clear();
  }

  /** A handler that answers as `inner` does and counts what it answered. */
  route(inner: LocalHandler): LocalHandler {
    return {
      handle: (req: LocalRequest): LocalResponse => {
        const res = inner.handle(req);
        this.note(req, res);
        return res;
      },
    };
  }

  private note(req: LocalRequest, res: LocalResponse): void {
    const m = BATCH_READ.exec(req.path);
    if (!m || req.method.toUpperCase() !== 'GET' || res.status !== 200) return;
    const body = JSON.parse(res.body) as { results?: Array<{ id?: unknown; email?: unknown }> };
    for (const item of body.results ?? []) {
      this.received++;
      this.seen.add(`${m[1]}/${m[2]}|${String(item.id ?? item.email)}`);
    }
  }
}
