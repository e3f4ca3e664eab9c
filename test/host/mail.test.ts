// MailApp in the host: both call forms, one recipient per address toward the daily quota (refused
// once spent, back on the next quota day), the script's scope and the authorization modes, and
// every message recorded in order.
import * as path from 'node:path';
import { CONSUMER_DAILY_QUOTAS, QUOTA_DAY_MS, SEND_MAIL_SCOPE } from '../../emulator';
import { makeHost } from './helpers';

const MAIL_FIXTURE = path.join(__dirname, 'fixtures', 'mail');
const QUOTA_REFUSED = 'Service invoked too many times for one day: email.';
const PERMISSION = (method: string) => `You do not have permission to call MailApp.${method}. Required permissions: ${SEND_MAIL_SCOPE}`;

// No script time: the tests pin the virtual instants messages were sent and quota days began.
function mailHost(options: Parameters<typeof makeHost>[0] = {}) {
  return makeHost({ bundleDir: MAIL_FIXTURE, scriptTime: 'none', ...options });
}

/** `n` distinct addresses, comma-separated. */
const list = (n: number, domain = 'example.com') => Array.from({ length: n }, (_, i) => `r${i}@${domain}`).join(', ');

describe('MailApp.sendEmail', () => {
  it('sends in each of its forms and records every message, in order, with the sender and the time', () => {
    const host = mailHost();
    const t0 = host.clock.now();
    expect(host.run('send', ['ann@example.com', 'Job ended', 'All 226 rows have a result.']).value).toBe(99);
    const t1 = host.clock.now();
    const object = {
      to: 'ann@example.com,bob@example.com',
      subject: 'Background run failed',
      body: 'The key was refused.',
      htmlBody: '<p>The key was refused.</p>',
      name: 'Prospecting for Sheets',
      noReply: true,
    };
    expect(host.run('send', [object], { user: 'bob@example.com' }).value).toBe(98);
    host.run('send', [
      'ann@example.com',
      'With a copy',
      'Body',
      { cc: 'cat@example.com', bcc: 'Dan <dan@example.com>', replyTo: 'help@example.com' },
    ]);
    host.run('send', ['ann@example.com', 'help@example.com', 'Reply elsewhere', 'Body']);

    expect(host.mail).toEqual([
      {
        user: 'owner@example.com',
        to: ['ann@example.com'],
        cc: [],
        bcc: [],
        subject: 'Job ended',
        body: 'All 226 rows have a result.',
        at: t0,
      },
      {
        user: 'bob@example.com',
        to: ['ann@example.com', 'bob@example.com'],
        cc: [],
        bcc: [],
        subject: 'Background run failed',
        body: 'The key was refused.',
        htmlBody: '<p>The key was refused.</p>',
        name: 'Prospecting for Sheets',
        noReply: true,
        at: t1,
      },
      expect.objectContaining({
        to: ['ann@example.com'],
        cc: ['cat@example.com'],
        bcc: ['Dan <dan@example.com>'],
        replyTo: 'help@example.com',
      }),
      expect.objectContaining({ to: ['ann@example.com'], replyTo: 'help@example.com', subject: 'Reply elsewhere', body: 'Body' }),
    ]);
    // Each message took the cost model's time for a send.
    expect(host.costReport().byCall['MailApp.sendEmail']).toEqual({ count: 4, ms: 800 });
  });

  it('counts one recipient per address of to, cc and bcc, per user', () => {
    const host = mailHost();
    expect(
      host.run('send', [{ to: 'a@example.com, b@example.com,c@example.com', cc: 'd@example.com', bcc: 'e@example.com', subject: 's' }])
        .value,
    ).toBe(95);
    expect(host.quotaUse().mail).toBe(5);
    expect(host.run('remaining', [], { user: 'bob@example.com' }).value).toBe(100);
    expect(host.quotaUse('bob@example.com')).toMatchObject({ dayStartedAt: null, mail: 0 });
  });

  it('refuses a message with no recipient or an invalid address, sending and counting nothing', () => {
    const host = mailHost();
    const refused = (args: unknown[]) => host.run('trySend', args).value;
    expect(refused(['', 'Subject', 'Body'])).toEqual({ isError: true, name: 'Exception', message: 'Failed to send email: no recipient' });
    expect(refused([' , ', 'Subject', 'Body'])).toMatchObject({ message: 'Failed to send email: no recipient' });
    expect(refused([{ subject: 'Subject', body: 'Body' }])).toMatchObject({ message: 'Failed to send email: no recipient' });
    expect(refused(['ann@example.com, not-an-address', 'Subject', 'Body'])).toMatchObject({ message: 'Invalid email: not-an-address' });
    expect(refused([{ to: 'ann@example.com', cc: 'bob@', subject: 's' }])).toMatchObject({ message: 'Invalid email: bob@' });
    // A positional recipient is bound to a String parameter: undefined arrives as "undefined".
    expect(refused([undefined, 'Subject', 'Body'])).toMatchObject({ message: 'Invalid email: undefined' });
    expect(refused(['ann@example.com', 'Subject'])).toMatchObject({
      message: "The parameters (String,String) don't match the method signature for MailApp.sendEmail.",
    });
    expect(host.mail).toEqual([]);
    expect(host.quotaUse()).toMatchObject({ dayStartedAt: null, mail: 0 });
  });
});

describe('the daily recipient quota', () => {
  it('allows 100 recipients a day on a consumer account, then refuses with Apps Script’s message and answers 0 remaining', () => {
    const host = mailHost();
    expect(CONSUMER_DAILY_QUOTAS.mail).toBe(100);
    expect(host.run('remaining').value).toBe(100);
    expect(host.run('send', [list(60), 'Batch one', 'Body']).value).toBe(40);
    expect(host.run('send', [list(39), 'Batch two', 'Body']).value).toBe(1);
    // Two recipients do not fit in the one left: refused whole, nothing sent or counted.
    expect(host.run('trySend', ['a@example.com, b@example.com', 'Two', 'Body']).value).toMatchObject({ message: QUOTA_REFUSED });
    expect(host.quotaUse().mail).toBe(99);
    expect(host.run('send', ['last@example.com', 'The hundredth', 'Body']).value).toBe(0);

    const refused = host.run('send', ['late@example.com', 'One too many', 'Body']);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatchObject({ name: 'Exception', message: QUOTA_REFUSED });
    expect(host.run('remaining').value).toBe(0);
    expect(host.mail.map((m) => m.subject)).toEqual(['Batch one', 'Batch two', 'The hundredth']);
    expect(host.quotaUse().mail).toBe(100);
  });

  it('comes back 24 hours after the day’s first counted use, in the day the other quotas share', () => {
    const host = mailHost();
    host.clock.advance(5000);
    const firstUse = host.clock.now();
    host.run('send', [list(100), 'All of it', 'Body']);
    expect(host.quotaUse()).toMatchObject({ dayStartedAt: firstUse, mail: 100, properties: 0, urlFetch: 0 });

    host.clock.advanceTo(firstUse + QUOTA_DAY_MS - 1);
    expect(host.run('trySend', ['ann@example.com', 'Still today', 'Body']).value).toMatchObject({ message: QUOTA_REFUSED });
    expect(host.run('remaining').value).toBe(0);

    host.clock.advanceTo(firstUse + QUOTA_DAY_MS);
    // Reading what is left opens no day.
    expect(host.run('remaining').value).toBe(100);
    expect(host.quotaUse()).toMatchObject({ dayStartedAt: null, mail: 0 });
    const secondDay = host.clock.now();
    expect(host.run('send', ['ann@example.com', 'Next day', 'Body']).value).toBe(99);
    expect(host.quotaHistory().map((d) => [d.dayStartedAt, d.mail])).toEqual([
      [firstUse, 100],
      [secondDay, 1],
    ]);
  });

  it('takes a Workspace account’s 1,500 from the quotas option, and spends what other scripts of the user sent', () => {
    const workspace = mailHost({ quotas: { mail: 1500 } });
    expect(workspace.run('send', [list(50), 'Fifty', 'Body']).value).toBe(1450);
    workspace.useUpQuota('mail');
    expect(workspace.run('remaining').value).toBe(0);
    expect(workspace.run('trySend', ['ann@example.com', 'Refused', 'Body']).value).toMatchObject({ message: QUOTA_REFUSED });
  });
});

describe('authorization', () => {
  it('refuses both methods when the manifest’s scopes lack script.send_mail, and sends once they have it', () => {
    const current = mailHost({ oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] });
    expect(current.run('trySend', ['ann@example.com', 'S', 'B']).value).toEqual({
      isError: true,
      name: 'Exception',
      message: PERMISSION('sendEmail'),
    });
    expect(current.run('remaining').error?.message).toBe(PERMISSION('getRemainingDailyQuota'));
    expect(current.mail).toEqual([]);
    expect(current.quotaUse().mail).toBe(0);

    const granted = mailHost({ oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly', SEND_MAIL_SCOPE] });
    expect(granted.run('send', ['ann@example.com', 'S', 'B']).ok).toBe(true);
    expect(granted.mail).toHaveLength(1);
  });

  it.each([
    ['LIMITED', 'simpleTrigger'],
    ['NONE', 'simpleTrigger'],
    ['CUSTOM_FUNCTION', 'customFunction'],
  ] as const)('refuses MailApp in %s mode with the scope it needs', (mode, kind) => {
    const host = mailHost();
    expect(host.run('trySend', ['ann@example.com', 'S', 'B'], { mode, kind }).value).toMatchObject({ message: PERMISSION('sendEmail') });
    expect(host.run('remaining', [], { mode, kind }).error?.message).toBe(PERMISSION('getRemainingDailyQuota'));
    expect(host.mail).toEqual([]);
  });

  it('sends from a time-driven trigger (FULL), as the user who made it, when it fires', () => {
    const host = mailHost();
    expect(host.run('scheduleAlert', [], { user: 'ann@example.com' }).ok).toBe(true);
    const fired = host.fireNextTrigger()!;
    expect(fired.ok).toBe(true);
    expect(fired.execution).toMatchObject({ kind: 'trigger', mode: 'FULL' });
    expect(host.mail).toEqual([
      {
        user: 'ann@example.com',
        to: ['ann@example.com'],
        cc: [],
        bcc: [],
        subject: 'Your enrichment paused',
        body: 'It paused at row 40: the key was refused.',
        name: 'Prospecting for Sheets',
        at: expect.any(Number),
      },
    ]);
    // Sent during the trigger's run, after its Session calls.
    expect(host.mail[0]!.at).toBeGreaterThan(fired.execution.startedAt);
    expect(host.mail[0]!.at).toBeLessThan(fired.execution.startedAt + fired.elapsedMs);
    expect(host.quotaUse('ann@example.com').mail).toBe(1);
  });
});
