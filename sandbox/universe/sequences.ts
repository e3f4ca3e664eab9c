// The sequences each account has, made in the service's own application and only read here: the
// same documented set for every account (ids differ per account), with the leads already in each
// and the people the account reached recently, so every skip rule of adding leads can happen.
import { Rng, uuidFrom } from '../hash';
import { DAY, msBefore } from './clock';
import { profileSlug } from './companies';
import { accountContactIds, contact } from './contacts';
import { population } from './population';

export const SEQUENCE_STATUSES = ['active', 'paused', 'draft', 'archived', 'archiving', 'pausing', 'resuming'] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];

/** Only these accept new leads; the decisions document names them. */
export function acceptsLeads(status: SequenceStatus): boolean {
  return status === 'active' || status === 'paused';
}

/**
 * Every account's sequences, by name: at least one in each status. The first five are the ones
 * contacts have activity in (contacts.ts); the draft one holds leads that were added but never sent to.
 */
export const SEQUENCE_PLAN: ReadonlyArray<{ name: string; status: SequenceStatus }> = [
  { name: 'Q4 Outbound - Enterprise', status: 'active' },
  { name: 'Inbound Follow-up', status: 'active' },
  { name: 'Event Attendees', status: 'paused' },
  { name: 'Re-engage Closed Lost', status: 'archived' },
  { name: 'New Product Launch', status: 'pausing' },
  { name: 'Webinar Invitations', status: 'draft' },
  { name: 'Partner Referrals', status: 'resuming' },
  { name: 'Trial Nurture 2024', status: 'archiving' },
];

/** How many people of the searchable population each sequence already holds, and how many the account reached lately. */
const POPULATION_MEMBERS_PER_SEQUENCE = 3;
const RECENTLY_CONTACTED_PEOPLE = 3;
/** A contact reached within this long counts as recently contacted. */
export const RECENT_CONTACT_DAYS = 30;

const OWNERS = ['alex', 'jordan', 'sam', 'casey'];

export interface Sequence {
  id: string;
  name: string;
  status: SequenceStatus;
  created_by_user_id: string;
  created_by_user_email: string;
  created_at: string;
  updated_at: string;
}

/** A lead as sequences know it: its email and its profile URL's last segment, either may be absent. */
export interface LeadIdentity {
  email?: string;
  profileSlug?: string;
}

/** The keys a lead is known by: one per identifier it has. */
export function identityKeys(lead: LeadIdentity): string[] {
  const keys: string[] = [];
  if (lead.email) keys.push(`email:${lead.email.trim().toLowerCase()}`);
  if (lead.profileSlug) keys.push(`profile:${lead.profileSlug}`);
  return keys;
}

export interface AccountSequences {
  /** Newest first. */
  sequences: Sequence[];
  byId: Map<string, Sequence>;
  /** The identity keys of the leads each sequence held when the service started, by sequence id. */
  members: Map<string, Set<string>>;
  /** Identity keys of the people the account reached within the last `RECENT_CONTACT_DAYS`. */
  recentlyContacted: Set<string>;
  /** A few leads of each kind, by email, for the start-up output, the accounts view and the README. */
  examples: { inSequence: Array<{ sequence: string; email: string }>; recentlyContacted: string[] };
}

export function sequenceId(seed: number, accountId: string, name: string): string {
  // The id contacts' recent activity names (contacts.ts), so both agree.
  return uuidFrom(seed, 'sequence', accountId, name);
}

function buildSequences(seed: number, accountId: string): AccountSequences {
  const rng = new Rng(seed, 'sequences', accountId);
  let ago = rng.int(2, 20) * DAY;
  const sequences: Sequence[] = SEQUENCE_PLAN.map(({ name, status }) => {
    const created = ago + rng.int(0, DAY - 1);
    ago += rng.int(5, 60) * DAY;
    const owner = `${rng.pick(OWNERS)}@sales.example`;
    return {
      id: sequenceId(seed, accountId, name),
      name,
      status,
      created_by_user_id: uuidFrom(seed, 'user', accountId, owner),
      created_by_user_email: owner,
      created_at: msBefore(created),
      updated_at: msBefore(Math.max(3600000, created - rng.int(0, 4) * DAY)),
    };
  });
  sequences.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const byId = new Map(sequences.map((s) => [s.id, s]));
  const members = new Map(sequences.map((s) => [s.id, new Set<string>()]));
  const recentlyContacted = new Set<string>();
  const examples: AccountSequences['examples'] = { inSequence: [], recentlyContacted: [] };

  // Contacts are in the sequence their activity names; those reached lately are recently contacted.
  for (const id of accountContactIds(seed, accountId)) {
    const c = contact(seed, accountId, id);
    if (!c) continue;
    const activity = (c['recent_activity'] as Array<Record<string, string>>)[0];
    const keys = identityKeys({ email: c['email'] as string, profileSlug: profileSlug(c['profile_url'] as string) });
    if (activity) for (const k of keys) members.get(activity['sequence_id'] ?? '')?.add(k);
    const last = Date.parse(c['last_contacted_at'] as string);
    if (last >= Date.parse(msBefore(RECENT_CONTACT_DAYS * DAY))) for (const k of keys) recentlyContacted.add(k);
  }
  // People of the searchable population: a few in each sequence, a few reached lately outside any.
  const people = rng.sample(population(seed).people, sequences.length * POPULATION_MEMBERS_PER_SEQUENCE + RECENTLY_CONTACTED_PEOPLE);
  SEQUENCE_PLAN.forEach(({ name }, i) => {
    const id = sequenceId(seed, accountId, name);
    for (const m of people.slice(i * POPULATION_MEMBERS_PER_SEQUENCE, (i + 1) * POPULATION_MEMBERS_PER_SEQUENCE)) {
      for (const k of identityKeys({ email: m.email, profileSlug: profileSlug(m.profileUrl) })) members.get(id)?.add(k);
      if (examples.inSequence.every((e) => e.sequence !== name)) examples.inSequence.push({ sequence: name, email: m.email });
    }
  });
  for (const m of people.slice(SEQUENCE_PLAN.length * POPULATION_MEMBERS_PER_SEQUENCE)) {
    for (const k of identityKeys({ email: m.email, profileSlug: profileSlug(m.profileUrl) })) recentlyContacted.add(k);
    examples.recentlyContacted.push(m.email);
  }
  return { sequences, byId, members, recentlyContacted, examples };
}

const cache = new Map<string, AccountSequences>();

/** An account's sequences as the service started with them (shared: never mutate it). */
export function accountSequences(seed: number, accountId: string): AccountSequences {
  const key = `${seed}|${accountId}`;
  let s = cache.get(key);
  if (!s) {
    s = buildSequences(seed, accountId);
    cache.set(key, s);
  }
  return s;
}
