// The activity panel's e-mail list: a message the host's MailApp sent shows with its time on the
// host's clock, its recipients and subject, and opens on its body, shown as text, never markup.
// The bundle is the built add-on plus one function that sends, under its manifest with the
// send_mail scope: the page's own path (google.script.run into the host) makes the host send.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SEND_MAIL_SCOPE } from '../../emulator';
import { DIST, state } from '../../playground/page-driver';
import { sharedPage } from '../support/shared-page';

function bundleThatSends(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-bundle-'));
  const code = readFileSync(path.join(DIST, 'Code.js'), 'utf8');
  writeFileSync(
    path.join(dir, 'Code.js'),
    `${code}\nfunction sendAlertForTest(to, subject, body) {\n  MailApp.sendEmail(to, subject, body);\n}\n`,
  );
  copyFileSync(path.join(DIST, 'Sidebar.html'), path.join(dir, 'Sidebar.html'));
  const manifest = JSON.parse(readFileSync(path.join(DIST, 'appsscript.json'), 'utf8')) as { oauthScopes: string[] };
  manifest.oauthScopes = [...new Set([...manifest.oauthScopes, SEND_MAIL_SCOPE])];
  writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
  return dir;
}

const BODY = 'The background run paused at row 40.\n<img src=x onerror="document.title=1"> is text here.';

describe('e-mail sent, in the activity panel', () => {
  // No uncaught error or console error in the page or its sidebar, after any test.
  const world = sharedPage({ bundleDir: bundleThatSends() });

  const send = async (to: string, subject: string, body: string) => {
    const res = await fetch(`${world.playground.url}api/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'sendAlertForTest', args: [to, subject, body] }),
    });
    expect(await res.json()).toMatchObject({ ok: true });
  };

  it('lists a message with its time, recipients and subject, and shows its body as text on expand', async () => {
    const { page } = world;
    const list = page.locator('#mail-list');
    await list.locator('li.none', { hasText: 'None yet' }).waitFor();

    await send('you@example.com, boss@example.com', 'Background run paused', BODY);
    const item = list.locator('details').first();
    await item.waitFor();
    const sent = (await state(world)).activity.mail;
    expect(sent).toHaveLength(1);
    // The time on the host's clock, as the other lists show it (the page's clock is UTC).
    const time = new Date(sent[0]!.at).toISOString().slice(11, 19);
    expect(await item.locator('summary').textContent()).toBe(`${time}you@example.com, boss@example.comBackground run paused`);
    expect(await item.locator('.mail-body').isVisible()).toBe(false);

    await item.locator('summary').click();
    await item.locator('.mail-body').waitFor({ state: 'visible' });
    expect(await item.locator('.mail-body').textContent()).toBe(BODY);
    // Text, not markup: no element was made from the body.
    expect(await list.locator('img').count()).toBe(0);
    expect(await page.locator('#activity-summary').textContent()).toContain('1 e-mails sent');
    expect(await page.locator('#quota').textContent()).toContain('2 of 100');
  });

  it('puts the newest message first and keeps an opened one open', async () => {
    const { page } = world;
    await send('you@example.com', 'Job ended', 'All 226 rows have a result.');
    const items = page.locator('#mail-list details');
    await page.locator('#mail-list details', { hasText: 'Job ended' }).waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).locator('.mail-subject').textContent()).toBe('Job ended');
    expect(await items.nth(1).locator('.mail-subject').textContent()).toBe('Background run paused');
    expect(await items.nth(1).getAttribute('open')).not.toBeNull();
    expect(await items.nth(0).getAttribute('open')).toBeNull();
    expect(await page.locator('#quota').textContent()).toContain('3 of 100');
  });
});
