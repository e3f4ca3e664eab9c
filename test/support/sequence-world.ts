// A world for adding rows to sequences: connected, with the log of every lead-adding request
// that reached the service and of the leads each sequence took, to check that none goes twice.
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { addonWorld, connect, type World, type WorldOptions } from './addon-world';

export const KEY = 'demo-key-alpha';

export type Lead = { email?: string; profile_url?: string; data?: Record<string, string>; overrides?: Record<string, boolean> };

export interface SequenceWorld extends World {
  /** Sequence ids by name. */
  ids: Record<string, string>;
  /** Every lead a sequence of the service took, with the sequence's id. */
  taken: Array<Lead & { sequence: string }>;
  /** Every lead-adding request that reached the service, answered or not. */
  requests: Lead[][];
  /** Leads sent again after their sequence had taken them. */
  resent: string[];
}

/** The keys a lead is known by, in the service's way (email in any case, profile URL as sent). */
function leadKeys(lead: { email?: string | null; profile_url?: string | null }): string[] {
  return [lead.email && `e:${lead.email.toLowerCase()}`, lead.profile_url && `p:${lead.profile_url}`].filter((k): k is string =>
    Boolean(k),
  );
}

/** A connected world that keeps the log of what the service was sent and what it took. */
export function sequenceWorld(opts: WorldOptions = {}): SequenceWorld {
  const w = addonWorld(opts);
  w.host.open();
  connect(w, KEY);
  const ids = Object.fromEntries(w.service.sequences(KEY)!.sequences.map((s) => [s.name, s.id]));
  const taken: SequenceWorld['taken'] = [];
  const requests: Lead[][] = [];
  const resent: string[] = [];
  const had = new Set<string>();
  const handle = w.service.handle.bind(w.service);
  w.service.handle = (req: LocalRequest): LocalResponse => {
    const m = /^\/sequences\/([^/?]+)\/leads/.exec(req.path);
    if (!m || req.method.toUpperCase() !== 'POST') return handle(req);
    const leads = (JSON.parse(req.body ?? '{}') as { leads: Lead[] }).leads;
    requests.push(leads);
    for (const lead of leads) for (const k of leadKeys(lead)) if (had.has(`${m[1]}|${k}`)) resent.push(`${m[1]}|${k}`);
    const res = handle(req);
    if (res.status === 200) {
      const answer = JSON.parse(res.body) as Record<string, unknown>;
      const skipped = new Set(
        Object.entries(answer)
          .filter(([list]) => list.endsWith('_and_skipped'))
          .flatMap(([, refs]) => (refs as Lead[]).flatMap(leadKeys)),
      );
      for (const lead of leads) {
        const keys = leadKeys(lead);
        if (keys.some((k) => skipped.has(k))) continue;
        taken.push({ ...lead, sequence: m[1]! });
        for (const k of keys) had.add(`${m[1]}|${k}`);
      }
    }
    return res;
  };
  return { ...w, ids, taken, requests, resent };
}

/** No lead sent again once its sequence took it, and no request of more than 250 leads. */
export function expectEachLeadOnce(w: SequenceWorld): void {
  expect(w.resent).toEqual([]);
  for (const r of w.requests) expect(r.length).toBeLessThanOrEqual(250);
}
