// A run refused or held up at its start says why where the person looks: an alert after the menu's
// confirm, a toast for the sidebar's start; never only in the cells. Through the built bundle.
import { addonWorld, column, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-refusals';
const HEADER = ['First Name', 'Last Name', 'Email', 'Website'];
const ROWS = Array.from({ length: 5 }, (_, i) => [
  `First${i}`,
  `Last${i}`,
  `first${i}.last${i}@harborlogistics.com`,
  'harborlogistics.com',
]);

/** The five rows selected under their header, `KEY` connected with these email credits. */
function world(email: number, rows: unknown[][] = ROWS): World {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Refusals', credits: { email, phone: 0 } }] });
  w.host.sheet().load([HEADER, ...rows]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:D${rows.length + 1}`);
  return w;
}

/** The connected key replaced by one the service does not know, as when the account's key is revoked. */
function revokeKey(w: World): void {
  const props = w.host.userProperties();
  const name = Object.keys(props).find((k) => props[k] === KEY)!;
  w.host.setProperties('user', { [name]: 'revoked-key-000000' });
}

/** Clicks a run's menu item, confirming its cost and answering whatever alert follows; the dialogs after the confirm. */
function fromMenu(w: World, caption: string): Array<{ title: string; prompt: string }> {
  const before = w.host.ui.dialogs.length;
  w.host.ui.answer('YES', 'OK');
  const r = w.host.clickMenu(caption);
  if (!r.ok) throw new Error(`${caption} failed: ${r.error?.message}`);
  return w.host.ui.dialogs.slice(before + 1);
}

/** Starts a run from the sidebar; the toasts it showed. */
function fromSidebar(w: World, action: string): string[] {
  const before = w.host.spreadsheet.toasts.length;
  const r = w.host.callFromSidebar('startRun', [{ action, confirmed: true }]);
  if (!r.ok) throw new Error(`startRun failed: ${r.error?.message}`);
  return w.host.spreadsheet.toasts.slice(before).map((t) => t.message);
}

test('no credits at all: the menu run ends with an alert saying so, not only the cells; a run that starts well, with none', () => {
  expect(fromMenu(world(100), 'Validate emails')).toEqual([]);
  const w = world(0);
  const after = fromMenu(w, 'Enrich people');
  expect(after).toEqual([
    expect.objectContaining({ title: 'Person enrichment', prompt: expect.stringMatching(/not have enough credits/) }),
  ]);
  expect(String(column(w, 'Person · Status')[0])).toMatch(/enough credits/);
});

test('too few credits for the rows: the menu run ends with an alert saying so', () => {
  const w = world(2);
  expect(fromMenu(w, 'Validate emails')).toEqual([
    expect.objectContaining({ title: 'Email validation', prompt: expect.stringMatching(/not have enough credits/) }),
  ]);
});

test('a key the service refuses: the menu run says it is paused for the key', () => {
  const w = world(100);
  revokeKey(w);
  expect(fromMenu(w, 'Validate emails')).toEqual([expect.objectContaining({ prompt: expect.stringMatching(/API key was refused/) })]);
});

test("Apps Script's daily quota of web requests spent: the menu run says it waits for it", () => {
  const w = world(100);
  w.host.useUpQuota('urlFetch');
  expect(fromMenu(w, 'Validate emails')).toEqual([
    expect.objectContaining({ prompt: expect.stringMatching(/daily quota of web requests/) }),
  ]);
});

test('from the sidebar, a refused start is told in a toast with its reason; a start that goes well is not', () => {
  expect(fromSidebar(world(100), 'email')).toEqual([]);
  expect(fromSidebar(world(0), 'person')).toEqual([expect.stringMatching(/not have enough credits/)]);
  const refused = world(100);
  revokeKey(refused);
  expect(fromSidebar(refused, 'email')).toEqual([expect.stringMatching(/API key was refused/)]);
  const quota = world(100);
  quota.host.useUpQuota('urlFetch');
  expect(fromSidebar(quota, 'email')).toEqual([expect.stringMatching(/daily quota of web requests/)]);
});

test('nothing to send: the alert says why the rows cannot be sent', () => {
  const w = world(
    100,
    ROWS.map((r, i) => [r[0], r[1], i < 3 ? 'jane.doe@' : '', 'harborlogistics.com']),
  );
  w.host.ui.answer('OK');
  expect(w.host.clickMenu('Validate emails').ok).toBe(true);
  expect(w.host.ui.dialogs.at(-1)!.prompt).toMatch(
    /^Nothing to send\. .*Why rows cannot be sent: not a valid email address; no email to validate\.$/,
  );
});
