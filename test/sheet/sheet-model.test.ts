// Column detection, key normalisation, safe cells and block writes.
import { safeCell, rowRuns } from '../../src/sheet/cells';
import { applyMappingOverrides, detectMapping, looksLikeHeader } from '../../src/sheet/columns';
import { COMPANY_FIELDS, chooseFields, experiencesText, PERSON_FIELDS, phonesText } from '../../src/sheet/fields';
import { Grid } from '../../src/sheet/grid';
import { normalizeDomain, normalizeEmail, normalizeProfileUrl } from '../../src/sheet/keys';
import { MemorySheet } from '../support/memory-sheet';
import * as f from '../support/fixtures';

describe('column detection', () => {
  test('headers map to roles, the first column of a role wins', () => {
    const headers = ['First Name', 'Last name', 'Work Email', 'Company', 'Website', 'Job Title', 'LinkedIn URL', 'Mobile', 'Email'];
    expect(detectMapping(headers)).toEqual({
      first_name: 0,
      last_name: 1,
      email: 2,
      company_name: 3,
      domain: 4,
      title: 5,
      profile_url: 6,
      phone: 7,
    });
  });

  test("the add-on's own output columns are never read as input", () => {
    expect(detectMapping(['Person · Email', 'email'])).toEqual({ email: 1 });
  });

  test('a header row names a role and holds no email; a data row is not a header', () => {
    expect(looksLikeHeader(['Name', 'Email'])).toBe(true);
    expect(looksLikeHeader(['Jane', 'jane@acme.example'])).toBe(false);
    expect(looksLikeHeader(['foo', 'bar'])).toBe(false);
  });

  test('a person changes the mapping by header name; unknown names are refused', () => {
    const headers = ['Contact', 'E-mail address', 'Org'];
    const detected = detectMapping(headers);
    expect(detected.email).toBe(1);
    expect(applyMappingOverrides(headers, detected, { company_name: 'Org', full_name: null })).toEqual({ email: 1, company_name: 2 });
    expect(() => applyMappingOverrides(headers, detected, { email: 'Nope' })).toThrow(/no column headed "Nope"/);
  });
});

describe('keys', () => {
  test('emails are trimmed and lower-cased; malformed ones are refused', () => {
    expect(normalizeEmail('  Jane.Doe@Acme.COM ')).toBe('jane.doe@acme.com');
    expect(normalizeEmail('mailto:a@b.io')).toBe('a@b.io');
    expect(normalizeEmail('MAILTO:Jane@Acme.io')).toBe('jane@acme.io');
    for (const bad of ['jane@', 'jane@acme', 'jane acme.com', 'jane@@acme.com', '@acme.com', '', 42, null])
      expect(normalizeEmail(bad)).toBeUndefined();
  });

  test('emails follow the rule the service applies: internationalized accepted', () => {
    expect(normalizeEmail('José@Exämple.DE')).toBe('josé@exämple.de');
    expect(normalizeEmail('用户@例子.广告')).toBe('用户@例子.广告');
    // The same address typed composed or decomposed is one key.
    expect(normalizeEmail('jose\u0301@example.com')).toBe(normalizeEmail('jos\u00e9@example.com'));
    // The local part is the service's to judge; the shared rule allows these.
    expect(normalizeEmail('a..b@c.com')).toBe('a..b@c.com');
  });

  test('control characters, over-long parts, a trailing-dot domain and 302 characters are refused', () => {
    const long302 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(50)}.com`;
    expect(long302).toHaveLength(302);
    for (const bad of [
      'ja\u0007ne@acme.com',
      'jane@ac\u0085me.com',
      'jane\u00a0doe@acme.com',
      `${'a'.repeat(65)}@acme.com`,
      `a@${'b'.repeat(250)}.com`,
      'jane@acme.com.',
      'jane@.acme.com',
      long302,
    ]) {
      expect(normalizeEmail(bad)).toBeUndefined();
    }
    // 254 characters in all is the most.
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(normalizeEmail(at254)).toBe(at254);
    expect(normalizeEmail(`${at254.slice(0, 64)}x${at254.slice(64)}`)).toBeUndefined();
  });

  test('a website or URL is reduced to its domain', () => {
    expect(normalizeDomain('https://www.Acme.com/about?x=1')).toBe('acme.com');
    expect(normalizeDomain('acme.co.uk')).toBe('acme.co.uk');
    expect(normalizeDomain('jane@acme.com')).toBe('acme.com');
    expect(normalizeDomain('http://sub.acme.io:8080/x')).toBe('sub.acme.io');
    expect(normalizeDomain('not a domain')).toBeUndefined();
  });

  test('profile URLs compare without scheme, www, query or trailing slash', () => {
    expect(normalizeProfileUrl('https://www.LinkedIn.com/in/Jane/?utm=1')).toBe('linkedin.com/in/jane');
    expect(normalizeProfileUrl('linkedin.com/in/jane')).toBe('linkedin.com/in/jane');
    expect(normalizeProfileUrl('jane')).toBeUndefined();
  });
});

describe('cells', () => {
  test('text that would start a formula is kept as text', () => {
    for (const v of ['=IMPORTXML("x")', '+1 555 0100', '-2', '@handle']) expect(safeCell(v)).toBe(`'${v}`);
    expect(safeCell('Acme')).toBe('Acme');
    expect(safeCell(-2)).toBe(-2);
    expect(safeCell(null)).toBe('');
    expect(safeCell(true)).toBe(true);
  });

  test('row runs group consecutive rows', () => {
    expect(rowRuns([5, 3, 4, 9, 10, 3])).toEqual([
      [3, 3],
      [9, 2],
    ]);
  });
});

describe('fields', () => {
  test('nested values are flattened into one cell', () => {
    expect(phonesText(f.person.phone_numbers as never)).toBe('mobile: +15550100');
    expect(experiencesText(f.person.experiences as never)).toBe('VP Sales at Acme (2021-01 – present)');
    const headcount = COMPANY_FIELDS.find((x) => x.id === 'departments')!.get(f.company as never);
    expect(headcount).toBe('engineering_technical: 120; revenue: 40');
    expect(PERSON_FIELDS.find((x) => x.id === 'company_name')!.get(f.person as never)).toBe('Acme Analytics');
  });

  test('a short default set, all, or chosen ids', () => {
    expect(chooseFields(PERSON_FIELDS, 'basic').length).toBeLessThan(PERSON_FIELDS.length);
    expect(chooseFields(PERSON_FIELDS, 'all')).toHaveLength(PERSON_FIELDS.length);
    expect(chooseFields(PERSON_FIELDS, ['title', 'name']).map((x) => x.id)).toEqual(['name', 'title']);
    expect(() => chooseFields(PERSON_FIELDS, ['shoe_size'])).toThrow(/Unknown field/);
  });
});

describe('grid', () => {
  test('changes on scattered rows are written as one block per column group', () => {
    const sheet = new MemorySheet([['Email', 'Status', 'Out'], ...Array.from({ length: 1000 }, (_, i) => [`p${i}@a.io`, '', ''])]);
    const grid = new Grid(sheet);
    for (let i = 1; i <= 1000; i += 7) {
      grid.set(i, 1, 'Done');
      grid.set(i, 2, '=1+1');
    }
    expect(grid.flush()).toBe(1);
    expect(sheet.calls).toEqual({ read: 1, write: 1, insertColumns: 0 });
    expect(sheet.cells[1]).toEqual(['p0@a.io', 'Done', "'=1+1"]);
    expect(sheet.cells[2]).toEqual(['p1@a.io', '', '']);
  });

  test('missing headers are appended after the last used column, existing ones reused', () => {
    const sheet = new MemorySheet([
      ['Email', 'Person · Status'],
      ['a@b.io', ''],
    ]);
    const grid = new Grid(sheet);
    expect(grid.placeColumns(0, ['Person · Status', 'Person · Name'])).toEqual([1, 2]);
    expect(sheet.cells[0]).toEqual(['Email', 'Person · Status', 'Person · Name']);
  });

  test('a column of data under an empty header cell is never taken for free space', () => {
    const sheet = new MemorySheet([
      ['Email', '', ''],
      ['a@b.io', '', 'my notes'],
      ['c@d.io', '', ''],
    ]);
    const grid = new Grid(sheet);
    expect(grid.placeColumns(0, ['Email · Result'])).toEqual([3]);
    expect(sheet.cells[1]).toEqual(['a@b.io', '', 'my notes']);
    expect(sheet.cells[0]![3]).toBe('Email · Result');
  });

  test('a sheet too narrow for the new columns grows first, and says so beforehand', () => {
    const sheet = new MemorySheet([['Email', 'Name', 'Notes']], 3);
    const grid = new Grid(sheet);
    expect(grid.missingColumns(0, ['Person · Status', 'Person · Name'])).toEqual({
      missing: ['Person · Status', 'Person · Name'],
      insert: 2,
    });
    expect(grid.placeColumns(0, ['Person · Status', 'Person · Name'])).toEqual([3, 4]);
    expect(sheet.calls.insertColumns).toBe(1);
    expect(sheet.maxColumns()).toBe(5);
    expect(sheet.cells[0]).toEqual(['Email', 'Name', 'Notes', 'Person · Status', 'Person · Name']);
  });
});
