// Person enrichment batches: POST to start, GET to read results as people are matched, PATCH to cancel.
import type { BatchWork } from '../batches';
import { chargePerson, personWorstCase } from '../credits';
import { missing } from '../errors';
import { jsonObjectBody } from '../request';
import { json, type Ctx, type Reply } from '../state';
import { findPerson, matchPerson, type PersonInput, type PersonOutcome } from '../universe/people';
import { optBoolean, optEmail, optString, reqObjectArray } from '../validate';
import { cancelBatch, integerId, ownBatch, resultsPage, retryHeaders, startBatch } from './batch-common';
import { renderPerson } from './render';

interface Meta {
  reveal: { email: boolean; phones: boolean };
  firstItemId: number;
}
/** What settling needs of a finished item; the person itself is built when read. */
interface Out {
  status: PersonOutcome['status'];
  personId?: string;
  hasPhones: boolean;
}

const FIELDS = ['email', 'profile_url', 'company_domain', 'company_name', 'name', 'title'] as const;

function readLead(lead: Record<string, unknown>, ptr: string): PersonInput {
  const input: PersonInput = {
    email: optEmail(lead, 'email', ptr),
    profile_url: optString(lead, 'profile_url', ptr)?.trim() || undefined,
    company_domain: optString(lead, 'company_domain', ptr)?.trim() || undefined,
    company_name: optString(lead, 'company_name', ptr)?.trim() || undefined,
    name: optString(lead, 'name', ptr)?.trim() || undefined,
    title: optString(lead, 'title', ptr)?.trim() || undefined,
  };
  if (!input.email && !input.profile_url && !(input.name && (input.company_domain || input.company_name))) {
    throw missing(`${ptr}/email`, 'Each lead needs an email, a profile_url, or a name with company_domain or company_name');
  }
  return input;
}

export function startPersonEnrichment(ctx: Ctx): Reply {
  const { state } = ctx;
  const body = jsonObjectBody(ctx.body);
  const leads = reqObjectArray(body, 'leads', '', state.limits.enrichmentsPerRequest, 'lead');
  const reveal = { email: optBoolean(body, 'reveal_email', '') ?? false, phones: optBoolean(body, 'reveal_phone_numbers', '') ?? false };
  const inputs = leads.map((lead, i) => readLead(lead, `/leads/${i}`));
  const seed = state.seed;
  const work: BatchWork<PersonInput, Out> = {
    run: (input) => {
      const o = matchPerson(seed, input, state.populationCompanies);
      return o.status === 'enriched'
        ? { status: o.status, personId: o.personId, hasPhones: o.hasPhones }
        : { status: o.status, hasPhones: false };
    },
    listed: () => true,
    charge: (account, _input, out, at) => {
      if (out.personId === undefined) return;
      chargePerson(account, out.personId, at, { found: true, revealEmail: reveal.email, revealPhones: reveal.phones && out.hasPhones });
    },
    reserve: personWorstCase(reveal),
  };
  const id = state.nextBatchId++;
  const batch = startBatch<PersonInput, Out, Meta>(ctx, 'person_enrichment', id, inputs, work, { reveal, firstItemId: state.nextItemId }, [
    'enrichments',
  ]);
  state.nextItemId += inputs.length;
  state.personBatches.set(id, batch);
  return json(
    202,
    {
      id,
      object: 'person_enrichment',
      status: batch.status(ctx.t),
      results: [],
      _links: { self: { href: `/people/enrichment-requests/${id}` } },
    },
    retryHeaders(batch, ctx.t),
  );
}

function render(ctx: Ctx, id: number): Reply {
  const batch = ownBatch(ctx, ctx.state.personBatches.get(id));
  const meta = batch.meta as Meta;
  const self = `/people/enrichment-requests/${id}`;
  const { indexes, links } = resultsPage(ctx, batch, self);
  const results = indexes.map((i) => {
    const input = batch.inputs[i] as PersonInput;
    const outcome = findPerson(ctx.state.seed, input, ctx.state.populationCompanies);
    const echo: Record<string, string | null> = {};
    for (const f of FIELDS) echo[f] = input[f] ?? null;
    return {
      id: meta.firstItemId + i,
      status: outcome.status,
      result: outcome.status === 'enriched' ? renderPerson(ctx.state, ctx.account, outcome.person, meta.reveal) : null,
      ...echo,
    };
  });
  return json(200, { id, object: 'person_enrichment', status: batch.status(ctx.t), results, _links: links }, retryHeaders(batch, ctx.t));
}

export function readPersonEnrichment(ctx: Ctx): Reply {
  return render(ctx, integerId(ctx.params[0]));
}

export function cancelPersonEnrichment(ctx: Ctx): Reply {
  const id = integerId(ctx.params[0]);
  cancelBatch(ctx, ownBatch(ctx, ctx.state.personBatches.get(id)));
  return render(ctx, id);
}
