// What every batch endpoint shares: accepting one (credits, and hourly usage in `refuse` mode,
// checked up front; items paced by the hourly usage), finding one for its account, paging its
// results, and cancelling it.
import { available, Batch, settle, type BatchKind, type BatchWork } from '../batches';
import { affordable, plus, ZERO } from '../credits';
import { ApiError, missing, notFound, rateLimited, unsupported } from '../errors';
import { hourlyLimit, pace, repace, type UsageKind } from '../pacing';
import { BATCH_PAGE, requestedSize, type Links } from '../paging';
import { jsonObjectBody } from '../request';
import type { Ctx } from '../state';

/** Refuses with 402 when the account cannot cover the worst case of `n` items. */
export function requireCredits(ctx: Ctx, perItem: { email: number; phone: number }, n: number): void {
  const worst = plus(ZERO, perItem, n);
  const left = available(ctx.account);
  if (!affordable(left, worst)) {
    throw new ApiError(
      402,
      'insufficient_credits',
      `This request may cost up to ${worst.email} email and ${worst.phone} phone credits; the account has ${Math.max(0, left.email)} email and ${Math.max(0, left.phone)} phone credits available`,
    );
  }
}

const USAGE_NAMES: Record<UsageKind, string> = { enrichments: 'enrichments', validations: 'email validations' };

/** In `refuse` mode: 429 when accepting `n` more items would pass an hourly usage limit within the sliding hour. */
export function requireUsage(ctx: Ctx, usage: ReadonlyArray<UsageKind>, n: number): void {
  for (const kind of usage) {
    const limit = hourlyLimit(ctx.state.limits, kind);
    const wait = ctx.account.accepted[kind].waitFor(ctx.t, n, limit);
    if (wait === 0) continue;
    const why = n > limit ? `; one request of ${n} can never fit, send at most ${limit}` : '';
    throw rateLimited(wait / 1000, `The hourly limit of ${limit} ${USAGE_NAMES[kind]} would be passed${why}`);
  }
}

/**
 * Accepts a batch: refused first if the credits (or, in `refuse` mode, the hourly usage) do not
 * allow it, so a refusal does nothing; then every item's finish time is fixed against the
 * account's allowance for each limit in `usage`.
 */
export function startBatch<I, O, M>(
  ctx: Ctx,
  kind: BatchKind,
  id: string | number,
  inputs: I[],
  work: BatchWork<I, O>,
  meta: M,
  usage: ReadonlyArray<UsageKind>,
): Batch<I, O, M> {
  const { state, account, t } = ctx;
  requireCredits(ctx, work.reserve, inputs.length);
  if (state.usageLimits === 'refuse') {
    requireUsage(ctx, usage, inputs.length);
    for (const u of usage) account.accepted[u].add(t, inputs.length);
  }
  const batch = new Batch<I, O, M>(kind, id, account.id, t, t + state.queueDelayMs, state.rate, inputs, work, meta, usage);
  pace(account, batch, t, state.limits);
  account.open.push(batch);
  return batch;
}

/** A batch of the caller's account, or 404 (another account's id looks exactly like a missing one). */
export function ownBatch<B extends Batch>(ctx: Ctx, batch: B | undefined): B {
  if (!batch || batch.accountId !== ctx.account.id) throw notFound();
  return batch;
}

export function integerId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The listed results of a batch for this request's page, with links. */
export function resultsPage(ctx: Ctx, batch: Batch, selfPath: string): { indexes: number[]; links: Links } {
  const binding = `${batch.kind}|${batch.id}|${ctx.account.id}`;
  const win = ctx.state.pager.window(ctx.query, BATCH_PAGE, binding);
  const indexes = batch.listed.slice(win.start, win.start + win.size);
  const links = ctx.state.pager.links(
    selfPath,
    [],
    { start: win.start, size: indexes.length || win.size },
    batch.listed.length,
    binding,
    requestedSize(ctx.query, BATCH_PAGE),
  );
  return { indexes, links };
}

export function retryHeaders(batch: Batch, t: number): Record<string, string> | undefined {
  const wait = batch.retryAfter(t);
  return wait === undefined ? undefined : { 'retry-after': String(wait) };
}

/** Applies `{"status":"canceled"}`; a batch that already ended is left as it was (409). */
export function cancelBatch(ctx: Ctx, batch: Batch): void {
  const body = jsonObjectBody(ctx.body);
  const status = body['status'];
  if (status === undefined || status === null) throw missing('/status', 'status is required; the only allowed value is "canceled"');
  if (status !== 'canceled') throw unsupported('/status', 'status must be "canceled"');
  if (batch.ended(ctx.t)) {
    throw new ApiError(409, 'invalid_state', `The batch is already ${batch.status(ctx.t)} and cannot be canceled`, '/status');
  }
  batch.canceledAt = ctx.t;
  settle(ctx.account, ctx.t);
  // The items that will never run give their allowance to the batches accepted after them.
  if (batch.usage.length > 0) repace(ctx.account, ctx.t, ctx.state.limits);
}
