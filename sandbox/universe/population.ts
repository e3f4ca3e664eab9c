// The searchable population: a fixed set of companies and of people working at them, derived from
// the seed. Each member carries the inputs that identify it, so a search result and a later lookup
// of the same person (by email or profile URL) or company (by domain or profile URL) agree.
import { Rng, uuidFrom } from '../hash';
import { PROFILE_HOST } from './companies';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES, NAME_STEMS, NAME_SUFFIXES, UNISEX_NAMES } from './words';

/** How many companies the population holds, and how many people each employs. */
export const POPULATION_COMPANIES = 240;
const PEOPLE_PER_COMPANY = { min: 3, max: 9 };

/** What identifies one member person: the key and hints the person is built from, whatever the input. */
export interface PopulationMember {
  key: string;
  email: string;
  profileUrl: string;
  domain: string;
}

export interface Population {
  /** Company domains, in the order searches list them. */
  domains: string[];
  /** People, in the order searches list them (company by company). */
  people: PopulationMember[];
  byEmail: Map<string, PopulationMember>;
  byProfileSlug: Map<string, PopulationMember>;
}

/** A name as the letters of an email's local part: accents dropped, lower case, letters only. */
export function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const FIRST_NAMES: ReadonlyArray<string> = [...FEMALE_NAMES, ...MALE_NAMES, ...UNISEX_NAMES];

/**
 * Company domains are `.com` only: a company's profile URL names it by its label, and a lookup by
 * profile URL reads the label back as `<label>.com`, so only `.com` companies round-trip. Once
 * every stem-and-suffix label is taken (900), labels join two stems and a suffix
 * ("northcedarlabs.com" reads back as North Cedar Labs). Drawn one after another, so a larger
 * population starts with the companies of a smaller one.
 */
function populationDomains(seed: number, companies: number): string[] {
  const rng = new Rng(seed, 'population', 'companies');
  const seen = new Set<string>();
  const out: string[] = [];
  const room = NAME_STEMS.length * NAME_SUFFIXES.length;
  const stem = () => rng.pick(NAME_STEMS).toLowerCase();
  while (out.length < Math.min(companies, room + NAME_STEMS.length * (NAME_STEMS.length - 1) * NAME_SUFFIXES.length)) {
    const first = stem();
    const second = out.length < room ? '' : stem();
    if (second === first) continue;
    const domain = `${first}${second}${rng.pick(NAME_SUFFIXES)}.com`;
    if (seen.has(domain)) continue;
    seen.add(domain);
    out.push(domain);
  }
  return out;
}

function buildPopulation(seed: number, companies: number): Population {
  const domains = populationDomains(seed, companies);
  const people: PopulationMember[] = [];
  const byEmail = new Map<string, PopulationMember>();
  const byProfileSlug = new Map<string, PopulationMember>();
  for (const domain of domains) {
    const rng = new Rng(seed, 'population', 'people', domain);
    const count = rng.int(PEOPLE_PER_COMPANY.min, PEOPLE_PER_COMPANY.max);
    for (let i = 0; i < count; i++) {
      const first = ascii(rng.pick(FIRST_NAMES));
      const last = ascii(rng.pick(LAST_NAMES));
      const email = `${first}.${last}@${domain}`;
      // Two people of one company with the same name: the second is left out, as an email is one person.
      if (byEmail.has(email)) continue;
      const slug = `${first}-${last}-${uuidFrom(seed, 'population', email).slice(0, 6)}`;
      const member: PopulationMember = { key: `email:${email}`, email, profileUrl: `${PROFILE_HOST}/in/${slug}`, domain };
      people.push(member);
      byEmail.set(email, member);
      byProfileSlug.set(slug, member);
    }
  }
  return { domains, people, byEmail, byProfileSlug };
}

const populations = new Map<string, Population>();

/**
 * The population of a seed with `companies` companies (built once per seed and size and shared:
 * never mutate it).
 */
export function population(seed: number, companies = POPULATION_COMPANIES): Population {
  const key = `${seed}/${companies}`;
  let p = populations.get(key);
  if (!p) {
    p = buildPopulation(seed, companies);
    populations.set(key, p);
  }
  return p;
}

/** The member an email (any case) or a profile URL's last segment names, if any. */
export function populationMember(
  seed: number,
  input: { email?: string; profileSlug?: string },
  companies = POPULATION_COMPANIES,
): PopulationMember | undefined {
  const p = population(seed, companies);
  if (input.email !== undefined) return p.byEmail.get(input.email.trim().toLowerCase());
  if (input.profileSlug !== undefined) return p.byProfileSlug.get(input.profileSlug);
  return undefined;
}
