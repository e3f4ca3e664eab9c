// Request bodies of the Prospecting API with the spec's per-request limits, checked before
// anything is sent so a bad request costs no call and gets a clear local message.
import * as z from 'zod/mini';
import { array, boolean, oneOf, record, string, union } from './kinds';
import { emailProblem } from '../../contract/email-address';
import { RequestValidationError } from './errors';
import { fieldName } from './input-errors';
import { thousands } from '../base/numbers';
import { maxLength, minLength, refine } from './checks';
import { lazy } from '../base/lazy';
import { guidText, LEAD_LIST_REQUEST_TYPES, wholeNumber } from './schemas';
import { JOB_SENIORITIES } from '../../contract/enumerations';

export const LIMITS = {
  /**
   * The spec bounds no lead list's name; the add-on keeps it to 255 characters, so a job's record
   * (a user property of at most 9 KB) always has room for it.
   */
  leadListName: 255,
  leadsPerList: 10000,
  enrichmentsPerRequest: 10000,
  emailsPerValidation: 100000,
} as const;

/** Leads one request adds to a sequence (decisions.md). */
export const SEQUENCE_LEADS_PER_REQUEST = 250;

/** The largest page size per listing (decisions.md and the spec's "Other bounds"); every page holds at least 1. */
export const PAGE_SIZE_BOUNDS = {
  territories: 20,
  mailboxes: 20,
  jobOpenings: 100,
  exclusions: 1000,
  batchItems: 1000,
} as const;

/** The one email rule of the add-on and the service (email-address.ts), with its reason. */
const email = lazy(() =>
  string().check((ctx) => {
    const problem = emailProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: `is not a valid email address: it ${problem}` });
  }),
);
const uuid = lazy(() => guidText('is not a valid id'));
const nonEmpty = lazy(() => string().check(minLength(1, { error: 'is empty' })));

const sized = <T extends z.ZodMiniType>(item: T, max: number, what: string) =>
  array(item).check(
    minLength(1, { error: `needs at least one ${what}` }),
    maxLength(max, { error: `has more than ${thousands(max)} ${what}s, the most one request may carry` }),
  );

export const leadInputSchema = lazy(() =>
  z.strictObject({
    profile_url: z.optional(nonEmpty()),
    email: z.optional(email()),
    title: z.optional(string()),
    company_name: z.optional(string()),
    company_domain: z.optional(string()),
    phone_numbers: z.optional(array(string())),
    context: z.optional(record(z.unknown())),
  }),
);
export type LeadInput = z.infer<ReturnType<typeof leadInputSchema>>;

export const leadListCreateSchema = lazy(() =>
  z
    .strictObject({
      name: nonEmpty().check(maxLength(LIMITS.leadListName, { error: `is longer than ${LIMITS.leadListName} characters` })),
      owner: email(),
      type: oneOf(LEAD_LIST_REQUEST_TYPES, { error: `must be one of ${LEAD_LIST_REQUEST_TYPES.join(', ')}` }),
      leads: sized(leadInputSchema(), LIMITS.leadsPerList, 'lead'),
      shared: z.optional(boolean()),
      visible: z.optional(boolean()),
      options: z.optional(
        z.strictObject({
          reveal_phone_numbers: z.optional(boolean()),
          validate_email: z.optional(boolean()),
          enrich: z.optional(boolean()),
        }),
      ),
    })
    .check((ctx) => {
      const { type, leads } = ctx.value;
      leads.forEach((lead, i) => {
        const missing =
          type === 'profile' && !lead.profile_url
            ? 'profile_url'
            : type === 'email' && !lead.email
              ? 'email'
              : type === 'titles_and_company' && !(lead.title && (lead.company_name || lead.company_domain))
                ? 'title and company_name or company_domain'
                : undefined;
        if (missing) {
          ctx.issues.push({ code: 'custom', input: lead, path: ['leads', i], message: `needs ${missing} for a ${type} list` });
        }
      });
    }),
);
export type LeadListCreate = z.infer<ReturnType<typeof leadListCreateSchema>>;

/** More leads for an existing list: its own type (`type` only checks it) and options apply. */
export const leadListAddSchema = lazy(() =>
  z.strictObject({
    type: z.optional(oneOf(LEAD_LIST_REQUEST_TYPES)),
    leads: sized(leadInputSchema(), LIMITS.leadsPerList, 'lead'),
  }),
);
export type LeadListAdd = z.infer<ReturnType<typeof leadListAddSchema>>;

export const personLeadSchema = lazy(() =>
  z.strictObject({
    email: z.optional(email()),
    profile_url: z.optional(nonEmpty()),
    company_domain: z.optional(string()),
    company_name: z.optional(string()),
    name: z.optional(string()),
    title: z.optional(string()),
  }),
);
export type PersonLead = z.infer<ReturnType<typeof personLeadSchema>>;

/** A person can be matched by email, by profile URL, or by name at a company. */
export const personLeadIsMatchable = (lead: PersonLead): boolean =>
  Boolean(lead.email || lead.profile_url || (lead.name && (lead.company_domain || lead.company_name)));

export const personEnrichmentCreateSchema = lazy(() =>
  z.strictObject({
    leads: sized(
      personLeadSchema().check(refine(personLeadIsMatchable, { error: 'needs an email, a profile_url, or a name with a company' })),
      LIMITS.enrichmentsPerRequest,
      'lead',
    ),
    reveal_email: z.optional(boolean()),
    reveal_phone_numbers: z.optional(boolean()),
  }),
);
export type PersonEnrichmentCreate = z.infer<ReturnType<typeof personEnrichmentCreateSchema>>;

/** A company by its domain or its profile URL; `error` says that neither is given. */
const companyBy = (error: string) =>
  z
    .strictObject({ domain: z.optional(nonEmpty()), profile_url: z.optional(nonEmpty()) })
    .check(refine((c) => Boolean(c.domain || c.profile_url), { error }));

export const companyInputSchema = lazy(() => companyBy('needs a domain or a profile_url'));
export type CompanyInput = z.infer<ReturnType<typeof companyInputSchema>>;

export const companyEnrichmentCreateSchema = lazy(() =>
  z.strictObject({
    companies: sized(companyInputSchema(), LIMITS.enrichmentsPerRequest, 'company'),
  }),
);
export type CompanyEnrichmentCreate = z.infer<ReturnType<typeof companyEnrichmentCreateSchema>>;

export const emailValidationCreateSchema = lazy(() =>
  z.strictObject({
    emails: sized(z.strictObject({ email: email() }), LIMITS.emailsPerValidation, 'email'),
  }),
);
export type EmailValidationCreate = z.infer<ReturnType<typeof emailValidationCreateSchema>>;

/** Required: what makes a call a call. Ids tie it to a task, user and disposition when known. */
export const callCreateSchema = lazy(() =>
  z.strictObject({
    from: nonEmpty(),
    to: nonEmpty(),
    // A refinement, not z.nonnegative() (which the bundle's zod lacks): the same check and message.
    duration: wholeNumber().check(refine((n) => n >= 0, { error: 'must be zero or more seconds' })),
    answered: boolean(),
    human: boolean(),
    task_id: uuid(),
    user_id: uuid(),
    disposition_id: z.optional(uuid()),
    transcription: z.optional(string()),
    recording_url: z.optional(string()),
  }),
);
export type CallCreate = z.infer<ReturnType<typeof callCreateSchema>>;

export const phoneReviewSchema = lazy(() => z.strictObject({ user_id: uuid(), reason: nonEmpty() }));
export type PhoneReview = z.infer<ReturnType<typeof phoneReviewSchema>>;

/**
 * Leads for a sequence (decisions.md): 1 to 250, each with a valid email and/or a profile URL (the
 * add-on sends no lead without one). Their fields and overrides go as the add-on made them.
 */
export const sequenceLeadsSchema = lazy(() =>
  z.strictObject({
    leads: sized(z.looseObject({ email: z.optional(email()), profile_url: z.optional(nonEmpty()) }), SEQUENCE_LEADS_PER_REQUEST, 'lead'),
    // The mailbox the leads are sent from, one of the account's active ones (the sequence's own when absent).
    settings: z.optional(z.strictObject({ mailbox_id: uuid() })),
  }),
);
export type SequenceLeads = z.infer<ReturnType<typeof sequenceLeadsSchema>>;

export const companyFindSchema = lazy(() => companyBy('needs a domain or a profile URL'));
export type CompanyFind = z.infer<ReturnType<typeof companyFindSchema>>;

export const personFindSchema = lazy(() =>
  z
    .strictObject({
      email: z.optional(email()),
      profile_url: z.optional(nonEmpty()),
      name: z.optional(string()),
      title: z.optional(string()),
      company_name: z.optional(string()),
      company_domain: z.optional(string()),
      reveal_email: z.optional(boolean()),
      reveal_phone_numbers: z.optional(boolean()),
    })
    .check(refine((q) => Boolean(q.email || q.profile_url), { error: 'needs an email or a profile URL' })),
);
export type PersonFind = z.infer<ReturnType<typeof personFindSchema>>;

export const jobOpeningsQuerySchema = lazy(() =>
  z
    .strictObject({
      company_id: z.optional(uuid()),
      domain: z.optional(nonEmpty()),
      profile_url: z.optional(nonEmpty()),
      seniorities: z.optional(array(oneOf(JOB_SENIORITIES, { error: `must be one of ${JOB_SENIORITIES.join(', ')}` }))),
      departments: z.optional(array(string())),
      job_functions: z.optional(array(string())),
      remote: z.optional(boolean()),
    })
    .check(
      refine((q) => Boolean(q.company_id || q.domain || q.profile_url), {
        error: 'needs a company: a domain, a profile URL or a company id',
      }),
    ),
);
export type JobOpeningsQuery = z.infer<ReturnType<typeof jobOpeningsQuerySchema>>;

/** Refuses to send a request, saying why it cannot `what`. */
const refuse: (what: string, problem: string) => never = (what, problem) => {
  throw new RequestValidationError(`Cannot ${what}: ${problem}. Nothing was sent.`);
};

/** Parses a request body or throws a RequestValidationError naming the first problems. */
export const checkRequest = <T extends z.ZodMiniType>(schema: T, body: unknown, what: string): z.infer<T> => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const shown = issues.slice(0, 3).map((issue) => {
    const where = fieldName(issue.path);
    const msg =
      issue.code === 'unrecognized_keys'
        ? `has unknown field(s) ${(issue as { keys: string[] }).keys.join(', ')}`
        : issue.code === 'invalid_type'
          ? `is missing or not a ${(issue as { expected: string }).expected}`
          : issue.message;
    return where ? `${where} ${msg}` : msg;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more problems)` : '';
  refuse(what, `${shown.join('; ')}${more}`);
};

/** Checks a page size against the endpoint's largest (see PAGE_SIZE_BOUNDS) before it is sent. */
export const checkPageSize = (size: number | undefined, max: number, what: string): void => {
  if (size === undefined) return;
  if (!Number.isInteger(size) || size < 1 || size > max) refuse(what, `page size must be a whole number from 1 to ${max}`);
};

// ---- Search (decisions.md) ------------------------------------------------------------------

/** A search's body: filters (lists of text, `person_name` a text), `page` and `page_size`. */
export type SearchBody = Record<string, string[] | string | number>;

/**
 * A search's body as both searches take it, each member of the type it must have. Which filters
 * a search defines, and the page bounds (from 1; 1 to 100 results), are the service's to hold:
 * it refuses what it does not take, naming it, so a misspelt filter never widens a search.
 */
export const searchBodySchema = lazy(() => record(union([array(string()), string(), wholeNumber()])));
