// zod schemas for every resource of the Prospecting API the add-on reads, field by field as the
// spec writes them, read tolerantly: unknown properties are dropped where the spec forbids them and
// kept where it allows them, and an enum value the add-on does not know is kept as text (see
// open-values.ts), so one odd item never fails a whole answer. The spec to the letter, which the
// local service's answers are checked against, is sandbox/spec-schemas.ts. Each schema is built
// the first time it is asked for: every custom-function call loads the whole bundle, so loading
// it builds none.
import * as z from 'zod/mini';
import type { COMPANY_SIZES, COMPANY_TYPES, Department, PHONE_TYPES, REVENUE_RANGES } from '../../contract/enumerations';
import { refine, withDefaults } from './checks';
import { array, boolean, literal, nullable, number, record, string, union } from './kinds';
import { lazy } from '../base/lazy';
import type { Open } from './open-values';

// ---- Enums the add-on acts on ---------------------------------------------------------------

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'canceled', 'error'] as const;
export const LEAD_LIST_STATUSES = ['queued', 'processing', 'completed'] as const;
/** The list type a lead-list creation request may ask for (note the request's `titles_and_company`). */
export const LEAD_LIST_REQUEST_TYPES = ['profile', 'email', 'titles_and_company'] as const;
export const EMAIL_RESULTS = ['deliverable', 'risky', 'undeliverable', 'unknown'] as const;
export const PERSON_ENRICHMENT_STATUSES = ['enriched', 'not_found', 'gdpr_removed'] as const;
export const COMPANY_ENRICHMENT_STATUSES = ['found', 'not_found', 'pending'] as const;

/**
 * An enum of the spec, read as text: a value the service added later is kept (`Open`). Typed by
 * its list where the add-on knows one; the lists only checking needs are the local service's.
 */
const open = string as <T extends string = string>() => z.ZodMiniType<Open<T>>;

// ---- Ids ----------------------------------------------------------------------------------

/** zod's `guid` pattern: 8-4-4-4-12 hex digits, any version or variant. */
const GUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** Whether a text is an id in zod's `guid` pattern (the spec's UUIDs). */
export const isGuid = (text: string): boolean => GUID.test(text);

/**
 * An id as `z.guid()` checks it (the same pattern), as a refinement of a string: the bundle's zod
 * (zod-subset.ts) has neither `z.guid()` nor `z.regex()`.
 */
export const guidText = (error?: string): z.ZodMiniType<string, string> =>
  string().check(refine(isGuid, error === undefined ? undefined : { error }));

// ---- Whole numbers --------------------------------------------------------------------------

const SAFE_RANGE = 'Integers must be within the safe integer range.';

/**
 * A whole number as `z.int()` checks it, raising the same issues (a fraction is not an `int`, a
 * number past the safe range is too big or too small): a check on a number, as the bundle's zod
 * (zod-subset.ts) has no `z.int()`.
 */
export const wholeNumber = (): z.ZodMiniType<number, number> =>
  number().check((ctx) => {
    const input = ctx.value;
    if (!Number.isInteger(input)) {
      ctx.issues.push({ expected: 'int', format: 'safeint', code: 'invalid_type', continue: false, input });
    } else if (!Number.isSafeInteger(input)) {
      ctx.issues.push({
        input,
        // Too big past the largest safe integer, too small past the smallest.
        ...(input > 0
          ? { code: 'too_big' as const, maximum: Number.MAX_SAFE_INTEGER }
          : { code: 'too_small' as const, minimum: Number.MIN_SAFE_INTEGER }),
        note: SAFE_RANGE,
        origin: 'int',
        inclusive: true,
        continue: true,
      });
    }
  });

// ---- Headcounts by department and job function ---------------------------------------------

type Headcount = Partial<Record<Open<Department>, number>>;
type FunctionHeadcount = Partial<Record<Open<Department>, Partial<Record<string, number>>>>;

// ---- The pieces every resource shares -------------------------------------------------------

const guid = lazy(() => guidText());
const int = lazy(wholeNumber);
// Dates are read as the text that came (`string()`): the add-on writes them to cells as they are.

/** `string?` in the spec: may be absent or null. */
const optStr = lazy(() => z.optional(nullable(string())));
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(nullable(t));

const Link = lazy(() => z.object({ href: string() }));
const Links = lazy(() =>
  z.object({
    self: Link(),
    prev: z.optional(Link()),
    next: z.optional(Link()),
  }),
);

/**
 * An error detail, read by its `code` alone. Title and detail may be missing, `source` may name a
 * query parameter or a header instead of a pointer, and other members (`status`, `id`) are dropped.
 */
const ErrorDetail = lazy(() =>
  withDefaults(
    {
      code: string(),
      title: string(),
      detail: string(),
      source: z.optional(z.object({ pointer: z.optional(string()), parameter: z.optional(string()), header: z.optional(string()) })),
    },
    { title: '', detail: '' },
  ),
);
/** The `_errors` an answer may carry beside what it holds. */
const errors = () => z.optional(array(ErrorDetail()));

/** A page of a listing: its items under `key`, and the links to the pages around it. */
const page = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  z.object({ [key]: array(item), _links: Links() } as Record<K, ReturnType<typeof array<T>>> & {
    _links: ReturnType<typeof Links>;
  });

/** An enrichment or validation batch: its id, status and results so far. */
const batch = <I extends z.ZodMiniType, O extends string, R extends z.ZodMiniType>(id: I, object: O, result: R) =>
  z.object({
    id,
    object: literal(object),
    status: open<BatchStatus>(),
    results: array(result),
    _links: Links(),
    _errors: errors(),
  });

// ---- People ----------------------------------------------------------------------------

/** Where a person or a company's office is. */
const place = () => ({ country: optStr(), state: optStr(), city: optStr(), postal_code: optStr() });

const LocationDetails = lazy(() =>
  z.object({
    ...place(),
    lat: opt(number()),
    long: opt(number()),
  }),
);

const Experience = lazy(() =>
  z.object({
    object: literal('experience'),
    title: string(),
    company_name: string(),
    company_profile_url: nullable(string()),
    description: nullable(string()),
    start_date: nullable(string()),
    end_date: nullable(string()),
  }),
);

const Education = lazy(() =>
  z.object({
    object: literal('education'),
    degree: nullable(string()),
    field_of_study: nullable(string()),
    school_name: string(),
    school_profile_url: nullable(string()),
    start_date: nullable(string()),
    end_date: nullable(string()),
  }),
);

const Language = lazy(() =>
  z.object({
    object: literal('language'),
    language: string(),
    iso_code: string(),
    proficiency: nullable(string()),
  }),
);

const PhoneNumber = lazy(() =>
  z.looseObject({
    object: literal('phone_number'),
    id: guid(),
    number: string(),
    type: open<(typeof PHONE_TYPES)[number]>(),
    is_wrong_number: boolean(),
    source: z.optional(open()),
    is_dnc_listed: z.optional(boolean()),
    kind: z.optional(string()),
  }),
);

// ---- Companies -------------------------------------------------------------------------

const CompanyLocation = lazy(() =>
  z.object({
    address: string(),
    is_primary: boolean(),
    ...place(),
  }),
);

const CompanyFields = lazy(() => ({
  id: guid(),
  object: literal('company'),
  profile_url: string(),
  name: optStr(),
  overview: optStr(),
  website: optStr(),
  keywords: opt(array(string())),
  followers: opt(int()),
  profile_presence: opt(open()),
  estimated_number_of_employees: opt(int()),
  size: opt(open<(typeof COMPANY_SIZES)[number]>()),
  location: optStr(),
  location_details: z.optional(LocationDetails()),
  locations: opt(array(CompanyLocation())),
  logo_url: z.optional(string()),
  founded_year: opt(int()),
  traffic_rank: opt(int()),
  sic_codes: opt(array(int())),
  naics_codes: opt(array(int())),
  type: opt(open<(typeof COMPANY_TYPES)[number]>()),
  total_funding: opt(int()),
  latest_funding_stage: opt(open()),
  latest_funding_date: opt(string()),
  is_b2b: opt(boolean()),
  is_b2c: opt(boolean()),
  technologies: opt(array(string())),
  department_headcount: z.optional(record(int()) as z.ZodMiniType<Headcount>),
  job_function_headcount: z.optional(record(record(int())) as z.ZodMiniType<FunctionHeadcount>),
  estimated_revenue: opt(open<(typeof REVENUE_RANGES)[number]>()),
  revenue: opt(int()),
}));

const Company = lazy(() => z.looseObject(CompanyFields()));

const FundingEvent = lazy(() =>
  z.looseObject({
    date: nullable(string()),
    type: nullable(string()),
    investors: array(string()),
    amount: nullable(number()),
    currency: nullable(string()),
    amount_usd: nullable(number()),
  }),
);

/** The single-company lookup answers a company with its industry and funding events. */
const CompanyLookup = lazy(() =>
  z.looseObject({
    ...CompanyFields(),
    industry: nullable(string()),
    funding_events: array(FundingEvent()),
  }),
);

// ---- Person (after company: a person carries its company) ----------------------------------

const Person = lazy(() =>
  z.looseObject({
    id: guid(),
    object: literal('person'),
    profile_url: string(),
    name: optStr(),
    email: optStr(),
    first_name: optStr(),
    last_name: optStr(),
    title: optStr(),
    headline: optStr(),
    about: optStr(),
    current_position_start_date: opt(string()),
    current_position_description: optStr(),
    location: optStr(),
    image_url: z.optional(string()),
    gender: z.optional(open()),
    location_details: z.optional(LocationDetails()),
    experiences: opt(array(Experience())),
    educations: opt(array(Education())),
    languages: opt(array(Language())),
    phone_numbers: opt(array(PhoneNumber())),
    company: opt(Company()),
    profile_presence: opt(open()),
  }),
);

// ---- Email validation ------------------------------------------------------------------

const emailValidationResult = <C extends z.ZodMiniType>(catchAll: C) =>
  z.object({
    object: literal('email_validation_result'),
    email: string(),
    result: open<EmailResult>(),
    catch_all: catchAll,
  });

const EmailValidationResult = lazy(() => emailValidationResult(z.optional(boolean())));

/** Inside a batch, `catch_all` is required. */
const BatchEmailValidationResult = lazy(() => emailValidationResult(boolean()));

const EmailValidationBatch = lazy(() => batch(guid(), 'email_validation', BatchEmailValidationResult()));

// ---- Lead lists ------------------------------------------------------------------------

const LeadListOptions = lazy(() =>
  z.object({
    reveal_phone_numbers: boolean(),
    validate_email: boolean(),
    enrich: boolean(),
  }),
);

const LeadListEntry = lazy(() =>
  z.object({
    id: guid(),
    object: literal('lead_list_entry'),
    email: string(),
    person_id: guid(),
    profile_url: string(),
    profile: string(),
    first_name: string(),
    last_name: string(),
    company_name: string(),
    company_domain: string(),
    industry: string(),
    title: string(),
    email_validation_result: EmailValidationResult(),
    data: record(z.unknown()),
    phone_numbers: z.optional(array(PhoneNumber())),
  }),
);

/** A lead list's own members: what `GET /lead-lists` lists, and what a read adds its leads to. */
const leadListShape = () => ({
  id: guid(),
  object: literal('lead_list'),
  name: string(),
  status: open<LeadListStatus>(),
  url: string(),
  shared: boolean(),
  visible: boolean(),
  owner: string(),
  type: open(),
  created_at: z.optional(string()),
  updated_at: z.optional(string()),
  options: z.optional(LeadListOptions()),
  _errors: errors(),
});

const LeadList = lazy(() => z.object({ ...leadListShape(), leads: array(LeadListEntry()), _links: Links() }));

const LeadListPage = lazy(() =>
  z.object({ lead_lists: array(z.object({ ...leadListShape(), _links: z.optional(Links()) })), _links: Links() }),
);

// ---- Enrichment batches ----------------------------------------------------------------

const PersonEnrichmentResult = lazy(() =>
  z.looseObject({
    id: z.optional(int()),
    status: opt(open<PersonEnrichmentStatus>()),
    result: opt(Person()),
    email: optStr(),
    profile_url: optStr(),
    company_domain: optStr(),
    company_name: optStr(),
    name: optStr(),
    title: optStr(),
  }),
);

const PersonEnrichmentBatch = lazy(() => batch(int(), 'person_enrichment', PersonEnrichmentResult()));

const CompanyEnrichmentResult = lazy(() =>
  z.looseObject({
    id: z.optional(int()),
    status: z.optional(open<CompanyEnrichmentStatus>()),
    result: opt(Company()),
    domain: optStr(),
    profile_url: optStr(),
  }),
);

const CompanyEnrichmentBatch = lazy(() => batch(int(), 'company_enrichment', CompanyEnrichmentResult()));

// ---- Calls, contacts, phone reviews ----------------------------------------------------

const CallRecord = lazy(() =>
  z.object({
    id: guid(),
    disposition_id: nullable(guid()),
    duration: int(),
    external: boolean(),
    start_date: string(),
    from: string(),
    to: string(),
    notes: nullable(z.unknown()),
    transcription: nullable(string()),
    task_id: nullable(guid()),
    user_id: nullable(guid()),
    human: boolean(),
    answered: boolean(),
    contact: nullable(z.unknown()),
  }),
);

const ContactActivity = lazy(() =>
  z.object({
    event_at: string(),
    event_type: string(),
    sequence_id: string(),
    sequence_type: string(),
    sequence_name: string(),
  }),
);

const Contact = lazy(() =>
  z.object({
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
    created_at: opt(string()),
    last_contacted_at: opt(string()),
    phone_numbers: opt(array(PhoneNumber())),
    recent_activity: opt(array(ContactActivity())),
  }),
);

/** A reviewed phone number answers `{}` or the phone number. */
const PhoneReviewResponse = lazy(() => union([PhoneNumber(), z.object({})]));

// ---- Lists: territories, job openings, exclusions -------------------------------------

const Territory = lazy(() => z.object({ id: guid(), name: string() }));
const TerritoryPage = lazy(() => page('territories', Territory()));

const JobOpening = lazy(() =>
  z.object({
    id: guid(),
    title: string(),
    url: string(),
    raw_location: nullable(string()),
    first_seen_at: string(),
    seniorities: array(string()),
    departments: array(string()),
    job_functions: array(string()),
  }),
);

const JobOpeningCompany = lazy(() =>
  z.object({
    id: guid(),
    name: nullable(string()),
    domain: nullable(string()),
    profile_url: nullable(string()),
  }),
);

const JobOpeningPage = lazy(() =>
  z.object({
    company: JobOpeningCompany(),
    job_openings: array(JobOpening()),
    _links: Links(),
  }),
);

const exclusionFields = lazy(() => ({
  source: string(),
  date_added: string(),
  excluded_reason: string(),
  excluded_reasons: array(string()),
}));
const ExcludedDomain = lazy(() => z.object({ domain: string(), ...exclusionFields() }));
const ExcludedEmail = lazy(() => z.object({ email: string(), ...exclusionFields() }));
const ExcludedDomainPage = lazy(() => page('excluded_domains', ExcludedDomain()));
const ExcludedEmailPage = lazy(() => page('excluded_emails', ExcludedEmail()));

const Account = lazy(() => z.object({ id: guid(), name: string() }));

// ---- Call recordings and mailboxes (decisions.md) --------------------------------------

const CallRecording = lazy(() => z.object({ call_id: guid(), url: string(), expires_at: string() }));

/** A status the add-on does not know yet is read as text, its row still written. */
const Mailbox = lazy(() =>
  z.object({
    id: guid(),
    email: string(),
    email_provider: optStr(),
    status: string(),
    daily_email_limit: int(),
    user: opt(z.object({ name: optStr(), email: optStr() })),
  }),
);
const MailboxPage = lazy(() => page('mailboxes', Mailbox()));

/**
 * Getters of the schemas answers are read with, each built the first time it is asked for. Every
 * name here stays in dist/Code.js, read or not: only the resources the add-on reads are named.
 */
export const schemas = {
  Links,
  ErrorDetail,
  Company,
  CompanyLookup,
  Person,
  EmailValidationBatch,
  LeadList,
  LeadListPage,
  PersonEnrichmentResult,
  PersonEnrichmentBatch,
  CompanyEnrichmentResult,
  CompanyEnrichmentBatch,
  CallRecord,
  Contact,
  PhoneReviewResponse,
  TerritoryPage,
  JobOpeningPage,
  ExcludedDomainPage,
  ExcludedEmailPage,
  Account,
  CallRecording,
  Mailbox,
  MailboxPage,
};

type Schemas = typeof schemas;

/**
 * The company-lookup schema as a value, built when this module loads: for code outside the
 * bundle. The add-on calls `schemas.CompanyLookup()`; nothing in it reads this name, so
 * the build drops the line (it is marked pure) and loading the bundle still builds no schema.
 */
export const CompanyLookupSchema = /* @__PURE__ */ schemas.CompanyLookup();

type ObjectSchema = z.ZodMiniType & { shape: Record<string, z.ZodMiniType> };

/**
 * `full` read for some of its keys only (`company.name` picks inside the object at `company`,
 * whose full schema `nested` gives): each key read is checked as `full` checks it, a key `full`
 * does not know is kept as it came, and every other key is dropped unread. Most of a person
 * (experiences, a company's headcounts) is never written to a sheet, and checking it all made
 * reading 10,000 results several times slower.
 */
export const pickedObject = (full: ObjectSchema, keys: ReadonlyArray<string>, nested: Record<string, ObjectSchema> = {}): z.ZodMiniType => {
  const shape: Record<string, z.ZodMiniType> = {};
  const inner = new Map<string, string[]>();
  for (const key of keys) {
    const dot = key.indexOf('.');
    if (dot > 0 && nested[key.slice(0, dot)]) {
      const head = key.slice(0, dot);
      inner.set(head, [...(inner.get(head) ?? []), key.slice(dot + 1)]);
    } else {
      shape[key] = full.shape[key] ?? z.optional(z.unknown());
    }
  }
  for (const [head, sub] of inner) shape[head] = z.optional(nullable(pickedObject(nested[head]!, sub)));
  return z.object(shape);
};

/** A batch read with `result` as the schema of each result's `result` (a picked person or company). */
const batchWithResult = <B extends ObjectSchema>(batch: B, item: ObjectSchema, result: z.ZodMiniType): B =>
  z.object({
    ...batch.shape,
    results: array(z.looseObject({ ...item.shape, result: z.optional(nullable(result)) })),
  }) as unknown as B;

// A step reads many pages of one job: each picked schema is built once per execution.
const picked = new Map<string, unknown>();

const once = <T>(key: string, build: () => T): T => {
  if (!picked.has(key)) picked.set(key, build());
  return picked.get(key) as T;
};

/**
 * A person (or company) enrichment batch as it is read: whole, or with each result's person
 * (company) read for `keys` only (see `pickedObject`), a person's company inside it.
 */
export const enrichmentReading = <K extends 'Person' | 'Company'>(
  kind: K,
  keys?: ReadonlyArray<string>,
): ReturnType<Schemas[`${K}EnrichmentBatch`]> => {
  type Batch = ReturnType<Schemas[`${K}EnrichmentBatch`]>;
  const whole = schemas[`${kind}EnrichmentBatch`]() as Batch;
  if (!keys) return whole;
  return once(`${kind}:${keys.join(',')}`, () => {
    const nested: Record<string, ObjectSchema> = kind === 'Person' ? { company: schemas.Company() } : {};
    const item = pickedObject(schemas[kind](), keys, nested);
    return batchWithResult(
      whole as unknown as ObjectSchema,
      schemas[`${kind}EnrichmentResult`]() as unknown as ObjectSchema,
      item,
    ) as unknown as Batch;
  });
};

// ---- Sequences (decisions.md: endpoints the spec names but does not show) -----------------

/** A page of the account's sequences: a status the add-on does not know is kept as text. */
export const sequencePageSchema = lazy(() =>
  z.object({
    sequences: array(z.object({ id: string(), name: string(), status: string() })),
    _links: schemas.Links(),
  }),
);
export type Sequence = z.infer<ReturnType<typeof sequencePageSchema>>['sequences'][number];

/** Leads as a sequence's answer names them: as they were sent. */
export type LeadRef = { email?: string | null; profile_url?: string | null };
const leadRefs = lazy(() => array(record(nullable(string()))));

/** How the lists of skipped leads in that answer end. */
export const SKIPPED_LIST = '_and_skipped';

/**
 * What adding leads answers. Every list named `…_and_skipped` holds skipped leads, so one the
 * add-on does not know yet is still read as leads left out, never taken for leads added. The
 * repeats inside a request are not read: the add-on sends none.
 */
export const sequenceAddSchema = lazy(() =>
  z
    .looseObject({ total_added_to_sequence: number() })
    .check(refine((v) => Object.keys(v).every((k) => !k.endsWith(SKIPPED_LIST) || leadRefs().safeParse(v[k]).success))),
);
export type SequenceAdd = z.infer<ReturnType<typeof sequenceAddSchema>>;

/** What a reading schema accepts, by the schema's name. */
type Read<K extends keyof Schemas> = z.infer<ReturnType<Schemas[K]>>;
/** What a part of a reading schema accepts, by its getter. */
type Part<G extends () => z.ZodMiniType> = z.infer<ReturnType<G>>;

// ---- Types --------------------------------------------------------------------------------

export type Links = Read<'Links'>;
export type ErrorDetail = Read<'ErrorDetail'>;
export type Person = Read<'Person'>;
export type Company = Read<'Company'>;
export type CompanyLookup = Read<'CompanyLookup'>;
export type PhoneNumber = Part<typeof PhoneNumber>;
export type Experience = Part<typeof Experience>;
export type LeadList = Read<'LeadList'>;
export type LeadListEntry = LeadList['leads'][number];
export type EmailValidationBatch = Read<'EmailValidationBatch'>;
export type BatchEmailValidationResult = EmailValidationBatch['results'][number];
export type PersonEnrichmentBatch = Read<'PersonEnrichmentBatch'>;
export type PersonEnrichmentResult = Read<'PersonEnrichmentResult'>;
export type CompanyEnrichmentBatch = Read<'CompanyEnrichmentBatch'>;
export type CompanyEnrichmentResult = Read<'CompanyEnrichmentResult'>;
export type CallRecord = Read<'CallRecord'>;
export type Contact = Read<'Contact'>;
export type Territory = Part<typeof Territory>;
export type TerritoryPage = Read<'TerritoryPage'>;
export type JobOpening = JobOpeningPage['job_openings'][number];
export type JobOpeningPage = Read<'JobOpeningPage'>;
export type ExcludedDomain = Read<'ExcludedDomainPage'>['excluded_domains'][number];
export type ExcludedEmail = Read<'ExcludedEmailPage'>['excluded_emails'][number];
export type Account = Read<'Account'>;
export type CallRecording = Read<'CallRecording'>;
export type Mailbox = Read<'Mailbox'>;
/** The batch statuses the add-on knows; an answer's `status` may also be a newer one (`Open`). */
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type LeadListStatus = (typeof LEAD_LIST_STATUSES)[number];
export type EmailResult = (typeof EMAIL_RESULTS)[number];
export type PersonEnrichmentStatus = (typeof PERSON_ENRICHMENT_STATUSES)[number];
export type CompanyEnrichmentStatus = (typeof COMPANY_ENRICHMENT_STATUSES)[number];

/** A search's page as answers are read: its results and the number of all that match. */
export interface SearchPage {
  results: Array<Record<string, unknown>>;
  _pagination: { total: number };
}

/**
 * A people (or companies) search's answer, each result read for `keys` only (see `pickedObject`):
 * a search writes a few columns of up to 10,000 results.
 */
export const searchReading = (kind: 'people' | 'companies', keys: ReadonlyArray<string>): z.ZodMiniType<SearchPage> =>
  once(`${kind}${keys.join()}`, () =>
    z.object({
      results: array(
        pickedObject((kind === 'people' ? schemas.Person() : schemas.Company()) as unknown as ObjectSchema, keys, {
          company: schemas.Company() as unknown as ObjectSchema,
        }),
      ),
      _pagination: z.object({ total: wholeNumber() }),
    }),
  ) as never;
