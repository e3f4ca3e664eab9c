// The Tools tab's imports when the service fails: a refused key, a server error, an answer that
// cannot be read, on the first page or mid-paging, in one call or the next: nothing is left behind.
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { addonWorld, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';

type Failure = 'server' | 'key' | 'unreadable';

const FAILURES: Record<Failure, (req: LocalRequest) => LocalResponse> = {
  server: () => error(500, 'internal_server_error'),
  key: () => error(401, 'unauthorized'),
  unreadable: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"territories": [' }),
};

function error(status: number, code: string): LocalResponse {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ object: 'error', _errors: [{ code, title: code, detail: 'injected' }] }),
  };
}

/** A world whose listing requests (not the connect) fail from the `from`-th one on, as `failure` says. */
function failingWorld() {
  const plan: { failure?: Failure; from: number; seen: number } = { from: 1, seen: 0 };
  const w: World = addonWorld({
    route: (service) => ({
      handle(req: LocalRequest): LocalResponse {
        if (req.path.startsWith('/account-info') || !plan.failure) return service.handle(req);
        plan.seen++;
        return plan.seen >= plan.from ? FAILURES[plan.failure](req) : service.handle(req);
      },
    }),
  });
  w.host.open();
  connect(w, KEY);
  const failFrom = (failure: Failure, from = 1) => Object.assign(plan, { failure, from, seen: 0 });
  return { w, failFrom };
}

/** What an import must leave as it was: every sheet's name and values. */
function workbook(w: World) {
  return w.host.spreadsheet.sheets.map((s) => [s.name, w.host.sheet(s.name).values()]);
}

function runTool(w: World, request: object, next?: string) {
  return w.host.callFromSidebar('runTool', next === undefined ? [request] : [request, next]);
}

const WHY: Record<Failure, RegExp> = {
  server: /The prospecting service had a problem/,
  key: /The API key was not accepted/,
  unreadable: /could not be read/,
};

describe.each(Object.keys(FAILURES) as Failure[])('a failed import (%s)', (failure) => {
  test.each([
    ['territories', { tool: 'territories' }],
    ['job openings', { tool: 'job_openings', domain: 'harborlogistics.com' }],
    ['excluded domains', { tool: 'excluded_domains' }],
    ['excluded emails', { tool: 'excluded_emails' }],
  ])('of %s on its first page makes no sheet and says why', (_, request) => {
    const { w, failFrom } = failingWorld();
    const before = workbook(w);
    failFrom(failure);
    const r = runTool(w, request);
    expect(r.ok).toBe(false);
    expect(r.error!.message).toMatch(/^Nothing was imported\. /);
    expect(r.error!.message).toMatch(WHY[failure]);
    expect(workbook(w)).toEqual(before);
  });
});

test('an unknown contact, or a contact whose request fails, makes no sheet', () => {
  const { w, failFrom } = failingWorld();
  const before = workbook(w);
  const missing = runTool(w, { tool: 'contact', contactId: '00000000-0000-4000-8000-000000000000' });
  expect(missing.error?.message).toBe('Nothing was imported. No contact has that id.');
  failFrom('server');
  expect(runTool(w, { tool: 'contact', contactId: '00000000-0000-4000-8000-000000000001' }).error?.message).toMatch(WHY.server);
  expect(workbook(w)).toEqual(before);
});

test('a failure mid-paging in one call removes the pages already written, and their new sheet', () => {
  const { w, failFrom } = failingWorld();
  const before = workbook(w);
  failFrom('server', 2);
  const r = runTool(w, { tool: 'territories' });
  expect(r.error?.message).toMatch(
    /^Nothing was imported \(the 20 rows written before the failure were removed\)\. The prospecting service/,
  );
  expect(workbook(w)).toEqual(before);
});

test('a failure in a later call removes what the earlier calls wrote; a chosen sheet is left as it was', () => {
  const { w, failFrom } = failingWorld();
  // Each page takes 25 s, past the 20 s a sidebar call writes for: one page per call.
  w.service.setFaults({ slowRate: 1, slowMs: 25000 });
  w.host.sheet('Mine').load([
    ['Territory', 'Territory ID'],
    ['My own territory', 'typed by hand'],
  ]);
  const before = workbook(w);
  const request = { tool: 'territories', sheetName: 'Mine' };
  const first = runTool(w, request).value as { written: number; next: string; done: boolean };
  expect(first).toMatchObject({ written: 20, done: false });
  expect(w.host.sheet('Mine').values()).toHaveLength(22);
  failFrom('key');
  const second = runTool(w, request, first.next);
  expect(second.error?.message).toMatch(/^Nothing was imported \(the 20 rows written before the failure were removed\)\. The API key/);
  expect(workbook(w)).toEqual(before);

  // Into a sheet of its own: the second call fails, and the sheet the first one made goes.
  failFrom('server', 2);
  const fresh = runTool(w, { tool: 'territories' }).value as { sheetName: string; next: string };
  expect(w.host.sheet(fresh.sheetName).values()).toHaveLength(21);
  expect(runTool(w, { tool: 'territories' }, fresh.next).error?.message).toMatch(
    /^Nothing was imported \(the 20 rows written before the failure were removed\)\. The prospecting service/,
  );
  expect(workbook(w)).toEqual(before);
});

test('an import that finds nothing still makes its sheet, with the header', () => {
  const { w } = failingWorld();
  const none = runTool(w, { tool: 'territories', name: 'no territory is called this' }).value as { sheetName: string; written: number };
  expect(none.written).toBe(0);
  expect(w.host.sheet(none.sheetName).values()).toEqual([['Territory', 'Territory ID']]);
});
