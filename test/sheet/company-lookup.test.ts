// Which company a cell names: a domain or a company profile URL, never a personal email domain or a
// profile site, with DNS's length limits; and the same reading in the menu's rows and the cells.
import { companyQuery } from '../../src/formulas/cell-functions';
import { resultKey, rowInput } from '../../src/jobs/action-catalog';
import { detectMapping } from '../../src/sheet/columns';
import { companyLookupOf } from '../../src/sheet/company-lookup';
import { isUnknownDomain } from '../../sandbox/universe/companies';

const mapping = detectMapping(['Name', 'Email', 'Company', 'Website', 'Title', 'Profile']);
const companyRow = (email: string, website: string) => rowInput('company', ['Jo', email, '', website, '', ''], mapping);

describe('a company is never taken from a personal email domain or a profile site', () => {
  test.each([
    ['jane@gmail.com', 'gmail.com'],
    ['Jane@GoogleMail.com', 'googlemail.com'],
    ['sam@yahoo.co.uk', 'yahoo.co.uk'],
    ['kim@hotmail.fr', 'hotmail.fr'],
    ['lee@outlook.com', 'outlook.com'],
    ['al@proton.me', 'proton.me'],
    ['bo@gmx.de', 'gmx.de'],
  ])('an empty website with %s skips the row with the reason', (email, domain) => {
    expect(companyRow(email, '')).toEqual({ reason: `${domain} is a personal email domain, not a company's` });
  });

  test('a website cell that is not a domain is its own reason: the email does not stand in for it', () => {
    expect(companyRow('jane@example.com', 'n/a')).toEqual({ reason: 'Not a valid domain or website' });
    expect(companyRow('jane@acme.io', '')).toEqual({ key: 'd:acme.io', payload: { domain: 'acme.io' } });
  });

  test('a company profile URL is looked up as one; a profile site is no company domain', () => {
    const row = companyRow('', 'https://www.linkedin.com/company/Acme-Robotics/about?trk=x');
    expect(row).toEqual({
      key: 'p:linkedin.com/company/acme-robotics/about',
      payload: { profile_url: 'https://linkedin.com/company/acme-robotics/about' },
    });
    // The service echoes what was sent: the result finds its row again.
    expect(resultKey('company', { domain: null, profile_url: 'https://linkedin.com/company/acme-robotics/about' })).toBe(
      'key' in row && row.key,
    );
    expect(companyRow('', 'https://www.linkedin.com/in/jane')).toEqual({
      reason: "linkedin.com is a profile site, not a company's domain",
    });
    expect(companyLookupOf('https://www.profiles.example/company/globex')).toEqual({
      profile_url: 'https://profiles.example/company/globex',
    });
    expect(companyLookupOf('uk.linkedin.com')).toEqual({ problem: "uk.linkedin.com is a profile site, not a company's domain" });
    // A company's own page under /company/ is that company's domain.
    expect(companyLookupOf('https://acme.io/company/about')).toEqual({ domain: 'acme.io' });
  });

  test('person and lead rows send no company domain that names no company, and say why', () => {
    const person = rowInput('person', ['Jo Bloggs', '', '', 'gmail.com', '', ''], mapping);
    expect(person).toEqual({ reason: "gmail.com is a personal email domain, not a company's" });
    const lead = rowInput('lead_list', ['', '', 'Acme', 'gmail.com', 'CEO', ''], mapping, { listType: 'titles_and_company' });
    expect('payload' in lead && lead.payload).toEqual(expect.not.objectContaining({ company_domain: expect.anything() }));
  });
});

describe('internationalized domains', () => {
  test.each([
    ['café.fr', 'café.fr'],
    ['https://bücher.de', 'bücher.de'],
    ['https://www.Bücher.DE/über-uns', 'bücher.de'],
    ['cafe\u0301.fr', 'café.fr'],
    ['пример.рф', 'пример.рф'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['例え.jp', '例え.jp'],
  ])('%s is looked up as %s, in the menu and in a cell, and the service finds it', (input, domain) => {
    expect(companyRow('', input)).toEqual({ key: `d:${domain}`, payload: { domain } });
    expect(companyQuery(input)).toEqual({ domain });
    expect(isUnknownDomain(domain)).toBe(false);
  });

  test('an address at an internationalized domain gives its company', () => {
    expect(companyRow('josé@café.fr', '')).toEqual({ key: 'd:café.fr', payload: { domain: 'café.fr' } });
  });
});

describe("DNS's limits", () => {
  test('a label over 63 characters or a domain over 253 is refused with the reason, and never sent', () => {
    const label63 = `${'a'.repeat(63)}.com`;
    expect(companyLookupOf(label63)).toEqual({ domain: label63 });
    expect(companyRow('', `${'a'.repeat(64)}.com`)).toEqual({ reason: 'The domain has a part longer than 63 characters' });
    const at253 = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`;
    expect(at253).toHaveLength(253);
    expect(companyLookupOf(at253)).toEqual({ domain: at253 });
    expect(companyRow('', `x${at253}`)).toEqual({ reason: 'The domain is longer than 253 characters' });
    // Counted in characters, as the service counts: 63 accented letters are one label.
    expect(companyLookupOf(`${'é'.repeat(63)}.fr`)).toEqual({ domain: `${'é'.repeat(63)}.fr` });
    expect(companyLookupOf(`${'é'.repeat(64)}.fr`)).toEqual({ problem: 'The domain has a part longer than 63 characters' });
  });

  test('a 50,000-character cell is refused at once, in the menu and in a cell', () => {
    const huge = `https://${'a'.repeat(49990)}.com/`;
    const t0 = Date.now();
    expect(companyRow('jane@acme.io', huge)).toEqual({ reason: 'The domain is longer than 253 characters' });
    expect(companyQuery(huge)).toBe('the domain is longer than 253 characters');
    expect(rowInput('person', ['Jo Bloggs', '', '', huge, '', ''], mapping)).toEqual({
      reason: 'The domain is longer than 253 characters',
    });
    expect(Date.now() - t0).toBeLessThan(200);
  });
});
