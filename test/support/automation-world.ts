// Automation's tests share this: a connected world whose service can be told to refuse the key,
// refuse validations or refuse reading them; the sidebar's automation calls; rows appended as a
// form would; the addresses the service was sent; hours passing on the host's clock.
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { addonWorld, connect, OWNER, type World } from './addon-world';

export const KEY = 'demo-key-alpha';
export const HOUR = 60 * 60 * 1000;

export interface AutoView {
  on: boolean;
  status: string;
  spentToday: number;
  history: Array<{ id: string; rows: number; credits: number; outcome: string; failed: number; alerted: boolean }>;
}

export type Fault = 'none' | 'unauthorized' | 'refuse-validations' | 'refuse-reads' | 'accept-then-502';

export type FaultWorld = World & { fault: (f: Fault) => void };

const error = (status: number, code: string, detail: string): LocalResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail }] }),
});

/** The owner connected with KEY (100,000 email credits), a second account on `demo-key-bravo`. */
export function faultWorld(opts: { service?: { processingRate?: number }; oauthScopes?: string[] } = {}): FaultWorld {
  let fault: Fault = 'none';
  const w = addonWorld({
    accounts: [
      { key: KEY, name: 'Form owner', credits: { email: 100_000, phone: 0 } },
      { key: 'demo-key-bravo', name: 'Bravo', credits: { email: 100, phone: 0 } },
    ],
    ...(opts.service ? { service: opts.service } : {}),
    ...(opts.oauthScopes ? { oauthScopes: opts.oauthScopes } : {}),
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        if (fault === 'unauthorized') return error(401, 'unauthorized', 'The API key was revoked');
        if (fault === 'refuse-reads' && req.method === 'GET' && req.path.startsWith('/email-validations/'))
          return error(401, 'unauthorized', 'The API key was revoked');
        if (fault === 'refuse-validations' && req.method === 'POST' && req.path === '/email-validations')
          return error(400, 'invalid_parameter', 'The validation could not be accepted');
        if (fault === 'accept-then-502' && req.method === 'POST' && req.path === '/email-validations') {
          // The service took the batch (and will charge it); the answer was lost on the way back.
          svc.handle(req);
          return error(502, 'bad_gateway', 'Bad gateway');
        }
        return svc.handle(req);
      },
    }),
  });
  w.host.open();
  connect(w, KEY);
  return { ...w, fault: (f) => (fault = f) };
}

const input = (over: Record<string, unknown> = {}) => ({
  on: true,
  actions: ['email'],
  capPerRun: 1000,
  capPerDay: 5000,
  staleDays: 0,
  alerts: true,
  ...over,
});

/** `saveAutomation` from the sidebar of the default spreadsheet, or of `spreadsheetId`; a refusal throws. */
export function saveAuto(w: World, over: Record<string, unknown> = {}, spreadsheetId?: string, user = OWNER): AutoView {
  const r = spreadsheetId
    ? w.host.run('saveAutomation', [input(over)], { kind: 'sidebar', spreadsheetId, user })
    : w.host.callFromSidebar('saveAutomation', [input(over)], user);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as AutoView;
}

export const autoView = (w: World, spreadsheetId?: string): AutoView =>
  (spreadsheetId ? w.host.run('getAutomation', [], { kind: 'sidebar', spreadsheetId }) : w.host.callFromSidebar('getAutomation', []))
    .value as AutoView;

let n = 0;
/** Rows as a form appends them: below the last. */
export function append(sheet: SheetHelper, count: number): string[] {
  const emails = Array.from({ length: count }, () => `lead${++n}@form-${n % 3}.com`);
  const last = sheet.values().length;
  sheet.load(
    emails.map((e) => [e]),
    `A${last + 1}`,
  );
  return emails;
}

/** Every address the service accepted for validation, with when. */
export const validationsSent = (w: World): Array<{ email: string; at: number }> =>
  w.host.requests
    .filter((r) => r.method === 'POST' && r.url.endsWith('/email-validations') && r.status === 202)
    .flatMap((r) => (JSON.parse(r.body) as { emails: Array<{ email: string }> }).emails.map(({ email }) => ({ email, at: r.at })));

export const validated = (w: World): string[] => validationsSent(w).map((s) => s.email);

export const hours = (w: World, h: number) => w.host.runTriggersUntil(w.host.clock.now() + h * HOUR);

/** Sheet1 with an Email header. */
export function leads(w: World): SheetHelper {
  const sheet = w.host.sheet('Sheet1');
  sheet.load([['Email']]);
  return sheet;
}

/** Another spreadsheet of the owner's, "Other", with an Email header, automated from its own sidebar. */
export function automateOther(w: World, over: Record<string, unknown> = {}): SheetHelper {
  const doc = w.host.addSpreadsheet('other', 'Other');
  const other = new SheetHelper(doc, doc.sheetByName('Sheet1')!);
  other.load([['Email']]);
  saveAuto(w, over, 'other');
  return other;
}
