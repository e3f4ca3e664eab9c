// Accounts behind the bearer keys: balances, what each has already paid for, its counters and
// its batches. The demo accounts are what `npm run sandbox` starts with.
import type { Batch } from './batches';
import { uuidFrom } from './hash';
import { HOUR, MINUTE, SlidingWindow } from './limits';
import type { AccountSeed, Credits } from './options';
import type { Allowance, UsageKind } from './pacing';
import type { PhoneNumber } from './universe/people';

export const DEMO_KEYS = {
  alpha: 'demo-key-alpha',
  bravo: 'demo-key-bravo',
  empty: 'demo-key-empty',
} as const;

export const DEMO_ACCOUNTS: ReadonlyArray<AccountSeed> = [
  { key: DEMO_KEYS.alpha, name: 'Alpha Outbound (demo)', credits: { email: 1000, phone: 200 } },
  { key: DEMO_KEYS.bravo, name: 'Bravo Growth (demo)', credits: { email: 100, phone: 20 } },
  { key: DEMO_KEYS.empty, name: 'Empty Pockets (demo)', credits: { email: 0, phone: 0 } },
];

export interface AccountState {
  id: string;
  name: string;
  key: string;
  balance: Credits;
  spent: Credits;
  /** When each person was last charged as found (the 24-hour rule). */
  foundAt: Map<string, number>;
  emailRevealed: Set<string>;
  phoneRevealed: Set<string>;
  requestWindows: Map<string, SlidingWindow>;
  /** Items accepted in the last hour, per usage limit: what the `refuse` mode counts. */
  accepted: Record<UsageKind, SlidingWindow>;
  /** The slots of each usage limit that items hold as they finish: what the `pace` mode schedules against. */
  allowances: Map<UsageKind, Allowance>;
  /** Batches holding slots (items to finish, or finished within the hour), in acceptance order. */
  paced: Batch[];
  /** Batches with items not yet settled (charged and recorded). */
  open: Batch[];
  /** Phone numbers this account has reviewed, by id, with the reason given. */
  reviews: Map<string, string>;
  /**
   * Phone numbers handed to this account inside the people it was answered with, by id: with its
   * contacts' numbers, the only ones it can review.
   */
  phones: Map<string, PhoneNumber>;
}

export function createAccount(seed: AccountSeed): AccountState {
  return {
    id: seed.id ?? uuidFrom(0, 'account', seed.key),
    name: seed.name,
    key: seed.key,
    balance: { ...seed.credits },
    spent: { email: 0, phone: 0 },
    foundAt: new Map(),
    emailRevealed: new Set(),
    phoneRevealed: new Set(),
    requestWindows: new Map(),
    accepted: { enrichments: new SlidingWindow(HOUR), validations: new SlidingWindow(HOUR) },
    allowances: new Map(),
    paced: [],
    open: [],
    reviews: new Map(),
    phones: new Map(),
  };
}

export function requestWindow(account: AccountState, bucket: string): SlidingWindow {
  let w = account.requestWindows.get(bucket);
  if (!w) {
    w = new SlidingWindow(MINUTE);
    account.requestWindows.set(bucket, w);
  }
  return w;
}
