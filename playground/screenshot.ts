// `npm run screenshot`: renews docs/playground.png (the page with the sidebar open, results of
// Enrich people in the grid and the activity panel), the listing's 1280×800 screenshots of the
// main stories (docs/marketplace/screenshots/) and its icons and banner, drawn in
// docs/marketplace/art/*.svg and rendered to the sizes the Marketplace asks for.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../toolkit/chromium';
import { connect, gridCell, openPage, openSidebar, runMenu, selectRange } from './page-driver';

const docs = join(__dirname, '..', 'docs');
const kit = join(docs, 'marketplace');
const shots = join(kit, 'screenshots');

/** The page after Enrich people on the sample rows, scrolled to the columns it wrote. */
async function enrichPeople(page: Page): Promise<void> {
  await selectRange(page, 'A1:G227');
  await runMenu(page, 'Enrich people', 'enrichPeople');
  await gridCell(page, 2, 'H').filter({ hasText: /\S/ }).waitFor();
  await page.locator('#grid .tabulator-tableholder').evaluate((e) => e.scrollTo({ left: 260 }));
  await page.waitForTimeout(500);
}

async function playgroundShot(): Promise<void> {
  const world = await openPage();
  try {
    await connect(world.page, 'demo-key-alpha');
    await enrichPeople(world.page);
    await world.page.screenshot({ path: join(docs, 'playground.png') });
  } finally {
    await world.close();
  }
}

/** The listing's screenshots, each a story a buyer meets first, at the Marketplace's 1280×800. */
async function listingShots(): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const world = await openPage({}, { width: 1280, height: 800 });
  const shot = (name: string) => world.page.screenshot({ path: join(shots, name) });
  try {
    const { page } = world;
    const sidebar = await connect(page, 'demo-key-alpha');
    await shot('1-connect.png');
    await enrichPeople(page);
    // Back in the sidebar, the Connected view reads what the run spent.
    await sidebar.locator('#spent-today').click();
    await sidebar
      .locator('#spent-today')
      .filter({ hasText: /credit/ })
      .waitFor();
    await shot('2-enrich-people.png');

    const find = await openSidebar(page, 'Find people or companies…');
    await find.getByLabel('Titles').fill('manager');
    await find.getByRole('button', { name: 'Count matches' }).click();
    await find.locator('#find-matches').filter({ hasText: /match/ }).waitFor();
    await shot('3-find.png');

    const auto = await openSidebar(page, 'Automate this sheet…');
    await auto.locator('#auto-body').waitFor();
    await auto.locator('#auto-email').check();
    await auto.locator('#auto-cap-run').fill('40');
    await auto.locator('#auto-cap-day').fill('80');
    await auto.locator('#auto-save').click();
    await auto
      .locator('#auto-status')
      .filter({ hasText: /^Watching/ })
      .waitFor();
    await shot('4-automate.png');

    const jobs = await openSidebar(page);
    await jobs.getByRole('tab', { name: 'Jobs' }).click();
    await jobs.getByRole('tab', { name: 'Jobs', selected: true }).waitFor();
    await page.waitForTimeout(500);
    await shot('5-jobs.png');
  } finally {
    await world.close();
  }
}

/** Renders an SVG of the kit's art to a PNG of exactly `width`×`height`. */
async function render(browser: Browser, svg: string, png: string, width: number, height: number): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height } });
  try {
    const source = readFileSync(join(kit, 'art', svg), 'utf8').replace(/<svg /, '<svg style="display:block;width:100%;height:100%" ');
    await page.setContent(`<!doctype html><html><body style="margin:0;overflow:hidden">${source}</body></html>`);
    await page.screenshot({ path: join(kit, png), omitBackground: true });
  } finally {
    await page.close();
  }
}

async function art(): Promise<void> {
  const browser = await launchBrowser();
  try {
    await render(browser, 'icon.svg', 'icon-128.png', 128, 128);
    await render(browser, 'icon.svg', 'icon-32.png', 32, 32);
    await render(browser, 'banner.svg', 'banner-220x140.png', 220, 140);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  await art();
  await playgroundShot();
  await listingShots();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
