// The API's listings as sheet rows: each import's rows match its header, and a value the service
// leaves out is an empty cell, never "undefined".
import type { Contact, JobOpeningPage } from '../../src/api/schemas';
import { contactRows, exclusionRows, IMPORT_HEADERS, jobOpeningRows, territoryRows } from '../../src/tools/imports';

test('territories: name, then id', () => {
  expect(territoryRows([{ id: 't1', name: 'West' }])).toEqual([['West', 't1']]);
});

test('exclusions: the domain or the email, the reasons joined, as wide as the header', () => {
  const rows = exclusionRows([
    {
      domain: 'rival.com',
      excluded_reason: 'competitor',
      excluded_reasons: ['competitor', 'asked'],
      source: 'manual',
      date_added: '2026-01-02',
    },
    { email: 'no@x.com', excluded_reason: 'asked', source: 'api', date_added: '2026-02-03' },
  ] as never);
  expect(rows).toEqual([
    ['rival.com', 'competitor', 'competitor, asked', 'manual', '2026-01-02'],
    ['no@x.com', 'asked', '', 'api', '2026-02-03'],
  ]);
  for (const row of rows) expect(row).toHaveLength(IMPORT_HEADERS.excluded_domains.length);
});

test('job openings: each row starts with its company, blank where the service names none, and ends with its id', () => {
  const page = {
    company: { domain: 'acme.com' },
    job_openings: [
      {
        id: 'j1',
        title: 'Engineer',
        seniorities: ['senior'],
        departments: [],
        job_functions: [],
        first_seen_at: '2026-01-02',
        url: 'https://acme.com/j1',
      },
    ],
    _links: {},
  } as unknown as JobOpeningPage;
  const [row] = jobOpeningRows(page);
  expect(row!.slice(0, 2)).toEqual(['', 'acme.com']);
  expect(row![row!.length - 1]).toBe('j1');
  expect(row).toHaveLength(IMPORT_HEADERS.job_openings.length);
  expect(row).not.toContain(undefined);
});

describe('a contact', () => {
  const contact = {
    id: 'c1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_numbers: [
      { number: '+1 555 0100', kind: 'mobile', type: 'ignored', is_wrong_number: true },
      { number: '+1 555 0101', type: 'work' },
      { number: '+1 555 0102' },
    ],
    recent_activity: [{ event_type: 'email_sent', sequence_type: 'email', sequence_name: 'Spring', event_at: '2026-03-01' }],
  } as unknown as Contact;
  const rows = contactRows(contact);

  test('its fields as field/value rows, a field it lacks as an empty value', () => {
    expect(rows[0]).toEqual(['Name', 'Ada Lovelace', '', '', '']);
    expect(rows.find((r) => r[0] === 'Title')).toEqual(['Title', '', '', '', '']);
    expect(rows.find((r) => r[0] === 'Contact ID')).toEqual(['Contact ID', 'c1', '', '', '']);
  });

  test('then each phone number, its kind (else its type) and whether it is a wrong number', () => {
    expect(rows.filter((r) => r[0] === 'Phone')).toEqual([
      ['Phone', '+1 555 0100', 'mobile, wrong number', '', ''],
      ['Phone', '+1 555 0101', 'work', '', ''],
      ['Phone', '+1 555 0102', '', '', ''],
    ]);
  });

  test('then its activity, after the phones; every row as wide as the header', () => {
    expect(rows[rows.length - 1]).toEqual(['Activity', 'email_sent', 'email', 'Spring', '2026-03-01']);
    for (const row of rows) expect(row).toHaveLength(IMPORT_HEADERS.contact.length);
  });

  test('with no phone numbers nor activity, only its fields', () => {
    expect(contactRows({ id: 'c2' }).map((r) => r[0])).not.toContain('Phone');
  });
});
