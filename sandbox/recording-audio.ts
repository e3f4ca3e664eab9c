// The audio behind a call recording's link: each link is issued for 24 hours and serves a short
// generated WAV until then, 410 `gone` after. A link is a capability, like a signed download
// address: it needs no key, and, not being an API endpoint, draws no fault and counts against no limit.
import { ApiError, notFound } from './errors';
import { HOUR } from './limits';
import { createdId, type ServiceState } from './state';
import type { LocalRequest, LocalResponse } from '../toolkit/local-http';

/** Links are `<base>/recordings/<token>.wav`; no API path starts so. */
const AUDIO_PATH = /^\/recordings\/([^/]+)\.wav$/;
export const AUDIO_TYPE = 'audio/wav';
export const LINK_LIFETIME_MS = 24 * HOUR;

/** Issues a new link to a call's audio at `t`: a new token each time, valid for 24 hours. */
export function issueLink(state: ServiceState, callId: string, t: number): { url: string; expiresAt: number } {
  const token = createdId(state, 'recording');
  const expiresAt = t + LINK_LIFETIME_MS;
  state.recordingLinks.set(token, { callId, expiresAt });
  return { url: `${state.baseUrl}/recordings/${token}.wav`, expiresAt };
}

const SAMPLE_RATE = 8000;

/**
 * One second of a 440 Hz tone as 8-bit mono PCM in a RIFF/WAVE file. Every byte, header and
 * samples, is below 0x80 (samples swing around 64, not 128): a service answer's body is text, and
 * bytes in the ASCII range pass through text unchanged, over HTTP and in-process alike.
 */
function toneWav(): string {
  const samples = SAMPLE_RATE;
  const out = Buffer.alloc(44 + samples);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE, 28); // bytes a second
  out.writeUInt16LE(1, 32); // bytes a frame
  out.writeUInt16LE(8, 34); // bits a sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) out[44 + i] = 64 + Math.round(40 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE));
  if (out.some((b) => b >= 0x80)) throw new Error('the generated audio must stay in the ASCII range');
  return out.toString('latin1');
}

let audio: string | undefined;

function problem(e: ApiError, headers: Record<string, string> = {}): LocalResponse {
  return { status: e.status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(e.body()) };
}

/** Answers a request for a recording's audio, or undefined when the path is not a recording link's. */
export function serveAudio(state: ServiceState, req: LocalRequest): LocalResponse | undefined {
  // The path alone: a query is no concern of a link, and the API reports a bad one itself.
  const q = req.path.indexOf('?');
  const m = AUDIO_PATH.exec(q < 0 ? req.path : req.path.slice(0, q));
  if (!m) return undefined;
  const method = req.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD')
    return problem(new ApiError(405, 'method_not_allowed', `${method} is not allowed on a recording`), { allow: 'GET, HEAD' });
  const link = state.recordingLinks.get(m[1] ?? '');
  if (!link) return problem(notFound('No recording at this address'));
  if (state.now() >= link.expiresAt)
    return problem(new ApiError(410, 'gone', 'This recording link has expired; ask GET /calls/{id}/recording for a new one'));
  audio ??= toneWav();
  return { status: 200, headers: { 'content-type': AUDIO_TYPE, 'cache-control': 'private, no-store' }, body: audio };
}
