// Which company a row or a cell names, end to end: personal email domains and profile sites are
// no company's, profile URLs and internationalized domains are looked up alike from the menu and
// in a cell, and an over-long domain is never sent.
import { addonWorld, column, connect, type World } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';
const HUGE = `https://${'a'.repeat(49990)}.com/`;

const ROWS: Array<[email: string, website: string, status: string]> = [
  ['jane@gmail.com', '', "Skipped: gmail.com is a personal email domain, not a company's"],
  ['sam@yahoo.com', 'n/a', 'Skipped: not a valid domain or website'],
  ['kim@acme.io', 'https://www.linkedin.com/company/harborlogistics', 'Enriched'],
  ['lee@acme.io', 'https://www.linkedin.com/in/lee', "Skipped: linkedin.com is a profile site, not a company's domain"],
  ['josé@café.fr', '', 'Enriched'],
  ['', 'https://bücher.de', 'Enriched'],
  ['', `${'a'.repeat(64)}.com`, 'Skipped: the domain has a part longer than 63 characters'],
  ['jo@acme.io', HUGE, 'Skipped: the domain is longer than 253 characters'],
];

function enrichCompanies(): World {
  const w = addonWorld();
  w.host.sheet().load([['Email', 'Website'], ...ROWS.map(([email, site]) => [email, site])]);
  w.host.open();
  connect(w, ALPHA);
  w.host.select(`Sheet1!A1:B${ROWS.length + 1}`);
  const r = w.host.clickMenu('Enrich companies');
  if (!r.ok) throw new Error(r.error?.message);
  return w;
}

test('from the menu, each row names its company or says why it names none; what was sent is what the cells send', () => {
  const w = enrichCompanies();
  expect(column(w, 'Company · Status')).toEqual(ROWS.map((r) => r[2]));
  const sent = w.host.requests
    .filter((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/companies/enrichment-requests'))
    .flatMap((q) => (JSON.parse(q.body) as { companies: unknown[] }).companies);
  expect(sent).toEqual([{ profile_url: 'https://linkedin.com/company/harborlogistics' }, { domain: 'café.fr' }, { domain: 'bücher.de' }]);
  expect(w.host.requests.every((q) => q.body.length + q.url.length < 2000)).toBe(true);

  // The same inputs in a cell: the same companies, the same reasons.
  const names = column(w, 'Company · Name');
  const cell = (input: string) => w.host.runCustomFunction('ENRICH_COMPANY', [input, 'name']).cell;
  expect(cell(ROWS[2]![1])).toBe(names[2]);
  expect(cell('café.fr')).toBe(names[4]);
  expect(cell('https://bücher.de')).toBe(names[5]);
  expect(names[2]).toMatch(/harbor/i);
  expect(cell('gmail.com')).toBe("gmail.com is a personal email domain, not a company's");
  expect(cell(HUGE)).toBe('the domain is longer than 253 characters');
  expect(cell(ROWS[3]![1])).toBe("linkedin.com is a profile site, not a company's domain");
  const lookups = w.host.requests.filter((q) => q.url.includes('/companies/find'));
  expect(lookups.map((q) => decodeURIComponent(new URL(q.url).search))).toEqual([
    '?profile_url=https://linkedin.com/company/harborlogistics',
    '?domain=café.fr',
    '?domain=bücher.de',
  ]);
});

test('job openings of a company named by its profile URL or an internationalized domain', () => {
  const w = addonWorld();
  w.host.open();
  connect(w, ALPHA);
  for (const input of ['https://www.linkedin.com/company/harborlogistics', 'bücher.de']) {
    const r = w.host.runCustomFunction('JOB_OPENINGS', [input]);
    expect(r.error).toBeUndefined();
    expect((r.cell as unknown[][])[0]![0]).toBe('Title');
  }
  expect(w.host.runCustomFunction('JOB_OPENINGS', ['yahoo.com']).cell).toBe("yahoo.com is a personal email domain, not a company's");
});
