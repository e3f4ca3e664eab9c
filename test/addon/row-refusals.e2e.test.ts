// A row a tool refuses names the field and why, in its cell and in what the run says (an alert from
// the menu); so does a row the service refuses. A sheet imported from CSV holds only text.
import { addonWorld, connect, type World } from '../support/addon-world';
import type { LocalService } from '../../sandbox';

const KEY = 'demo-key-alpha';
const USER_ID = '11111111-2222-4333-8444-555555555555';
const TASK_ID = '11111111-2222-4333-8444-555555555556';
const HEADER = ['From', 'To', 'Duration', 'Answered', 'Human', 'User ID', 'Task ID'];

function world(route?: (service: LocalService) => { handle: LocalService['handle'] }): World {
  const w = addonWorld(route ? { route } : {});
  w.host.open();
  connect(w, KEY);
  return w;
}

/** The rows as an imported CSV has them (every cell text), selected under their header. */
function calls(w: World, rows: string[][]): void {
  w.host.sheet().load([HEADER, ...rows]);
  w.host.select(`Sheet1!A1:G${rows.length + 1}`);
}

const statuses = (w: World, header = 'Call · Status') => {
  const values = w.host.sheet().values();
  const i = values[0]!.indexOf(header);
  return values.slice(1).map((r) => r[i]);
};

test('Log calls from the menu: each refused row names its field and why, and the alert lists the reasons', () => {
  const w = world();
  calls(w, [
    ['+15550100', '+15550199', '95', 'yes', 'no', USER_ID, TASK_ID],
    ['+15550100', '+15550199', '95', 'yes', 'no', USER_ID, 'TASK-7'],
    ['', '+15550199', '95', 'yes', 'no', USER_ID, TASK_ID],
    ['+15550100', '+15550199', '1:35', 'yes', 'no', USER_ID, TASK_ID],
    ['+15550100', '+15550199', '95', 'yes', 'no', 'jane', TASK_ID],
  ]);
  w.host.ui.answer('YES', 'OK');
  expect(w.host.clickMenu('Log calls from selected rows').ok).toBe(true);
  expect(statuses(w)).toEqual([
    'Logged',
    'Skipped: task ID must be a UUID',
    'Skipped: missing From',
    'Skipped: duration (seconds) must be a whole number of seconds',
    'Skipped: user ID must be a UUID',
  ]);
  const told = w.host.ui.dialogs.at(-1)!;
  expect(told).toMatchObject({ kind: 'alert', title: 'Log calls' });
  expect(told.prompt).toBe(
    'Log calls: 1 done, 4 skipped: task ID must be a UUID (1 row); missing From (1 row); duration (seconds) must be a whole number of seconds (1 row).',
  );
  // Nothing refused was sent.
  expect(w.host.requests.filter((q) => q.url.endsWith('/calls'))).toHaveLength(1);
});

test('Log calls: a refusal the service points at a field names that field in the row', () => {
  const w = world((service) => ({
    handle: (req) =>
      req.method === 'POST' && req.path.endsWith('/calls')
        ? {
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              object: 'error',
              _errors: [{ code: 'unsupported_value', title: 'Unsupported value', detail: 'unknown task', source: { pointer: '/task_id' } }],
            }),
          }
        : service.handle(req),
  }));
  calls(w, [['+15550100', '+15550199', '95', 'yes', 'no', USER_ID, TASK_ID]]);
  const r = w.host.callFromSidebar('runRowAction', [{ action: 'log_calls' }]);
  expect(statuses(w)).toEqual(["Error: The service refused the row's Task ID."]);
  expect((r.value as { message: string }).message).toBe("Log calls: 0 done, 1 failed: the service refused the row's Task ID (1 row).");
});

test('Review phone numbers: an id no phone number has says so, and one that is no id is never sent', () => {
  const w = world();
  w.host.sheet().load([
    ['Phone number ID', 'User ID', 'Reason'],
    ['aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', USER_ID, 'wrong_number'],
    ['phone-1', USER_ID, 'wrong_number'],
  ]);
  w.host.select('Sheet1!A1:C3');
  const r = w.host.callFromSidebar('runRowAction', [{ action: 'review_phones' }]);
  expect(statuses(w, 'Phone review · Status')).toEqual([
    'Error: no phone number of this account has this Phone number ID',
    'Skipped: phone number ID must be a UUID',
  ]);
  expect((r.value as { message: string }).message).toMatch(/no phone number of this account has this Phone number ID \(1 row\)/);
  expect(w.host.requests.filter((q) => q.url.includes('/phone_numbers/'))).toHaveLength(1);
});
