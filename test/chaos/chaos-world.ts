// The chaos campaign's world: a generated sheet in the local host running the built add-on, a
// local service behind a route that injects faults (and the person's actions while a request
// is in flight), and a fault-free twin of the service that says what each key's answer is.
import { ProspectingClient } from '../../src/api/client';
import type { AppsScriptHost } from '../../emulator';
import { ConnectionDropped, createLocalService, type LocalRequest, type LocalResponse, type LocalService } from '../../sandbox';
import { localTransport } from '../support/local-transport';
import { addonWorld } from '../support/addon-world';

export const KEY = 'chaos-Key-Alpha-0001';
export const EDITOR = 'editor@acme.example';
export const EDITOR_KEY = 'chaos-Key-Editor-0002';

export type Action = 'email' | 'company' | 'person';
type EmailKind = 'plain' | 'dup' | 'blank' | 'malformed' | 'formulaError' | 'hostile' | 'intl' | 'long';

export interface SheetSpec {
  rows: Array<{ email: EmailKind; firm: number; notes: boolean }>;
  title: boolean;
  frozen: 0 | 1;
  /** Selection: 'all' (header included), 'part' (one sub-range), 'two' (two sub-ranges). */
  selection: 'all' | 'part' | 'two';
  cut: [number, number, number];
  hidden: number[];
  /**
   * A note far to the right of the header row, so that the sheet is past the size (200,000
   * cells) where steps read only the cells they need instead of the whole sheet: from ten rows
   * on, within Sheets' 18,278 columns.
   */
  wide?: boolean;
}

/** The column of a wide sheet's far note. */
export function wideColumn(spec: SheetSpec): number {
  return Math.min(18000, Math.ceil(210000 / (spec.rows.length + 2)));
}

export type Fault = 'none' | 'r429' | 'r429bare' | 'r500' | 'drop' | 'slow' | 'html' | 'cutoff' | 'enum' | 'echoKey';

export interface FaultProfile {
  seed: number;
  /** Chance that a request meets a fault, in hundredths. */
  rate: number;
  kinds: Fault[];
}

export type UserEvent =
  | { e: 'step' }
  | { e: 'poll' }
  | { e: 'sort'; column: number; asc: boolean }
  | { e: 'sortAll'; column: number; asc: boolean }
  | { e: 'insertRows'; at: number; count: number }
  | { e: 'deleteRow'; pick: number }
  | { e: 'editKey'; pick: number }
  | { e: 'insertColumn' }
  | { e: 'disconnect' }
  | { e: 'reconnect' }
  | { e: 'revoke' }
  | { e: 'editor' }
  | { e: 'filter'; firm: number }
  | { e: 'sortInFlight'; column: number };

export const STATUS: Record<Action, string> = { email: 'Email · Result', company: 'Company · Status', person: 'Person · Status' };

/** A tiny seeded generator (mulberry32) for the fault route: reproducible from the run's seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function emailOf(kind: EmailKind, i: number, firm: number): string {
  switch (kind) {
    case 'plain':
      return `person${i}@firm${firm}.com`;
    case 'dup':
      return `person0@firm${firm}.com`;
    case 'blank':
      return '';
    case 'malformed':
      return `person${i} at firm${firm}`;
    case 'formulaError':
      return '#N/A';
    case 'hostile':
      return `person${i}@hostile-widgets.com`;
    case 'intl':
      return `josé${i}@café${firm}.fr`;
    case 'long':
      return `${'x'.repeat(250)}${i}@firm${firm}.com`;
  }
}

/** The sheet as typed by the person: an ID per row (never the add-on's), data, unlabelled notes. */
export function sheetValues(spec: SheetSpec): { values: unknown[][]; headerRow: number } {
  const values: unknown[][] = [];
  if (spec.title) values.push(['Prospects for Q3', '', '', '', '']);
  values.push(['ID', 'Name', 'Email', 'Website', '']);
  if (spec.wide) values[values.length - 1] = [...values[values.length - 1]!, ...Array<string>(wideColumn(spec) - 6).fill(''), 'far note'];
  spec.rows.forEach((r, i) => {
    const blank = r.email === 'blank';
    values.push([
      `r${i + 1}`,
      blank ? '' : `Person ${i}`,
      emailOf(r.email, i, r.firm),
      blank ? '' : r.email === 'hostile' ? 'https://hostile-widgets.com' : `https://firm${r.firm}.com`,
      r.notes ? `note ${i}` : '',
    ]);
  });
  return { values, headerRow: spec.title ? 2 : 1 };
}

export interface ChaosWorld {
  host: AppsScriptHost;
  service: LocalService;
  truth: ProspectingClient;
  advanceTruth: (ms: number) => void;
  /** Keys the service accepted in a batch start, with how many times. */
  accepted: Map<string, number>;
  sortInFlight?: number;
  /** Faults start once the scene is set (the keys connected). */
  faultsOn: boolean;
  /** Sorts the person makes while the n-th request (counted from the start) is in flight: n → column. */
  sortAtRequest: Map<number, number>;
  requestCount: number;
}

/**
 * What a faulty route answers for one request: the fault instead of the service's answer (a
 * 429, a 500, a dropped connection, an error that echoes `key`), or made of it (slow, an HTML
 * page, a body cut off, a result word the add-on does not know). `forward` asks the service.
 */
export function faultyAnswer(
  fault: Fault,
  req: LocalRequest,
  draw: () => number,
  key: string,
  forward: (req: LocalRequest) => LocalResponse,
): LocalResponse {
  const get = req.method.toUpperCase() === 'GET';
  const json = { 'content-type': 'application/json' };
  const error = (status: number, code: string, detail: string, headers: Record<string, string> = {}): LocalResponse => ({
    status,
    headers: { ...json, ...headers },
    body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail }] }),
  });
  switch (fault) {
    case 'r429':
      return error(429, 'rate_limited', 'Hourly usage limit reached', { 'retry-after': String(1 + Math.floor(draw() * 900)) });
    case 'r429bare':
      return error(429, 'rate_limited', 'Too many requests');
    case 'r500':
      return error(500, 'internal_server_error', 'The service failed');
    case 'drop':
      throw new ConnectionDropped();
    case 'echoKey':
      return error(500, 'internal_server_error', `Key ${key.toUpperCase()} was refused upstream`);
    default:
      break;
  }
  if (get && fault === 'html')
    return { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Bad gateway</body></html>' };
  const res = forward(req);
  if (fault === 'slow') return { ...res, delayMs: 30000 };
  if (get && fault === 'cutoff' && res.status === 200) return { ...res, body: res.body.slice(0, Math.floor(res.body.length / 2)) };
  if (get && fault === 'enum' && res.status === 200)
    return {
      ...res,
      body: res.body.replace(/"result":"risky"/, '"result":"greylisted"').replace(/"status":"not_found"/, '"status":"vanished"'),
    };
  return res;
}

/** The keys of a batch start's body, as the add-on finds rows by them. */
export function keysOf(action: Action, body: string): string[] {
  const b = JSON.parse(body) as {
    emails?: Array<{ email: string }>;
    leads?: Array<{ email?: string; profile_url?: string; name?: string; company_domain?: string }>;
    companies?: Array<{ domain: string }>;
  };
  if (b.emails) return b.emails.map((x) => x.email);
  if (b.companies) return b.companies.map((x) => x.domain);
  return (b.leads ?? []).map((l) => l.email ?? l.profile_url ?? `${l.name}|${l.company_domain}`);
}

export function chaosWorld(action: Action, faults: FaultProfile, credits: number): ChaosWorld {
  const draw = rng(faults.seed);
  const world: ChaosWorld = {
    host: undefined as never,
    service: undefined as never,
    truth: undefined as never,
    advanceTruth: () => undefined,
    accepted: new Map(),
    faultsOn: false,
    sortAtRequest: new Map(),
    requestCount: 0,
  };
  const route = {
    handle(req: LocalRequest): LocalResponse {
      if (world.faultsOn) world.requestCount++;
      const planned = world.sortAtRequest.get(world.requestCount);
      if (world.sortInFlight !== undefined || planned !== undefined) {
        // The person sorts while this request is on its way.
        world.host.sheet().userSort(world.sortInFlight ?? planned!, draw() < 0.5);
        world.sortInFlight = undefined;
      }
      const fault: Fault =
        world.faultsOn && draw() * 100 < faults.rate ? (faults.kinds[Math.floor(draw() * faults.kinds.length)] ?? 'none') : 'none';
      return faultyAnswer(fault, req, draw, KEY, (r) => {
        const res = world.service.handle(r);
        if (r.method.toUpperCase() !== 'GET' && res.status === 202)
          for (const k of keysOf(action, r.body ?? '{}')) world.accepted.set(k, (world.accepted.get(k) ?? 0) + 1);
        return res;
      });
    },
  };
  const { host, service } = addonWorld({
    accounts: [
      { key: KEY, name: 'Chaos Alpha', credits: { email: credits, phone: 0 } },
      { key: EDITOR_KEY, name: 'Chaos Editor', credits: { email: 1000, phone: 0 } },
    ],
    route: () => route,
  });
  world.host = host;
  world.service = service;
  // The truth: the same service, never faulty, on its own clock.
  let t = Date.UTC(2026, 10, 2, 9, 0, 0);
  const twin = createLocalService({
    now: () => t,
    accounts: [{ key: 'truth-key-000001', name: 'Truth', credits: { email: 1e9, phone: 1e9 } }],
  });
  world.truth = new ProspectingClient(
    localTransport(twin, 'truth-key-000001', () => t),
    { sleep: (ms) => (t += ms), now: () => t },
  );
  world.advanceTruth = (ms) => {
    t += ms;
  };
  return world;
}
