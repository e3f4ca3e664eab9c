// Connecting an account: the key is checked with /account-info, kept in user properties, and
// shown afterwards only as the account name and a masked key.
import type * as z from 'zod/mini';
import { string } from '../api/kinds';
import { fail } from '../base/fail';
import { ProspectingError } from '../api/errors';
import { lazy } from '../base/lazy';
import { createClient } from '../gas/client-factory';
import { clearConnection, readConnection, saveConnection } from '../gas/key-store';
import { parseInput, trim } from '../api/input-errors';
import { maxLength, minLength, refine } from '../api/checks';
import { pauseJobsForDisconnect, resumePausedJobs } from './pause-policy';
import { currentSpreadsheet } from '../gas/active-document';
import { readUserSpend } from '../gas/user-spend';
import { creditParts, type CreditPart } from '../jobs/credit-parts';

export interface ConnectionView {
  connected: boolean;
  accountName: string;
  maskedKey: string;
  /** What this add-on's jobs spent for this user today and this month, in parts. */
  spent: { today: CreditPart[]; month: CreditPart[] };
}

/** Enough to recognise a key, never enough to use it. */
export const maskKey = (key: string): string => {
  const tail = key.length > 8 ? key.slice(-4) : '';
  return `••••••••${tail}`;
};

const notAKey = (too: string) => ({ error: `That does not look like an API key: it is too ${too}.` });

export const keyInput = lazy(() =>
  string().check(
    trim,
    minLength(1, { error: 'Enter your API key.' }),
    minLength(8, notAKey('short')),
    maxLength(512, notAKey('long')),
    // A refinement, not z.regex(): the same test and message, without the pattern-check classes.
    refine((key) => /^\S+$/.test(key), { error: 'An API key has no spaces in it.' }),
  ),
);

export const getConnection = (): ConnectionView => {
  const stored = readConnection();
  const { today, month } = readUserSpend(currentSpreadsheet());
  return {
    connected: Boolean(stored),
    accountName: stored?.accountName ?? '',
    maskedKey: stored ? maskKey(stored.apiKey) : '',
    spent: { today: creditParts(today), month: creditParts(month) },
  };
};

export const connect = (rawKey: z.input<ReturnType<typeof keyInput>>): ConnectionView => {
  const apiKey = parseInput(keyInput(), rawKey, 'API key');
  let account: { id: unknown; name: string };
  try {
    account = createClient(apiKey).getAccount();
  } catch (e) {
    fail(
      !(e instanceof ProspectingError)
        ? 'Could not check the key. Try again.'
        : e.kind === 'unauthorized'
          ? 'The service did not accept this API key. Check it in your account dashboard and try again.'
          : e.message,
    );
  }
  saveConnection({ apiKey, accountName: account.name, accountId: String(account.id) });
  // Jobs paused for a refused or removed key go on and collect what they already paid for.
  resumePausedJobs();
  return getConnection();
};

export const disconnect = (): ConnectionView => {
  try {
    pauseJobsForDisconnect();
  } catch {
    // A step holds the spreadsheet: the key goes anyway, and the next step, finding none,
    // pauses the jobs itself.
  }
  clearConnection();
  return getConnection();
};
