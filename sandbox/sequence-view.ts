// The sequences of the account behind an API key as the start-up output and the read-only view
// show them: each with its status and whether it accepts leads, and leads that show the skip rules.
import type { AccountState } from './account-state';
import { acceptsLeads, accountSequences } from './universe/sequences';

export interface SequenceView {
  sequences: Array<{ id: string; name: string; status: string; accepts_leads: boolean; leads_added: number }>;
  /** Emails to try: one already in each sequence, and people the account reached lately. */
  lead_examples: { in_sequence: Array<{ sequence: string; email: string }>; recently_contacted: string[] };
}

export function sequenceView(seed: number, account: AccountState): SequenceView {
  const s = accountSequences(seed, account.id);
  return {
    sequences: s.sequences.map((q) => ({
      id: q.id,
      name: q.name,
      status: q.status,
      accepts_leads: acceptsLeads(q.status),
      leads_added: account.sequenceLeads.get(q.id)?.size ?? 0,
    })),
    lead_examples: {
      in_sequence: s.examples.inSequence.map((e) => ({ ...e })),
      recently_contacted: [...s.examples.recentlyContacted],
    },
  };
}
