// Email validation batches: POST to start, GET to read results as addresses are checked, PATCH to cancel.
import type { BatchWork } from '../batches';
import { chargeValidation } from '../credits';
import { notFound } from '../errors';
import { jsonObjectBody } from '../request';
import { json, createdId, type Ctx, type Reply } from '../state';
import { validateEmail } from '../universe/emails';
import { isUuid, reqEmail, reqObjectArray } from '../validate';
import { cancelBatch, ownBatch, resultsPage, retryHeaders, startBatch } from './batch-common';

export function startEmailValidation(ctx: Ctx): Reply {
  const { state } = ctx;
  const body = jsonObjectBody(ctx.body);
  const emails = reqObjectArray(body, 'emails', '', state.limits.emailsPerValidation, 'email');
  const inputs = emails.map((e, i) => reqEmail(e, 'email', `/emails/${i}`));
  const work: BatchWork<string, true> = {
    run: () => true,
    listed: () => true,
    charge: (account) => chargeValidation(account, 1),
    reserve: { email: 1, phone: 0 },
  };
  const id = createdId(state, 'email_validation');
  const batch = startBatch(ctx, 'email_validation', id, inputs, work, null, ['validations']);
  state.emailValidations.set(id, batch);
  return json(
    202,
    { id, object: 'email_validation', status: batch.status(ctx.t), results: [], _links: { self: { href: `/email-validations/${id}` } } },
    retryHeaders(batch, ctx.t),
  );
}

function render(ctx: Ctx, id: string): Reply {
  const batch = ownBatch(ctx, ctx.state.emailValidations.get(id));
  const { indexes, links } = resultsPage(ctx, batch, `/email-validations/${id}`);
  const results = indexes.map((i) => {
    const email = batch.inputs[i] as string;
    const v = validateEmail(ctx.state.seed, email);
    return { object: 'email_validation_result', email, result: v.result, catch_all: v.catch_all };
  });
  return json(200, { id, object: 'email_validation', status: batch.status(ctx.t), results, _links: links }, retryHeaders(batch, ctx.t));
}

function idParam(ctx: Ctx): string {
  const raw = ctx.params[0] ?? '';
  if (!isUuid(raw)) throw notFound();
  return raw.toLowerCase();
}

export function readEmailValidation(ctx: Ctx): Reply {
  return render(ctx, idParam(ctx));
}

export function cancelEmailValidation(ctx: Ctx): Reply {
  const id = idParam(ctx);
  cancelBatch(ctx, ownBatch(ctx, ctx.state.emailValidations.get(id)));
  return render(ctx, id);
}
