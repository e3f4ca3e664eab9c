// The menu's "Add to an existing lead list…" in headless Chromium, answered by the add-on in the
// local host: the Run view opens on lead lists with an existing list chosen when only one takes
// rows, else a prompt to choose one; never a new list's estimate behind the person's back.
import type { Browser } from 'playwright-core';
import { addonWorld, connect, OWNER, type World } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar, type SidebarPage } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A connected world, five people selected, and the account's lead lists named `lists`. */
function world(lists: string[]): World {
  const w = addonWorld();
  w.host.sheet().load([['Name', 'Email'], ...Array.from({ length: 5 }, (_, i) => [`Person ${i}`, `person${i}@company${i}.com`])]);
  w.host.select('Sheet1!A1:B6');
  w.host.open();
  connect(w, 'demo-key-alpha');
  for (const name of lists)
    w.service.handle({
      method: 'POST',
      path: '/lead-lists',
      headers: { authorization: 'Bearer demo-key-alpha', 'content-type': 'application/json' },
      body: JSON.stringify({ name, owner: OWNER, type: 'email', leads: [{ email: 'someone@else.example' }], options: { enrich: true } }),
    });
  return w;
}

/** The sidebar as the menu item opens it, once the lead lists are read. */
async function fromMenu(w: World): Promise<SidebarPage> {
  expect(w.host.clickMenu('Add to an existing lead list…').ok).toBe(true);
  const sidebar = await openSidebar(browser, w, OWNER, w.host.ui.sidebars().at(-1)!.html);
  await sidebar.answersHandled('listLeadLists', 1);
  return sidebar;
}

test('with one list that takes the rows: that list is chosen, and the estimate is of adding to it', async () => {
  const { page } = await fromMenu(world(['Q4 outreach']));
  expect(await page.getByRole('tab', { name: 'Run' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByLabel('Action on the selected rows').inputValue()).toBe('lead_list');
  const target = page.getByLabel('Add the rows to');
  expect(await target.locator('option:checked').textContent()).toBe('Q4 outreach (email)');
  await page.locator('#run-list-target:focus').waitFor();
  expect(await page.locator('#run-list-new').isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'Adding 5 distinct rows of "Sheet1" to the lead list "Q4 outreach"' }).waitFor();
  await page.close();
});

test('with two lists: a prompt to choose one, and Check selection asks for the choice instead of pricing a new list', async () => {
  const { page, calls } = await fromMenu(world(['Q4 outreach', 'Spring push']));
  const target = page.getByLabel('Add the rows to');
  expect(await target.locator('option:checked').textContent()).toBe('Choose a lead list…');
  expect(await page.locator('#run-list-note').textContent()).toBe('Choose the lead list to add the selected rows to.');
  expect(await page.locator('#run-list-new').isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Check selection' }).click();
  expect(calls).not.toContain('previewRun');
  expect(await page.locator('#run-start').isVisible()).toBe(false);
  expect(await page.locator('#run-summary').textContent()).toBe('');

  await target.selectOption({ label: 'Spring push (email)' });
  await page.getByRole('button', { name: 'Check selection' }).click();
  await page.locator('#run-summary').filter({ hasText: 'to the lead list "Spring push"' }).waitFor();
  expect(await page.getByRole('button', { name: 'Start and spend credits' }).isVisible()).toBe(true);
  await page.close();
});

test('with no list yet: the prompt says none takes the rows and how to make one', async () => {
  const { page, calls } = await fromMenu(world([]));
  expect(await page.getByLabel('Add the rows to').locator('option:checked').textContent()).toBe('Choose a lead list…');
  expect(await page.locator('#run-list-note').textContent()).toBe(
    'None of your lead lists takes these rows: choose "A new lead list" to make one.',
  );
  await page.getByRole('button', { name: 'Check selection' }).click();
  expect(calls).not.toContain('previewRun');
  await page.close();
});
