// Lead lists: POST to create one from submitted leads, GET to read it as leads are matched.
// Leads that match nobody are left out of `leads` and reported in `_errors` on the first page.
import { settle, type BatchWork } from '../batches';
import { chargePerson, chargeValidation, FOUND_COST } from '../credits';
import { uuidFrom } from '../hash';
import { errorDetail, missing, notFound, type ErrorDetail } from '../errors';
import { BATCH_PAGE, requestedSize, type Links } from '../paging';
import type { UsageKind } from '../pacing';
import { jsonObjectBody } from '../request';
import { createdId, json, type Ctx, type LeadList, type Reply, type ServiceState } from '../state';
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
import { startBatch } from './batch-common';
import { issuePhones, rememberCompany } from './render';

export const REQUEST_TYPES = ['profile', 'email', 'titles_and_company'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** The request says `titles_and_company`; the lead list reports the spec's `title_and_company`. */
export const LIST_TYPE: Record<RequestType, string> = { profile: 'profile', email: 'email', titles_and_company: 'title_and_company' };

interface Options {
  reveal_phone_numbers: boolean;
  validate_email: boolean;
  enrich: boolean;
}

export interface Lead {
  match: PersonInput;
  context: Record<string, unknown>;
}

export interface Meta {
  name: string;
  owner: string;
  type: RequestType;
  shared: boolean;
  visible: boolean;
  options: Options;
}

export interface Out {
  status: PersonOutcome['status'];
  personId?: string;
  hasPhones: boolean;
}

export function readLead(raw: Record<string, unknown>, i: number, type: RequestType): Lead {
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

/** What processing one lead does and costs: the list's options decide, at creation and for every lead added later. */
function leadWork(seed: number, options: Options, companies: number): BatchWork<Lead, Out> {
  return {
    run: (lead) => {
      const o = matchPerson(seed, lead.match, companies);
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
}

/**
 * Accepts leads into a list as one more batch (credits, and in `refuse` mode the hourly usage,
 * checked first: a refusal adds nothing). A lead list counts against the limits of the work it
 * does: enrichments with `enrich`, validations with `validate_email`; without options it only
 * matches, against no limit.
 */
export function addSegment(ctx: Ctx, list: LeadList, leads: Lead[]): void {
  const meta = list.meta as Meta;
  const usage: UsageKind[] = [];
  if (meta.options.enrich) usage.push('enrichments');
  if (meta.options.validate_email) usage.push('validations');
  const batch = startBatch<Lead, Out, Meta>(
    ctx,
    'lead_list',
    list.id,
    leads,
    leadWork(ctx.state.seed, meta.options, ctx.state.populationCompanies),
    meta,
    usage,
  );
  list.segments.push(batch);
  list.size += leads.length;
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
  const meta: Meta = { name, owner, type, shared, visible, options };
  const id = createdId(state, 'lead_list');
  const list: LeadList = { id, accountId: ctx.account.id, createdAt: ctx.t, meta, segments: [], size: 0 };
  addSegment(ctx, list, leads);
  state.leadLists.set(id, list);
  return renderList(ctx, list, 202, true);
}

/** A lead list of the caller's account, or 404 (another account's id looks exactly like a missing one). */
export function ownList(ctx: Ctx, raw: string | undefined): LeadList {
  const id = (raw ?? '').toLowerCase();
  const list = isUuid(id) ? ctx.state.leadLists.get(id) : undefined;
  if (!list || list.accountId !== ctx.account.id) throw notFound();
  return list;
}

/** The list's status from its batches: queued until the first starts, completed when all are done. */
export function listStatus(list: LeadList, t: number): 'queued' | 'processing' | 'completed' {
  if (list.segments.every((b) => b.ended(t))) return 'completed';
  const first = list.segments[0];
  return first && t < first.beginsAt && first.finishedBy(t) === 0 ? 'queued' : 'processing';
}

/**
 * The list without its leads, as `GET /lead-lists` shows it and as every read starts. Its `url` is
 * the service's own view of it when the service knows its address, else the public app's page.
 */
export function listSummary(list: LeadList, state: ServiceState, t: number): Record<string, unknown> {
  const meta = list.meta as Meta;
  return {
    id: list.id,
    object: 'lead_list',
    name: meta.name,
    status: listStatus(list, t),
    url: `${state.viewBase ?? 'https://app.prospecting.example/lead-lists'}/${list.id}`,
    shared: meta.shared,
    visible: meta.visible,
    owner: meta.owner,
    type: LIST_TYPE[meta.type],
    created_at: new Date(list.createdAt).toISOString(),
    updated_at: new Date(Math.max(...list.segments.map((b) => b.lastChangeAt(t)))).toISOString(),
    options: { ...meta.options },
  };
}

/** What the service's own page of a list shows: its name, status and type, and its first matched leads. */
export interface LeadListView {
  name: string;
  status: string;
  type: string;
  /** Leads matched so far, shown or not. */
  total: number;
  leads: Array<{ name: string; email: string; company: string }>;
}

/** The list with this id, whichever account's, as of now, with its first `most` matched leads; undefined for none. */
export function leadListView(state: ServiceState, id: string, most: number): LeadListView | undefined {
  const list = state.leadLists.get(id.toLowerCase());
  if (!list) return undefined;
  const t = state.now();
  for (const account of state.accountsByKey.values()) if (account.id === list.accountId) settle(account, t);
  const meta = list.meta as Meta;
  const listed = listedIndexes(list);
  const leads = listed.slice(0, most).map((i) => {
    const o = findPerson(state.seed, leadAt(list, i).match, state.populationCompanies);
    if (o.status !== 'enriched') throw new Error('a listed lead must match a person');
    const p = o.person;
    return { name: `${p.firstName} ${p.lastName}`, email: p.email, company: p.company.name };
  });
  return { name: meta.name, status: listStatus(list, t), type: LIST_TYPE[meta.type], total: listed.length, leads };
}

/** Where each batch's leads start in the list, and the list-wide indexes of its listed (matched) leads. */
function listedIndexes(list: LeadList): number[] {
  const out: number[] = [];
  let offset = 0;
  for (const b of list.segments) {
    for (const i of b.listed) out.push(offset + i);
    offset += b.size;
  }
  return out;
}

function leadAt(list: LeadList, index: number): Lead {
  let i = index;
  for (const b of list.segments) {
    if (i < b.size) return b.inputs[i] as Lead;
    i -= b.size;
  }
  throw new Error(`lead ${index} is not in the list`);
}

function listPage(ctx: Ctx, list: LeadList, listed: number[]): { indexes: number[]; links: Links } {
  const binding = `lead_list|${list.id}|${ctx.account.id}`;
  const win = ctx.state.pager.window(ctx.query, BATCH_PAGE, binding);
  const indexes = listed.slice(win.start, win.start + win.size);
  const links = ctx.state.pager.links(
    `/lead-lists/${list.id}`,
    [],
    { start: win.start, size: indexes.length || win.size },
    listed.length,
    binding,
    requestedSize(ctx.query, BATCH_PAGE),
  );
  return { indexes, links };
}

/** Seconds until more leads can exist: the soonest of the unfinished batches. */
function retryAfter(list: LeadList, t: number): Record<string, string> | undefined {
  const waits = list.segments.map((b) => b.retryAfter(t)).filter((w): w is number => w !== undefined);
  return waits.length === 0 ? undefined : { 'retry-after': String(Math.min(...waits)) };
}

/** The list with a page of its leads; `created` answers the POST that made it, with no leads yet. */
export function renderList(ctx: Ctx, list: LeadList, status: number, created = false): Reply {
  const { state, t } = ctx;
  const meta = list.meta as Meta;
  const first = !ctx.query.has('page[after]') && !ctx.query.has('page[before]');
  const listed = created ? [] : listedIndexes(list);
  const { indexes, links } = created ? { indexes: [], links: { self: { href: `/lead-lists/${list.id}` } } } : listPage(ctx, list, listed);
  const leads = indexes.map((i) => {
    const lead = leadAt(list, i);
    const o = findPerson(state.seed, lead.match, state.populationCompanies);
    if (o.status !== 'enriched') throw new Error('a listed lead must match a person');
    const p = o.person;
    rememberCompany(state, p.company);
    const entry: Record<string, unknown> = {
      id: uuidFrom(state.seed, 'lead-entry', list.id, i),
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
  const body: Record<string, unknown> = { ...listSummary(list, state, t), leads, _links: links };
  if (first && !created) {
    const errors = unmatched(list, listed.length);
    if (errors.length) body['_errors'] = errors;
  }
  return json(status, body, retryAfter(list, t));
}

const MAX_LISTED_ERRORS = 100;

/**
 * The first unmatched leads as errors, and how many more there are. Stops at the hundredth, so
 * a first page of a large list does not scan every finished lead: listed leads are the matched ones.
 */
function unmatched(list: LeadList, matched: number): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const total = list.segments.reduce((n, b) => n + b.outputs.length, 0) - matched;
  let offset = 0;
  for (const b of list.segments) {
    const outputs = b.outputs as Out[];
    for (let i = 0; i < outputs.length && errors.length < Math.min(total, MAX_LISTED_ERRORS); i++) {
      const out = outputs[i]!;
      if (out.status === 'enriched') continue;
      const why = out.status === 'gdpr_removed' ? 'was removed for privacy reasons' : 'matched no person';
      errors.push(errorDetail('lead_not_found', `Lead ${offset + i} ${why}; it is not in the list`, `/leads/${offset + i}`));
    }
    offset += b.size;
  }
  if (total > MAX_LISTED_ERRORS) {
    errors.push(errorDetail('lead_not_found', `${total - MAX_LISTED_ERRORS} more leads matched no person and are not listed here`));
  }
  return errors;
}

export function readLeadList(ctx: Ctx): Reply {
  return renderList(ctx, ownList(ctx, ctx.params[0]), 200);
}
