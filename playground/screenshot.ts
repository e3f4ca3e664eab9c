// `npm run screenshot`: renews docs/playground.png, the page with the sidebar open, results of
// Enrich people in the grid, a formula's spilled answer and the activity panel.
import { join } from 'node:path';
import { connect, openPage, runMenu, selectRange, gridCell } from './page-driver';

async function main(): Promise<void> {
  const world = await openPage();
  try {
    const { page } = world;
    await connect(page, 'demo-key-alpha');
    await selectRange(page, 'A1:G227');
    await runMenu(page, 'Enrich people', 'enrichPeople');
    await gridCell(page, 2, 'H').filter({ hasText: /\S/ }).waitFor();
    await page.locator('#grid .tabulator-tableholder').evaluate((e) => e.scrollTo({ left: 260 }));
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(__dirname, '..', 'docs', 'playground.png') });
  } finally {
    await world.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
