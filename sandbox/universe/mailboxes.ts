// The sending mailboxes each account's users have, connected in the service's own application and
// only read (and their daily limit changed) through the API: the same documented set for every
// account, ids and dates drawn from the seed and the account, at least one in every status.
import type { EMAIL_PROVIDERS, MAILBOX_STATUSES } from '../../contract/enumerations';
import { Rng, uuidFrom } from '../hash';
import { DAY, msBefore } from './clock';

export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The account's users: the people its sequences name as their creators too (same ids). */
export const MAILBOX_USERS: ReadonlyArray<{ handle: string; name: string }> = [
  { handle: 'alex', name: 'Alex Morgan' },
  { handle: 'jordan', name: 'Jordan Lee' },
  { handle: 'sam', name: 'Sam Rivera' },
  { handle: 'casey', name: 'Casey Chen' },
];

/** Every user has a mailbox at each of these addresses (`<handle>` replaced), with this provider. */
export const MAILBOX_ADDRESSES: ReadonlyArray<{ address: string; provider: EmailProvider }> = [
  { address: '<handle>@sales.example', provider: 'google' },
  { address: '<handle>@try-sales.example', provider: 'google' },
  { address: '<handle>@sales-mail.example', provider: 'outlook' },
  { address: '<handle>@reach-sales.example', provider: 'other' },
  { address: '<handle>.outreach@sales.example', provider: 'google' },
  { address: '<handle>@salesteam-mail.example', provider: 'outlook' },
];

type Cell = readonly [MailboxStatus, number];
const A = 'active';
const I = 'inactive';
const R = 'needs_reconnection';

/** Status and daily email limit of each user's mailbox at each address (rows: users; columns: addresses), a grid as the README shows it. */
// prettier-ignore
export const MAILBOX_PLAN: ReadonlyArray<ReadonlyArray<Cell>> = [
  [[A, 500], [A, 100], [A, 250], [I, 50], [R, 300], [A, 150]],
  [[A, 400], [I, 100], [R, 200], [A, 75], [A, 300], [A, 120]],
  [[A, 450], [A, 90], [A, 250], [R, 60], [I, 300], [A, 2000]],
  [[A, 350], [A, 1], [I, 200], [A, 80], [A, 300], [R, 150]],
];

export interface MailboxUser {
  id: string;
  name: string;
  email: string;
}

/** A mailbox as the service started with it (shared: never mutate it). */
export interface SeededMailbox {
  id: string;
  email: string;
  email_provider: EmailProvider;
  status: MailboxStatus;
  daily_email_limit: number;
  user: MailboxUser;
  created_at: string;
  updated_at: string;
}

export interface AccountMailboxes {
  /** In the plan's order, users first: newest first. */
  mailboxes: SeededMailbox[];
  byId: Map<string, SeededMailbox>;
}

export function userEmail(handle: string): string {
  return `${handle}@sales.example`;
}

/** The documented users, then `rep5`, `rep6`… (the team grown by `ServiceOptions.mailboxUsers`). */
const usersOf = (count: number) =>
  Array.from({ length: count }, (_, u) => MAILBOX_USERS[u] ?? { handle: `rep${u + 1}`, name: `Sales Rep ${u + 1}` });

function build(seed: number, accountId: string, users: number): AccountMailboxes {
  const rng = new Rng(seed, 'mailboxes', accountId);
  let ago = rng.int(1, 10) * DAY;
  const mailboxes: SeededMailbox[] = [];
  usersOf(users).forEach(({ handle, name }, u) => {
    const email = userEmail(handle);
    // The id sequences give their creator (universe/sequences.ts), so both name the same person.
    const user = { id: uuidFrom(seed, 'user', accountId, email), name, email };
    MAILBOX_ADDRESSES.forEach(({ address, provider }, a) => {
      const [status, limit] = MAILBOX_PLAN[u % MAILBOX_PLAN.length]![a]!;
      const created = ago + rng.int(0, DAY - 1);
      ago += rng.int(3, 30) * DAY;
      const mailboxEmail = address.replace('<handle>', handle);
      mailboxes.push({
        id: uuidFrom(seed, 'mailbox', accountId, mailboxEmail),
        email: mailboxEmail,
        email_provider: provider,
        status,
        daily_email_limit: limit,
        user: { ...user },
        created_at: msBefore(created),
        updated_at: msBefore(Math.max(3600000, created - rng.int(0, 20) * DAY)),
      });
    });
  });
  return { mailboxes, byId: new Map(mailboxes.map((m) => [m.id, m])) };
}

const cache = new Map<string, AccountMailboxes>();

/** An account's mailboxes as the service started with them (shared: never mutate them). */
export function accountMailboxes(seed: number, accountId: string, users = MAILBOX_USERS.length): AccountMailboxes {
  const key = `${seed}|${accountId}|${users}`;
  let m = cache.get(key);
  if (!m) {
    m = build(seed, accountId, users);
    cache.set(key, m);
  }
  return m;
}
