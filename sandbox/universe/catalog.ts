// Per-account reference data: territories, excluded domains and emails, and the job openings of
// a company, all derived from the seed so they are the same on every start.
import { Rng, uuidFrom } from '../hash';
import { DAY, msBefore } from './clock';
import type { CompanyRecord } from './companies';
import { DEPARTMENTS, JOB_FUNCTIONS, JOB_SENIORITIES } from './taxonomy';
import { NAME_STEMS, NAME_SUFFIXES } from './words';

export interface Territory {
  id: string;
  name: string;
}

const REGIONS = ['North America', 'EMEA', 'APAC', 'LATAM'];
const SUBREGIONS: Record<string, string[]> = {
  'North America': ['West', 'East', 'Central', 'Canada', 'Enterprise', 'Mid-Market', 'SMB', 'Federal'],
  EMEA: ['UK & Ireland', 'DACH', 'France', 'Benelux', 'Nordics', 'Southern Europe', 'Middle East', 'Enterprise'],
  APAC: ['ANZ', 'Singapore', 'India', 'Japan', 'Korea', 'Enterprise'],
  LATAM: ['Brazil', 'Mexico', 'Andean', 'Southern Cone'],
};

export function territories(seed: number, accountId: string): Territory[] {
  const out: Territory[] = [];
  for (const region of REGIONS) {
    for (const sub of SUBREGIONS[region] ?? []) {
      out.push({ id: uuidFrom(seed, 'territory', accountId, region, sub), name: `${region} - ${sub}` });
    }
  }
  return out;
}

export interface Exclusion {
  value: string;
  source: string;
  date_added: string;
  excluded_reason: string;
  excluded_reasons: string[];
}

const REASONS = ['customer', 'competitor', 'partner', 'do_not_contact', 'bounced', 'unsubscribed', 'open_opportunity'];
const SOURCES = ['user', 'crm', 'api', 'csv_upload'];

function exclusions(seed: number, accountId: string, kind: 'domain' | 'email', count: number): Exclusion[] {
  const rng = new Rng(seed, 'exclusions', kind, accountId);
  const seen = new Set<string>();
  const out: Exclusion[] = [];
  let ago = rng.int(1, 30) * 3600000;
  while (out.length < count) {
    const domain = `${rng.pick(NAME_STEMS).toLowerCase()}${rng.pick(NAME_SUFFIXES)}.${rng.pick(['com', 'io', 'co', 'net'])}`;
    const value =
      kind === 'domain'
        ? domain
        : `${rng.pick(['ceo', 'sales', 'info', 'alex', 'jordan', 'sam', 'taylor', 'morgan', 'billing', 'press'])}@${domain}`;
    if (seen.has(value)) continue;
    seen.add(value);
    const reasons = rng.sample(
      REASONS,
      rng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const),
    );
    out.push({
      value,
      source: rng.pick(SOURCES),
      date_added: msBefore(ago + rng.int(0, 999)),
      excluded_reason: reasons[0] ?? 'do_not_contact',
      excluded_reasons: reasons,
    });
    ago += rng.int(1, 96) * 3600000 + rng.int(0, 3599999);
  }
  return out;
}

export function excludedDomains(seed: number, accountId: string): Exclusion[] {
  return exclusions(seed, accountId, 'domain', 240);
}

export function excludedEmails(seed: number, accountId: string): Exclusion[] {
  return exclusions(seed, accountId, 'email', 160);
}

export interface JobOpening {
  id: string;
  title: string;
  url: string;
  raw_location: string | null;
  first_seen_at: string;
  seniorities: string[];
  departments: string[];
  job_functions: string[];
}

const ROLE_BY_DEPARTMENT: Record<string, string[]> = {
  revenue: ['Account Executive', 'Sales Development Representative', 'Customer Success Manager', 'Solutions Engineer'],
  marketing: ['Product Marketing Manager', 'Demand Generation Manager', 'Content Strategist'],
  engineering_technical: ['Software Engineer', 'Data Engineer', 'Site Reliability Engineer', 'Machine Learning Engineer'],
  product: ['Product Manager', 'Technical Product Manager'],
  design: ['Product Designer', 'Brand Designer'],
  operations: ['Operations Manager', 'Business Operations Analyst', 'Logistics Coordinator'],
  finance: ['Financial Analyst', 'Accountant'],
  human_resources: ['Recruiter', 'People Partner'],
  information_technology: ['IT Support Engineer', 'Security Analyst'],
  legal: ['Corporate Counsel', 'Compliance Analyst'],
  senior_leadership: ['Chief Operating Officer', 'General Manager'],
  medical_health: ['Registered Nurse', 'Clinical Research Associate'],
  education: ['Instructional Designer', 'Teacher'],
  consulting: ['Consultant', 'Engagement Manager'],
};

const DEPARTMENT_LABEL: Record<string, string> = {
  revenue: 'Sales',
  marketing: 'Marketing',
  engineering_technical: 'Engineering',
  product: 'Product',
  design: 'Design',
  operations: 'Operations',
  finance: 'Finance',
  human_resources: 'People',
  information_technology: 'IT',
  legal: 'Legal',
  senior_leadership: 'Strategy',
  medical_health: 'Clinical Operations',
  education: 'Learning',
  consulting: 'Consulting',
};

function jobTitle(seniority: string, role: string, dept: string): string {
  const area = DEPARTMENT_LABEL[dept] ?? 'Operations';
  switch (seniority) {
    case 'Director':
      return `Director of ${area}`;
    case 'VP':
      return `VP of ${area}`;
    case 'Head':
      return `Head of ${area}`;
    case 'Senior':
      return `Senior ${role}`;
    case 'Entry':
      return `Associate ${role}`;
    case 'Intern':
      return `${role} Intern`;
    case 'Manager':
      return role.includes('Manager') ? role : `${area} Manager`;
    default:
      return role;
  }
}

/** Openings a company is hiring for; bigger companies post more. */
export function jobOpenings(seed: number, company: CompanyRecord): JobOpening[] {
  const rng = new Rng(seed, 'jobs', company.domain);
  const count = Math.min(60, Math.round(Math.sqrt(company.employees) * rng.next() * 1.6));
  const hiring = DEPARTMENTS.filter((d) => (company.industry.departments[d] ?? 0) > 0);
  const out: JobOpening[] = [];
  for (let i = 0; i < count; i++) {
    const dept = rng.pick(hiring.length ? hiring : DEPARTMENTS);
    const role = rng.pick(ROLE_BY_DEPARTMENT[dept] ?? ['Specialist']);
    const seniority = rng.weighted([
      ['Non-Manager', 5],
      ['Senior', 3],
      ['Manager', 2],
      ['Entry', 2],
      ['Director', 1],
      ['Head', 1],
      ['VP', 0.5],
      ['Intern', 0.5],
    ] as const);
    const remote = rng.chance(0.3);
    const fn = rng.pick(JOB_FUNCTIONS[dept]);
    const id = uuidFrom(seed, 'job', company.domain, i);
    out.push({
      id,
      title: jobTitle(seniority, role, dept),
      url: `https://careers.${company.domain}/jobs/${id.slice(0, 8)}`,
      raw_location: remote
        ? rng.pick(['Remote', `Remote - ${company.place.country}`, 'Remote (anywhere)'])
        : rng.chance(0.95)
          ? `${company.place.city}, ${company.place.country}`
          : null,
      first_seen_at: new Date(Date.parse(msBefore(0)) - rng.int(1, 90) * DAY - rng.int(0, 86399) * 1000).toISOString(),
      seniorities: [seniority],
      departments: [dept],
      job_functions: [fn],
    });
  }
  return out.sort((a, b) => b.first_seen_at.localeCompare(a.first_seen_at));
}

export function isRemote(job: JobOpening): boolean {
  return job.raw_location !== null && job.raw_location.startsWith('Remote');
}

/** Whether a job seniority label is one the spec allows. */
export function isJobSeniority(value: string): boolean {
  return (JOB_SENIORITIES as ReadonlyArray<string>).includes(value);
}
