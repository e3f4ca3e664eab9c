// The demo strip under the sidebar in the windows people use (1280×720 and 1440×900): each demo
// key and its account's balances are shown whole, inside the window, nothing cut off or ellipsized.
import { openPage, openSidebar, state, type PageWorld } from '../../playground/page-driver';

describe.each([
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
])('the demo keys at $width×$height', (window) => {
  let world: PageWorld;
  beforeAll(async () => {
    world = await openPage({}, window);
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => {
    expect(world.errors).toEqual([]);
  });

  it('shows every key and its balances whole, inside the window', async () => {
    const { page } = world;
    await openSidebar(page);
    await page.locator('#demo-keys summary').click();
    const keys = (await state(world)).demoKeys;
    expect(keys.length).toBeGreaterThan(0);
    const items = page.locator('#demo-keys-list li');
    await items.first().waitFor();
    expect(await items.count()).toBe(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const item = items.nth(i);
      const key = item.locator('code');
      const account = item.locator('.demo-account');
      expect(await key.textContent()).toBe(keys[i]!.key);
      expect(await account.textContent()).toContain(keys[i]!.credits);
      for (const part of [key, account, item.getByRole('button', { name: 'Copy' })]) {
        // Not clipped by its own box (no ellipsis, no hidden overflow)...
        const [scroll, client] = await part.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        expect(scroll).toBeLessThanOrEqual(client);
        // ...nor by the strip, nor by the window.
        const box = (await part.boundingBox())!;
        const strip = (await page.locator('#demo-keys').boundingBox())!;
        expect(box.width).toBeGreaterThan(0);
        expect(box.x).toBeGreaterThanOrEqual(strip.x);
        expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(window.width);
        expect(box.y + box.height).toBeLessThanOrEqual(window.height);
      }
    }
  });
});
