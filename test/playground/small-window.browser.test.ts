// The page in a small window (1024×700): nothing scrolls sideways, the sidebar's frame takes the
// height under the menus, its Run view's Start button can be reached and pressed, and toasts and
// menus show whole, the toasts beside the sidebar rather than over it.
import type { Frame } from 'playwright-core';
import { connect, openPage, runMenu, selectRange, type PageWorld } from '../../playground/page-driver';

const WINDOW = { width: 1024, height: 700 };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inWindow = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= WINDOW.width && b.y + b.height <= WINDOW.height;

describe('the page in a 1024×700 window', () => {
  let world: PageWorld;
  let frame: Frame;
  beforeAll(async () => {
    world = await openPage({}, WINDOW);
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => {
    // No uncaught error or console error in the page or its sidebar.
    expect(world.errors).toEqual([]);
  });

  it('does not scroll sideways, and gives the sidebar the height under the menus', async () => {
    const { page } = world;
    frame = await connect(page, 'demo-key-alpha');
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const box = (await page.locator('#sidebar-frame').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(500);
    expect(inWindow(box)).toBe(true);
    // The demo keys are a strip that opens on demand.
    await page.locator('#demo-keys summary').click();
    await page.locator('#demo-keys-list code', { hasText: 'demo-key-alpha' }).waitFor();
    await page.locator('#demo-keys summary').click();
    await page.locator('#demo-keys-list').waitFor({ state: 'hidden' });
  });

  it('shows menus whole and toasts beside the sidebar', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'Extensions' }).click();
    await page.getByRole('menuitem', { name: 'Prospecting for Sheets' }).click();
    const last = page.getByRole('menuitem', { name: 'Settings' });
    expect(inWindow((await last.boundingBox())!)).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await selectRange(page, 'A1:G20');
    await runMenu(page, 'Enrich people', 'enrichPeople');
    const toast = page.locator('.toast').last();
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(inWindow(box)).toBe(true);
    expect(overlap(box, (await page.locator('#sidebar').boundingBox())!)).toBe(false);
  });

  it("reaches the Run view's Start button inside the frame and starts the run", async () => {
    const { page } = world;
    await selectRange(page, 'A21:G60');
    await frame.getByRole('tab', { name: 'Run' }).click();
    await frame.locator('#run-check').click();
    const start = frame.locator('#run-start');
    await start.scrollIntoViewIfNeeded();
    // Scrolled into the frame's view, itself in the window.
    const box = (await start.boundingBox())!;
    const shown = (await page.locator('#sidebar-frame').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(shown.y);
    expect(box.y + box.height).toBeLessThanOrEqual(shown.y + shown.height);
    await start.click();
    await frame.getByRole('tab', { name: 'Jobs', selected: true }).waitFor();
  });
});
