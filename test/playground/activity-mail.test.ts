// The activity record's e-mail: each message the host's MailApp sent, as the page's state carries
// it (recipients, subject, plain body, time), newest kept, and the day's recipients beside the quota.
import * as path from 'node:path';
import { AppsScriptHost } from '../../emulator';
import { ActivityLog } from '../../playground/activity';

// A script that sends through MailApp (the host's own test fixture).
const MAIL_FIXTURE = path.join(__dirname, '..', 'host', 'fixtures', 'mail');
const USER = 'you@example.com';

function mailWorld(quotas = {}) {
  const host = new AppsScriptHost({ bundleDir: MAIL_FIXTURE, owner: USER, scriptTime: 'none', quotas });
  return { host, log: new ActivityLog(host, USER) };
}

describe('the activity record of e-mail sent', () => {
  it('lists each message with its recipients, subject, plain body and time, and counts the day’s recipients', () => {
    const { host, log } = mailWorld();
    expect(log.view()).toMatchObject({ mail: [], mailCount: 0, quota: { mail: 0, mailLimit: 100 } });

    const at = host.clock.now();
    host.run('send', [
      {
        to: 'you@example.com, boss@example.com',
        cc: 'team@example.com',
        subject: 'Background run paused',
        body: 'Paused at row 40.\n<b>not markup</b>',
        htmlBody: '<p>Paused at row 40.</p>',
      },
    ]);
    host.run('send', ['you@example.com', 'Job ended', 'All rows have a result.']);

    const view = log.view();
    expect(view.mailCount).toBe(2);
    expect(view.mail).toEqual([
      {
        id: 0,
        at,
        to: ['you@example.com', 'boss@example.com'],
        cc: ['team@example.com'],
        bcc: [],
        subject: 'Background run paused',
        body: 'Paused at row 40.\n<b>not markup</b>',
      },
      { id: 1, at: expect.any(Number), to: ['you@example.com'], cc: [], bcc: [], subject: 'Job ended', body: 'All rows have a result.' },
    ]);
    expect(view.mail[1]!.at).toBeGreaterThan(at);
    expect(view.quota).toMatchObject({ mail: 4, mailLimit: 100 });
  });

  it('keeps the latest 200 messages, each with its place among all sent', () => {
    const { host, log } = mailWorld({ mail: 1000 });
    for (let i = 0; i < 201; i++) host.run('send', ['you@example.com', `Alert ${i}`, 'Body']);
    const view = log.view();
    expect(view.mailCount).toBe(201);
    expect(view.mail).toHaveLength(200);
    expect(view.mail[0]).toMatchObject({ id: 1, subject: 'Alert 1' });
    expect(view.mail.at(-1)).toMatchObject({ id: 200, subject: 'Alert 200' });
  });
});
