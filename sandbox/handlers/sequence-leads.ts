// The body of POST /sequences/{id}/leads, read whole before anything is added (a request that fails
// adds nothing), and the skip rules that sort its leads: each lead counted once, by the first rule
// that applies, in the decisions document's order.
import { missing, unsupported } from '../errors';
import { jsonObjectBody } from '../request';
import { profileSlug } from '../universe/companies';
import { identityKeys } from '../universe/sequences';
import { optEmail, optObject, optString } from '../validate';

export const MAX_SEQUENCE_LEADS = 250;
const MAX_DATA_VALUE = 1024;

export const OVERRIDES = [
  'ignore_recently_contacted',
  'ignore_exclusion_list',
  'ignore_duplicate_leads_in_other_draft_sequences',
  'ignore_duplicate_leads_in_other_active_sequences',
] as const;
type Override = (typeof OVERRIDES)[number];

export interface SequenceLead {
  email: string | null;
  profile_url: string | null;
  keys: string[];
  overrides: Record<Override, boolean>;
}

function readLead(raw: unknown, i: number): SequenceLead {
  const ptr = `/leads/${i}`;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw unsupported(ptr, 'each lead must be an object');
  const lead = raw as Record<string, unknown>;
  const email = optEmail(lead, 'email', ptr) ?? null;
  const profileUrl = optString(lead, 'profile_url', ptr)?.trim() || null;
  if (email === null && profileUrl === null) throw missing(ptr, 'A lead needs an email or a profile_url');
  const data = optObject(lead, 'data', ptr) ?? {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== 'string') throw unsupported(`${ptr}/data/${k}`, 'data values must be strings');
    if (v.length > MAX_DATA_VALUE) throw unsupported(`${ptr}/data/${k}`, `data values may have at most ${MAX_DATA_VALUE} characters`);
  }
  const rawOverrides = optObject(lead, 'overrides', ptr) ?? {};
  const overrides = Object.fromEntries(OVERRIDES.map((o) => [o, false])) as Record<Override, boolean>;
  for (const [k, v] of Object.entries(rawOverrides)) {
    // An unknown override would silently do nothing, so it is refused like an unknown value.
    if (!(OVERRIDES as ReadonlyArray<string>).includes(k))
      throw unsupported(`${ptr}/overrides/${k}`, `${k} is not an override; use one of ${OVERRIDES.join(', ')}`);
    if (typeof v !== 'boolean') throw unsupported(`${ptr}/overrides/${k}`, `${k} must be true or false`);
    overrides[k as Override] = v;
  }
  const keys = identityKeys({ email: email ?? undefined, profileSlug: profileUrl === null ? undefined : profileSlug(profileUrl) });
  return { email, profile_url: profileUrl, keys, overrides };
}

/** The leads of a request, checked whole: 1 to 250 leads, each with an email or a profile URL. */
export function readSequenceLeads(raw: unknown): SequenceLead[] {
  const body = jsonObjectBody(raw);
  const leads = body['leads'];
  if (leads === undefined || leads === null) throw missing('/leads', 'leads is required');
  if (!Array.isArray(leads)) throw unsupported('/leads', 'leads must be an array');
  if (leads.length === 0 || leads.length > MAX_SEQUENCE_LEADS) {
    throw unsupported('/leads', `leads must hold 1 to ${MAX_SEQUENCE_LEADS} leads; it holds ${leads.length}`);
  }
  optObject(body, 'settings', '');
  return leads.map(readLead);
}

export const SKIP_REASONS = [
  'already_in_sequence_and_skipped',
  'in_exclusion_list_and_skipped',
  'recently_contacted_and_skipped',
  'in_other_active_sequences_and_skipped',
  'in_other_draft_sequences_and_skipped',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What the rules consult about the account: each answers for one lead. */
export interface SkipChecks {
  inThisSequence(lead: SequenceLead): boolean;
  excluded(lead: SequenceLead): boolean;
  recentlyContacted(lead: SequenceLead): boolean;
  inOtherSequence(lead: SequenceLead, status: 'active' | 'draft'): boolean;
}

/** The first rule that skips a lead, or undefined when it is added. */
export function skipReason(lead: SequenceLead, checks: SkipChecks): SkipReason | undefined {
  const o = lead.overrides;
  if (checks.inThisSequence(lead)) return 'already_in_sequence_and_skipped';
  if (!o.ignore_exclusion_list && checks.excluded(lead)) return 'in_exclusion_list_and_skipped';
  if (!o.ignore_recently_contacted && checks.recentlyContacted(lead)) return 'recently_contacted_and_skipped';
  if (!o.ignore_duplicate_leads_in_other_active_sequences && checks.inOtherSequence(lead, 'active'))
    return 'in_other_active_sequences_and_skipped';
  if (!o.ignore_duplicate_leads_in_other_draft_sequences && checks.inOtherSequence(lead, 'draft'))
    return 'in_other_draft_sequences_and_skipped';
  return undefined;
}
