// GET /sequences (cursor-paged, newest first, filtered by name, status and creator) and
// POST /sequences/{id}/leads (adds leads to a sequence that accepts them, reporting those skipped).
import { ApiError, invalidParameter, notFound, unsupported } from '../errors';
import { accountMailboxes } from '../universe/mailboxes';
import { INDEX_PAGE } from '../paging';
import { json, type Ctx, type Reply } from '../state';
import { excludedDomains, excludedEmails } from '../universe/catalog';
import { acceptsLeads, accountSequences, SEQUENCE_STATUSES, type Sequence, type SequenceStatus } from '../universe/sequences';
import { keywordFilter } from './listings';
import { page } from './listing-page';
import { readSequenceLeads, SKIP_REASONS, skipReason, type SequenceLead, type SkipChecks, type SkipReason } from './sequence-leads';

export function listSequences(ctx: Ctx): Reply {
  const name = keywordFilter(ctx, 'name');
  const status = keywordFilter(ctx, 'status');
  const creator = keywordFilter(ctx, 'created_by_user_email');
  if (status !== undefined && !(SEQUENCE_STATUSES as ReadonlyArray<string>).includes(status)) {
    throw invalidParameter('/status', `status "${status}" is not one of ${SEQUENCE_STATUSES.join(', ')}`);
  }
  const all = accountSequences(ctx.state.seed, ctx.account.id).sequences.filter(
    (s) =>
      (name === undefined || s.name.toLowerCase().includes(name.toLowerCase())) &&
      (status === undefined || s.status === status) &&
      (creator === undefined || s.created_by_user_email === creator.toLowerCase()),
  );
  const filters: Array<[string, string]> = [];
  if (name !== undefined) filters.push(['name', name]);
  if (status !== undefined) filters.push(['status', status]);
  if (creator !== undefined) filters.push(['created_by_user_email', creator]);
  const { items, links } = page(ctx, '/sequences', filters, INDEX_PAGE, all);
  return json(200, { sequences: items.map((s) => ({ ...s })), _links: links });
}

/** The leads a sequence holds now: those it started with and those added since. */
function holds(ctx: Ctx, sequence: Sequence, lead: SequenceLead): boolean {
  const seeded = accountSequences(ctx.state.seed, ctx.account.id).members.get(sequence.id);
  const added = ctx.account.sequenceLeads.get(sequence.id);
  return lead.keys.some((k) => seeded?.has(k) || added?.has(k));
}

function checksFor(ctx: Ctx, target: Sequence): SkipChecks {
  const { seed } = ctx.state;
  const seqs = accountSequences(seed, ctx.account.id);
  const emails = new Set(excludedEmails(seed, ctx.account.id).map((e) => e.value));
  const domains = new Set(excludedDomains(seed, ctx.account.id).map((e) => e.value));
  return {
    inThisSequence: (lead) => holds(ctx, target, lead),
    // The exclusion lists hold emails and domains, so only a lead sent with an email can be on them.
    excluded: (lead) => {
      const email = lead.email?.toLowerCase();
      return email !== undefined && (emails.has(email) || domains.has(email.split('@')[1] ?? ''));
    },
    recentlyContacted: (lead) => lead.keys.some((k) => seqs.recentlyContacted.has(k)),
    inOtherSequence: (lead, status: SequenceStatus) =>
      seqs.sequences.some((s) => s.id !== target.id && s.status === status && holds(ctx, s, lead)),
  };
}

/**
 * `settings.mailbox_id` (our choice where decisions.md leaves `settings` open): the leads are sent
 * from that mailbox of the account, which must be active; any other is refused before anything is added.
 */
function sendingMailbox(ctx: Ctx): void {
  const settings = (ctx.body as { settings?: { mailbox_id?: unknown } } | null)?.settings;
  const id = settings?.mailbox_id;
  if (id === undefined || id === null) return;
  const mailbox =
    typeof id === 'string'
      ? accountMailboxes(ctx.state.seed, ctx.account.id, ctx.state.mailboxUsers).byId.get(id.toLowerCase())
      : undefined;
  if (!mailbox) throw unsupported('/settings/mailbox_id', 'mailbox_id is not a mailbox of this account');
  if (mailbox.status !== 'active')
    throw unsupported('/settings/mailbox_id', `the mailbox ${mailbox.email} is ${mailbox.status.replace(/_/g, ' ')}`);
}

export function addLeadsToSequence(ctx: Ctx): Reply {
  const sequence = accountSequences(ctx.state.seed, ctx.account.id).byId.get(ctx.params[0] ?? '');
  if (!sequence) throw notFound('No sequence with this id for this account');
  const leads = readSequenceLeads(ctx.body);
  sendingMailbox(ctx);
  if (!acceptsLeads(sequence.status)) {
    throw new ApiError(409, 'invalid_state', `The sequence is ${sequence.status}; only active and paused sequences accept leads`);
  }
  const checks = checksFor(ctx, sequence);
  const skipped = Object.fromEntries(
    SKIP_REASONS.map((r) => [r, [] as Array<{ email: string | null; profile_url: string | null }>]),
  ) as Record<SkipReason, Array<{ email: string | null; profile_url: string | null }>>;
  const duplicateEmails = new Set<string>();
  const duplicateProfiles = new Set<string>();
  const seen = new Set<string>();
  let added = 0;
  let addedKeys = ctx.account.sequenceLeads.get(sequence.id);
  for (const lead of leads) {
    // A repeat of an earlier lead of the request is reported as a duplicate and counted nowhere else.
    const repeat = lead.keys.find((k) => seen.has(k));
    for (const k of lead.keys) seen.add(k);
    if (repeat !== undefined) {
      if (repeat.startsWith('email:') && lead.email !== null) duplicateEmails.add(lead.email);
      else if (lead.profile_url !== null) duplicateProfiles.add(lead.profile_url);
      continue;
    }
    const reason = skipReason(lead, checks);
    if (reason !== undefined) {
      skipped[reason].push({ email: lead.email, profile_url: lead.profile_url });
      continue;
    }
    if (!addedKeys) {
      addedKeys = new Set();
      ctx.account.sequenceLeads.set(sequence.id, addedKeys);
    }
    for (const k of lead.keys) addedKeys.add(k);
    added++;
  }
  const skippedCount = SKIP_REASONS.reduce((n, r) => n + skipped[r].length, 0);
  return json(200, {
    total: added + skippedCount,
    total_added_to_sequence: added,
    duplicate_emails: [...duplicateEmails],
    duplicate_profile_urls: [...duplicateProfiles],
    ...skipped,
  });
}
