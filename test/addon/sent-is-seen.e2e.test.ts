// What is sent is what the person sees, and the add-on makes room for itself: through the built
// add-on in the local host. Title rows above a frozen header, two selected ranges, hidden rows,
// formula errors, a narrow sheet, and calls logged while the person sorts.
import { addonWorld, column, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];

function world(values: unknown[][]): World {
  const w = addonWorld();
  w.host.sheet().load(values);
  w.host.open();
  connect(w, KEY);
  return w;
}

function sentEmails(w: World): string[] {
  return w.host.requests
    .filter((q) => q.method.toUpperCase() === 'POST' && q.url.endsWith('/email-validations'))
    .flatMap((q) => (JSON.parse(q.body) as { emails: Array<{ email: string }> }).emails.map((e) => e.email));
}

test('a title row above a frozen header, two ranges, hidden rows and formula errors: only what is seen is sent', () => {
  const w = world([
    ['Q3 prospects', '', ''],
    ['Name', 'Email', 'Notes'],
    ['A', 'a@firm1.com', ''],
    ['B', '#N/A', ''],
    ['C', 'c@firm1.com', ''],
    ['D', 'd@firm1.com', 'hidden by hand'],
    ['E', 'e@firm1.com', 'not selected'],
    ['F', 'f@firm1.com', ''],
  ]);
  w.host.sheet().setFrozenRows(2);
  w.host.sheet().userHideRows(6, 1);
  w.host.select('Sheet1!A3:C6', 'Sheet1!A8:C8');
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'email' }]);
  expect(preview.ok).toBe(true);
  expect(preview.value).toMatchObject({ headerRow: 2, counts: { distinct: 3, invalid: 1, hidden: 1 } });
  expect((preview.value as { summary: string }).summary).toMatch(/1 hidden or filtered row/);
  const started = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(started.error?.message).toBeUndefined();
  expect(sentEmails(w).sort()).toEqual(['a@firm1.com', 'c@firm1.com', 'f@firm1.com']);
  const values = w.host.sheet().values();
  expect(values[0]!.filter((v) => v !== '')).toEqual(['Q3 prospects']);
  const status = values[1]!.indexOf('Email · Result');
  expect(status).toBe(3);
  expect(FINAL).toContain(values[2]![status]);
  expect(values[3]![status]).toBe('Skipped: the Email cell shows #N/A, which is not a value to send');
  expect(values[5]![status]).toBe('');
  expect(values[6]![status]).toBe('');
  expect(FINAL).toContain(values[7]![status]);
});

test('a sheet too narrow for all the output fields grows; the preview says so before anything is spent', () => {
  const w = world([
    ['Name', 'Email', 'Website'],
    ['A', 'a@firm1.com', 'firm1.com'],
  ]);
  w.host.sheet().setMaxColumns(4);
  w.host.select('Sheet1!A1:C2');
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'person', fields: 'all' }]).value as {
    addColumns: number;
    summary: string;
  };
  expect(preview.addColumns).toBeGreaterThan(0);
  expect(preview.summary).toMatch(/columns? will be added to the sheet/);
  const started = w.host.callFromSidebar('startRun', [{ action: 'person', fields: 'all', confirmed: true }]);
  expect(started.error?.message).toBeUndefined();
  expect(['Enriched', 'Not found']).toContain(column(w, 'Person · Status')[0]);
  expect(w.host.spreadsheet.sheets[0]!.maxColumns).toBeGreaterThan(4);
});

test('calls logged while the person sorts, then logged again: no call is logged twice', () => {
  const USER = '11111111-2222-4333-8444-555555555555';
  const TASK = '11111111-2222-4333-8444-555555555556';
  const rows = Array.from({ length: 30 }, (_, i) => [
    `+1555010${String(i).padStart(2, '0')}`,
    '+15550199',
    10 + i,
    'yes',
    'yes',
    USER,
    TASK,
  ]);
  const w = world([['From', 'To', 'Duration', 'Answered', 'Human', 'User ID', 'Task ID'], ...rows]);
  w.host.sheet().setFrozenRows(1);
  w.host.select('Sheet1!A1:G31');
  // Every third call request meets a sort of the sheet by duration.
  const handle = w.service.handle.bind(w.service);
  let calls = 0;
  w.service.handle = (req) => {
    if (req.path.startsWith('/calls') && ++calls % 3 === 0) w.host.sheet().userSort(3, calls % 2 === 0);
    return handle(req);
  };
  expect(w.host.callFromSidebar('runRowAction', [{ action: 'log_calls' }]).ok).toBe(true);
  w.host.select('Sheet1!A1:G31');
  expect(w.host.callFromSidebar('runRowAction', [{ action: 'log_calls' }]).ok).toBe(true);
  const posted = w.host.requests.filter((q) => q.url.endsWith('/calls')).map((q) => (JSON.parse(q.body) as { from: string }).from);
  expect(posted).toHaveLength(30);
  expect(new Set(posted).size).toBe(30);
  // And each row says Logged with the id of its own call.
  expect(column(w, 'Call · Status').every((s) => s === 'Logged')).toBe(true);
});
