// Answers are read tolerantly: unknown properties are ignored everywhere, and an enum value the
// add-on does not know is an unknown state of that one item, never a failure of the answer.
import { TestClient } from '../support/test-client';
import { errorFromResponse, InsufficientCreditsError, InvalidParameterError } from '../../src/api/errors';
import { isKnown, unknownValueMessage } from '../../src/api/open-values';
import {
  BATCH_STATUSES,
  COMPANY_ENRICHMENT_STATUSES,
  EMAIL_RESULTS,
  LEAD_LIST_STATUSES,
  PERSON_ENRICHMENT_STATUSES,
} from '../../src/api/schemas';
import { SPEC as Spec } from '../../sandbox/spec-schemas';
import { BATCH_KINDS } from '../../src/jobs/batch-kinds';
import { FakeTransport, json } from '../support/fake-transport';
import * as f from '../support/fixtures';

function setup() {
  const transport = new FakeTransport();
  const client = new TestClient(transport, { sleep: () => {}, now: () => 0, random: () => 0.5 });
  return { transport, client };
}

const extra = { added_later: { nested: true } };

describe('unknown properties are ignored, even where the spec forbids them', () => {
  test('a lead list, its entries, options and links with extra members', () => {
    const { transport, client } = setup();
    const entry = { ...f.leadEntry, ...extra, email_validation_result: { ...f.leadEntry.email_validation_result, ...extra } };
    const list = {
      ...f.leadList([entry]),
      ...extra,
      options: { ...f.leadList().options, ...extra },
      _links: { self: { href: '/x', method: 'GET' } },
    };
    transport.answer(json(200, list));
    const read = client.getLeadList(f.UUID(5)).value;
    expect(read.leads[0]?.first_name).toBe('Jane');
    expect(read).not.toHaveProperty('added_later');
    expect(read.leads[0]).not.toHaveProperty('added_later');
  });

  test('a person whose experiences, educations and location details carry extra members', () => {
    const { transport, client } = setup();
    const person = {
      ...f.person,
      experiences: [{ ...f.person.experiences[0], ...extra }],
      educations: [{ ...f.person.educations[0], ...extra }],
      location_details: { country: 'US', ...extra },
      company: { ...f.company, locations: [{ ...f.company.locations[0], ...extra }], location_details: { city: 'Austin', ...extra } },
    };
    transport.answer(json(200, person));
    expect(client.findPerson({ email: 'jane@acme.example' }).experiences?.[0]?.title).toBe('VP Sales');
  });

  test('the strict schemas of the spec still refuse them (for checking what is served)', () => {
    expect(Spec.Account.safeParse({ id: f.UUID(1), name: 'A', plan: 'pro' }).success).toBe(false);
    expect(Spec.LeadList.safeParse({ ...f.leadList(), ...extra }).success).toBe(false);
    expect(Spec.LeadList.safeParse({ ...f.leadList(), status: 'canceled' }).success).toBe(false);
    expect(Spec.LeadList.safeParse(f.leadList([f.leadEntry])).success).toBe(true);
  });
});

describe('an enum value the add-on does not know is kept, for that item alone', () => {
  test('an email validation item answering "greylisted" parses, and is recognised as unknown', () => {
    const { transport, client } = setup();
    const results = [
      { object: 'email_validation_result', email: 'a@acme.example', result: 'deliverable', catch_all: false },
      { object: 'email_validation_result', email: 'b@acme.example', result: 'greylisted', catch_all: false, ...extra },
    ];
    transport.answer(json(200, f.emailBatch('completed', results)));
    const [known, odd] = client.getEmailValidation(f.UUID(4)).value.results;
    expect(isKnown(EMAIL_RESULTS, known!.result)).toBe(true);
    expect(odd!.result).toBe('greylisted');
    expect(isKnown(EMAIL_RESULTS, odd!.result)).toBe(false);
    expect(unknownValueMessage(odd!.result)).toBe('the service answered "greylisted", which this add-on does not know yet');
  });

  test('a batch status the add-on does not know is kept as text', () => {
    const { transport, client } = setup();
    transport.answer(json(200, f.personBatch('paused')), json(200, f.companyBatch('throttled')), json(200, f.emailBatch('archived')));
    const statuses = [
      client.getPersonEnrichment(17).value.status,
      client.getCompanyEnrichment(18).value.status,
      client.getEmailValidation(f.UUID(4)).value.status,
    ];
    expect(statuses).toEqual(['paused', 'throttled', 'archived']);
    expect(statuses.some((s) => isKnown(BATCH_STATUSES, s))).toBe(false);
  });

  test('a lead list "canceled", of a type the spec does not list, is read', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { ...f.leadList([f.leadEntry]), status: 'canceled', type: 'lookalike' }));
    const list = client.getLeadList(f.UUID(5)).value;
    expect(list.status).toBe('canceled');
    expect(isKnown(LEAD_LIST_STATUSES, list.status)).toBe(false);
  });

  test('enrichment items with statuses the add-on does not know, beside known ones', () => {
    const { transport, client } = setup();
    transport.answer(
      json(
        200,
        f.personBatch('completed', [
          { id: 1, status: 'enriched', result: f.person },
          { id: 2, status: 'under_review', result: null },
        ]),
      ),
      json(
        200,
        f.companyBatch('completed', [
          { id: 1, status: 'found', result: f.company },
          { id: 2, status: 'merged' },
        ]),
      ),
    );
    const people = client.getPersonEnrichment(17).value.results;
    expect(people.map((r) => isKnown(PERSON_ENRICHMENT_STATUSES, r.status))).toEqual([true, false]);
    const companies = client.getCompanyEnrichment(18).value.results;
    expect(companies.map((r) => isKnown(COMPANY_ENRICHMENT_STATUSES, r.status))).toEqual([true, false]);
  });

  test('descriptive enums (size, type, presence, gender, phone type) take new values as text', () => {
    const { transport, client } = setup();
    const company = {
      ...f.company,
      size: '501-1000 employees',
      type: 'Cooperative',
      profile_presence: 'legendary',
      estimated_revenue: '$1T+',
      latest_funding_stage: 'series_k',
    };
    const person = {
      ...f.person,
      gender: 'nonbinary',
      profile_presence: 'celebrity',
      company,
      phone_numbers: [{ ...f.person.phone_numbers[0], type: 'fax', source: 'partner' }],
    };
    transport.answer(json(200, person));
    const read = client.findPerson({ email: 'jane@acme.example' });
    expect([read.gender, read.company?.size, read.phone_numbers?.[0]?.type]).toEqual(['nonbinary', '501-1000 employees', 'fax']);
  });

  test('internationalized addresses in answers are read', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { ...f.leadList([{ ...f.leadEntry, email: 'josé@exämple.de' }]), owner: 'ünïcode@exämple.de' }));
    expect(client.getLeadList(f.UUID(5)).value.leads[0]?.email).toBe('josé@exämple.de');
  });

  test('unknownValueMessage cuts long service text short', () => {
    expect(unknownValueMessage('x'.repeat(100))).toMatch(/^the service answered "x{40}…", which/);
  });
});

describe('an error detail with extra members is still classified by its code', () => {
  const body = (detail: Record<string, unknown>) => ({
    status: 400,
    headers: {},
    text: JSON.stringify({ object: 'error', _errors: [detail] }),
  });

  test('status, id, source.parameter and source.header do not hide the code', () => {
    const err = errorFromResponse(
      body({
        code: 'invalid_parameter',
        title: 'Invalid Parameter',
        detail: 'bad size',
        status: '400',
        id: 'e-1',
        source: { parameter: 'page[size]', header: 'X-Page' },
      }),
    );
    expect(err).toBeInstanceOf(InvalidParameterError);
    expect(err.pointer).toBe('page[size]');
    expect(err.message).toBe('The service rejected a parameter (page[size]): bad size.');
  });

  test('a detail with only a code, beside a malformed one, and no `object`', () => {
    const res = { status: 400, headers: {}, text: JSON.stringify({ _errors: [{ title: 'no code' }, { code: 'insufficient_credits' }] }) };
    const err = errorFromResponse(res);
    expect(err).toBeInstanceOf(InsufficientCreditsError);
    expect(err.code).toBe('insufficient_credits');
  });
});

describe('what a row shows for an item in an unknown state', () => {
  // Paid for: written as the service gave it, and read as done, so a rerun never pays for it again.
  const said = 'Answered: greylisted';

  test('an email validation result it does not know is written as given; the others are read as usual', () => {
    const odd = BATCH_KINDS.email.toCell(
      { object: 'email_validation_result', email: 'B@acme.example', result: 'greylisted', catch_all: false },
      {},
      [],
    );
    expect(odd).toEqual({ key: 'e:b@acme.example', status: said, values: {} });
    expect(
      BATCH_KINDS.email.toCell({ object: 'email_validation_result', email: 'a@acme.example', result: 'risky', catch_all: true }, {}, [])
        .status,
    ).toBe('Risky');
  });

  test('enrichment statuses it does not know are written as given', () => {
    expect(BATCH_KINDS.person.toCell({ status: 'greylisted', email: 'a@acme.example' }, {}, []).status).toBe(said);
    expect(BATCH_KINDS.person.toCell({ status: null, email: 'a@acme.example' }, {}, []).status).toBe('Not found');
    expect(BATCH_KINDS.company.toCell({ status: 'greylisted', domain: 'acme.example' }, {}, []).status).toBe(said);
    expect(BATCH_KINDS.company.toCell({ status: 'not_found', domain: 'acme.example' }, {}, []).status).toBe('Not found');
  });
});
