// One page of a cursor-paged listing (territories, exclusions, job openings, sequences, lead
// lists): the window the request asks for and the links around it.
import { requestedSize, type PageBounds } from '../paging';
import type { Ctx } from '../state';

/** One page of `items` with its links; the cursor is bound to the listing, its filters and the account. */
export function page<T>(
  ctx: Ctx,
  path: string,
  filters: Array<[string, string]>,
  bounds: PageBounds,
  items: T[],
): { items: T[]; links: ReturnType<Ctx['state']['pager']['links']> } {
  const binding = `${path}|${JSON.stringify(filters)}|${ctx.account.id}`;
  const { pager } = ctx.state;
  const win = pager.window(ctx.query, bounds, binding);
  const slice = items.slice(win.start, win.start + win.size);
  const links = pager.links(
    path,
    filters,
    { start: win.start, size: slice.length || win.size },
    items.length,
    binding,
    requestedSize(ctx.query, bounds),
  );
  return { items: slice, links };
}
