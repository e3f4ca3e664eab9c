// Company names read from domains: the first label split into the word lists' words, with
// sensible fallbacks, and every company the service generates named by its own domain's words.
import fc from 'fast-check';
import { nameFromLabel } from '../../sandbox/universe/companies';
import { NAME_STEMS, NAME_SUFFIXES, NAME_WORDS } from '../../sandbox/universe/words';
import { harness } from './helpers';

/** A name's words, lower-cased and joined: what the label holds once hyphens are gone. */
const letters = (name: string) => name.toLowerCase().replace(/ /g, '');
const written = (word: string) => (word === 'ai' ? 'AI' : word.charAt(0).toUpperCase() + word.slice(1));

describe('company names from domains', () => {
  test.each([
    ['pioneerfreight.com', 'Pioneer Freight'],
    ['harborlogistics.com', 'Harbor Logistics'],
    ['harbor-logistics.io', 'Harbor Logistics'],
    ['cedarhealthcare.com', 'Cedar Health Care'],
    ['northwindanalytics.com', 'Northwind Analytics'],
    ['acmerobotics.com', 'Acme Robotics'],
    ['zenith-software.com', 'Zenith Software'],
    ['bluefinai.com', 'Bluefin AI'],
    ['globex.com', 'Globex'],
    ['ab-testing.com', 'AB Testing'],
    ['pioneer42.com', 'Pioneer 42'],
    ['northwindtraders.com', 'Northwind Traders'],
    ['ibm.com', 'IBM'],
    ['3m.com', '3M'],
    ['café.fr', 'Café'],
  ])('%s is named %s', (domain, name) => {
    const h = harness();
    const found = h.get(`/companies/find?domain=${domain}`);
    expect(found.status).toBe(200);
    expect(found.json.name).toBe(name);
  });

  test('every stem with every ending reads back as those two words', () => {
    const wrong: string[] = [];
    for (const stem of NAME_STEMS) {
      for (const word of [...NAME_SUFFIXES, ...NAME_WORDS]) {
        const name = nameFromLabel(`${stem.toLowerCase()}${word}`);
        if (name !== `${stem} ${written(word)}`) wrong.push(`${stem.toLowerCase()}${word}: ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("any label: the name holds exactly the label's letters and digits, in order, and is the same every time", () => {
    const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/).filter((l) => !l.startsWith('hostile'));
    fc.assert(
      fc.property(label, (l) => {
        const name = nameFromLabel(l);
        expect(letters(name)).toBe(l.replace(/-/g, ''));
        expect(name.split(' ').every((w) => w !== '' && w.charAt(0) === w.charAt(0).toUpperCase())).toBe(true);
        expect(nameFromLabel(l)).toBe(name);
      }),
      { numRuns: 500 },
    );
  });

  test('every company the service generates is named by the words of its own domain', () => {
    const h = harness();
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,10}\.[a-z]{3,10}$/), (local) => {
        // A person at a free-mail address works for a generated company, with generated past employers.
        const found = h.get(`/people/find?email=${local}@gmail.com`);
        if (found.status !== 200) return;
        const company = found.json.company;
        expect(company.name.split(' ').length).toBe(2);
        expect(letters(company.name)).toBe(company.profile_url.split('/').pop());
        expect(company.website).toBe(`https://www.${company.profile_url.split('/').pop()}.${company.website.split('.').pop()}`);
        for (const job of found.json.experiences.slice(1)) {
          if (job.company_profile_url) expect(letters(job.company_name)).toBe(job.company_profile_url.split('/').pop());
        }
      }),
      { numRuns: 150 },
    );
  });

  test.each([
    ['pioneerfreight.com', 'Transportation, Logistics, Supply Chain and Storage'],
    ['summitbank.com', 'Financial Services'],
    ['cedarpharma.com', 'Biotechnology Research'],
    ['brightpathconsulting.com', 'IT Services and IT Consulting'],
    ['harborhealth.com', 'Hospitals and Health Care'],
    ['zenithsoftware.com', 'Software Development'],
  ])('%s works in the industry its name says: %s', (domain, industry) => {
    const found = harness().get(`/companies/find?domain=${domain}`);
    expect(found.json.industry).toBe(industry);
  });

  test('a label starting or ending with a hyphen is no domain: not found', () => {
    for (const domain of ['-abc.com', 'abc-.com', 'abc.-com'])
      expect(harness().get(`/companies/find?domain=${encodeURIComponent(domain)}`).status).toBe(404);
  });
});
