// GET /mailboxes (cursor-paged, filtered by status, provider and user), GET /mailboxes/{id} and
// PATCH /mailboxes/{id} (its daily email limit): the seeded mailboxes with the account's changes
// over them. The one-a-minute and one-an-hour-per-mailbox limits are the routes' (rate-rules.ts).
import { DAILY_EMAIL_LIMIT, EMAIL_PROVIDERS, MAILBOX_STATUSES } from '../../contract/enumerations';
import type { AccountState } from '../account-state';
import { ApiError, invalidParameter, missing, notFound, unsupported } from '../errors';
import type { PageBounds } from '../paging';
import { jsonObjectBody } from '../request';
import { json, type Ctx, type Reply } from '../state';
import { accountMailboxes, type SeededMailbox } from '../universe/mailboxes';
import { keywordFilter } from './listings';
import { page } from './listing-page';

/** Default 20, at most 20 (the decisions document). */
const MAILBOX_PAGE: PageBounds = { default: 20, min: 1, max: 20 };

/** A mailbox as the API answers it: the seeded one with the account's change of its limit, if any. */
function view(account: AccountState, m: SeededMailbox) {
  const change = account.mailboxChanges.get(m.id);
  return {
    id: m.id,
    object: 'mailbox',
    email: m.email,
    email_provider: m.email_provider,
    status: m.status,
    daily_email_limit: change?.dailyEmailLimit ?? m.daily_email_limit,
    user: { ...m.user },
    created_at: m.created_at,
    updated_at: change ? new Date(change.at).toISOString() : m.updated_at,
  };
}

function enumFilter(ctx: Ctx, name: string, allowed: ReadonlyArray<string>): string | undefined {
  const v = keywordFilter(ctx, name);
  if (v !== undefined && !allowed.includes(v)) throw invalidParameter(`/${name}`, `${name} "${v}" is not one of ${allowed.join(', ')}`);
  return v;
}

export function listMailboxes(ctx: Ctx): Reply {
  const status = enumFilter(ctx, 'status', MAILBOX_STATUSES);
  const provider = enumFilter(ctx, 'email_provider', EMAIL_PROVIDERS);
  const user = keywordFilter(ctx, 'user_email');
  const all = accountMailboxes(ctx.state.seed, ctx.account.id, ctx.state.mailboxUsers).mailboxes.filter(
    (m) =>
      (status === undefined || m.status === status) &&
      (provider === undefined || m.email_provider === provider) &&
      (user === undefined || m.user.email === user.toLowerCase()),
  );
  const filters: Array<[string, string]> = [];
  if (status !== undefined) filters.push(['status', status]);
  if (provider !== undefined) filters.push(['email_provider', provider]);
  if (user !== undefined) filters.push(['user_email', user]);
  const { items, links } = page(ctx, '/mailboxes', filters, MAILBOX_PAGE, all);
  return json(200, { mailboxes: items.map((m) => view(ctx.account, m)), _links: links });
}

/** One of the account's mailboxes; any other id, of any shape, is 404. */
function mailboxOf(ctx: Ctx): SeededMailbox {
  const m = accountMailboxes(ctx.state.seed, ctx.account.id, ctx.state.mailboxUsers).byId.get((ctx.params[0] ?? '').toLowerCase());
  if (!m) throw notFound('No mailbox with this id for this account');
  return m;
}

export function readMailbox(ctx: Ctx): Reply {
  return json(200, view(ctx.account, mailboxOf(ctx)));
}

/** The new daily email limit: the body's one member, an integer within the bounds. */
function readLimit(raw: unknown): number {
  const body = jsonObjectBody(raw);
  const other = Object.keys(body).find((k) => k !== 'daily_email_limit');
  if (other !== undefined) throw unsupported(`/${other}`, `${other} cannot be changed: only daily_email_limit can`);
  const v = body['daily_email_limit'];
  if (v === undefined || v === null) throw missing('/daily_email_limit');
  if (typeof v !== 'number' || !Number.isInteger(v)) throw unsupported('/daily_email_limit', 'daily_email_limit must be an integer');
  if (v < DAILY_EMAIL_LIMIT.min || v > DAILY_EMAIL_LIMIT.max)
    throw unsupported('/daily_email_limit', `daily_email_limit must be from ${DAILY_EMAIL_LIMIT.min} to ${DAILY_EMAIL_LIMIT.max}`);
  return v;
}

/** Changes the daily limit (kept for the life of the service) and answers the mailbox. */
export function changeMailbox(ctx: Ctx): Reply {
  const m = mailboxOf(ctx);
  const limit = readLimit(ctx.body);
  if (m.status === 'needs_reconnection')
    throw new ApiError(409, 'invalid_state', 'The mailbox needs reconnection; reconnect it in the application before changing it');
  ctx.account.mailboxChanges.set(m.id, { dailyEmailLimit: limit, at: ctx.t });
  return json(200, view(ctx.account, m));
}
