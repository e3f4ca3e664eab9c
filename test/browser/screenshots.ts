// Saves a screenshot of each sidebar view under docs/ (`npm run screenshot` runs it after the
// page's pictures): the built sidebar, answered by the add-on in the local host.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addonWorld, connect } from '../support/addon-world';
import { launchBrowser } from '../../toolkit/chromium';
import { openSidebar } from './harness';

async function main(): Promise<void> {
  const docs = join(__dirname, '../../docs');
  const w = addonWorld({ service: { processingRate: 1 } });
  const csv = readFileSync(join(__dirname, '../../demo/sample-prospects.csv'), 'utf8');
  w.host.sheet().loadCsv(csv);
  w.host.open();
  connect(w, 'demo-key-alpha');
  w.host.select('Sheet1!A1:G40');
  w.host.callFromSidebar('startRun', [{ action: 'company', confirmed: true }]);
  for (let i = 0; i < 20 && w.host.fireNextTrigger(); i++);
  w.host.select('Sheet1!A1:G226');
  w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  const browser = await launchBrowser();
  try {
    const { page } = await openSidebar(browser, w);
    await page.getByRole('tab', { name: 'Connect' }).click();
    await page.locator('#account-name').filter({ hasText: 'Alpha' }).waitFor();
    await page.screenshot({ path: join(docs, 'sidebar-connect.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Run' }).click();
    await page.getByRole('button', { name: 'Check selection' }).click();
    await page.locator('#run-summary').filter({ hasText: 'Person enrichment' }).waitFor();
    await page.screenshot({ path: join(docs, 'sidebar-run.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Jobs' }).click();
    await page.locator('#jobs-list .job').first().waitFor();
    await page.screenshot({ path: join(docs, 'sidebar-jobs.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByLabel('What').selectOption('job_openings');
    await page.locator('#import-domain').fill('harborlogistics.com');
    await page.screenshot({ path: join(docs, 'sidebar-tools.png'), fullPage: true });
  } finally {
    await browser.close();
  }
  console.log('Screenshots written to docs/.');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
