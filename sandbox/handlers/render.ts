// Turning universe records into API objects, remembering the ids a later request may refer to
// (company ids for job openings; phone ids for reviews, per account).
import type { AccountState } from '../accounts';
import type { ServiceState } from '../state';
import type { CompanyRecord } from '../universe/companies';
import { personJson, type PersonRecord, type PhoneNumber } from '../universe/people';

export function rememberCompany(state: ServiceState, company: CompanyRecord): void {
  state.companyDomains.set(company.id, company.domain);
}

/** Phone numbers handed to an account: from now on it may review them. */
export function issuePhones(account: AccountState, phones: ReadonlyArray<PhoneNumber>): void {
  for (const p of phones) account.phones.set(p.id, p);
}

export function renderPerson(
  state: ServiceState,
  account: AccountState,
  person: PersonRecord,
  reveal: { email: boolean; phones: boolean },
): Record<string, unknown> {
  rememberCompany(state, person.company);
  if (reveal.phones) issuePhones(account, person.phones);
  return personJson(person, reveal);
}
