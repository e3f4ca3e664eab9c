// The year campaign's world: one user's automated spreadsheets in the local host, the local service
// at its default limits behind a route that can refuse the key or fail for a while, and the ledger
// of what the service accepted, by account, key and time.
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import type { ExecutionResult } from '../../emulator';
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';

export { OWNER };
export const BOB = 'bob@acme.example';
export const KEY = 'demo-key-alpha';
export const OTHER_KEY = 'demo-key-bravo';
export const BOB_KEY = 'year-Key-Bob-0004';
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** How the service fails while an outage lasts. */
export type Outage = 'down' | 'lostAnswers';

/** One key the service accepted for validation. */
export interface Accepted {
  at: number;
  /** The API key that paid. */
  apiKey: string;
  email: string;
}

/** A spreadsheet of the user's, automated on Sheet1. */
export interface Book {
  id: string;
  sheet: SheetHelper;
  capRun: number;
  capDay: number;
  staleDays: number;
  /** Time zones it had, each from when. */
  zones: Array<{ at: number; zone: string }>;
  /** Deleted for good. */
  gone: boolean;
  /** Automation on, as the person last left it. */
  on: boolean;
}

export interface YearWorld extends World {
  books: Book[];
  accepted: Accepted[];
  refusedUntil: number;
  outage: { until: number; how: Outage };
  /** Every execution's result, for the quota-runtime promise and the debug dump. */
  results: ExecutionResult[];
  /** What the person was shown in a sidebar call (the Auto tab's status and errors). */
  shown: string[];
  /** The formulas the person typed: no other formula may be in a cell. */
  typedFormulas: Set<string>;
}

const error = (status: number, code: string): LocalResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail: code }] }),
});

const bearer = (req: LocalRequest): string => (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

/** The user's world: the default spreadsheet and two more, none automated yet, the owner connected. */
export function yearWorld(): YearWorld {
  const y = {
    books: [],
    accepted: [],
    refusedUntil: 0,
    outage: { until: 0, how: 'down' as Outage },
    results: [],
    shown: [],
    typedFormulas: new Set<string>(),
  } as unknown as YearWorld;
  const w = addonWorld({
    accounts: [
      { key: KEY, name: 'Form owner', credits: { email: 1_000_000, phone: 0 } },
      { key: OTHER_KEY, name: 'Bravo', credits: { email: 1000, phone: 0 } },
      { key: BOB_KEY, name: 'Bob', credits: { email: 1000, phone: 0 } },
    ],
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        const now = w.host.clock.now();
        const key = bearer(req);
        if (now < y.refusedUntil && key === KEY) return error(401, 'unauthorized');
        const start = req.method.toUpperCase() === 'POST' && req.path.split('?')[0] === '/email-validations';
        if (now < y.outage.until && y.outage.how === 'down') return error(503, 'service_unavailable');
        const res = svc.handle(req);
        if (start && res.status === 202) {
          for (const { email } of (JSON.parse(req.body) as { emails: Array<{ email: string }> }).emails)
            y.accepted.push({ at: now, apiKey: key, email: email.toLowerCase() });
          // The service took the batch (and charges it); its answer is lost on the way back.
          if (now < y.outage.until && y.outage.how === 'lostAnswers') return error(502, 'bad_gateway');
        }
        return res;
      },
    }),
  });
  Object.assign(y, w);
  return y;
}

/** The book an email belongs to: its domain names it. */
export const bookOf = (email: string): string | undefined => /@([a-z0-9-]+)\.example$/.exec(email)?.[1];

/** A spreadsheet's id as its rows' domain spells it. */
export const domainOf = (id: string): string => id.toLowerCase().replace(/[^a-z0-9-]/g, '-');

/** Records an execution's result: what a person was shown, and every result for the quota promise. */
export function record(y: YearWorld, r: ExecutionResult | undefined): ExecutionResult | undefined {
  if (!r) return r;
  y.results.push(r);
  if (y.results.length > 2000) y.results.splice(0, 1000);
  if (r.error) y.shown.push(r.error.message);
  return r;
}

/** A call from a book's sidebar (using the add-on re-authorizes it). */
export function sidebar(y: YearWorld, book: Book, name: string, args: unknown[] = [], user = OWNER): ExecutionResult {
  const r = y.host.callFromSidebar(name, args, user, book.id);
  record(y, r);
  if (r.ok) y.shown.push(JSON.stringify(r.value));
  return r;
}

/** Time passes with the triggers firing as they come due. */
export function pass(y: YearWorld, ms: number): void {
  for (const r of y.host.runTriggersUntil(y.host.clock.now() + ms, 2000)) record(y, r);
}

/**
 * Sets the world up: three spreadsheets with an Email sheet, automation turned on first in the
 * second (so its trigger is the home, and can be deleted), then in the others.
 */
export function setUp(y: YearWorld, caps: Array<{ capRun: number; capDay: number; staleDays: number }>): void {
  y.host.open();
  connect(y, KEY);
  const ids = [y.host.spreadsheet.id, 'book-b', 'book-c'];
  for (const [i, id] of ids.entries()) {
    const doc = i === 0 ? y.host.spreadsheet : y.host.addSpreadsheet(id, `Book ${id}`);
    const sheet = new SheetHelper(doc, doc.sheetByName('Sheet1')!);
    sheet.load([['Email', 'Name']]);
    sheet.setFrozenRows(1);
    const c = caps[i % caps.length]!;
    y.books.push({ id, sheet, ...c, zones: [{ at: y.host.clock.now(), zone: doc.timeZone }], gone: false, on: false });
  }
  for (const i of [1, 0, 2]) if (!turn(y, y.books[i]!, true)) throw new Error(`automation refused in ${y.books[i]!.id}: ${y.shown.at(-1)}`);
  // Formulas the person typed in the default spreadsheet, which Sheets recalculates when it likes.
  const formulas = y.host.sheet('Formulas');
  formulas.load([
    ['Domain', 'Company'],
    ['acme.com', '=ENRICH_COMPANY(A2)'],
    ['globex.com', '=ENRICH_COMPANY(A3)'],
  ]);
  for (const f of ['=ENRICH_COMPANY(A2)', '=ENRICH_COMPANY(A3)']) y.typedFormulas.add(f);
}

/** Turns a book's automation on (with its caps) or off from its Auto tab; false when refused. */
export function turn(y: YearWorld, book: Book, on: boolean): boolean {
  const r = sidebar(y, book, 'saveAutomation', [
    { on, actions: ['email'], capPerRun: book.capRun, capPerDay: book.capDay, staleDays: book.staleDays, alerts: true },
  ]);
  if (r.ok) book.on = on;
  return r.ok;
}

let serial = 0;
/** A fresh address of a book's. */
export const freshEmail = (book: Book): string => `y${++serial}@${domainOf(book.id)}.example`;

/** The user's side of automation as stored: which spreadsheet's trigger serves it. */
export function homeOf(y: YearWorld): string | undefined {
  const raw = y.host.userProperties(OWNER)['prospecting.autoUser'];
  return raw ? (JSON.parse(raw) as { home?: string }).home : undefined;
}

/** Spreadsheets where `user` has a job running or paused, from the job records as stored. */
export function docsWithLiveJobs(y: YearWorld, user: string): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(y.host.userProperties(user))) {
    const m = /^job\.(.+)\.[^.]+$/.exec(k);
    if (!m) continue;
    try {
      const s = (JSON.parse(v) as { life?: { s?: string } }).life?.s;
      if (s === 'running' || s === 'paused') out.add(m[1]!);
    } catch {
      // A damaged record is the add-on's to ignore.
    }
  }
  return out;
}
