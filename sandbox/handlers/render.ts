// Turning universe records into API objects, remembering the ids a later request may refer to
// (company ids for job openings, phone ids for reviews).
import type { ServiceState } from '../state';
import type { CompanyRecord } from '../universe/companies';
import { personJson, type PersonRecord } from '../universe/people';

export function rememberCompany(state: ServiceState, company: CompanyRecord): void {
  state.companyDomains.set(company.id, company.domain);
}

export function renderPerson(state: ServiceState, person: PersonRecord, reveal: { email: boolean; phones: boolean }): Record<string, unknown> {
  rememberCompany(state, person.company);
  if (reveal.phones) for (const p of person.phones) state.phones.set(p.id, p);
  return personJson(person, reveal);
}
