// The contacts an account has: a fixed set per account, derived from the seed and the account id,
// with their phone numbers. Any other contact id, or another account's, is unknown.
import { Rng, unit, uuidFrom } from '../hash';
import { Lru } from './cache';
import { DAY, msBefore } from './clock';
import { PROFILE_HOST } from './companies';
import { findPerson, type PersonRecord, type PhoneNumber } from './people';

/** How many contacts an account has: a handful to a few dozen, drawn per account. */
export const MIN_CONTACTS = 6;
export const MAX_CONTACTS = 36;

/** The sequences contacts have activity in; each account has them, among others (see sequences.ts). */
export const CONTACT_SEQUENCES = [
  'Q4 Outbound - Enterprise',
  'Inbound Follow-up',
  'Event Attendees',
  'Re-engage Closed Lost',
  'New Product Launch',
];

interface AccountContacts {
  ids: string[];
  known: Set<string>;
  /** Every phone number of the account's contacts, by id; filled when first asked. */
  phones?: Map<string, PhoneNumber>;
}

const byAccount = new Lru<string, AccountContacts>(64);

function accountContacts(seed: number, accountId: string): AccountContacts {
  return byAccount.get(`${seed}|${accountId}`, () => {
    const count = MIN_CONTACTS + Math.floor(unit(seed, 'contact-count', accountId) * (MAX_CONTACTS - MIN_CONTACTS + 1));
    const ids = Array.from({ length: count }, (_, i) => uuidFrom(seed, 'contact', accountId, i));
    return { ids, known: new Set(ids) };
  });
}

/** The ids of an account's contacts, in a stable order; every other id is 404 for this account. */
export function accountContactIds(seed: number, accountId: string): string[] {
  return [...accountContacts(seed, accountId).ids];
}

/** The person behind a contact: a profile always found, so an issued contact always answers. */
function contactPerson(seed: number, id: string): PersonRecord {
  const outcome = findPerson(seed, { profile_url: `${PROFILE_HOST}/in/found-${id.replace(/-/g, '')}` });
  if (outcome.status !== 'enriched') throw new Error('a contact profile must be found');
  return outcome.person;
}

/** A phone number of one of the account's contacts, or undefined. */
export function contactPhone(seed: number, accountId: string, phoneId: string): PhoneNumber | undefined {
  const contacts = accountContacts(seed, accountId);
  if (!contacts.phones) {
    contacts.phones = new Map();
    for (const id of contacts.ids) for (const phone of contactPerson(seed, id).phones) contacts.phones.set(phone.id, phone);
  }
  return contacts.phones.get(phoneId);
}

/** An account's contact with its recent sequence activity, newest first; undefined for an id it does not have. */
export function contact(seed: number, accountId: string, id: string): Record<string, unknown> | undefined {
  if (!accountContacts(seed, accountId).known.has(id)) return undefined;
  const p = contactPerson(seed, id);
  const rng = new Rng(seed, 'contact', accountId, id);
  const created = rng.int(20, 400) * DAY + rng.int(0, 86399999);
  const activity: Array<Record<string, unknown>> = [];
  let at = created;
  const steps = rng.int(1, 6);
  const sequence = rng.pick(CONTACT_SEQUENCES);
  const sequenceId = uuidFrom(seed, 'sequence', accountId, sequence);
  for (let i = 0; i < steps; i++) {
    activity.push({
      event_at: msBefore(at),
      event_type:
        i === 0 ? 'added_to_sequence' : rng.pick(['completed_without_reply', 'email_sent', 'email_opened', 'call_completed', 'replied']),
      sequence_id: sequenceId,
      sequence_type: 'sequence',
      sequence_name: sequence,
    });
    at = Math.max(3600000, at - rng.int(1, 9) * DAY);
  }
  activity.reverse();
  return {
    id,
    name: p.name,
    first_name: p.firstName,
    last_name: p.lastName,
    profile_url: `${PROFILE_HOST}/in/${p.firstName}-${p.lastName}-${id.slice(0, 6)}`.toLowerCase().replace(/[^a-z0-9:/.-]/g, ''),
    email: p.email,
    time_zone: p.place.timeZone,
    location: [p.place.city, p.place.state, p.place.country].filter(Boolean).join(', '),
    title: p.title,
    company_domain: p.company.domain,
    company_name: p.company.name,
    owner: `${rng.pick(['alex', 'jordan', 'sam', 'casey'])}@sales.example`,
    created_at: msBefore(created),
    last_contacted_at: activity[0]?.['event_at'] ?? msBefore(created),
    phone_numbers: p.phones.map((ph) => ({ ...ph, kind: ph.type === 'mobile' ? 'mobile' : 'work' })),
    recent_activity: activity,
  };
}
