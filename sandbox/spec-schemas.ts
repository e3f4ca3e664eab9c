// The spec's answers to the letter, as zod schemas: no extra properties where the spec forbids
// them, only the spec's enum values, ISO dates, the spec's headcount keys and email addresses by
// the shared rule. test/sandbox checks what this service serves against them; the add-on reads
// answers with its own, tolerant schemas (src/api/schemas.ts), which keep what these refuse.
import * as z from 'zod/mini';
import { isEmailAddress } from '../contract/email-address';
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  DAILY_EMAIL_LIMIT,
  DEPARTMENTS,
  EMAIL_PROVIDERS,
  JOB_FUNCTIONS,
  JOB_SENIORITIES,
  MAILBOX_STATUSES,
  PHONE_TYPES,
  REVENUE_RANGES,
  type Department,
} from '../contract/enumerations';

// ---- The spec's enums -----------------------------------------------------------------------

const GENDERS = ['male', 'female', 'likely_male', 'likely_female', 'unknown'] as const;
const PERSON_PRESENCE = ['influencer', 'micro_influencer', 'large', 'moderate', 'limited', 'none'] as const;
const COMPANY_PRESENCE = ['massive', 'large', 'moderate', 'limited', 'none'] as const;
const FUNDING_STAGES = [
  'seed',
  'angel',
  'venture_round_unknown_series',
  'series_a',
  'series_b',
  'series_c',
  'series_d',
  'series_e',
  'series_f',
  'series_g',
  'series_h',
  'series_i',
  'series_j',
  'debt',
  'equity_crowdfunding',
  'convertible_note',
  'ico',
  'private_equity',
  'other',
] as const;
const PHONE_SOURCES = ['service', 'crm', 'user_uploaded'] as const;
const BATCH_STATUSES = ['queued', 'processing', 'completed', 'canceled', 'error'] as const;
const LEAD_LIST_STATUSES = ['queued', 'processing', 'completed'] as const;
const LEAD_LIST_TYPES = ['profile', 'email', 'title_and_company', 'name_and_company', 'crm_one', 'crm_two', 'person', 'adaptive'] as const;
const EMAIL_RESULTS = ['deliverable', 'risky', 'undeliverable', 'unknown'] as const;
const PERSON_ENRICHMENT_STATUSES = ['enriched', 'not_found', 'gdpr_removed'] as const;
const COMPANY_ENRICHMENT_STATUSES = ['found', 'not_found', 'pending'] as const;

// ---- Values -------------------------------------------------------------------------------

const guid = () => z.guid();
const int = () => z.int();
const date = () => z.iso.date();
const dateTime = () => z.iso.datetime({ offset: true });
/** `string?` in the spec: may be absent or null. */
const optStr = () => z.optional(z.nullable(z.string()));
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
/** An email in an answer, by the rule the add-on and this service share. */
const emailText = () => z.string().check(z.refine(isEmailAddress));

// ---- Shared pieces ------------------------------------------------------------------------

const Link = z.object({ href: z.string() });
const Links = z.object({ self: Link, prev: z.optional(Link), next: z.optional(Link) });

/** An error detail: all four members, a source only as a pointer. */
const ErrorDetail = z.strictObject({
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  source: z.optional(z.strictObject({ pointer: z.string() })),
});
/** The `_errors` an answer may carry beside what it holds. */
const errors = () => z.optional(z.array(ErrorDetail));

const ErrorObject = z.object({ object: z.literal('error'), _errors: z.array(ErrorDetail), _links: z.optional(Links) });

/** A page of a listing: its items under `key`, and the links to the pages around it. */
const page = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), _links: Links } as Record<K, z.ZodMiniArray<T>> & { _links: typeof Links });

/** An enrichment or validation batch: its id, status and results so far. */
const batch = <I extends z.ZodMiniType, O extends string, R extends z.ZodMiniType>(id: I, object: O, result: R) =>
  z.object({
    id,
    object: z.literal(object),
    status: z.enum(BATCH_STATUSES),
    results: z.array(result),
    _links: Links,
    _errors: errors(),
  });

// ---- People -------------------------------------------------------------------------------

/** Where a person or a company's office is. */
const place = () => ({ country: optStr(), state: optStr(), city: optStr(), postal_code: optStr() });

const LocationDetails = z.strictObject({ ...place(), lat: opt(z.number()), long: opt(z.number()) });

const Experience = z.strictObject({
  object: z.literal('experience'),
  title: z.string(),
  company_name: z.string(),
  company_profile_url: z.nullable(z.string()),
  description: z.nullable(z.string()),
  start_date: z.nullable(date()),
  end_date: z.nullable(date()),
});

const Education = z.strictObject({
  object: z.literal('education'),
  degree: z.nullable(z.string()),
  field_of_study: z.nullable(z.string()),
  school_name: z.string(),
  school_profile_url: z.nullable(z.string()),
  start_date: z.nullable(date()),
  end_date: z.nullable(date()),
});

const Language = z.object({
  object: z.literal('language'),
  language: z.string(),
  iso_code: z.string(),
  proficiency: z.nullable(z.string()),
});

const PhoneNumber = z.looseObject({
  object: z.literal('phone_number'),
  id: guid(),
  number: z.string(),
  type: z.enum(PHONE_TYPES),
  is_wrong_number: z.boolean(),
  source: z.optional(z.enum(PHONE_SOURCES)),
  is_dnc_listed: z.optional(z.boolean()),
  kind: z.optional(z.string()),
});

// ---- Companies ----------------------------------------------------------------------------

const CompanyLocation = z.strictObject({ address: z.string(), is_primary: z.boolean(), ...place() });

/** Only the spec's department and job-function keys. */
const departmentHeadcount = z.partialRecord(z.enum(DEPARTMENTS as unknown as [Department, ...Department[]]), int());
const jobFunctionHeadcount = z.strictObject(
  Object.fromEntries(
    DEPARTMENTS.map((d) => [d, z.optional(z.partialRecord(z.enum(JOB_FUNCTIONS[d] as unknown as [string, ...string[]]), int()))]),
  ),
);

const companyFields = {
  id: guid(),
  object: z.literal('company'),
  profile_url: z.string(),
  name: optStr(),
  overview: optStr(),
  website: optStr(),
  keywords: opt(z.array(z.string())),
  followers: opt(int()),
  profile_presence: opt(z.enum(COMPANY_PRESENCE)),
  estimated_number_of_employees: opt(int()),
  size: opt(z.enum(COMPANY_SIZES)),
  location: optStr(),
  location_details: z.optional(LocationDetails),
  locations: opt(z.array(CompanyLocation)),
  logo_url: z.optional(z.string()),
  founded_year: opt(int()),
  traffic_rank: opt(int()),
  sic_codes: opt(z.array(int())),
  naics_codes: opt(z.array(int())),
  type: opt(z.enum(COMPANY_TYPES)),
  total_funding: opt(int()),
  latest_funding_stage: opt(z.enum(FUNDING_STAGES)),
  latest_funding_date: opt(date()),
  is_b2b: opt(z.boolean()),
  is_b2c: opt(z.boolean()),
  technologies: opt(z.array(z.string())),
  department_headcount: z.optional(departmentHeadcount),
  job_function_headcount: z.optional(jobFunctionHeadcount),
  estimated_revenue: opt(z.enum(REVENUE_RANGES)),
  revenue: opt(int()),
};

const Company = z.looseObject(companyFields);

const FundingEvent = z.looseObject({
  date: z.nullable(z.string()),
  type: z.nullable(z.string()),
  investors: z.array(z.string()),
  amount: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  amount_usd: z.nullable(z.number()),
});

/** The single-company lookup answers a company with its industry and funding events. */
const CompanyLookup = z.looseObject({ ...companyFields, industry: z.nullable(z.string()), funding_events: z.array(FundingEvent) });

// ---- Person (after company: a person carries its company) -----------------------------------

const Person = z.looseObject({
  id: guid(),
  object: z.literal('person'),
  profile_url: z.string(),
  name: optStr(),
  email: optStr(),
  first_name: optStr(),
  last_name: optStr(),
  title: optStr(),
  headline: optStr(),
  about: optStr(),
  current_position_start_date: opt(date()),
  current_position_description: optStr(),
  location: optStr(),
  image_url: z.optional(z.string()),
  gender: z.optional(z.enum(GENDERS)),
  location_details: z.optional(LocationDetails),
  experiences: opt(z.array(Experience)),
  educations: opt(z.array(Education)),
  languages: opt(z.array(Language)),
  phone_numbers: opt(z.array(PhoneNumber)),
  company: opt(Company),
  profile_presence: opt(z.enum(PERSON_PRESENCE)),
});

// ---- Email validation ---------------------------------------------------------------------

const emailValidationResult = <C extends z.ZodMiniType>(catchAll: C) =>
  z.object({
    object: z.literal('email_validation_result'),
    email: emailText(),
    result: z.enum(EMAIL_RESULTS),
    catch_all: catchAll,
  });

/** Inside a batch, `catch_all` is required. */
const EmailValidationBatch = batch(guid(), 'email_validation', emailValidationResult(z.boolean()));

// ---- Lead lists ---------------------------------------------------------------------------

const LeadListOptions = z.strictObject({ reveal_phone_numbers: z.boolean(), validate_email: z.boolean(), enrich: z.boolean() });

const LeadListEntry = z.strictObject({
  id: guid(),
  object: z.literal('lead_list_entry'),
  email: emailText(),
  person_id: guid(),
  profile_url: z.string(),
  profile: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  company_domain: z.string(),
  industry: z.string(),
  title: z.string(),
  email_validation_result: emailValidationResult(z.optional(z.boolean())),
  data: z.record(z.string(), z.unknown()),
  phone_numbers: z.optional(z.array(PhoneNumber)),
});

/** A lead list's own members: what `GET /lead-lists` lists, and what a read adds its leads to. */
const leadListShape = {
  id: guid(),
  object: z.literal('lead_list'),
  name: z.string(),
  status: z.enum(LEAD_LIST_STATUSES),
  url: z.string(),
  shared: z.boolean(),
  visible: z.boolean(),
  owner: emailText(),
  type: z.enum(LEAD_LIST_TYPES),
  created_at: z.optional(dateTime()),
  updated_at: z.optional(dateTime()),
  options: z.optional(LeadListOptions),
  _errors: errors(),
};

const LeadList = z.strictObject({ ...leadListShape, leads: z.array(LeadListEntry), _links: Links });

// ---- Enrichment batches -------------------------------------------------------------------

const PersonEnrichmentResult = z.looseObject({
  id: z.optional(int()),
  status: opt(z.enum(PERSON_ENRICHMENT_STATUSES)),
  result: opt(Person),
  email: optStr(),
  profile_url: optStr(),
  company_domain: optStr(),
  company_name: optStr(),
  name: optStr(),
  title: optStr(),
});

const CompanyEnrichmentResult = z.looseObject({
  id: z.optional(int()),
  status: z.optional(z.enum(COMPANY_ENRICHMENT_STATUSES)),
  result: opt(Company),
  domain: optStr(),
  profile_url: optStr(),
});

// ---- Calls, contacts ----------------------------------------------------------------------

const CallRecord = z.object({
  id: guid(),
  disposition_id: z.nullable(guid()),
  duration: int(),
  external: z.boolean(),
  start_date: dateTime(),
  from: z.string(),
  to: z.string(),
  notes: z.nullable(z.unknown()),
  transcription: z.nullable(z.string()),
  task_id: z.nullable(guid()),
  user_id: z.nullable(guid()),
  human: z.boolean(),
  answered: z.boolean(),
  contact: z.nullable(z.unknown()),
});

/** The decisions document's answer to `GET /calls/{id}/recording`: these members and no others. */
const CallRecording = z.strictObject({
  object: z.literal('call_recording'),
  call_id: guid(),
  url: z.url({ protocol: /^https?$/ }),
  content_type: z.string(),
  duration: int(),
  expires_at: dateTime(),
});

const ContactActivity = z.object({
  event_at: dateTime(),
  event_type: z.string(),
  sequence_id: z.string(),
  sequence_type: z.string(),
  sequence_name: z.string(),
});

const Contact = z.object({
  id: guid(),
  name: optStr(),
  first_name: optStr(),
  last_name: optStr(),
  profile_url: optStr(),
  email: optStr(),
  time_zone: optStr(),
  location: optStr(),
  title: optStr(),
  company_domain: optStr(),
  company_name: optStr(),
  owner: optStr(),
  created_at: opt(dateTime()),
  last_contacted_at: opt(dateTime()),
  phone_numbers: opt(z.array(PhoneNumber)),
  recent_activity: opt(z.array(ContactActivity)),
});

// ---- Lists: territories, job openings, exclusions ------------------------------------------

const Territory = z.object({ id: guid(), name: z.string() });

const JobOpening = z.object({
  id: guid(),
  title: z.string(),
  url: z.string(),
  raw_location: z.nullable(z.string()),
  first_seen_at: dateTime(),
  seniorities: z.array(z.string()),
  departments: z.array(z.string()),
  job_functions: z.array(z.string()),
});

const JobOpeningCompany = z.object({
  id: guid(),
  name: z.nullable(z.string()),
  domain: z.nullable(z.string()),
  profile_url: z.nullable(z.string()),
});

const exclusionFields = {
  source: z.string(),
  date_added: dateTime(),
  excluded_reason: z.string(),
  excluded_reasons: z.array(z.string()),
};

// ---- Mailboxes (the decisions document) ---------------------------------------------------

const Mailbox = z.strictObject({
  id: guid(),
  object: z.literal('mailbox'),
  email: emailText(),
  email_provider: z.enum(EMAIL_PROVIDERS),
  status: z.enum(MAILBOX_STATUSES),
  daily_email_limit: int().check(z.gte(DAILY_EMAIL_LIMIT.min), z.lte(DAILY_EMAIL_LIMIT.max)),
  user: z.strictObject({ id: guid(), name: z.string(), email: emailText() }),
  created_at: dateTime(),
  updated_at: dateTime(),
});

// ---- Searches -----------------------------------------------------------------------------

const Pagination = z.object({ page: int(), page_size: int(), total: int(), total_pages: z.optional(int()) });

/** A search's answer: one page of `item`s and how many match in all. */
const searchResult = <O extends string, T extends z.ZodMiniType>(object: O, item: T) =>
  z.object({ object: z.literal(object), results: z.array(item), _pagination: Pagination, _errors: errors() });

/** Every answer of the spec, checked to the letter, with the spec's lists the checks compare to. */
export const SPEC = {
  DEPARTMENTS,
  JOB_FUNCTIONS,
  JOB_SENIORITIES,
  Links,
  ErrorDetail,
  ErrorObject,
  Pagination,
  Experience,
  Education,
  PhoneNumber,
  Company,
  FundingEvent,
  CompanyLookup,
  Person,
  EmailValidationBatch,
  LeadList,
  LeadListPage: z.object({ lead_lists: z.array(z.strictObject({ ...leadListShape, _links: z.optional(Links) })), _links: Links }),
  PersonEnrichmentResult,
  PersonEnrichmentBatch: batch(int(), 'person_enrichment', PersonEnrichmentResult),
  CompanyEnrichmentResult,
  CompanyEnrichmentBatch: batch(int(), 'company_enrichment', CompanyEnrichmentResult),
  CallRecord,
  CallRecording,
  Contact,
  /** A reviewed phone number answers `{}` or the phone number. */
  PhoneReviewResponse: z.union([PhoneNumber, z.strictObject({})]),
  Territory,
  TerritoryPage: page('territories', Territory),
  JobOpeningPage: z.object({ company: JobOpeningCompany, job_openings: z.array(JobOpening), _links: Links }),
  ExcludedDomainPage: page('excluded_domains', z.object({ domain: z.string(), ...exclusionFields })),
  ExcludedEmailPage: page('excluded_emails', z.object({ email: z.string(), ...exclusionFields })),
  Account: z.strictObject({ id: guid(), name: z.string() }),
  Mailbox,
  MailboxPage: z.strictObject({ mailboxes: z.array(Mailbox), _links: Links }),
  PersonSearchResult: searchResult('person_search_result', Person),
  CompanySearchResult: searchResult('company_search_result', Company),
};
