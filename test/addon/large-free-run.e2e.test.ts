// A large run asks first even when it is free: Enrich companies writing into more rows than one
// request takes says the rows and the columns it will add, and sends nothing unless confirmed, from the
// menu or the sidebar; a run of one request's rows that fits the sheet still starts unasked.
import { PART_SIZE } from '../../src/jobs/action-catalog';
import { addonWorld, connect, type World } from '../support/addon-world';

/** A connected world, `rows` companies below a header, all selected. */
function companies(rows: number): World {
  const w = addonWorld();
  w.host.sheet().load([['Company', 'Website'], ...Array.from({ length: rows }, (_, i) => [`Company ${i}`, `company${i}.example`])]);
  w.host.open();
  connect(w, 'demo-key-alpha');
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  return w;
}

const sent = (w: World) =>
  w.host.requests.filter((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/companies/enrichment-requests'));
const headers = (w: World) =>
  w.host
    .sheet()
    .values()[0]!
    .filter((h) => h !== '');

test('from the menu: a free run of more rows than one request asks first, naming the rows and the new columns', () => {
  const rows = PART_SIZE.company + 1;
  const w = companies(rows);
  w.host.ui.answer('NO');
  expect(w.host.clickMenu('Enrich companies').ok).toBe(true);
  expect(w.host.ui.dialogs).toHaveLength(1);
  const { prompt } = w.host.ui.dialogs[0]!;
  expect(prompt).toContain(`Company enrichment of ${rows.toLocaleString('en-US')} distinct rows on "Sheet1" in 2 parts.`);
  expect(prompt).toMatch(
    new RegExp(
      `Results go into ${rows.toLocaleString('en-US')} rows\\. \\d+ columns will be added to the sheet for the results\\. Company enrichment is free\\.`,
    ),
  );
  expect(prompt).toMatch(/Start now\?$/);
  // Answered no: nothing is sent, and the sheet is as it was.
  expect(sent(w)).toHaveLength(0);
  expect(headers(w)).toEqual(['Company', 'Website']);
});

test('from the sidebar: the estimate asks for a confirmation, and a start without one is refused', () => {
  const w = companies(PART_SIZE.company + 1);
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'company' }]).value as { needsConfirmation: boolean; summary: string };
  expect(preview.needsConfirmation).toBe(true);
  const r = w.host.callFromSidebar('startRun', [{ action: 'company' }]);
  expect(r.ok).toBe(false);
  expect(r.error?.message).toContain('Please confirm first');
  expect(sent(w)).toHaveLength(0);
});

test("a free run of one request's rows, its columns fitting the sheet, needs no confirmation", () => {
  const w = companies(PART_SIZE.company);
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'company' }]).value as { needsConfirmation: boolean; summary: string };
  expect(preview.needsConfirmation).toBe(false);
  expect(preview.summary).not.toMatch(/columns? will be added/);
});
