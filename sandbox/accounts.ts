// Accounts behind the bearer keys: balances, what each has already paid for, its counters and
// its batches. The demo accounts are what `npm run sandbox` starts with.
import type { AccountState } from './account-state';
import { uuidFrom } from './hash';
import { HOUR, SlidingWindow } from './limits';
import type { AccountSeed } from './options';

export type { AccountState } from './account-state';

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
    sequenceLeads: new Map(),
    calls: new Map(),
    mailboxChanges: new Map(),
  };
}
