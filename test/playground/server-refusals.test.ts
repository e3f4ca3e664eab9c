// The page's server refuses what Sheets would refuse, with a reason, and keeps the add-on's
// execution alive: a CSV past a sheet's limits, and a dialog answer with a button it does not offer.
import { startPlayground, type Playground } from '../../playground/server';
import type { PageState } from '../../playground/protocol';
import { CLOCK_START, DIST, until } from '../../playground/page-driver';

let playground: Playground;
beforeAll(async () => {
  playground = await startPlayground({ world: { bundleDir: DIST, clockStart: CLOCK_START }, port: 0 });
});
afterAll(async () => {
  await playground?.stop();
});

const post = (name: string, body: unknown) =>
  fetch(`${playground.url}api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const state = async () => (await (await fetch(`${playground.url}api/state?after=-1`)).json()) as PageState;

test('a CSV wider than a sheet, or with no rows, is refused with the reason; nothing is imported', async () => {
  const before = (await state()).sheets.length;
  const wide = await post('importCsv', { name: 'wide.csv', csv: `${Array.from({ length: 18279 }, (_, i) => `c${i}`).join(',')}\n` });
  expect(wide.status).toBe(400);
  expect(await wide.text()).toMatch(/18,279 columns; a sheet holds at most 18,278/);
  const empty = await post('importCsv', { name: 'empty.csv', csv: '' });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toMatch(/no rows/);
  expect((await state()).sheets.length).toBe(before);
});

test('a dialog answer with a button the dialog does not offer is refused; the dialog stays open for a real answer', async () => {
  // Create a lead list asks first (not connected: an alert with OK; connected: a prompt, OK or CANCEL).
  const menu = post('menu', { caption: 'Create a lead list' });
  await until(async () => (await state()).dialog !== null, 'the dialog');
  const dialog = (await state()).dialog!;
  const bogus = await post('dialog', { id: dialog.id, button: 'BOGUS' });
  expect(bogus.status).toBe(400);
  expect(await bogus.text()).toMatch(/not a button of this dialog/);
  expect((await state()).dialog?.id).toBe(dialog.id);
  expect((await post('dialog', { id: dialog.id, button: dialog.buttons.includes('CANCEL') ? 'CANCEL' : 'OK' })).status).toBe(200);
  expect((await menu).status).toBe(200);
  expect((await state()).dialog).toBeNull();
});
