// What each action sends for a row, the key that row is found by again, and what it may cost.
import { min } from '../base/numbers';
import { isString } from '../base/is-string';
import type { CompanyInput, LeadInput, PersonLead } from '../api/requests';
import { LIMITS } from '../api/requests';
import { ROLE_LABELS, type ColumnMapping, type Role } from '../sheet/columns';
import { formulaErrorIn } from '../sheet/formula-errors';
import { companyKey, companyLookupOf } from '../sheet/company-lookup';
import { cellText, normalizeDomain, normalizeEmail, normalizeProfileUrl, profileUrlForRequest } from '../sheet/keys';

export const ACTIONS = ['person', 'company', 'email', 'lead_list'] as const;
export type ActionId = (typeof ACTIONS)[number];

export type LeadListType = 'email' | 'profile' | 'titles_and_company';

export interface ActionOptions {
  revealEmail?: boolean;
  revealPhones?: boolean;
  /** Lead lists only. */
  listType?: LeadListType;
  enrich?: boolean;
  validateEmail?: boolean;
}

/** A lead list's name, owner and visibility; with `id`, the existing list the leads go to. */
export interface ListTarget {
  name: string;
  owner: string;
  shared: boolean;
  visible: boolean;
  id?: string;
}

export type Payload = PersonLead | CompanyInput | { email: string } | LeadInput;

export type RowInput = { key: string; payload: Payload } | { reason: string } | { blank: true };

export const ACTION_LABELS: Record<ActionId, string> = {
  person: 'Person enrichment',
  company: 'Company enrichment',
  email: 'Email validation',
  lead_list: 'Lead list',
};

/** The status column of each action. */
export const STATUS_HEADERS: Record<ActionId, string> = {
  person: 'Person · Status',
  company: 'Company · Status',
  email: 'Email · Result',
  lead_list: 'Lead list · Status',
};

export const REQUEST_LIMIT: Record<ActionId, number> = {
  person: LIMITS.enrichmentsPerRequest,
  company: LIMITS.enrichmentsPerRequest,
  email: LIMITS.emailsPerValidation,
  lead_list: LIMITS.leadsPerList,
};

/** The service's usage limit: enrichments, and email validations, per account per hour. */
export const HOURLY_ALLOWANCE = 15000;

/**
 * Distinct rows per part. Enrichments and validations (lead lists that enrich or validate count
 * as both) are paced, or refused past the allowance, at 15,000 an hour: parts of 5,000 fit that
 * allowance three times over, where parts of 10,000 would leave a third of it unused each hour
 * when the service refuses starts past it.
 */
export const PART_SIZE = Object.fromEntries(ACTIONS.map((a) => [a, min(REQUEST_LIMIT[a], HOURLY_ALLOWANCE / 3)])) as Record<
  ActionId,
  number
>;

const cell = (row: ReadonlyArray<unknown>, mapping: ColumnMapping, role: Role): string => {
  const i = mapping[role];
  return i === undefined ? '' : cellText(row[i]);
};

const fullName = (row: ReadonlyArray<unknown>, mapping: ColumnMapping): string => {
  const full = cell(row, mapping, 'full_name');
  if (full) return full;
  return [cell(row, mapping, 'first_name'), cell(row, mapping, 'last_name')].filter(Boolean).join(' ');
};

/** The member of a lead's context that carries its row's key. */
const ROW_KEY = 'sheet_row_key';

/** The key of a name (`n`) or a title (`t`) at a company. */
const atKey = (kind: 'n' | 't', what: string, company: string) => `${kind}:${what.toLowerCase()}|${company.toLowerCase()}`;

const isBlank = (row: ReadonlyArray<unknown>, mapping: ColumnMapping): boolean =>
  Object.values(mapping).every((i) => i === undefined || cellText(row[i]) === '');

/** What a person or lead sends from the mapped columns, with the parts that key it. */
const leadFields = (row: ReadonlyArray<unknown>, mapping: ColumnMapping, email: string | undefined) => {
  const profile = normalizeProfileUrl(cell(row, mapping, 'profile_url'));
  const title = cell(row, mapping, 'title');
  const companyName = cell(row, mapping, 'company_name');
  const lookup = companyLookupOf(cell(row, mapping, 'domain'));
  const domain = lookup && 'domain' in lookup ? lookup.domain : undefined;
  // Why a row with only its domain cell for a company has none: that cell's own reason.
  const noCompany = lookup && 'problem' in lookup ? lookup.problem : undefined;
  const lead: PersonLead & LeadInput = {};
  if (email) lead.email = email;
  if (profile) lead.profile_url = profileUrlForRequest(profile);
  if (title) lead.title = title;
  if (companyName) lead.company_name = companyName;
  if (domain) lead.company_domain = domain;
  // The company a name or title is keyed at: its domain, else its name.
  return { profile, title, company: domain ?? companyName, noCompany, lead };
};

/** The columns each lead-list type needs, in words. */
const LIST_NEEDS: Record<LeadListType, string> = {
  email: 'an Email column',
  profile: 'a Profile URL column',
  titles_and_company: 'a Title column with a Company column',
};

/** Whether the mapping has a column for any of these roles. */
const hasAny = (m: ColumnMapping, ...roles: Role[]): boolean => roles.some((r) => m[r] !== undefined);

const allowsListType = (type: LeadListType, m: ColumnMapping): boolean =>
  type === 'titles_and_company'
    ? hasAny(m, 'title') && hasAny(m, 'company_name', 'domain')
    : hasAny(m, type === 'email' ? 'email' : 'profile_url');

/** Which lead-list type the mapped columns allow, best first. */
export const listTypeFor = (mapping: ColumnMapping): LeadListType | undefined =>
  (Object.keys(LIST_NEEDS) as LeadListType[]).find((t) => allowsListType(t, mapping));

/** What the columns must hold for an action (a lead list of a given type), in words for the person choosing it. */
export const missingColumns = (action: ActionId, mapping: ColumnMapping, listType?: LeadListType): string | undefined => {
  switch (action) {
    case 'person':
      return hasAny(mapping, 'email', 'profile_url') ||
        (hasAny(mapping, 'full_name', 'first_name') && hasAny(mapping, 'company_name', 'domain'))
        ? undefined
        : 'an Email or Profile URL column (or a name with a company)';
    case 'company':
      return hasAny(mapping, 'domain', 'email') ? undefined : 'a Company domain or Website column';
    case 'email':
      return allowsListType('email', mapping) ? undefined : LIST_NEEDS.email;
    case 'lead_list':
      if (listType) return allowsListType(listType, mapping) ? undefined : LIST_NEEDS[listType];
      return listTypeFor(mapping) ? undefined : 'an Email or Profile URL column, or Title with Company';
  }
};

const formulaErrorReason = (row: ReadonlyArray<unknown>, mapping: ColumnMapping): string | undefined => {
  for (const role of Object.keys(mapping) as Role[]) {
    const reason = formulaErrorIn(ROLE_LABELS[role], row[mapping[role]!]);
    if (reason) return reason;
  }
  return undefined;
};

/**
 * The key of what `rowInput` sends for a row, the same answer, without building the payload when
 * the email decides the key: every step finds each result's rows by key, over the whole sheet.
 */
export const rowKey = (
  action: ActionId,
  row: ReadonlyArray<unknown>,
  mapping: ColumnMapping,
  options: ActionOptions = {},
): string | undefined => {
  const byEmail = action === 'person' || (action === 'lead_list' && (options.listType ?? listTypeFor(mapping) ?? 'email') === 'email');
  if (byEmail && !isBlank(row, mapping) && !formulaErrorReason(row, mapping)) {
    const email = normalizeEmail(cell(row, mapping, 'email'));
    if (email) return `e:${email}`;
  }
  const input = rowInput(action, row, mapping, options);
  return 'key' in input ? input.key : undefined;
};

const NOT_AN_EMAIL = 'Not a valid email address';

/** A row that is not sent, and why. */
const refuse = (reason: string): RowInput => ({ reason });

/** What one row sends for an action, or why it cannot be sent. */
export const rowInput = (action: ActionId, row: ReadonlyArray<unknown>, mapping: ColumnMapping, options: ActionOptions = {}): RowInput => {
  if (isBlank(row, mapping)) return { blank: true };
  const refused = formulaErrorReason(row, mapping);
  if (refused) return refuse(refused);
  const rawEmail = cell(row, mapping, 'email');
  const email = normalizeEmail(rawEmail);
  switch (action) {
    case 'email': {
      if (!rawEmail) return refuse('No email to validate');
      if (!email) return refuse(NOT_AN_EMAIL);
      return { key: `e:${email}`, payload: { email } };
    }
    case 'company': {
      // The domain cell decides when it holds anything; only an empty one lets the email's domain speak.
      const company =
        companyLookupOf(cell(row, mapping, 'domain')) ?? (email ? companyLookupOf(email.slice(email.lastIndexOf('@') + 1)) : undefined);
      if (!company) return refuse('No company domain or website');
      if ('problem' in company) return refuse(company.problem);
      return { key: companyKey(company), payload: company };
    }
    case 'person': {
      const { profile, company, noCompany, lead: fields } = leadFields(row, mapping, email);
      const name = fullName(row, mapping);
      const lead: PersonLead = name ? { ...fields, name } : fields;
      // Keyed by its email, else its profile URL, else (with no email given) its name at its company.
      const key = email ? `e:${email}` : profile ? `p:${profile}` : !rawEmail && name && company ? atKey('n', name, company) : undefined;
      if (key) return { key, payload: lead };
      return refuse(rawEmail ? NOT_AN_EMAIL : (name && noCompany) || 'No email, profile URL, or name with company');
    }
    case 'lead_list': {
      const type = options.listType ?? listTypeFor(mapping) ?? 'email';
      const { profile, title, company, noCompany, lead } = leadFields(row, mapping, email);
      // The key goes out in the lead's context, which the list's entry echoes as its `data`: an
      // entry is the person found, whose title and company need not read as the row's did.
      const keyed = (key: string): RowInput => ({ key, payload: { ...lead, context: { [ROW_KEY]: key } } });
      if (type === 'email') {
        if (!email) return refuse(rawEmail ? NOT_AN_EMAIL : 'No email');
        return keyed(`e:${email}`);
      }
      if (type === 'profile') {
        if (!profile) return refuse('No profile URL');
        return keyed(`p:${profile}`);
      }
      if (!title || !company) return refuse((title && noCompany) || 'No title with company');
      return keyed(atKey('t', title, company));
    }
  }
};

/** The key of the profile URL a result echoes, if it echoes one. */
const profileKey = (echo: Record<string, unknown>): string | undefined => {
  const profile = normalizeProfileUrl(echo.profile_url);
  return profile && `p:${profile}`;
};

/** The company a result echoes: its domain, else its name. */
const echoedCompany = (echo: Record<string, unknown>): string => normalizeDomain(echo.company_domain) ?? cellText(echo.company_name);

/** The key a result answers, read from the input it echoes, in the same form as `rowInput`'s. */
export const resultKey = (action: ActionId, echo: Record<string, unknown>, listType?: LeadListType): string | undefined => {
  const email = normalizeEmail(echo.email);
  switch (action) {
    case 'email':
      return email && `e:${email}`;
    case 'company': {
      const domain = normalizeDomain(echo.domain);
      return domain ? `d:${domain}` : profileKey(echo);
    }
    case 'person': {
      if (email) return `e:${email}`;
      const profile = profileKey(echo);
      if (profile) return profile;
      const name = cellText(echo.name);
      const company = echoedCompany(echo);
      return name && company ? atKey('n', name, company) : undefined;
    }
    case 'lead_list': {
      const data = echo.data as Record<string, unknown> | undefined;
      if (isString(data?.[ROW_KEY])) return data[ROW_KEY];
      if (listType === 'profile') return profileKey(echo);
      if (listType === 'titles_and_company') {
        const title = cellText(echo.title);
        const company = echoedCompany(echo);
        return title && company ? atKey('t', title, company) : undefined;
      }
      return email && `e:${email}`;
    }
  }
};
