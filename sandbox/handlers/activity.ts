// Sales activity endpoints: logging a call, reviewing a phone number, reading a contact, and the account.
import { notFound } from '../errors';
import { jsonObjectBody } from '../request';
import { createdId, json, type Ctx, type Reply } from '../state';
import { contact } from '../universe/catalog';
import type { PhoneNumber } from '../universe/people';
import { isUuid, optString, optUuid, reqBoolean, reqInteger, reqString, reqUuid } from '../validate';

export function logCall(ctx: Ctx): Reply {
  const body = jsonObjectBody(ctx.body);
  const from = reqString(body, 'from', '');
  const to = reqString(body, 'to', '');
  const duration = reqInteger(body, 'duration', '', 0);
  const answered = reqBoolean(body, 'answered', '');
  const human = reqBoolean(body, 'human', '');
  const taskId = optUuid(body, 'task_id', '');
  const userId = optUuid(body, 'user_id', '');
  const dispositionId = optUuid(body, 'disposition_id', '');
  const transcription = optString(body, 'transcription', '');
  optString(body, 'recording_url', '');
  return json(201, {
    id: createdId(ctx.state, 'call'),
    disposition_id: dispositionId ?? null,
    duration,
    external: true,
    start_date: new Date(ctx.t - duration * 1000).toISOString(),
    from,
    to,
    notes: null,
    transcription: transcription ?? null,
    task_id: taskId ?? null,
    user_id: userId ?? null,
    human,
    answered,
    contact: null,
  });
}

/** 200 with the phone number when this service handed it out, `{}` for any other well-formed id. */
export function reviewPhoneNumber(ctx: Ctx): Reply {
  const id = (ctx.params[0] ?? '').toLowerCase();
  if (!isUuid(id)) throw notFound('No phone number with this id');
  const body = jsonObjectBody(ctx.body);
  reqUuid(body, 'user_id', '');
  const reason = reqString(body, 'reason', '');
  ctx.account.reviews.set(id, reason);
  const phone = ctx.state.phones.get(id);
  if (!phone) return json(200, {});
  return json(200, { ...phone, is_wrong_number: /wrong/i.test(reason) || phone.is_wrong_number });
}

export function readContact(ctx: Ctx): Reply {
  const id = (ctx.params[0] ?? '').toLowerCase();
  if (!isUuid(id)) throw notFound('No contact with this id');
  const found = contact(ctx.state.seed, ctx.account.id, id);
  if (!found) throw notFound('No contact with this id');
  for (const phone of (found['phone_numbers'] as PhoneNumber[] | undefined) ?? []) ctx.state.phones.set(phone.id, phone);
  return json(200, found);
}

export function accountInfo(ctx: Ctx): Reply {
  return json(200, { id: ctx.account.id, name: ctx.account.name });
}
