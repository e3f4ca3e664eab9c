// The client with the reads only tests make: every page of a batch or lead list at once, and a
// single lookup answered whole. The add-on reads one page at a time and sends lookups in groups
// (`sendMany`), so these stay out of dist/Code.js.
import { pageQuery, ProspectingClient } from '../../src/api/client';
import { checkPageSize, PAGE_SIZE_BOUNDS, type CompanyFind, type PersonFind } from '../../src/api/requests';
import { schemas } from '../../src/api/schemas';

export class TestClient extends ProspectingClient {
  leadListPages(id: string, size?: number) {
    checkPageSize(size, PAGE_SIZE_BOUNDS.batchItems, 'read the lead list');
    return this.pages({ method: 'GET', path: `/lead-lists/${encodeURIComponent(id)}`, query: pageQuery({ size }) }, schemas.LeadList());
  }

  personEnrichmentPages(id: number, size?: number) {
    checkPageSize(size, PAGE_SIZE_BOUNDS.batchItems, 'read the enrichment');
    return this.pages(
      { method: 'GET', path: `/people/enrichment-requests/${id}`, query: pageQuery({ size }) },
      schemas.PersonEnrichmentBatch(),
    );
  }

  companyEnrichmentPages(id: number, size?: number) {
    checkPageSize(size, PAGE_SIZE_BOUNDS.batchItems, 'read the enrichment');
    return this.pages(
      { method: 'GET', path: `/companies/enrichment-requests/${id}`, query: pageQuery({ size }) },
      schemas.CompanyEnrichmentBatch(),
    );
  }

  emailValidationPages(id: string, size?: number) {
    checkPageSize(size, PAGE_SIZE_BOUNDS.batchItems, 'read the email validation');
    return this.pages(
      { method: 'GET', path: `/email-validations/${encodeURIComponent(id)}`, query: pageQuery({ size }) },
      schemas.EmailValidationBatch(),
    );
  }

  findCompany(query: CompanyFind) {
    return this.call(this.companyFindRequest(query), schemas.CompanyLookup());
  }

  findPerson(query: PersonFind) {
    return this.call(this.personFindRequest(query), schemas.Person());
  }
}
