// GET /calls/{id}/recording: a new link to the audio of a call the account logged with a
// recording, valid for 24 hours (the rate limit, 50 an hour, is the route's: see rate-rules.ts).
import { notFound } from '../errors';
import { AUDIO_TYPE, issueLink } from '../recording-audio';
import { json, type Ctx, type Reply } from '../state';

export function readCallRecording(ctx: Ctx): Reply {
  // Only the account's own calls: another account's id is as unknown as one never issued.
  const call = ctx.account.calls.get((ctx.params[0] ?? '').toLowerCase());
  if (!call) throw notFound('No call with this id');
  if (!call.recorded) throw notFound('This call has no recording');
  const link = issueLink(ctx.state, call.id, ctx.t);
  return json(200, {
    object: 'call_recording',
    call_id: call.id,
    url: link.url,
    content_type: AUDIO_TYPE,
    duration: call.duration,
    expires_at: new Date(link.expiresAt).toISOString(),
  });
}
