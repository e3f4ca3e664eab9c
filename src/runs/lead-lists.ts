// The account's existing lead lists, for adding rows to one: the lists the sidebar offers, and
// the list a run adds to, with the type and options that decide what its rows send and cost.
import { fail } from '../base/fail';
import { ProspectingError } from '../api/errors';
import type { ProspectingClient } from '../api/client';
import type { LeadList } from '../api/schemas';
import type { ActionOptions, LeadListType, ListTarget } from '../jobs/action-catalog';
import { creditWords } from '../jobs/credit-words';
import { creditParts, estimateTally } from '../jobs/credit-parts';
import { requireClient } from '../gas/client-factory';

/** The list's type as a request names it; the types a list may have that no request sends, undefined. */
const REQUEST_TYPE: Record<string, LeadListType> = { email: 'email', profile: 'profile', title_and_company: 'titles_and_company' };

export const LIST_TYPE_WORDS: Record<LeadListType, string> = {
  email: 'email',
  profile: 'profile URL',
  titles_and_company: 'title and company',
};

export interface LeadListChoice {
  id: string;
  name: string;
  status: string;
  /** How it matches leads, in words. */
  matches: string;
  /** What each added row may cost by the list's own options, or why rows cannot be added here. */
  note: string;
  accepts: boolean;
}

type ListHead = Omit<LeadList, 'leads' | '_links'>;

/** The list's options as a run's; a list shown without them may have any, so it is priced at the most. */
const optionsOf = (list: ListHead, type: LeadListType): ActionOptions => {
  const o = list.options ?? { enrich: true, validate_email: true, reveal_phone_numbers: true };
  return { listType: type, enrich: o.enrich, validateEmail: o.validate_email, revealPhones: o.reveal_phone_numbers };
};

const choice = (list: ListHead): LeadListChoice => {
  const type = REQUEST_TYPE[list.type];
  const base = { id: list.id, name: list.name, status: list.status };
  if (!type) return { ...base, matches: list.type, note: 'Matches leads in a way rows cannot be sent.', accepts: false };
  const cost = creditWords(creditParts(estimateTally('lead_list', 1, optionsOf(list, type))));
  const costs = list.options ? 'costs' : 'may cost up to';
  return { ...base, matches: LIST_TYPE_WORDS[type], note: `Each row added ${costs} ${cost || 'no credits'}.`, accepts: true };
};

/** Every lead list of the account, newest first, each with what adding rows to it means. */
export const listLeadLists = (): LeadListChoice[] => {
  const out: LeadListChoice[] = [];
  for (const page of requireClient().leadListIndexPages()) out.push(...page.lead_lists.map(choice));
  return out;
};

/** The existing list a run adds to: its name and owner for the job, its type and options for the rows. */
export const existingList = (client: ProspectingClient, id: string): { list: ListTarget; options: ActionOptions } => {
  let list: ListHead;
  try {
    list = client.getLeadList(id, { size: 1 }).value;
  } catch (e) {
    if (e instanceof ProspectingError && e.kind === 'not_found') fail('That lead list no longer exists. Choose another.');
    throw e;
  }
  const type = REQUEST_TYPE[list.type];
  if (!type) fail(`The lead list "${list.name}" matches leads by ${list.type}, which rows cannot be sent as.`);
  return {
    list: { id: list.id, name: list.name, owner: list.owner, shared: list.shared, visible: list.visible },
    options: optionsOf(list, type),
  };
};
