// How each action talks to its batch endpoint: start a part, read a page of it, cancel it,
// and turn each result into the key it answers, its status text and its output values.
import type { PageParams, ProspectingClient } from '../api/client';
import type { CompanyInput, LeadInput } from '../api/requests';
import { fail } from '../base/fail';
import { ProspectingError } from '../api/errors';
import { isKnown } from '../api/open-values';
import {
  COMPANY_ENRICHMENT_STATUSES,
  EMAIL_RESULTS,
  PERSON_ENRICHMENT_STATUSES,
  type BatchEmailValidationResult,
  type Company,
  type LeadListEntry,
  type Person,
} from '../api/schemas';
import { COMPANY_FIELDS, EMAIL_FIELDS, LEAD_FIELDS, PERSON_FIELDS, readsOf, type FieldDef } from '../sheet/fields';
import { resultKey, type ActionId, type ActionOptions, type ListTarget, type Payload } from './action-catalog';
import { answeredStatus, OUTCOMES } from './row-status';
import type { Tally } from './credit-parts';

export interface PartSettings {
  options: ActionOptions;
  /** Lead lists: the list's name, owner and visibility, or the existing list's id. */
  list?: ListTarget;
  /** Marks what this part adds to an existing list, so its reads know its own leads from the rest. */
  tag: string;
  part: number;
  parts: number;
}

export interface StartedPart {
  id: string;
  /** An existing list took the part's payloads before this one only: it is full. */
  refusedFrom?: number;
}

export interface PageRead {
  /** Terminal: no more results will come. */
  finished: boolean;
  /** `canceled` or `error` when the batch ended without finishing. */
  endedAs?: 'canceled' | 'error';
  items: ReadonlyArray<Record<string, unknown>>;
  /** Items of the page used, when some were not this part's (`items` holds only its own). */
  used?: number;
  nextHref?: string;
  /** Seconds the service asked to wait before the next read. */
  retryAfter?: number;
  /** A link a person can open (lead lists). */
  url?: string;
}

export interface ResultCell {
  key: string | undefined;
  status: string;
  /** Output values by field id. */
  values: Record<string, unknown>;
}

/** Where and what a page read takes: the page size, the items already used, the job's fields. */
export interface PageAt {
  size: number;
  skip: number;
  fields: ReadonlyArray<string>;
}

export interface BatchKind {
  fields: ReadonlyArray<FieldDef<never>>;
  start(client: ProspectingClient, payloads: Payload[], settings: PartSettings): StartedPart;
  /** Reads a page from its `skip`-th item (the items before it were used), for the fields the job writes. */
  read(client: ProspectingClient, id: string, href: string | undefined, at: PageAt): PageRead;
  cancel?(client: ProspectingClient, id: string): void;
  /** A result as the job writes it: its key, its status and the values of the job's fields. */
  toCell(item: Record<string, unknown>, options: ActionOptions, fields: ReadonlyArray<string>): ResultCell;
  /** What a result was paid for, by what it reports (found, validated, revealed), at the spec's rates; none: free. */
  paid?(item: Record<string, unknown>, options: ActionOptions): Tally;
}

/** A person or lead's phones, revealed when asked for and there. */
const phonesOf = (p: { phone_numbers?: unknown[] | null } | null | undefined, o: ActionOptions): number =>
  o.revealPhones && p?.phone_numbers?.length ? 1 : 0;

const pageOf = (href: string | undefined, size: number): PageParams | string => href ?? { size };

/** The values of the chosen fields (`ids`) of a result. */
const fieldValues = <T>(
  fields: ReadonlyArray<FieldDef<T>>,
  value: T | null | undefined,
  ids: ReadonlyArray<string>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (value === null || value === undefined) return out;
  for (const f of fields) if (ids.includes(f.id)) out[f.id] = f.get(value);
  return out;
};

/** A page of a batch as the client reads it. */
type BatchPage = { value: { status: string; _links: { next?: { href: string } } }; retryAfter?: number };

/** A page of a batch that ends when the batch does (completed, canceled or in error), with all its items and the link to the next. */
const wholePage = ({ value: { status, _links }, retryAfter }: BatchPage, items: PageRead['items']): PageRead => {
  const endedAs = status === 'canceled' || status === 'error' ? status : undefined;
  return { finished: status === 'completed' || endedAs !== undefined, endedAs, items, nextHref: _links.next?.href, retryAfter };
};

const person: BatchKind = {
  fields: PERSON_FIELDS,
  start(client, payloads, { options }) {
    const batch = client.startPersonEnrichment({
      leads: payloads,
      reveal_email: Boolean(options.revealEmail),
      reveal_phone_numbers: Boolean(options.revealPhones),
    });
    return { id: String(batch.id) };
  },
  read(client, id, href, { size, skip, fields }) {
    // The email and phones are read whatever the fields: what was revealed is what was paid for.
    const read = client.getPersonEnrichment(Number(id), pageOf(href, size), skip, readsOf(PERSON_FIELDS, [...fields, 'email', 'phones']));
    return wholePage(read, read.value.results);
  },
  cancel(client, id) {
    client.cancelPersonEnrichment(Number(id));
  },
  toCell(item, _options, fields) {
    const status = item.status;
    return {
      key: resultKey('person', item),
      // A status added after this add-on was written: paid for, so kept as given, never sent again.
      status: status == null ? OUTCOMES.not_found : isKnown(PERSON_ENRICHMENT_STATUSES, status) ? OUTCOMES[status] : answeredStatus(status),
      values: status === 'enriched' ? fieldValues(PERSON_FIELDS, item.result as Person, fields) : {},
    };
  },
  paid(item, o) {
    const p = item.status === 'enriched' ? (item.result as Person | null) : undefined;
    return p ? { found: 1, revealed: o.revealEmail && p.email ? 1 : 0, phones: phonesOf(p, o) } : {};
  },
};

const company: BatchKind = {
  fields: COMPANY_FIELDS,
  start(client, payloads) {
    return { id: String(client.startCompanyEnrichment({ companies: payloads as CompanyInput[] }).id) };
  },
  read(client, id, href, { size, skip, fields }) {
    const read = client.getCompanyEnrichment(Number(id), pageOf(href, size), skip, readsOf(COMPANY_FIELDS, fields));
    // A result still `pending` is read again later, from the same page.
    const items = read.value.results;
    const firstPending = items.findIndex((r) => r.status === 'pending');
    const page = wholePage(read, firstPending < 0 ? items : items.slice(0, firstPending));
    // A batch that ended (canceled, error) will not finish its pending results.
    return firstPending < 0 || page.endedAs ? page : { ...page, finished: false, nextHref: undefined };
  },
  cancel(client, id) {
    client.cancelCompanyEnrichment(Number(id));
  },
  toCell(item, _options, fields) {
    const status = item.status;
    const found = status === 'found' && item.result;
    return {
      key: resultKey('company', item),
      status:
        status != null && !isKnown(COMPANY_ENRICHMENT_STATUSES, status)
          ? answeredStatus(status)
          : found
            ? OUTCOMES.enriched
            : OUTCOMES.not_found,
      values: found ? fieldValues(COMPANY_FIELDS, item.result as Company, fields) : {},
    };
  },
  // Company enrichment is free: no `paid`.
};

const email: BatchKind = {
  fields: EMAIL_FIELDS,
  start(client, payloads) {
    return { id: client.startEmailValidation({ emails: payloads as Array<{ email: string }> }).id };
  },
  read(client, id, href, { size, skip }) {
    const read = client.getEmailValidation(id, pageOf(href, size), skip);
    return wholePage(read, read.value.results);
  },
  cancel(client, id) {
    client.cancelEmailValidation(id);
  },
  toCell(item, _options, fields) {
    const r = item as BatchEmailValidationResult;
    return {
      key: resultKey('email', item),
      status: isKnown(EMAIL_RESULTS, r.result) ? OUTCOMES[r.result] : answeredStatus(r.result),
      values: fieldValues(EMAIL_FIELDS, r, fields),
    };
  },
  paid: () => ({ validated: 1 }),
};

/** The member of an added lead's context naming its part: a list's other leads are not this part's. */
const PART_TAG = 'sheet_part';

/** The first lead a full list did not take (the 409's `/leads/K`), or undefined for any other error. */
export const listFullAt = (e: unknown): number | undefined => {
  const at = e instanceof ProspectingError && e.status === 409 ? /^\/leads\/(\d+)$/.exec(e.pointer ?? '') : null;
  return at ? Number(at[1]) : undefined;
};

const leadList: BatchKind = {
  fields: LEAD_FIELDS,
  start(client, payloads, { options, list, part, parts, tag }) {
    if (!list) fail('A lead list needs a name and an owner.');
    if (list.id) {
      const leads = payloads.map((p) => ({ ...p, context: { ...(p as LeadInput).context, [PART_TAG]: tag } }));
      // The part's id names the list and the tag its leads carry.
      const id = `${list.id} ${tag}`;
      try {
        client.addLeadsToList(list.id, { type: options.listType, leads });
        return { id };
      } catch (e) {
        // Leads before the 409's pointer were added: the part reads them; the rest say the list is full.
        const at = listFullAt(e);
        if (!at) throw e;
        return { id, refusedFrom: at };
      }
    }
    const created = client.createLeadList({
      name: parts > 1 ? `${list.name} (part ${part} of ${parts})` : list.name,
      owner: list.owner,
      shared: list.shared,
      visible: list.visible,
      type: options.listType ?? 'email',
      leads: payloads,
      options: {
        enrich: Boolean(options.enrich),
        validate_email: Boolean(options.validateEmail),
        reveal_phone_numbers: Boolean(options.revealPhones),
      },
    });
    return { id: created.id };
  },
  read(client, partId, href, { size, skip }) {
    const [id, tag] = partId.split(' ');
    const read = client.getLeadList(id!, pageOf(href, size), skip);
    const leads = read.value.leads;
    // The spec's lists end only `completed`; a list the service reports `canceled` or `error`
    // (words of its batches) ends as a batch would. Any other new status reads as still running.
    const page = { ...wholePage(read, leads), url: read.value.url };
    if (!tag) return page;
    // A list others add to lists their leads as they are done, some in front of this part's: only
    // a list with nothing in progress keeps its order, so a part reads it from the start once it is
    // completed; leads added later go after, so the read may then go on while they are processed.
    if (!href && !skip && read.value.status !== 'completed') return { ...page, items: [], used: 0, nextHref: undefined };
    return { ...page, items: leads.filter((l) => l.data[PART_TAG] === tag), used: leads.length };
  },
  toCell(item, options, fields) {
    return {
      key: resultKey('lead_list', item, options.listType),
      status: OUTCOMES.added,
      values: fieldValues(LEAD_FIELDS, item as unknown as LeadListEntry, fields),
    };
  },
  // Each lead listed is a person found; the list's options say what was paid for it.
  paid(item, o) {
    const lead = item as unknown as LeadListEntry;
    return { found: o.enrich ? 1 : 0, validated: o.validateEmail && lead.email_validation_result ? 1 : 0, phones: phonesOf(lead, o) };
  },
};

export const BATCH_KINDS: Record<ActionId, BatchKind> = { person, company, email, lead_list: leadList };
