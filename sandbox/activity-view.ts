// The calls and mailboxes of the account behind an API key as the read-only view shows them: how
// many calls it logged (and with a recording), and its mailboxes with their daily limits now.
import type { AccountState } from './account-state';
import { accountMailboxes } from './universe/mailboxes';

export interface ActivityView {
  calls: { logged: number; with_recording: number };
  mailboxes: Array<{ id: string; email: string; status: string; daily_email_limit: number; changed: boolean }>;
}

export function activityView(seed: number, account: AccountState): ActivityView {
  const calls = [...account.calls.values()];
  return {
    calls: { logged: calls.length, with_recording: calls.filter((c) => c.recorded).length },
    mailboxes: accountMailboxes(seed, account.id).mailboxes.map((m) => {
      const change = account.mailboxChanges.get(m.id);
      return {
        id: m.id,
        email: m.email,
        status: m.status,
        daily_email_limit: change?.dailyEmailLimit ?? m.daily_email_limit,
        changed: change !== undefined,
      };
    }),
  };
}
