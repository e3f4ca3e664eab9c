// Credit rules of the spec. A found person costs 0.5 email credit at most once per 24 hours,
// a revealed email 1 email credit once ever, revealed phone numbers 1 phone credit once ever
// (per person and account); a validated email costs 1 email credit.
import type { AccountState } from './account-state';
import type { Credits } from './options';

export const FOUND_COST = 0.5;
const FOUND_WINDOW_MS = 24 * 3600000;

export const ZERO: Credits = { email: 0, phone: 0 };

export function plus(a: Credits, b: Credits, times = 1): Credits {
  return { email: a.email + b.email * times, phone: a.phone + b.phone * times };
}

/** Whether `cost` fits in what the account has left after its reservations. */
export function affordable(available: Credits, cost: Credits): boolean {
  return cost.email <= available.email + 1e-9 && cost.phone <= available.phone + 1e-9;
}

function spend(account: AccountState, email: number, phone: number): void {
  account.balance.email -= email;
  account.balance.phone -= phone;
  account.spent.email += email;
  account.spent.phone += phone;
}

/** The most one person lookup can cost, before knowing whom it matches. */
export function personWorstCase(reveal: { email: boolean; phones: boolean }): Credits {
  return { email: FOUND_COST + (reveal.email ? 1 : 0), phone: reveal.phones ? 1 : 0 };
}

/** Charges a found person; what was already paid for is not charged again. */
export function chargePerson(
  account: AccountState,
  personId: string,
  at: number,
  what: { found: boolean; revealEmail: boolean; revealPhones: boolean },
): Credits {
  let email = 0;
  let phone = 0;
  if (what.found) {
    const last = account.foundAt.get(personId);
    if (last === undefined || at - last >= FOUND_WINDOW_MS) {
      email += FOUND_COST;
      account.foundAt.set(personId, at);
    }
  }
  if (what.revealEmail && !account.emailRevealed.has(personId)) {
    email += 1;
    account.emailRevealed.add(personId);
  }
  if (what.revealPhones && !account.phoneRevealed.has(personId)) {
    phone += 1;
    account.phoneRevealed.add(personId);
  }
  spend(account, email, phone);
  return { email, phone };
}

export function chargeValidation(account: AccountState, count: number): void {
  spend(account, count, 0);
}
