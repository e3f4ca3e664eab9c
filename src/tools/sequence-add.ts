// Adding the selected rows to a sequence: each row's lead (its email and/or profile URL, and the
// columns the person mapped as the sequence's fields), and each lead's fate read from the answer.
import { SEQUENCE_LEADS_PER_REQUEST } from '../api/requests';
import { SKIPPED_LIST, type LeadRef, type Sequence } from '../api/schemas';
import { columnHeaded, detectMapping } from '../sheet/columns';
import { cellText, normalizeEmail, normalizeProfileUrl, profileUrlForRequest } from '../sheet/keys';
import { ADDED_TO, SEQUENCE_SKIPS, skippedStatus } from '../jobs/row-status';
import type { RowSender } from './row-action-send';

/**
 * What a lead is known by, as sent (emails lower-cased): two leads sharing an email or a profile
 * URL are one. An email (with its @) is never a profile URL (with its ://), so both share one set.
 */
const keys = (lead: LeadRef): string[] => [lead.email, lead.profile_url].filter(Boolean) as string[];

/**
 * Rows as leads of `sequence`, in requests of up to 250: `data` maps a column's header to the
 * sequence field it fills; `overrides` go with every lead.
 */
export const sequenceSender = (
  sequence: Sequence,
  data: Record<string, string>,
  overrides: Record<string, boolean>,
  mailboxId?: string,
): RowSender => ({
  headers: ['Sequence · Status'],
  batch: SEQUENCE_LEADS_PER_REQUEST,
  planner: (headers) => {
    const { email, profile_url } = detectMapping(headers);
    const fields = Object.entries(data).map(([header, field]) => [columnHeaded(headers, header), field] as const);
    return (row) => {
      const lead: LeadRef & { data?: Record<string, string> } = {};
      const address = normalizeEmail(row[email ?? -1]);
      const profile = normalizeProfileUrl(row[profile_url ?? -1]);
      if (address) lead.email = address;
      if (profile) lead.profile_url = profileUrlForRequest(profile);
      for (const [i, field] of fields) {
        const text = cellText(row[i]);
        if (text.length > 1024) return { reason: `${field} is over 1,024 characters` };
        if (text) (lead.data ??= {})[field] = text;
      }
      if (address || profile) return { body: lead };
      // A row with nothing in it is no row; one with other cells lacks what finds the person.
      return row.some(cellText) ? { reason: 'no email or profile URL' } : { blank: true };
    };
  },
  keys,
  send: (client, leads) => {
    const answer = client.addToSequence(sequence.id, {
      leads: leads.map((l) => ({ ...l, overrides })),
      ...(mailboxId ? { settings: { mailbox_id: mailboxId } } : {}),
    });
    // Each skipped lead by what it is first known by, as sent: the same for the lead and its answer.
    const why = new Map<string, string>();
    for (const [list, refs] of Object.entries(answer)) {
      // A list the add-on does not know yet still skips its leads, in its own name.
      const name = list.slice(0, -12);
      if (list.endsWith(SKIPPED_LIST)) for (const ref of refs as LeadRef[]) why.set(keys(ref)[0]!, SEQUENCE_SKIPS[name] ?? name);
    }
    // A lead no list names was added (a repeat inside a request is never sent, see keys).
    return leads.map((lead) => {
      const reason = why.get(keys(lead)[0]!);
      return { status: reason ? skippedStatus(reason) : ADDED_TO + sequence.name };
    });
  },
  refusal: (e) =>
    (['not_found', 'invalid_state'].includes(e.kind) && 'The sequence is gone or closed.') ||
    (e.pointer === '/settings/mailbox_id' && `The mailbox to send from cannot be used: ${e.detail ?? 'choose another'}.`),
});
