// The lives campaign's world: the built add-on in the local host, the local service behind a route
// of armed faults and mid-request edits, a fault-free twin for each key's truth, and the ledger.
import { ProspectingClient } from '../../src/api/client';
import type { AppsScriptHost } from '../../emulator';
import { createLocalService, DEMO_ACCOUNTS, DEMO_KEYS, type LocalRequest, type LocalResponse, type LocalService } from '../../sandbox';
import { addonWorld, OWNER } from '../support/addon-world';
import { localTransport } from '../support/local-transport';
import { faultyAnswer, keysOf, type Action, type Fault } from './chaos-world';

export { OWNER };
export const OWNER_KEY = DEMO_KEYS.alpha;
/** Another account's key: the local service's second demo account. */
export const OTHER_KEY = DEMO_KEYS.bravo;
/** Its name, which a job it started gives when it asks for that account. */
export const OTHER_ACCOUNT = DEMO_ACCOUNTS.find((a) => a.key === OTHER_KEY)!.name;
export const EDITOR = 'editor@acme.example';
export const EDITOR_KEY = 'lives-Key-Editor-0003';
export const ACTIONS: readonly Action[] = ['email', 'company', 'person'];

/** Each action's columns as the add-on heads them: its status, and the prefix of its result columns. */
export const STATUS: Record<Action, string> = { email: 'Email · Result', company: 'Company · Status', person: 'Person · Status' };
export const PREFIX: Record<Action, string> = { email: 'Email · ', company: 'Company · ', person: 'Person · ' };
export const MENU: Record<Action, string> = { email: 'Validate emails', company: 'Enrich companies', person: 'Enrich people' };
export const OUTCOME_WORDS: Record<Action, readonly string[]> = {
  email: ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'],
  company: ['Enriched', 'Not found'],
  person: ['Enriched', 'Not found', 'Removed for privacy'],
};
/** Words of a row some job is working on; nothing else may leave them in a cell. */
export const PENDING = /^(Queued|Sending|Processing( \(part \d+\))?)$/;
const KIND: Record<string, Action> = { '/email-validations': 'email', '/companies/enrichment': 'company', '/people/enrichment': 'person' };

export type RowKind = 'plain' | 'dup' | 'blank';
export interface SheetSpec {
  rows: Array<{ kind: RowKind; firm: number }>;
  partSize: number;
}

/** A batch the service accepted: whose key started it, for which keys, and whether it was canceled there. */
export interface Accepted {
  action: Action;
  id: string;
  apiKey: string;
  keys: string[];
  /** Per key: whether some row had already shown its result when this start sent it again. */
  known: boolean[];
  canceled: boolean;
}

/** The answer the service gave for a key, in the add-on's words, with the company's name. */
export interface Truth {
  status: string;
  name?: string;
}

export interface LivesWorld {
  host: AppsScriptHost;
  service: LocalService;
  /**
   * Faults waiting for the next requests, first first; `draw` in [0, 1) sets a 429's wait; a
   * fault `onRead` waits for a read of a batch's results.
   */
  armed: Array<{ fault: Fault; draw: number; onRead?: boolean }>;
  /** A person's edit made while the next request is on its way. */
  inFlight: Array<() => void>;
  accepted: Accepted[];
  /** What each key was sent as (the twin is asked the same), per action. */
  sent: Record<Action, Map<string, unknown>>;
  /** Keys whose answer reached the add-on with a result word it does not know, and that word. */
  unknownWord: Map<string, string>;
  /** Everything the add-on handed a person: sidebar answers, errors, dialogs. */
  payloads: unknown[];
  /** The twin's answers, per action and key. */
  truth: Record<Action, Map<string, Truth>>;
  ask: (action: Action, items: unknown[]) => Array<{ key: string; truth: Truth }>;
  /** Whether a row has shown the key's result by now (the test's ledger answers). */
  delivered: (action: Action, key: string) => boolean;
}

const COMPANY_KEY = (item: { domain?: unknown }) => String(item.domain ?? '');

function bearer(req: LocalRequest): string {
  return (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
}

/** Which action a batch path is, and its id when it names one. */
function batchPath(path: string): { action: Action; id?: string } | undefined {
  const clean = path.split('?')[0]!;
  for (const [prefix, action] of Object.entries(KIND)) {
    if (clean === prefix || clean === `${prefix}-requests`) return { action };
    const m = new RegExp(`^${prefix}(?:-requests)?/([^/]+)$`).exec(clean);
    if (m) return { action, id: decodeURIComponent(m[1]!) };
  }
  return undefined;
}

/** The items a batch start sends, by the key the add-on finds rows by. */
function itemsOf(body: string): unknown[] {
  const b = JSON.parse(body) as { emails?: unknown[]; leads?: unknown[]; companies?: unknown[] };
  return b.emails ?? b.companies ?? b.leads ?? [];
}

/** Result items of a page, with the key of each: what tells an unknown word's key. */
function pageItems(action: Action, body: string): Array<{ key: string; word: string }> {
  try {
    const page = JSON.parse(body) as { results?: Array<Record<string, unknown>> };
    return (page.results ?? []).map((r) => ({
      key:
        action === 'email'
          ? String(r.email)
          : action === 'company'
            ? COMPANY_KEY(r)
            : String(r.email ?? r.profile_url ?? `${String(r.name)}|${String(r.company_domain)}`),
      word: String(action === 'email' ? r.result : r.status),
    }));
  } catch {
    return [];
  }
}

export function livesWorld(): LivesWorld {
  const world = {
    armed: [],
    inFlight: [],
    accepted: [],
    sent: { email: new Map(), company: new Map(), person: new Map() },
    unknownWord: new Map(),
    payloads: [],
    truth: { email: new Map(), company: new Map(), person: new Map() },
    delivered: () => false,
  } as unknown as LivesWorld;
  const route = {
    handle(req: LocalRequest): LocalResponse {
      // The person's edit lands while this request is on its way.
      for (const act of world.inFlight.splice(0)) act();
      const get = req.method.toUpperCase() === 'GET';
      const batch = batchPath(req.path);
      // A fault waits for a request it can spoil: the answer-shaped ones for a page of results.
      const pageFault = (f: Fault) => f === 'html' || f === 'cutoff' || f === 'enum';
      const next = world.armed[0];
      const read = get && batch?.id !== undefined;
      const applies = next !== undefined && (read || !(next.onRead || pageFault(next.fault)));
      const armed = applies ? world.armed.shift()! : { fault: 'none' as const, draw: 0 };
      const fault = armed.fault;
      return faultyAnswer(
        fault,
        req,
        () => armed.draw,
        bearer(req),
        (r) => {
          const res = world.service.handle(r);
          if (!batch) return res;
          const method = r.method.toUpperCase();
          if (method === 'POST' && batch.id === undefined && res.status === 202) {
            const items = itemsOf(r.body);
            const keys = keysOf(batch.action, r.body);
            keys.forEach((k, i) => world.sent[batch.action].set(k.toLowerCase(), items[i]));
            const id = String((JSON.parse(res.body) as { id: unknown }).id);
            const known = keys.map((k) => world.delivered(batch.action, k.toLowerCase()));
            world.accepted.push({ action: batch.action, id, apiKey: bearer(r), keys, known, canceled: false });
          }
          if (method === 'PATCH' && batch.id !== undefined && res.status < 300) {
            for (const a of world.accepted) if (a.action === batch.action && a.id === batch.id && a.apiKey === bearer(r)) a.canceled = true;
          }
          if (fault === 'enum' && get && res.status === 200) {
            // Which key's word the fault changed, found by comparing the page before and after.
            const before = pageItems(batch.action, res.body);
            const after = faultyAnswer(
              'enum',
              r,
              () => 0,
              '',
              () => res,
            );
            pageItems(batch.action, after.body).forEach((x, i) => {
              if (before[i] && before[i].word !== x.word)
                world.unknownWord.set(`${batch.action}|${x.key.toLowerCase()}`, x.word.toLowerCase());
            });
          }
          return res;
        },
      );
    },
  };
  const { host, service } = addonWorld({
    accounts: [...DEMO_ACCOUNTS, { key: EDITOR_KEY, name: 'Lives Editor', credits: { email: 1000, phone: 0 } }],
    route: () => route,
  });
  world.host = host;
  world.service = service;
  // A person at the page answers every confirm with yes (or OK), and what it said is kept.
  host.ui.responder = (d) => {
    world.payloads.push(d.prompt, d.title);
    return { button: d.offered.includes('YES') ? 'YES' : 'OK' };
  };

  // The truth: the same service, never faulty, on its own clock.
  let t = Date.UTC(2026, 10, 2, 9, 0, 0);
  const twin = createLocalService({
    now: () => t,
    accounts: [{ key: 'truth-key-000001', name: 'Truth', credits: { email: 1e9, phone: 1e9 } }],
  });
  const truth = new ProspectingClient(
    localTransport(twin, 'truth-key-000001', () => t),
    { sleep: (ms) => (t += ms), now: () => t },
  );
  world.ask = (action, items) => {
    if (!items.length) return [];
    const out: Array<{ key: string; truth: Truth }> = [];
    if (action === 'email') {
      const b = truth.startEmailValidation({ emails: items as Array<{ email: string }> });
      t += 24 * 3600_000;
      for (const r of truth.getEmailValidation(b.id, { size: 1000 }).value.results)
        out.push({ key: String(r.email), truth: { status: String(r.result).charAt(0).toUpperCase() + String(r.result).slice(1) } });
    } else if (action === 'company') {
      const b = truth.startCompanyEnrichment({ companies: items as Array<{ domain: string }> });
      t += 24 * 3600_000;
      for (const r of truth.getCompanyEnrichment(b.id, { size: 1000 }).value.results) {
        const found = r.status === 'found' && r.result;
        out.push({
          key: COMPANY_KEY(r),
          truth: { status: found ? 'Enriched' : 'Not found', ...(found ? { name: String((r.result as { name: string }).name) } : {}) },
        });
      }
    } else {
      const b = truth.startPersonEnrichment({ leads: items as never });
      t += 24 * 3600_000;
      for (const r of truth.getPersonEnrichment(b.id, { size: 1000 }).value.results) {
        const item = r as unknown as Record<string, unknown>;
        const key = String(item.email ?? item.profile_url ?? `${String(item.name)}|${String(item.company_domain)}`);
        const words: Record<string, string> = { enriched: 'Enriched', not_found: 'Not found', gdpr_removed: 'Removed for privacy' };
        out.push({ key, truth: { status: words[String(item.status)] ?? String(item.status) } });
      }
    }
    return out;
  };
  return world;
}

/** The truth of each key, asked of the twin once per key with the item the add-on sent for it. */
export function truthOf(w: LivesWorld, action: Action, keys: Iterable<string>): Map<string, Truth> {
  const known = w.truth[action];
  const missing = [...new Set(keys)].filter((k) => !known.has(k) && w.sent[action].has(k));
  for (const { key, truth } of w.ask(
    action,
    missing.map((k) => w.sent[action].get(k)),
  ))
    known.set(key.toLowerCase(), truth);
  return known;
}

/** The sheet as typed by the person: an ID per row (never the add-on's), a name, an email, a website. */
export function sheetValues(spec: SheetSpec): unknown[][] {
  const values: unknown[][] = [['ID', 'Name', 'Email', 'Website']];
  spec.rows.forEach((r, i) => {
    if (r.kind === 'blank') values.push([`r${i + 1}`, '', '', '']);
    else
      values.push([
        `r${i + 1}`,
        `Person ${i}`,
        r.kind === 'dup' ? `person0@firm${r.firm}.com` : `person${i}@firm${r.firm}.com`,
        `https://firm${r.firm}.com`,
      ]);
  });
  return values;
}

/** The cells of a row that make its key: its email, website and name. */
export interface KeyCells {
  email: unknown;
  website: unknown;
  name: unknown;
}

/** The key a row holds now for an action, as the add-on sends it (lower case); undefined when it has none. */
export function rowKey(action: Action, row: KeyCells): string | undefined {
  const e = String(row.email ?? '')
    .trim()
    .toLowerCase()
    .normalize('NFC');
  const address = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e) ? e : undefined;
  // A company is its website's domain, or failing that the domain of the row's email.
  const site = String(row.website ?? '')
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\d?\./, '')
    .split(/[/?#:\s]/)[0]!;
  const domain = site.includes('.') ? site : address?.slice(address.lastIndexOf('@') + 1);
  if (action === 'company') return domain;
  if (action === 'email' || address) return address;
  // A person with no email is looked up by name and company.
  const name = String(row.name ?? '').trim();
  return name && domain ? `${name}|${domain}`.toLowerCase() : undefined;
}
