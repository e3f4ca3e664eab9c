// POST /lead-lists/{id}/leads: more leads for an existing list, processed with the list's own
// options and credits, up to the list's capacity; leads past it are refused from the first one.
import { ApiError, unsupported } from '../errors';
import { jsonObjectBody } from '../request';
import type { Ctx, Reply } from '../state';
import { reqObjectArray } from '../validate';
import { addSegment, LIST_TYPE, ownList, readLead, REQUEST_TYPES, renderList, type Meta } from './lead-lists';

export function addLeadsToList(ctx: Ctx): Reply {
  const list = ownList(ctx, ctx.params[0]);
  const meta = list.meta as Meta;
  const body = jsonObjectBody(ctx.body);
  const type = body['type'];
  // The request's `titles_and_company` and the list's `title_and_company` name the same type.
  if (type !== undefined && type !== null && type !== meta.type && type !== LIST_TYPE[meta.type]) {
    const known =
      typeof type === 'string' && ((REQUEST_TYPES as ReadonlyArray<string>).includes(type) || Object.values(LIST_TYPE).includes(type));
    throw unsupported(
      '/type',
      known ? `The list is a ${LIST_TYPE[meta.type]} list, not ${type}` : `type must be the list's type, ${meta.type}`,
    );
  }
  const leads = reqObjectArray(body, 'leads', '', ctx.state.limits.leadsPerList, 'lead').map((l, i) => readLead(l, i, meta.type));
  const room = Math.max(0, ctx.state.limits.leadListCapacity - list.size);
  const taken = leads.slice(0, room);
  if (taken.length > 0) addSegment(ctx, list, taken);
  if (taken.length < leads.length) {
    // Leads before the pointer were added and are processed; this one and those after it were not.
    throw new ApiError(
      409,
      'invalid_state',
      `A lead list holds at most ${ctx.state.limits.leadListCapacity} leads; ${taken.length} of the ${leads.length} leads were added, up to /leads/${taken.length}`,
      `/leads/${taken.length}`,
    );
  }
  return renderList(ctx, list, 202);
}
