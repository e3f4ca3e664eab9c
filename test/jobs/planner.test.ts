// Planning a run: what is sent once, what is skipped and why, and the credit estimate.
import fc from 'fast-check';
import { listTypeFor, missingColumns, resultKey, rowInput, rowKey, type ActionId, type LeadListType } from '../../src/jobs/action-catalog';
import { planRun, type SourceRow } from '../../src/jobs/planner';
import { detectMapping, type ColumnMapping } from '../../src/sheet/columns';

const headers = ['Name', 'Email', 'Company', 'Website', 'Title', 'Profile'];
const mapping = detectMapping(headers);
const rows = (data: unknown[][], statuses: unknown[] = []): SourceRow[] =>
  data.map((values, i) => ({ row: i + 2, values, status: statuses[i] ?? '' }));

test('duplicates are sent once, done rows skipped, invalid and blank rows reported', () => {
  const plan = planRun(
    'email',
    rows(
      [
        ['A', 'a@acme.io', '', '', '', ''],
        ['A2', 'A@Acme.io ', '', '', '', ''],
        ['B', 'not-an-email', '', '', '', ''],
        ['', '', '', '', '', ''],
        ['C', 'c@acme.io', '', '', '', ''],
        ['D', '', 'Acme', '', '', ''],
      ],
      ['', '', '', '', 'Deliverable', ''],
    ),
    mapping,
    {},
  );
  expect(plan.counts).toMatchObject({ send: 2, distinct: 1, duplicates: 1, done: 1, invalid: 2, blank: 1 });
  expect([...plan.payloads.values()]).toEqual([{ email: 'a@acme.io' }]);
  expect(plan.rows[2]).toEqual({ row: 4, kind: 'invalid', reason: 'Skipped: not a valid email address' });
  expect(plan.rows[5]).toEqual({ row: 7, kind: 'invalid', reason: 'Skipped: no email to validate' });
  expect(plan.estimate).toEqual({ email: 1, phone: 0 });
});

test('run again includes done rows', () => {
  const plan = planRun('email', rows([['A', 'a@acme.io', '', '', '', '']], ['Deliverable']), mapping, {}, { rerun: true });
  expect(plan.counts.send).toBe(1);
});

test('rows on the exclusion lists are skipped before anything is sent', () => {
  const plan = planRun(
    'person',
    rows([
      ['A', 'a@acme.io', '', '', '', ''],
      ['B', 'b@blocked.io', '', '', '', ''],
      ['C', 'vip@ok.io', '', '', '', ''],
    ]),
    mapping,
    {},
    { exclusions: { domains: new Set(['blocked.io']), emails: new Set(['vip@ok.io']) } },
  );
  expect(plan.rows.map((r) => r.kind)).toEqual(['send', 'excluded', 'excluded']);
  expect(plan.payloads.size).toBe(1);
});

test('a selection over the limit becomes several parts', () => {
  const data = Array.from({ length: 25 }, (_, i) => ['', `p${i}@a.io`, '', '', '', '']);
  const plan = planRun('email', rows(data), mapping, {}, { chunkSize: 10 });
  expect(plan.chunks.map((c) => c.length)).toEqual([10, 10, 5]);
});

test('person rows use email, else profile URL, else name with company', () => {
  expect(rowInput('person', ['Jane', '', 'Acme', 'acme.io', 'CEO', ''], mapping)).toEqual({
    key: 'n:jane|acme.io',
    payload: { name: 'Jane', title: 'CEO', company_name: 'Acme', company_domain: 'acme.io' },
  });
  expect(rowInput('person', ['', '', '', '', '', 'https://www.linkedin.com/in/Jane/'], mapping)).toEqual({
    key: 'p:linkedin.com/in/jane',
    payload: { profile_url: 'https://linkedin.com/in/jane' },
  });
  expect(rowInput('person', ['Jane', '', '', '', '', ''], mapping)).toEqual({ reason: 'No email, profile URL, or name with company' });
});

test('company rows reduce a website to its domain', () => {
  expect(rowInput('company', ['', '', '', 'https://www.acme.io/x', '', ''], mapping)).toEqual({
    key: 'd:acme.io',
    payload: { domain: 'acme.io' },
  });
});

test('a result finds the key its row was sent with', () => {
  expect(resultKey('person', { email: 'Jane@Acme.io' })).toBe('e:jane@acme.io');
  expect(resultKey('company', { domain: 'www.acme.io' })).toBe('d:acme.io');
  expect(resultKey('lead_list', { profile_url: 'https://linkedin.com/in/jane' }, 'profile')).toBe('p:linkedin.com/in/jane');
});

test('each action says which columns it needs', () => {
  expect(missingColumns('email', detectMapping(['Name']))).toMatch(/Email column/);
  expect(missingColumns('company', detectMapping(['Email']))).toBeUndefined();
  expect(listTypeFor(detectMapping(['Title', 'Company']))).toBe('titles_and_company');
});

test('rowKey gives the key rowInput gives, for any row and action', () => {
  const texts = fc.constantFrom(
    '',
    ' ',
    'Jane',
    'jane@acme.io',
    ' JANE@Acme.IO ',
    'mailto:a@b.co',
    'not an email',
    '#N/A',
    '#REF!',
    'https://www.linkedin.com/in/jane/',
    'acme.io',
    'https://www.acme.io/x',
    'CEO',
    'Acme',
  );
  const mappings = fc.constantFrom<ColumnMapping>(
    { full_name: 0, email: 1, company_name: 2, domain: 3, title: 4, profile_url: 5 },
    { email: 1 },
    { first_name: 0, last_name: 2, domain: 3 },
    { profile_url: 5, title: 4, company_name: 2 },
  );
  fc.assert(
    fc.property(
      fc.array(texts, { minLength: 6, maxLength: 6 }),
      mappings,
      fc.constantFrom<ActionId>('person', 'company', 'email', 'lead_list'),
      fc.constantFrom<LeadListType | undefined>(undefined, 'email', 'profile', 'titles_and_company'),
      (row, mapping, action, listType) => {
        const input = rowInput(action, row, mapping, { listType });
        expect(rowKey(action, row, mapping, { listType })).toBe('key' in input ? input.key : undefined);
      },
    ),
    { seed: 20261122, numRuns: 2000 },
  );
});

test('a lead-list entry finds its row by the key its lead carried, whatever the person found reads as', () => {
  const row = ['', '', 'Acme Robotics, Inc.', '', 'VP of Sales', ''];
  const input = rowInput('lead_list', row, mapping, { listType: 'titles_and_company' });
  if (!('key' in input)) throw new Error('the row should be sent');
  expect(input.payload).toMatchObject({ title: 'VP of Sales', company_name: 'Acme Robotics, Inc.' });
  // The entry is the person matched: another company name, a domain the row never had.
  const entry = { title: 'VP of Sales', company_name: 'Acme Robotics', company_domain: 'acme-robotics.com', email: 'x@acme-robotics.com' };
  const echoed = { ...entry, data: (input.payload as { context: Record<string, unknown> }).context };
  expect(resultKey('lead_list', echoed, 'titles_and_company')).toBe(input.key);
  expect(resultKey('lead_list', entry, 'titles_and_company')).not.toBe(input.key);
  for (const listType of ['email', 'profile'] as const) {
    const other = rowInput('lead_list', ['Jo', 'jo@acme.io', '', '', '', 'linkedin.com/in/jo'], mapping, { listType });
    if (!('key' in other)) throw new Error('the row should be sent');
    expect(resultKey('lead_list', { data: (other.payload as { context: Record<string, unknown> }).context }, listType)).toBe(other.key);
  }
});
