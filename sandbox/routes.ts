// Every endpoint of the local service, by method and path.
import { accountInfo, logCall, readContact, reviewPhoneNumber } from './handlers/activity';
import { cancelCompanyEnrichment, readCompanyEnrichment, startCompanyEnrichment } from './handlers/company-enrichment';
import { cancelEmailValidation, readEmailValidation, startEmailValidation } from './handlers/email-validations';
import { addLeadsToList } from './handlers/lead-list-leads';
import { listLeadLists } from './handlers/lead-list-index';
import { createLeadList, readLeadList } from './handlers/lead-lists';
import { listExcludedDomains, listExcludedEmails, listJobOpenings, listTerritories } from './handlers/listings';
import { findCompanyRoute, findPersonRoute } from './handlers/lookups';
import { cancelPersonEnrichment, readPersonEnrichment, startPersonEnrichment } from './handlers/person-enrichment';
import { searchCompanies, searchPeople } from './handlers/search';
import { addLeadsToSequence, listSequences } from './handlers/sequences';
import { changeMailbox, listMailboxes, readMailbox } from './handlers/mailboxes';
import { readCallRecording } from './handlers/call-recordings';
import { mailboxRate, perMinute, recordingRate } from './rate-rules';
import { path, type Route } from './router';

export const ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: path('/lead-lists'), handler: createLeadList },
  { method: 'GET', pattern: path('/lead-lists'), handler: listLeadLists },
  { method: 'GET', pattern: path('/lead-lists/:id'), handler: readLeadList },
  { method: 'POST', pattern: path('/lead-lists/:id/leads'), handler: addLeadsToList },
  { method: 'POST', pattern: path('/people/search'), handler: searchPeople, rates: perMinute('peopleSearchPerMinute') },
  { method: 'POST', pattern: path('/companies/search'), handler: searchCompanies },
  { method: 'GET', pattern: path('/sequences'), handler: listSequences },
  { method: 'POST', pattern: path('/sequences/:id/leads'), handler: addLeadsToSequence, rates: perMinute('sequenceLeadsPerMinute') },
  { method: 'POST', pattern: path('/people/enrichment-requests'), handler: startPersonEnrichment },
  { method: 'GET', pattern: path('/people/enrichment-requests/:id'), handler: readPersonEnrichment },
  { method: 'PATCH', pattern: path('/people/enrichment-requests/:id'), handler: cancelPersonEnrichment },
  { method: 'POST', pattern: path('/companies/enrichment-requests'), handler: startCompanyEnrichment },
  { method: 'GET', pattern: path('/companies/enrichment-requests/:id'), handler: readCompanyEnrichment },
  { method: 'PATCH', pattern: path('/companies/enrichment-requests/:id'), handler: cancelCompanyEnrichment },
  { method: 'POST', pattern: path('/email-validations'), handler: startEmailValidation },
  { method: 'GET', pattern: path('/email-validations/:id'), handler: readEmailValidation },
  { method: 'PATCH', pattern: path('/email-validations/:id'), handler: cancelEmailValidation },
  { method: 'GET', pattern: path('/companies/find'), handler: findCompanyRoute },
  { method: 'GET', pattern: path('/people/find'), handler: findPersonRoute, rates: perMinute('peopleFindPerMinute') },
  { method: 'POST', pattern: path('/calls'), handler: logCall },
  { method: 'GET', pattern: path('/calls/:id/recording'), handler: readCallRecording, rates: recordingRate },
  { method: 'POST', pattern: path('/phone_numbers/:id/review'), handler: reviewPhoneNumber },
  { method: 'GET', pattern: path('/contacts/:id'), handler: readContact },
  { method: 'GET', pattern: path('/territories'), handler: listTerritories },
  { method: 'GET', pattern: path('/job-openings'), handler: listJobOpenings },
  { method: 'GET', pattern: path('/excluded-domains'), handler: listExcludedDomains },
  { method: 'GET', pattern: path('/excluded-emails'), handler: listExcludedEmails },
  { method: 'GET', pattern: path('/mailboxes'), handler: listMailboxes },
  { method: 'GET', pattern: path('/mailboxes/:id'), handler: readMailbox, rates: mailboxRate },
  { method: 'PATCH', pattern: path('/mailboxes/:id'), handler: changeMailbox, rates: mailboxRate },
  { method: 'GET', pattern: path('/account-info'), handler: accountInfo },
];
