// Synthetic people: who an enrichment input matches (or why not), and everything known about
// them, derived from the seed and the input so the same input always finds the same person.
import { Rng, unit, uuidFrom } from '../hash';
import { daysBefore } from './clock';
import {
  PROFILE_HOST,
  companyBrief,
  companyFromDomain,
  isUnknownDomain,
  normalizeDomain,
  profileSlug,
  syntheticDomain,
  type CompanyRecord,
} from './companies';
import { Lru } from './cache';
import { PLACE_WEIGHTS, type Place } from './geo';
import { ascii, populationMember } from './population';
import { PHONE_TYPES, personPresence } from './taxonomy';
import { PERSON_DEPARTMENTS, TAGLINES, TITLES } from './titles';
import { DEGREES, FEMALE_NAMES, LANGUAGES, LAST_NAMES, MALE_NAMES, PROFICIENCIES, SCHOOLS, UNISEX_NAMES } from './words';
import { NAME_SUFFIXES } from './words';

// Bound once: under a test runner this module runs in a vm context, where each read of a global
// is slow, and the universe draws numbers for every record it builds.
const math = Math;

export interface PersonInput {
  email?: string;
  profile_url?: string;
  name?: string;
  title?: string;
  company_name?: string;
  company_domain?: string;
}

export interface PhoneNumber {
  object: 'phone_number';
  id: string;
  number: string;
  type: string;
  is_wrong_number: boolean;
  source: 'service';
}

export interface PersonRecord {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  profileUrl: string;
  title: string;
  company: CompanyRecord;
  place: Place;
  phones: PhoneNumber[];
  /** The person without `email` and `phone_numbers`, which depend on what the request reveals. */
  base: Record<string, unknown>;
}

export type PersonOutcome = { status: 'enriched'; person: PersonRecord } | { status: 'not_found' } | { status: 'gdpr_removed' };

/** Shares of inputs, outside the documented ones, that are not found or removed for privacy. */
const NOT_FOUND_SHARE = 0.1;
const GDPR_SHARE = 0.03;

const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'web.de',
]);
const LEGAL_SUFFIX = /\b(inc|llc|ltd|limited|gmbh|corp|corporation|co|plc|sa|bv|ag|company)\.?$/i;

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

/** "Acme Robotics, Inc." -> "acmerobotics.com"; names that do not round-trip get hyphens. */
function domainForCompanyName(companyName: string): string {
  const words = companyName.trim().replace(/[,.]/g, ' ').trim().replace(LEGAL_SUFFIX, '').trim().split(/\s+/).map(ascii).filter(Boolean);
  if (words.length === 0) return 'unnamed.invalid';
  const last = words[words.length - 1] ?? '';
  const joined =
    words.length === 1 || (words.length === 2 && (NAME_SUFFIXES as ReadonlyArray<string>).includes(last))
      ? words.join('')
      : words.join('-');
  return `${joined}.com`;
}

const ALL_FIRST = new Map<string, string>([...FEMALE_NAMES, ...MALE_NAMES, ...UNISEX_NAMES].map((n) => [n.toLowerCase(), n]));
const ALL_LAST = new Map<string, string>(LAST_NAMES.map((n) => [ascii(n), n]));

function genderOf(rng: Rng, first: string): string {
  const f = (FEMALE_NAMES as ReadonlyArray<string>).includes(first);
  const m = (MALE_NAMES as ReadonlyArray<string>).includes(first);
  if (f) return rng.chance(0.8) ? 'female' : 'likely_female';
  if (m) return rng.chance(0.8) ? 'male' : 'likely_male';
  return 'unknown';
}

function randomFirst(rng: Rng, initial?: string): string {
  const all = [...FEMALE_NAMES, ...MALE_NAMES, ...UNISEX_NAMES] as string[];
  const fitting = initial ? all.filter((n) => n.toLowerCase().startsWith(initial)) : [];
  return rng.pick(fitting.length ? fitting : all);
}

/** A name read from an email's local part when it looks like one, otherwise made up. */
function nameFromLocal(rng: Rng, local: string): [string, string] | undefined {
  // Letters of any script: josé.garcía is José García.
  const parts = local
    .normalize('NFC')
    .toLowerCase()
    .split(/[._-]+/)
    .map((p) => p.replace(/[^\p{L}\p{M}']/gu, ''))
    .filter((p) => p.length >= 2);
  if (parts.length >= 2) return [cap(parts[0] ?? ''), cap(parts[parts.length - 1] ?? '')];
  const one = parts[0];
  if (!one) return undefined;
  const first = ALL_FIRST.get(one);
  if (first) return [first, rng.pick(LAST_NAMES)];
  const last = ALL_LAST.get(one.slice(1));
  if (last && one.length >= 4) return [randomFirst(rng, one.charAt(0)), last];
  return undefined;
}

function nameFromSlug(slug: string): [string, string] | undefined {
  const words = slug
    .replace(/^found-/, '')
    .split('-')
    .filter((w) => /^[a-z']{2,}$/.test(w) && !/^[0-9a-f]{6,}$/.test(w));
  if (words.length >= 2) return [cap(words[0] ?? ''), cap(words[1] ?? '')];
  return undefined;
}

function emailFor(rng: Rng, first: string, last: string, domain: string): string {
  const f = ascii(first) || 'contact';
  const l = ascii(last) || 'person';
  const pattern = new Rng(0, 'email-pattern', domain).weighted([
    [0, 6],
    [1, 3],
    [2, 1],
    [3, 1],
  ] as const);
  const local = pattern === 0 ? `${f}.${l}` : pattern === 1 ? `${f.charAt(0)}${l}` : pattern === 2 ? f : `${f}${l.charAt(0)}`;
  return `${local}${rng.chance(0.04) ? rng.int(1, 9) : ''}@${domain}`;
}

/** How many phone numbers a person has, by weight. */
const PHONE_COUNTS = [
  [1, 5],
  [2, 4],
  [3, 1],
] as const;
/** Whether every person found has a phone number, so matching one need not build the person. */
const EVERY_PERSON_HAS_PHONES = PHONE_COUNTS.every(([n]) => n > 0);

function phonesFor(seed: number, rng: Rng, personId: string, place: Place): PhoneNumber[] {
  const count = rng.weighted(PHONE_COUNTS);
  const types = [
    rng.pick(['mobile', 'direct'] as const),
    ...rng.sample(
      PHONE_TYPES.filter((t) => t !== 'mobile' && t !== 'direct'),
      2,
    ),
  ];
  const out: PhoneNumber[] = [];
  for (let i = 0; i < count; i++) {
    const digits = String(rng.int(0, 9999)).padStart(4, '0');
    out.push({
      object: 'phone_number',
      id: uuidFrom(seed, 'phone', personId, i),
      number: place.phone(digits),
      type: types[i] ?? 'phone',
      is_wrong_number: false,
      source: 'service',
    });
  }
  return out;
}

interface Hints {
  email?: string;
  profileUrl?: string;
  name?: string;
  title?: string;
  domain?: string;
}

function buildPerson(seed: number, key: string, hints: Hints): PersonRecord {
  const rng = new Rng(seed, 'person', key);
  const id = uuidFrom(seed, 'person', key);
  const domain = hints.domain && !FREE_MAIL.has(hints.domain) ? hints.domain : syntheticDomain(rng);
  const company = companyFromDomain(seed, domain);

  let names: [string, string] | undefined;
  if (hints.email) names = nameFromLocal(rng, hints.email.split('@')[0] ?? '');
  if (!names && hints.name) {
    const parts = hints.name.trim().split(/\s+/);
    if (parts.length >= 2) names = [parts[0] ?? '', parts.slice(1).join(' ')];
    else if (parts[0]) names = [parts[0], rng.pick(LAST_NAMES)];
  }
  if (!names && hints.profileUrl) names = nameFromSlug(profileSlug(hints.profileUrl));
  const [firstName, lastName] = names ?? [randomFirst(rng), rng.pick(LAST_NAMES)];
  const name = `${firstName} ${lastName}`;
  const place = rng.chance(0.7) ? company.place : rng.weighted(PLACE_WEIGHTS);

  const department = rng.weighted(PERSON_DEPARTMENTS);
  const titles = TITLES[department] ?? TITLES.revenue ?? [];
  const title = hints.title?.trim() || rng.weighted(titles);
  const startedDaysAgo = rng.int(45, 2400);

  const experiences: Array<Record<string, unknown>> = [
    {
      object: 'experience',
      title,
      company_name: company.name,
      company_profile_url: company.profileUrl,
      description: rng.chance(0.7)
        ? `Leading ${rng.pick(['enterprise', 'mid-market', 'strategic', 'regional', 'global'])} initiatives for ${company.name}.`
        : null,
      start_date: daysBefore(startedDaysAgo),
      end_date: null,
    },
  ];
  let cursor = startedDaysAgo + rng.int(0, 60);
  const previous = rng.int(1, 4);
  for (let i = 0; i < previous; i++) {
    const length = rng.int(300, 1500);
    const past = companyBrief(seed, syntheticDomain(rng));
    experiences.push({
      object: 'experience',
      title: rng.weighted(titles),
      company_name: past.name,
      company_profile_url: rng.chance(0.9) ? past.profileUrl : null,
      description: rng.chance(0.4) ? `Grew a book of ${rng.int(20, 140)} accounts in ${past.industry.toLowerCase()}.` : null,
      start_date: daysBefore(cursor + length),
      end_date: daysBefore(cursor),
    });
    cursor += length + rng.int(0, 120);
  }
  const [degree, fields] = rng.pick(DEGREES);
  const educations: Array<Record<string, unknown>> = [];
  const eduCount = rng.weighted([
    [1, 6],
    [2, 3],
    [0, 1],
  ] as const);
  let eduEnd = cursor + rng.int(30, 400);
  for (let i = 0; i < eduCount; i++) {
    const years = i === 0 ? 4 : 2;
    const school = rng.pick(SCHOOLS);
    educations.push({
      object: 'education',
      degree: i === 0 ? degree : "Master's degree",
      field_of_study: rng.pick(fields),
      school_name: school,
      school_profile_url: rng.chance(0.8)
        ? `${PROFILE_HOST}/school/${school
            .toLowerCase()
            .replace(/[^a-z]+/g, '-')
            .replace(/-$/, '')}`
        : null,
      start_date: daysBefore(eduEnd + years * 365),
      end_date: daysBefore(eduEnd),
    });
    eduEnd += years * 365 + rng.int(200, 900);
  }
  const spoken = [...new Set(['English', ...place.languages, ...(rng.chance(0.25) ? [rng.pick(LANGUAGES)[0]] : [])])];
  const languages = spoken.map((lang, i) => ({
    object: 'language',
    language: lang,
    iso_code: LANGUAGES.find(([l]) => l === lang)?.[1] ?? 'en',
    proficiency:
      i === 0 && place.languages[0] !== 'English'
        ? rng.pick(PROFICIENCIES.slice(1, 3))
        : lang === place.languages[0]
          ? PROFICIENCIES[0]
          : rng.chance(0.8)
            ? rng.pick(PROFICIENCIES)
            : null,
  }));
  const followers = rng.chance(0.03) ? 0 : math.floor(10 ** (rng.next() * 4.4));
  const email = hints.email ?? emailFor(rng, firstName, lastName, company.domain);
  const profileUrl = hints.profileUrl ?? `${PROFILE_HOST}/in/${ascii(firstName)}-${ascii(lastName)}-${id.slice(0, 6)}`;
  const phones = phonesFor(seed, rng, id, place);
  const base: Record<string, unknown> = {
    id,
    object: 'person',
    profile_url: profileUrl,
    name,
    first_name: firstName,
    last_name: lastName,
    title,
    headline: rng.chance(0.6) ? `${title} at ${company.name} | ${rng.pick(TAGLINES)}` : `${title} at ${company.name}`,
    about: rng.chance(0.8)
      ? `${rng.pick(TAGLINES)}. ${cap(rng.pick(['over', 'more than', 'nearly']))} ${math.round(cursor / 365)} years in ${company.industry.name.toLowerCase()}, now ${title.toLowerCase()} at ${company.name}.`
      : null,
    current_position_start_date: daysBefore(startedDaysAgo),
    current_position_description: experiences[0]?.['description'] ?? null,
    location: [place.city, place.state, place.country].filter(Boolean).join(', '),
    image_url: `https://images.profiles.example/people/${id}.jpg`,
    gender: genderOf(rng, firstName),
    location_details: {
      country: place.country,
      state: place.state,
      city: place.city,
      postal_code: place.postal,
      lat: place.lat,
      long: place.long,
    },
    experiences,
    educations,
    languages,
    company: company.json,
    profile_presence: personPresence(followers),
  };
  return { id, firstName, lastName, name, email, profileUrl, title, company, place, phones, base };
}

const people = new Lru<string, PersonRecord>(5000);

function outcomeByRoll(seed: number, key: string): 'enriched' | 'not_found' | 'gdpr_removed' {
  const u = unit(seed, 'person-outcome', key);
  if (u < GDPR_SHARE) return 'gdpr_removed';
  if (u < GDPR_SHARE + NOT_FOUND_SHARE) return 'not_found';
  return 'enriched';
}

/** What an input resolves to before any person is built: the outcome, and for a match its key and hints. */
type Resolved = { status: 'not_found' | 'gdpr_removed' } | { status: 'enriched'; key: string; hints: Hints };

function resolvePerson(seed: number, input: PersonInput, companies?: number): Resolved {
  // A member of the searchable population is the same person by email or by profile URL, built
  // from its own inputs alone, so what a search showed is what a lookup answers.
  const member = input.email
    ? populationMember(seed, { email: input.email }, companies)
    : input.profile_url
      ? populationMember(seed, { profileSlug: profileSlug(input.profile_url) }, companies)
      : undefined;
  if (member)
    return { status: 'enriched', key: member.key, hints: { email: member.email, profileUrl: member.profileUrl, domain: member.domain } };
  const companyDomain = input.company_domain
    ? normalizeDomain(input.company_domain)
    : input.company_name
      ? domainForCompanyName(input.company_name)
      : undefined;
  let key: string;
  let forced: 'enriched' | 'not_found' | 'gdpr_removed' | undefined;
  const hints: Hints = { name: input.name, title: input.title, domain: companyDomain };
  if (input.email) {
    const email = input.email.trim().toLowerCase();
    const domain = email.split('@')[1] ?? '';
    key = `email:${email}`;
    hints.email = email;
    hints.domain = domain;
    if (domain === 'gdpr-removed.example') forced = 'gdpr_removed';
    else if (domain === 'notfound.example' || isUnknownDomain(domain)) forced = 'not_found';
    else if (domain === 'example.com') forced = 'enriched';
  } else if (input.profile_url) {
    const slug = profileSlug(input.profile_url);
    key = `profile:${slug}`;
    hints.profileUrl = input.profile_url.trim();
    if (slug === '' || slug.startsWith('notfound')) forced = 'not_found';
    else if (slug.startsWith('gdpr-removed')) forced = 'gdpr_removed';
    else if (slug.startsWith('found-')) forced = 'enriched';
  } else if (companyDomain && (input.name || input.title)) {
    key = input.name
      ? `name:${input.name.trim().toLowerCase()}|${companyDomain}`
      : `title:${(input.title ?? '').trim().toLowerCase()}|${companyDomain}`;
    if (isUnknownDomain(companyDomain)) forced = 'not_found';
    else if (companyDomain === 'example.com') forced = 'enriched';
  } else {
    return { status: 'not_found' };
  }
  const status = forced ?? outcomeByRoll(seed, key);
  if (status !== 'enriched') return { status };
  return { status, key, hints };
}

/**
 * Which person an input matches: by email, else profile URL, else name or title at a company.
 * `companies`: the size of the searchable population whose members are matched first.
 */
export function findPerson(seed: number, input: PersonInput, companies?: number): PersonOutcome {
  const r = resolvePerson(seed, input, companies);
  if (r.status !== 'enriched') return { status: r.status };
  const { key, hints } = r;
  const hintKey = JSON.stringify([seed, key, hints.email, hints.profileUrl, hints.name, hints.title, hints.domain]);
  return { status: 'enriched', person: people.get(hintKey, () => buildPerson(seed, key, hints)) };
}

export type PersonMatch = { status: 'enriched'; personId: string; hasPhones: boolean } | { status: 'not_found' | 'gdpr_removed' };

/**
 * What `findPerson` says of an input, without the person: its outcome, and for a match the
 * person's id and whether they have phone numbers. Settling a batch needs only this (the person
 * is built when a page of results is read), and building every person twice was most of the
 * cost of a large batch.
 */
export function matchPerson(seed: number, input: PersonInput, companies?: number): PersonMatch {
  const r = resolvePerson(seed, input, companies);
  if (r.status !== 'enriched') return { status: r.status };
  if (!EVERY_PERSON_HAS_PHONES) {
    const o = findPerson(seed, input, companies);
    if (o.status === 'enriched') return { status: 'enriched', personId: o.person.id, hasPhones: o.person.phones.length > 0 };
  }
  // The id buildPerson gives the person.
  return { status: 'enriched', personId: uuidFrom(seed, 'person', r.key), hasPhones: true };
}

/** The API's person: email and phone numbers only when the request reveals them. */
export function personJson(p: PersonRecord, reveal: { email: boolean; phones: boolean }): Record<string, unknown> {
  return {
    ...p.base,
    email: reveal.email ? p.email : null,
    phone_numbers: reveal.phones ? p.phones.map((ph) => ({ ...ph })) : null,
  };
}
