// Company enrichment batches: POST to start, GET to read results as companies are matched, PATCH to cancel.
import type { BatchWork } from '../batches';
import { ZERO } from '../credits';
import { missing } from '../errors';
import { jsonObjectBody } from '../request';
import { json, type Ctx, type Reply } from '../state';
import { findCompany } from '../universe/companies';
import { optString, reqObjectArray } from '../validate';
import { cancelBatch, integerId, ownBatch, resultsPage, retryHeaders, startBatch } from './batch-common';
import { rememberCompany } from './render';

interface CompanyInput {
  domain?: string;
  profile_url?: string;
}
interface Meta {
  firstItemId: number;
}

export function startCompanyEnrichment(ctx: Ctx): Reply {
  const { state } = ctx;
  const body = jsonObjectBody(ctx.body);
  const companies = reqObjectArray(body, 'companies', '', state.limits.enrichmentsPerRequest, 'company');
  const inputs = companies.map((c, i): CompanyInput => {
    const ptr = `/companies/${i}`;
    const domain = optString(c, 'domain', ptr)?.trim() || undefined;
    const profile_url = optString(c, 'profile_url', ptr)?.trim() || undefined;
    if (!domain && !profile_url) throw missing(`${ptr}/domain`, 'Each company needs a domain or a profile_url');
    return { domain, profile_url };
  });
  // Companies are free and every one is listed, so settling needs no outcome: a company is
  // matched when its page is read, which keeps settling a large batch cheap.
  const work: BatchWork<CompanyInput, true> = {
    run: () => true,
    listed: () => true,
    charge: () => undefined,
    reserve: ZERO,
  };
  const id = state.nextBatchId++;
  const batch = startBatch<CompanyInput, true, Meta>(ctx, 'company_enrichment', id, inputs, work, { firstItemId: state.nextItemId }, [
    'enrichments',
  ]);
  state.nextItemId += inputs.length;
  state.companyBatches.set(id, batch);
  return json(
    202,
    {
      id,
      object: 'company_enrichment',
      status: batch.status(ctx.t),
      results: [],
      _links: { self: { href: `/companies/enrichment-requests/${id}` } },
    },
    retryHeaders(batch, ctx.t),
  );
}

function render(ctx: Ctx, id: number): Reply {
  const batch = ownBatch(ctx, ctx.state.companyBatches.get(id));
  const meta = batch.meta as Meta;
  const { indexes, links } = resultsPage(ctx, batch, `/companies/enrichment-requests/${id}`);
  const results = indexes.map((i) => {
    const input = batch.inputs[i] as CompanyInput;
    const outcome = findCompany(ctx.state.seed, input);
    if (outcome.found) rememberCompany(ctx.state, outcome.company);
    return {
      id: meta.firstItemId + i,
      status: outcome.found ? 'found' : 'not_found',
      result: outcome.found ? outcome.company.json : null,
      domain: input.domain ?? null,
      profile_url: input.profile_url ?? null,
    };
  });
  return json(200, { id, object: 'company_enrichment', status: batch.status(ctx.t), results, _links: links }, retryHeaders(batch, ctx.t));
}

export function readCompanyEnrichment(ctx: Ctx): Reply {
  return render(ctx, integerId(ctx.params[0]));
}

export function cancelCompanyEnrichment(ctx: Ctx): Reply {
  const id = integerId(ctx.params[0]);
  cancelBatch(ctx, ownBatch(ctx, ctx.state.companyBatches.get(id)));
  return render(ctx, id);
}
