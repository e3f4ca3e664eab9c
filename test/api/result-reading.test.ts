// Reading batch results cheaply without reading them wrong: a page read again from a cursor is
// checked only from where reading stopped, and results are read only for the fields a job writes,
// giving exactly the values a full reading gives.
import fc from 'fast-check';
import { ProspectingClient } from '../../src/api/client';
import { UnexpectedResponseError } from '../../src/api/errors';
import { BATCH_KINDS } from '../../src/jobs/batch-kinds';
import { COMPANY_FIELDS, PERSON_FIELDS } from '../../src/sheet/fields';
import { createLocalService, type LocalHandler } from '../../sandbox';
import { localTransport } from '../support/local-transport';

const KEY = 'test-key-reading-1';
const T0 = Date.UTC(2026, 10, 2, 9);

function world(corrupt?: (body: Record<string, unknown>) => void) {
  let now = T0;
  const service = createLocalService({ now: () => now, accounts: [{ key: KEY, name: 'Reading', credits: { email: 1e6, phone: 1e6 } }] });
  const handler: LocalHandler = {
    handle(req) {
      const res = service.handle(req);
      if (!corrupt || req.method !== 'GET') return res;
      const body = JSON.parse(res.body) as Record<string, unknown>;
      corrupt(body);
      return { ...res, body: JSON.stringify(body) };
    },
  };
  const client = new ProspectingClient(
    localTransport(handler, KEY, () => now),
    { sleep: (ms) => (now += ms), now: () => now },
  );
  return { client, later: (ms: number) => (now += ms) };
}

const leads = (n: number) => Array.from({ length: n }, (_, k) => ({ email: `person${k}@company${k % 41}.com` }));

test('a page read from a cursor returns and checks only the results after it', () => {
  const w = world();
  const { id } = w.client.startPersonEnrichment({ leads: leads(20), reveal_email: false, reveal_phone_numbers: false });
  w.later(3600_000);
  const all = w.client.getPersonEnrichment(id, { size: 20 }).value.results;
  const rest = w.client.getPersonEnrichment(id, { size: 20 }, 5).value.results;
  expect(rest).toEqual(all.slice(5));
});

test('a malformed result before the cursor is not read again; one after it is refused', () => {
  const w = world((body) => {
    (body.results as Array<Record<string, unknown>>)[0]!.status = 12345;
  });
  const { id } = w.client.startPersonEnrichment({ leads: leads(10), reveal_email: false, reveal_phone_numbers: false });
  w.later(3600_000);
  expect(w.client.getPersonEnrichment(id, { size: 10 }, 1).value.results).toHaveLength(9);
  expect(() => w.client.getPersonEnrichment(id, { size: 10 }, 0)).toThrow(UnexpectedResponseError);
});

describe('results read for the chosen fields give the values a full reading gives', () => {
  // One batch of people and one of companies, read in full once; each case reads them again for
  // a random choice of fields.
  const w = world();
  const people = w.client.startPersonEnrichment({ leads: leads(150), reveal_email: true, reveal_phone_numbers: true });
  const companies = w.client.startCompanyEnrichment({ companies: Array.from({ length: 150 }, (_, k) => ({ domain: `firm${k}.com` })) });
  w.later(3600_000);
  const fullPeople = w.client.getPersonEnrichment(people.id, { size: 1000 }).value.results;
  const fullCompanies = w.client.getCompanyEnrichment(companies.id, { size: 1000 }).value.results;

  test('people', () => {
    expect(fullPeople.filter((r) => r.status === 'enriched').length).toBeGreaterThan(50);
    const ids = PERSON_FIELDS.map((f) => f.id);
    fc.assert(
      fc.property(fc.subarray(ids, { minLength: 1 }), (fields) => {
        const page = BATCH_KINDS.person.read(w.client, String(people.id), undefined, { size: 1000, skip: 0, fields });
        const picked = page.items.map((item) => BATCH_KINDS.person.toCell(item, {}, fields));
        const full = fullPeople.map((item) => BATCH_KINDS.person.toCell(item as Record<string, unknown>, {}, fields));
        expect(picked).toEqual(full);
      }),
      { seed: 20261122, numRuns: 25 },
    );
  });

  test('companies', () => {
    expect(fullCompanies.filter((r) => r.status === 'found').length).toBeGreaterThan(50);
    const ids = COMPANY_FIELDS.map((f) => f.id);
    fc.assert(
      fc.property(fc.subarray(ids, { minLength: 1 }), (fields) => {
        const page = BATCH_KINDS.company.read(w.client, String(companies.id), undefined, { size: 1000, skip: 0, fields });
        const picked = page.items.map((item) => BATCH_KINDS.company.toCell(item, {}, fields));
        const full = fullCompanies.map((item) => BATCH_KINDS.company.toCell(item as Record<string, unknown>, {}, fields));
        expect(picked).toEqual(full);
      }),
      { seed: 20261122, numRuns: 25 },
    );
  });
});
