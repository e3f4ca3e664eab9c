// GET /lead-lists: the account's lead lists, newest first, cursor-paged, each without its leads.
import { INDEX_PAGE } from '../paging';
import { json, type Ctx, type Reply } from '../state';
import { listSummary } from './lead-lists';
import { keywordFilter } from './listings';
import { page } from './listing-page';

export function listLeadLists(ctx: Ctx): Reply {
  const name = keywordFilter(ctx, 'name')?.toLowerCase();
  // Newest first; lists made at the same moment, the one made last first.
  const lists = [...ctx.state.leadLists.values()]
    .filter((l) => l.accountId === ctx.account.id)
    .reverse()
    .filter((l) => name === undefined || (l.meta as { name: string }).name.toLowerCase().includes(name));
  const { items, links } = page(ctx, '/lead-lists', name === undefined ? [] : [['name', name]], INDEX_PAGE, lists);
  return json(200, {
    lead_lists: items.map((l) => ({ ...listSummary(l, ctx.state, ctx.t), _links: { self: { href: `/lead-lists/${l.id}` } } })),
    _links: links,
  });
}
