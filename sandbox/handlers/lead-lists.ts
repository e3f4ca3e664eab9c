// Lead lists: POST to create one from submitted leads, GET to read it as leads are matched.
// Leads that match nobody are left out of `leads` and reported in `_errors` on the first page.
import type { BatchWork } from '../batches';
import { chargePerson, chargeValidation, FOUND_COST } from '../credits';
import { uuidFrom } from '../hash';
import { errorDetail, missing, notFound, type ErrorDetail } from '../errors';
import type { UsageKind } from '../pacing';
import { jsonObjectBody } from '../request';
import { createdId, json, type Ctx, type Reply } from '../state';
import { profileSlug } from '../universe/companies';
import { validateEmail } from '../universe/emails';
import { findPerson, matchPerson, type PersonInput, type PersonOutcome } from '../universe/people';
import {
  isUuid,
  optBoolean,
  optEmail,
  optObject,
  optString,
  optStringArray,
  reqEmail,
  reqEnum,
  reqObjectArray,
  reqString,
} from '../validate';
import { ownBatch, resultsPage, retryHeaders, startBatch } from './batch-common';
import { issuePhones, rememberCompany } from './render';

const REQUEST_TYPES = ['profile', 'email', 'titles_and_company'] as const;
type RequestType = (typeof REQUEST_TYPES)[number];
/** The request says `titles_and_company`; the lead list reports the spec's `title_and_company`. */
const LIST_TYPE: Record<RequestType, string> = { profile: 'profile', email: 'email', titles_and_company: 'title_and_company' };

interface Options {
  reveal_phone_numbers: boolean;
  validate_email: boolean;
  enrich: boolean;
}

interface Lead {
  match: PersonInput;
  context: Record<string, unknown>;
}

interface Meta {
  name: string;
  owner: string;
  type: RequestType;
  shared: boolean;
  visible: boolean;
  options: Options;
}

interface Out {
  status: PersonOutcome['status'];
  personId?: string;
  hasPhones: boolean;
}

function readLead(raw: Record<string, unknown>, i: number, type: RequestType): Lead {
  const ptr = `/leads/${i}`;
  const profile_url = optString(raw, 'profile_url', ptr)?.trim() || undefined;
  const email = optEmail(raw, 'email', ptr);
  const title = optString(raw, 'title', ptr)?.trim() || undefined;
  const company_name = optString(raw, 'company_name', ptr)?.trim() || undefined;
  const company_domain = optString(raw, 'company_domain', ptr)?.trim() || undefined;
  optStringArray(raw, 'phone_numbers', ptr);
  const context = optObject(raw, 'context', ptr) ?? {};
  if (type === 'profile' && !profile_url) throw missing(`${ptr}/profile_url`, 'A profile list needs profile_url on every lead');
  if (type === 'email' && !email) throw missing(`${ptr}/email`, 'An email list needs email on every lead');
  if (type === 'titles_and_company') {
    if (!title) throw missing(`${ptr}/title`, 'A titles_and_company list needs title on every lead');
    if (!company_name && !company_domain)
      throw missing(`${ptr}/company_name`, 'A titles_and_company list needs company_name or company_domain on every lead');
  }
  const match: PersonInput =
    type === 'profile'
      ? { profile_url, title, company_name, company_domain }
      : type === 'email'
        ? { email, title, company_name, company_domain }
        : { title, company_name, company_domain };
  return { match, context };
}

export function createLeadList(ctx: Ctx): Reply {
  const { state } = ctx;
  const body = jsonObjectBody(ctx.body);
  const name = reqString(body, 'name', '');
  const owner = reqEmail(body, 'owner', '');
  const type = reqEnum(body, 'type', '', REQUEST_TYPES);
  const shared = optBoolean(body, 'shared', '') ?? false;
  const visible = optBoolean(body, 'visible', '') ?? true;
  const rawOptions = optObject(body, 'options', '') ?? {};
  const options: Options = {
    reveal_phone_numbers: optBoolean(rawOptions, 'reveal_phone_numbers', '/options') ?? false,
    validate_email: optBoolean(rawOptions, 'validate_email', '/options') ?? false,
    enrich: optBoolean(rawOptions, 'enrich', '/options') ?? false,
  };
  const leads = reqObjectArray(body, 'leads', '', state.limits.leadsPerList, 'lead').map((l, i) => readLead(l, i, type));
  const seed = state.seed;
  const work: BatchWork<Lead, Out> = {
    run: (lead) => {
      const o = matchPerson(seed, lead.match);
      return o.status === 'enriched'
        ? { status: o.status, personId: o.personId, hasPhones: o.hasPhones }
        : { status: o.status, hasPhones: false };
    },
    listed: (out) => out.status === 'enriched',
    charge: (account, _lead, out, at) => {
      if (out.personId === undefined) return;
      chargePerson(account, out.personId, at, {
        found: options.enrich,
        revealEmail: false,
        revealPhones: options.reveal_phone_numbers && out.hasPhones,
      });
      if (options.validate_email) chargeValidation(account, 1);
    },
    reserve: { email: (options.enrich ? FOUND_COST : 0) + (options.validate_email ? 1 : 0), phone: options.reveal_phone_numbers ? 1 : 0 },
  };
  const id = createdId(state, 'lead_list');
  // A lead list counts against the limits of the work it does: enrichments with `enrich`,
  // validations with `validate_email`; without options it only matches, against no limit.
  const usage: UsageKind[] = [];
  if (options.enrich) usage.push('enrichments');
  if (options.validate_email) usage.push('validations');
  const batch = startBatch<Lead, Out, Meta>(ctx, 'lead_list', id, leads, work, { name, owner, type, shared, visible, options }, usage);
  state.leadLists.set(id, batch);
  return render(ctx, id, true);
}

function render(ctx: Ctx, id: string, created = false): Reply {
  const { state, t } = ctx;
  const batch = ownBatch(ctx, state.leadLists.get(id));
  const meta = batch.meta as Meta;
  const first = !ctx.query.has('page[after]') && !ctx.query.has('page[before]');
  const { indexes, links } = created
    ? { indexes: [], links: { self: { href: `/lead-lists/${id}` } } }
    : resultsPage(ctx, batch, `/lead-lists/${id}`);
  const leads = indexes.map((i) => {
    const lead = batch.inputs[i] as Lead;
    const o = findPerson(state.seed, lead.match);
    if (o.status !== 'enriched') throw new Error('a listed lead must match a person');
    const p = o.person;
    rememberCompany(state, p.company);
    const entry: Record<string, unknown> = {
      id: uuidFrom(state.seed, 'lead-entry', id, i),
      object: 'lead_list_entry',
      email: p.email,
      person_id: p.id,
      profile_url: p.profileUrl,
      profile: profileSlug(p.profileUrl),
      first_name: p.firstName,
      last_name: p.lastName,
      company_name: p.company.name,
      company_domain: p.company.domain,
      industry: p.company.industry.name,
      title: p.title,
      email_validation_result: {
        object: 'email_validation_result',
        email: p.email,
        result: meta.options.validate_email ? validateEmail(state.seed, p.email).result : 'unknown',
      },
      data: lead.context,
    };
    if (meta.options.reveal_phone_numbers) {
      issuePhones(ctx.account, p.phones);
      entry['phone_numbers'] = p.phones.map((ph) => ({ ...ph }));
    }
    return entry;
  });
  const status = batch.status(t);
  const body: Record<string, unknown> = {
    id,
    object: 'lead_list',
    name: meta.name,
    status: status === 'canceled' ? 'completed' : status,
    url: `https://app.prospecting.example/lead-lists/${id}`,
    shared: meta.shared,
    visible: meta.visible,
    owner: meta.owner,
    type: LIST_TYPE[meta.type],
    created_at: new Date(batch.createdAt).toISOString(),
    updated_at: new Date(batch.lastChangeAt(t)).toISOString(),
    options: { ...meta.options },
    leads,
    _links: links,
  };
  if (first && !created) {
    const errors = unmatched(batch.outputs as Out[], batch.listed.length);
    if (errors.length) body['_errors'] = errors;
  }
  return json(created ? 202 : 200, body, retryHeaders(batch, t));
}

const MAX_LISTED_ERRORS = 100;

/**
 * The first unmatched leads as errors, and how many more there are. Stops at the hundredth, so
 * a first page of a large list does not scan every finished lead: listed leads are the matched ones.
 */
function unmatched(outputs: Out[], matched: number): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const total = outputs.length - matched;
  for (let i = 0; i < outputs.length && errors.length < Math.min(total, MAX_LISTED_ERRORS); i++) {
    const out = outputs[i]!;
    if (out.status === 'enriched') continue;
    const why = out.status === 'gdpr_removed' ? 'was removed for privacy reasons' : 'matched no person';
    errors.push(errorDetail('lead_not_found', `Lead ${i} ${why}; it is not in the list`, `/leads/${i}`));
  }
  if (total > MAX_LISTED_ERRORS) {
    errors.push(errorDetail('lead_not_found', `${total - MAX_LISTED_ERRORS} more leads matched no person and are not listed here`));
  }
  return errors;
}

export function readLeadList(ctx: Ctx): Reply {
  const raw = ctx.params[0] ?? '';
  if (!isUuid(raw)) throw notFound();
  return render(ctx, raw.toLowerCase());
}
