// Sales activity endpoints: logging a call (kept for its recording), reviewing a phone number, reading a contact, and the account.
import { notFound } from '../errors';
import { jsonObjectBody } from '../request';
import { createdId, json, type Ctx, type Reply } from '../state';
import { contact, contactPhone } from '../universe/contacts';
import { isUuid, optBoolean, optInteger, optString, optUuid, reqString, reqUuid } from '../validate';

/** `task_id` and `user_id` are required, as the public service requires them; the rest is optional. */
export function logCall(ctx: Ctx): Reply {
  const body = jsonObjectBody(ctx.body);
  // Read in the order of the spec's fields, so the first bad one is the one reported.
  const from = optString(body, 'from', '');
  const to = optString(body, 'to', '');
  const duration = optInteger(body, 'duration', '', 0);
  const answered = optBoolean(body, 'answered', '');
  const human = optBoolean(body, 'human', '');
  const taskId = reqUuid(body, 'task_id', '');
  const userId = reqUuid(body, 'user_id', '');
  const transcription = optString(body, 'transcription', '');
  const recordingUrl = optString(body, 'recording_url', '');
  const dispositionId = optUuid(body, 'disposition_id', '');
  const seconds = duration ?? 0;
  const id = createdId(ctx.state, 'call');
  // Kept for the account, so its recording can be asked for; a call with an empty url has none.
  ctx.account.calls.set(id, { id, duration: seconds, recorded: recordingUrl !== undefined && recordingUrl !== '' });
  return json(201, {
    id,
    disposition_id: dispositionId ?? null,
    duration: seconds,
    external: true,
    start_date: new Date(ctx.t - seconds * 1000).toISOString(),
    from: from ?? '',
    to: to ?? '',
    notes: null,
    transcription: transcription ?? null,
    task_id: taskId,
    user_id: userId,
    human: human ?? false,
    answered: answered ?? false,
    contact: null,
  });
}

/** The id in the path, lower-cased; 404 for anything that is not a UUID. */
function idParam(ctx: Ctx, what: string): string {
  const id = (ctx.params[0] ?? '').toLowerCase();
  if (!isUuid(id)) throw notFound(`No ${what} with this id`);
  return id;
}

/**
 * 200 with the phone number. Only numbers this account was handed (inside the people it was
 * answered with, or on its contacts) exist for it; any other id is 404, whatever its shape.
 */
export function reviewPhoneNumber(ctx: Ctx): Reply {
  const id = idParam(ctx, 'phone number');
  // An id the account was never handed is 404 whatever the body says.
  const phone = ctx.account.phones.get(id) ?? contactPhone(ctx.state.seed, ctx.account.id, id);
  if (!phone) throw notFound('No phone number with this id');
  const body = jsonObjectBody(ctx.body);
  reqUuid(body, 'user_id', '');
  const reason = reqString(body, 'reason', '');
  ctx.account.reviews.set(id, reason);
  return json(200, { ...phone, is_wrong_number: /wrong/i.test(reason) || phone.is_wrong_number });
}

/** One of the account's own contacts (see `accountContactIds`); any other id is 404. */
export function readContact(ctx: Ctx): Reply {
  const found = contact(ctx.state.seed, ctx.account.id, idParam(ctx, 'contact'));
  if (!found) throw notFound('No contact with this id');
  return json(200, found);
}

export function accountInfo(ctx: Ctx): Reply {
  return json(200, { id: ctx.account.id, name: ctx.account.name });
}
