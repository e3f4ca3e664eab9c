// The rest of the API through the built bundle: imports into sheets page by page, logging calls
// and reviewing phone numbers from selected rows, and the menu reaching them.
import { contactIds } from '../../sandbox';
import { addonWorld, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const USER_ID = '11111111-2222-4333-8444-555555555555';
const TASK_ID = '11111111-2222-4333-8444-555555555556';

function world(): World {
  const w = addonWorld();
  w.host.open();
  connect(w, KEY);
  return w;
}

function runTool(w: World, request: object, next?: string) {
  const r = w.host.callFromSidebar('runTool', next === undefined ? [request] : [request, next]);
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as { sheetName: string; written: number; done: boolean; next?: string; message: string };
}

/** Calls runTool until it is done, as the sidebar does, and returns every progress answer. */
function runToolToEnd(w: World, request: object) {
  const steps = [runTool(w, request)];
  while (!steps.at(-1)!.done && steps.length < 100) steps.push(runTool(w, request, steps.at(-1)!.next));
  return steps;
}

test('territories land in a new sheet, filtered by name, every page once', () => {
  const w = world();
  const all = runToolToEnd(w, { tool: 'territories' }).at(-1)!;
  expect(all.sheetName).toBe('Territories');
  const rows = w.host.sheet('Territories').values();
  expect(rows[0]).toEqual(['Territory', 'Territory ID']);
  expect(rows.length - 1).toBe(all.written);
  expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(all.written);
  const some = runToolToEnd(w, { tool: 'territories', name: String(rows[1]![0]).slice(0, 3).toLowerCase() }).at(-1)!;
  expect(some.sheetName).toBe('Territories (2)');
  expect(some.written).toBeGreaterThan(0);
  expect(some.written).toBeLessThanOrEqual(all.written);
});

test('a slow service: the import returns after its time budget and continues from its cursor', () => {
  const w = world();
  // Each page takes 25 s, past the 20 s a sidebar call writes for: one page per call.
  w.service.setFaults({ slowRate: 1, slowMs: 25000 });
  const steps = runToolToEnd(w, { tool: 'territories' });
  w.service.setFaults({});
  const rows = w.host.sheet('Territories').values();
  expect(steps.length).toBeGreaterThan(1);
  expect(steps.slice(0, -1).every((s) => !s.done && s.next)).toBe(true);
  expect(rows.length - 1).toBe(steps.at(-1)!.written);
  expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(rows.length - 1);
});

test('job openings with filters, exclusions with a keyword, a contact with its activity, into chosen sheets', () => {
  const w = world();
  const all = runToolToEnd(w, { tool: 'job_openings', domain: 'harborlogistics.com' }).at(-1)!;
  const some = runToolToEnd(w, { tool: 'job_openings', domain: 'harborlogistics.com', seniorities: ['Senior', 'Manager'] }).at(-1)!;
  expect(all.sheetName).toBe('Job openings · harborlogistics.com');
  expect(all.written).toBeGreaterThan(some.written);
  expect(some.written).toBeGreaterThan(0);
  const jobRows = w.host.sheet(some.sheetName).values();
  expect(jobRows[0]![0]).toBe('Company');
  expect(jobRows).toHaveLength(some.written + 1);
  for (const r of jobRows.slice(1)) {
    expect(r[1]).toBe('harborlogistics.com');
    expect(String(r[4])).toMatch(/Senior|Manager/);
  }
  w.host.sheet('Mine').load([['Email', 'Reason', 'Reasons', 'Source', 'Added']]);
  const excl = runToolToEnd(w, { tool: 'excluded_emails', keyword: 'a', sheetName: 'Mine' }).at(-1)!;
  expect(excl.sheetName).toBe('Mine');
  const mine = w.host.sheet('Mine').values();
  expect(mine.length - 1).toBe(excl.written);
  expect(mine.slice(1).every((r) => String(r[0]).includes('a'))).toBe(true);
  const contactId = contactIds(w.service, KEY)[0]!;
  const contact = runTool(w, { tool: 'contact', contactId });
  const rows = w.host.sheet(contact.sheetName).values();
  expect(rows.some((r) => r[0] === 'Contact ID' && r[1] === contactId)).toBe(true);
  expect(rows.filter((r) => r[0] === 'Activity').length).toBeGreaterThan(0);
  const missing = w.host.callFromSidebar('runTool', [{ tool: 'contact', contactId: '00000000-0000-4000-8000-000000000000' }]);
  expect(missing.error?.message).toBe('Nothing was imported. No contact has that id.');
  const bad = w.host.callFromSidebar('runTool', [{ tool: 'job_openings', domain: '' }]);
  expect(bad.error?.message).toMatch(/Enter the company domain/);
});

test('log calls from selected rows: each row gets its result, a bad row its reason, a re-run logs nothing twice', () => {
  const w = world();
  w.host.sheet().load([
    ['From', 'To', 'Duration', 'Answered', 'Human', 'User ID', 'Transcription', 'Task ID'],
    ['+15550100', '+15550199', 95, 'yes', 'TRUE', USER_ID, 'Hello', TASK_ID],
    ['+15550101', '+15550198', 'abc', 'no', 'no', USER_ID, '', TASK_ID],
    ['+15550102', '+15550197', 30, 'no', 'no', USER_ID, '', TASK_ID],
  ]);
  w.host.select('Sheet1!A1:H4');
  const preview = w.host.callFromSidebar('previewRowAction', [{ action: 'log_calls' }]).value as {
    rows: number;
    fields: Array<{ field: string; header: string }>;
  };
  expect(preview.rows).toBe(3);
  expect(preview.fields.find((f) => f.field === 'duration')!.header).toBe('Duration');
  const result = w.host.callFromSidebar('runRowAction', [{ action: 'log_calls' }]).value as { succeeded: number; skipped: number };
  expect(result).toMatchObject({ succeeded: 2, skipped: 1 });
  const values = w.host.sheet().values();
  const status = values[0]!.indexOf('Call · Status');
  expect(values.slice(1).map((r) => r[status])).toEqual([
    'Logged',
    'Skipped: duration (seconds) must be a whole number of seconds',
    'Logged',
  ]);
  expect(String(values[1]![values[0]!.indexOf('Call · ID')])).toMatch(/^[0-9a-f-]{36}$/);
  const posts = () => w.host.requests.filter((q) => q.url.endsWith('/calls')).length;
  const before = posts();
  const again = w.host.callFromSidebar('runRowAction', [{ action: 'log_calls' }]).value as { succeeded: number };
  expect(again.succeeded).toBe(0);
  expect(posts()).toBe(before);
});

test('review phone numbers from the menu, with the columns mapped from their headers', () => {
  const w = world();
  // A number of one of the account's contacts: the service knows only numbers it handed out.
  const contact = w.service.handle({
    method: 'GET',
    path: `/contacts/${contactIds(w.service, KEY)[0]}`,
    headers: { authorization: `Bearer ${KEY}` },
    body: '',
  });
  const phoneId = JSON.parse(contact.body).phone_numbers[0].id as string;
  w.host.sheet().load([
    ['Phone number ID', 'User ID', 'Reason'],
    [phoneId, USER_ID, 'wrong_number'],
    ['not-an-id', USER_ID, 'wrong_number'],
    ['aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', USER_ID, 'wrong_number'],
  ]);
  w.host.select('Sheet1!A1:C4');
  // Rows not reviewed are told in an alert after the confirm, with why.
  w.host.ui.answer('YES', 'OK');
  expect(w.host.clickMenu('Review phone numbers from selected rows').ok).toBe(true);
  const values = w.host.sheet().values();
  const status = values[0]!.indexOf('Phone review · Status');
  expect(values[1]![status]).toBe('Reviewed');
  // An id that is no UUID is never sent; a UUID no phone number of the account has is refused.
  expect(values[2]![status]).toBe('Skipped: phone number ID must be a UUID');
  expect(values[3]![status]).toBe('Error: no phone number of this account has this Phone number ID');
  expect(w.host.ui.dialogs.at(-1)!.prompt).toMatch(/^Review phone numbers: 1 done, 1 failed, 1 skipped: /);
});

test("a listing's formula-looking value is written as text: a company named like a formula imports as its name", () => {
  const w = world();
  const done = runToolToEnd(w, { tool: 'job_openings', domain: 'hostileinc.com' }).at(-1)!;
  expect(done.written).toBeGreaterThan(0);
  const cell = w.host.sheet(done.sheetName).cell('A2');
  expect(cell.formula).toBe('');
  expect(cell.value).toBe('=HYPERLINK("https://attacker.example/","Click me")');
});
