// Synthetic companies: one per domain, derived from the seed and the domain, with figures that
// agree with each other (size with employees, presence with followers, funding with its events).
import { Rng, uuidFrom } from '../hash';
import { Lru } from './cache';
import { readableName } from './company-names';
import { daysBefore } from './clock';
import { PLACE_WEIGHTS, type Place } from './geo';
import { INDUSTRIES, type Industry } from './industries';
import {
  COMPANY_TYPES,
  DEPARTMENTS,
  FUNDING_ROUNDS,
  JOB_FUNCTIONS,
  OTHER_FUNDING,
  REVENUE_BANDS,
  SIZE_BANDS,
  companyPresence,
  sizeFor,
  type Department,
} from './taxonomy';
import { INVESTORS, NAME_STEMS, NAME_SUFFIXES } from './words';

// Bound once: under a test runner this module runs in a vm context, where each read of a global
// is slow, and the universe draws numbers for every record it builds.
const math = Math;

export const PROFILE_HOST = 'https://www.profiles.example';

interface FundingEvent {
  date: string;
  type: string;
  investors: string[];
  amount: number;
  currency: string | null;
  amount_usd: number | null;
}

export interface CompanyRecord {
  id: string;
  domain: string;
  label: string;
  name: string;
  profileUrl: string;
  industry: Industry;
  place: Place;
  employees: number;
  json: Record<string, unknown>;
  fundingEvents: FundingEvent[];
}

/** `https://www.Acme.com/about` -> `acme.com`. */
export function normalizeDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#:].*$/, '')
    .replace(/\.$/, '');
}

/** The last meaningful path segment of a profile URL. */
export function profileSlug(url: string): string {
  const path = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '');
  const parts = path.split('/').filter((p) => p !== '');
  return parts[parts.length - 1] ?? '';
}

/** Documented inputs that are never found. */
export function isUnknownDomain(domain: string): boolean {
  // Letters of any script (internationalized domains are found too); no label starts or ends with a hyphen.
  return (
    domain.endsWith('.invalid') ||
    domain.startsWith('notfound') ||
    !/^(?!-)[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}-]+(?<!-)(\.(?!-)[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}-]+(?<!-))+$/u.test(domain)
  );
}

/** 12345 -> "12,345" without the cost of Intl on every company. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Documented hostile data: a domain whose label starts with `hostile` answers a company whose
 * name would run as a formula in a sheet and whose overview would run as HTML if a page
 * rendered it, so the add-on's defences can be shown.
 */
const HOSTILE_NAME = '=HYPERLINK("https://attacker.example/","Click me")';
const HOSTILE_OVERVIEW = '<img src=x onerror="document.body.dataset.pwned=1"> We make widgets.';

/**
 * "harbor-logistics" and "harborlogistics" both read as "Harbor Logistics": the label split into
 * the words of the word lists (see company-names.ts).
 */
export function nameFromLabel(label: string): string {
  if (label.startsWith('hostile')) return HOSTILE_NAME;
  return readableName(label);
}

/** A plausible company a person worked for, as a domain. */
export function syntheticDomain(rng: Rng): string {
  const tld = rng.weighted([
    ['com', 8],
    ['io', 2],
    ['co', 1],
    ['ai', 1],
  ] as const);
  return `${rng.pick(NAME_STEMS).toLowerCase()}${rng.pick(NAME_SUFFIXES)}.${tld}`;
}

function companyProfileUrl(label: string): string {
  return `${PROFILE_HOST}/company/${label}`;
}

const SIZE_WEIGHTS = [15, 30, 28, 17, 10];

const LOGISTICS = 'Transportation, Logistics, Supply Chain and Storage';
const HEALTH = 'Hospitals and Health Care';
const BIOTECH = 'Biotechnology Research';
const ENERGY = 'Renewable Energy Power Generation';
const FINANCE = 'Financial Services';
const MARKETING = 'Marketing Services';
const SOFTWARE = 'Software Development';
const IT = 'IT Services and IT Consulting';

/** Words of a name that say what a company does, so "Pioneer Freight" is not a biotech. */
const WORD_INDUSTRY: Record<string, string> = {
  logistics: LOGISTICS,
  freight: LOGISTICS,
  cargo: LOGISTICS,
  fleet: LOGISTICS,
  transit: LOGISTICS,
  shipping: LOGISTICS,
  supply: LOGISTICS,
  express: LOGISTICS,
  health: HEALTH,
  care: HEALTH,
  medical: HEALTH,
  dental: HEALTH,
  clinic: HEALTH,
  wellness: HEALTH,
  bio: BIOTECH,
  pharma: BIOTECH,
  therapeutics: BIOTECH,
  diagnostics: BIOTECH,
  energy: ENERGY,
  solar: ENERGY,
  power: ENERGY,
  green: ENERGY,
  capital: FINANCE,
  finance: FINANCE,
  payments: FINANCE,
  bank: FINANCE,
  insurance: FINANCE,
  holdings: FINANCE,
  ventures: FINANCE,
  venture: FINANCE,
  media: MARKETING,
  agency: MARKETING,
  creative: MARKETING,
  brands: MARKETING,
  studios: MARKETING,
  growth: MARKETING,
  learning: 'Education',
  education: 'Education',
  academy: 'Education',
  institute: 'Education',
  foods: 'Retail',
  commerce: 'Retail',
  retail: 'Retail',
  apparel: 'Retail',
  goods: 'Retail',
  coffee: 'Retail',
  outdoor: 'Retail',
  software: SOFTWARE,
  cloud: SOFTWARE,
  data: SOFTWARE,
  ai: SOFTWARE,
  analytics: SOFTWARE,
  labs: SOFTWARE,
  logic: SOFTWARE,
  mobile: SOFTWARE,
  security: IT,
  networks: IT,
  solutions: IT,
  consulting: IT,
  technologies: IT,
  telecom: IT,
  wireless: IT,
  services: IT,
};

/** The industry the name's last telling word says (read as the name reads), else a drawn one. */
function industryFor(rng: Rng, label: string): Industry {
  const words = readableName(label).toLowerCase().split(' ').reverse();
  const telling = words.map((w) => WORD_INDUSTRY[w]).find((name) => name !== undefined);
  const named = telling ? INDUSTRIES.find((i) => i.name === telling) : undefined;
  // Drawn in any case, so the rest of the company is the same whether or not the name tells.
  const drawn = rng.weighted(INDUSTRIES.map((ind, i) => [ind, i === 0 ? 4 : 1] as const));
  return named ?? drawn;
}

function splitCount(rng: Rng, total: number, weights: number[]): number[] {
  const noisy = weights.map((w) => (w > 0 ? w * (0.6 + rng.next() * 0.8) : 0));
  const sum = noisy.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const raw = noisy.map((w) => (w / sum) * total);
  const out = raw.map(math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if ((weights[i] ?? 0) > 0) {
      out[i] = (out[i] ?? 0) + 1;
      left--;
    }
  }
  return out;
}

/**
 * An empty object held as a hash table (V8's dictionary mode: deleting a property other than the
 * last one switches an object to it). A company's job functions are drawn at random, so a plain
 * `{}` grew a new hidden shape for nearly every combination of keys (a quarter of the time to make
 * and send a company); a dictionary object adds keys as a hash table does, with the same
 * prototype, the same key order and the same JSON.
 */
function drawnKeys<T>(): Record<string, T> {
  const o: Record<string, T | undefined> = { first: undefined, second: undefined };
  delete o['first'];
  delete o['second'];
  return o as Record<string, T>;
}

function headcounts(rng: Rng, industry: Industry, employees: number) {
  const weights = DEPARTMENTS.map((d) => industry.departments[d] ?? 0);
  const counts = splitCount(rng, employees, weights);
  const department: Record<string, number> = {};
  const byFunction = drawnKeys<Record<string, number>>();
  DEPARTMENTS.forEach((d: Department, i) => {
    const n = counts[i] ?? 0;
    department[d] = n;
    if (n === 0) return;
    const fns = rng.sample(JOB_FUNCTIONS[d], math.min(JOB_FUNCTIONS[d].length, rng.int(1, 5)));
    const split = splitCount(
      rng,
      n,
      fns.map(() => 1),
    );
    const inner = drawnKeys<number>();
    fns.forEach((f, j) => {
      if ((split[j] ?? 0) > 0) inner[f] = split[j] ?? 0;
    });
    byFunction[d] = inner;
  });
  return { department, byFunction };
}

function funding(rng: Rng, type: string, employees: number, founded: number): FundingEvent[] {
  if (type !== 'Privately Held' || !rng.chance(employees > 500 ? 0.5 : 0.7)) return [];
  const rounds =
    employees <= 10
      ? 1
      : employees <= 50
        ? rng.int(1, 2)
        : employees <= 200
          ? rng.int(2, 3)
          : employees <= 500
            ? rng.int(3, 4)
            : rng.int(4, 6);
  const events: FundingEvent[] = [];
  const firstDaysAgo = math.min((2025 - founded) * 365 - 60, 365 * 9);
  let daysAgo = math.max(120, firstDaysAgo);
  for (let i = 0; i < rounds; i++) {
    const round = FUNDING_ROUNDS[math.min(i, FUNDING_ROUNDS.length - 1)];
    if (!round) break;
    const type = i > 0 && rng.chance(0.12) ? rng.pick(OTHER_FUNDING) : round[0];
    const amount = math.round(rng.int(round[1], round[2]) / 100000) * 100000;
    const currency = rng.chance(0.85) ? 'USD' : rng.chance(0.5) ? 'EUR' : null;
    const rate = currency === 'EUR' ? 0.92 : 1;
    events.push({
      date: daysBefore(daysAgo),
      type,
      investors: rng.sample(INVESTORS, rng.int(1, 3)),
      amount: math.round(amount * rate),
      currency,
      amount_usd: currency === null ? null : amount,
    });
    daysAgo = math.max(20, daysAgo - rng.int(300, 700));
  }
  return events;
}

function companyType(rng: Rng, industry: Industry, employees: number): string {
  if (industry.name === 'Education' && rng.chance(0.5)) return 'Educational';
  if (industry.name === 'Hospitals and Health Care' && rng.chance(0.35)) return 'Non Profit';
  if (employees > 10000) return rng.chance(0.7) ? 'Public Company' : 'Privately Held';
  if (employees <= 10 && rng.chance(0.15)) return rng.pick(['Self Owned', 'Self Employed', 'Partnership']);
  return rng.chance(0.03) ? rng.pick(COMPANY_TYPES) : 'Privately Held';
}

const companies = new Lru<string, CompanyRecord>(4000);

/** The company behind a domain. Call only for domains that are found. Records are shared: never mutate them. */
export function companyFromDomain(seed: number, rawDomain: string): CompanyRecord {
  const domain = normalizeDomain(rawDomain);
  return companies.get(`${seed}|${domain}`, () => generateCompany(seed, domain));
}

/** Name, profile URL and industry of a company, without generating the rest (for past employers). */
export function companyBrief(seed: number, domain: string): { name: string; profileUrl: string; industry: string } {
  const label = domain.split('.')[0] ?? domain;
  const industry = industryFor(new Rng(seed, 'company', domain), label);
  return { name: nameFromLabel(label), profileUrl: companyProfileUrl(label), industry: industry.name };
}

function generateCompany(seed: number, domain: string): CompanyRecord {
  const label = domain.split('.')[0] ?? domain;
  const rng = new Rng(seed, 'company', domain);
  const name = nameFromLabel(label);
  const industry = industryFor(rng, label);
  const band = rng.weighted(SIZE_BANDS.map((b, i) => [b, SIZE_WEIGHTS[i] ?? 1] as const));
  const employees = band.max > 100000 ? band.min + math.floor(rng.next() ** 3 * (band.max - band.min)) : rng.int(band.min, band.max);
  const place = rng.weighted(PLACE_WEIGHTS);
  const type = companyType(rng, industry, employees);
  const founded = employees > 10000 ? rng.int(1950, 2008) : employees > 200 ? rng.int(1995, 2018) : rng.int(2008, 2023);
  const followers = rng.chance(0.02) ? 0 : math.round(employees * (3 + rng.next() * 40) + rng.int(0, 400));
  const revenuePerHead = 60000 + rng.int(0, 240000);
  const revenue = math.max(50000, math.round((employees * revenuePerHead) / 1000) * 1000);
  const revenueBand = REVENUE_BANDS.find((b) => revenue >= b.min && revenue < b.max) ?? REVENUE_BANDS[REVENUE_BANDS.length - 1];
  const events = funding(rng, type, employees, founded);
  const last = events[events.length - 1];
  const totalFunding = events.length ? events.reduce((s, e) => s + (e.amount_usd ?? e.amount), 0) : null;
  const { department, byFunction } = headcounts(rng, industry, employees);
  const isB2b = rng.chance(industry.b2b);
  const street = `${rng.int(1, 980)} ${rng.pick(place.streets)}`;
  const offices = employees > 500 ? rng.int(1, 3) : employees > 50 ? rng.int(0, 1) : 0;
  const others = rng.sample(
    PLACE_WEIGHTS.map(([p]) => p).filter((p) => p !== place),
    offices,
  );
  const locations = [place, ...others].map((p, i) => ({
    address: `${i === 0 ? street : `${rng.int(1, 980)} ${rng.pick(p.streets)}`}, ${p.city}${p.state ? `, ${p.state}` : ''} ${p.postal}, ${p.country}`,
    is_primary: i === 0,
    country: p.country,
    state: p.state,
    city: p.city,
    postal_code: p.postal,
  }));
  const keywords = rng.sample(industry.keywords, rng.int(4, math.min(7, industry.keywords.length)));
  const profileUrl = companyProfileUrl(label);
  const id = uuidFrom(seed, 'company', domain);
  const json: Record<string, unknown> = {
    id,
    object: 'company',
    profile_url: profileUrl,
    name,
    overview: label.startsWith('hostile')
      ? HOSTILE_OVERVIEW
      : `${name} ${rng.pick(industry.does)}. Founded in ${founded} and headquartered in ${place.city}, the team of ${thousands(employees)} works with customers in ${rng.int(3, 60)} countries.`,
    website: `https://www.${domain}`,
    keywords,
    followers,
    profile_presence: companyPresence(followers),
    estimated_number_of_employees: employees,
    size: sizeFor(employees),
    location: [place.city, place.state, place.country].filter(Boolean).join(', '),
    location_details: {
      country: place.country,
      state: place.state,
      city: place.city,
      postal_code: place.postal,
      lat: place.lat,
      long: place.long,
    },
    locations,
    logo_url: `https://images.profiles.example/logos/${domain}.png`,
    founded_year: founded,
    traffic_rank: math.max(1, math.round((2000000 / math.sqrt(employees)) * (0.5 + rng.next()))),
    sic_codes: [rng.pick(industry.sic)],
    naics_codes: [rng.pick(industry.naics)],
    type,
    total_funding: totalFunding,
    latest_funding_stage: last ? last.type : null,
    latest_funding_date: last ? last.date : null,
    is_b2b: isB2b,
    is_b2c: !isB2b || rng.chance(0.3),
    technologies: rng.sample(industry.technologies, rng.int(5, math.min(10, industry.technologies.length))),
    department_headcount: department,
    job_function_headcount: byFunction,
    estimated_revenue: revenueBand?.label ?? null,
    revenue,
  };
  return { id, domain, label, name, profileUrl, industry, place, employees, json, fundingEvents: events };
}

export type CompanyOutcome = { found: true; company: CompanyRecord } | { found: false };

/** Finds a company by domain or profile URL; a profile URL names the company by its slug. */
export function findCompany(seed: number, input: { domain?: string; profile_url?: string }): CompanyOutcome {
  let domain: string | undefined;
  if (input.domain) domain = normalizeDomain(input.domain);
  else if (input.profile_url) {
    const slug = profileSlug(input.profile_url);
    if (slug === '' || slug.startsWith('notfound')) return { found: false };
    domain = `${slug.replace(/[^a-z0-9-]/g, '')}.com`;
  }
  if (!domain || isUnknownDomain(domain)) return { found: false };
  return { found: true, company: companyFromDomain(seed, domain) };
}

/** The single-company lookup adds the industry and the funding events. */
export function companyLookupJson(rec: CompanyRecord): Record<string, unknown> {
  return {
    ...rec.json,
    industry: rec.industry.name,
    funding_events: rec.fundingEvents.map((e) => ({ ...e, investors: [...e.investors] })),
  };
}
