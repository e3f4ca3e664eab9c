// GET /calls/{id}/recording over HTTP, as the decisions document sets it: calls kept per account
// from POST /calls, the recording's shape, a new 24-hour link per request whose audio is served
// until it expires and 410 after, the 404s, and 50 requests in any sliding hour with Retry-After.
import { SPEC as S } from '../../sandbox/spec-schemas';
import type { ServiceJson } from './helpers';
import { expectHttpError, httpHarness, type HttpHarness } from './http-client';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const TASK = '3f0c2a9e-5b1d-4c7e-9a4f-2d8e6b1c0a77';
const USER = '8d4e1f2a-7c3b-4e9d-a5f6-1b2c3d4e5f60';

function conforms(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown): void {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`schema mismatch: ${JSON.stringify(r.error?.issues.slice(0, 3))}\nvalue: ${JSON.stringify(value)}`);
}

/** Logs a call (with a recording when `recording_url` is given) and answers its id. */
async function logCall(h: HttpHarness, extra: Record<string, unknown> = {}, key?: string): Promise<string> {
  const r = await h.send('POST', '/calls', { task_id: TASK, user_id: USER, duration: 95, ...extra }, key);
  expect(r.status).toBe(201);
  conforms(S.CallRecord, r.json);
  return r.json.id;
}

const recordingOf = (h: HttpHarness, id: string, key?: string) => h.send('GET', `/calls/${id}/recording`, undefined, key);

/** Fetches a recording link as a browser would: no key. */
async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /calls/{id}/recording', () => {
  let h: HttpHarness;
  beforeEach(async () => {
    h = await httpHarness();
  });
  afterEach(() => h.close());

  test("answers the call's recording: its id, a link on the service's own address, audio/wav, the duration and when the link expires", async () => {
    const id = await logCall(h, { recording_url: 'https://calls.example/rec/1.mp3' });
    const r = await recordingOf(h, id);
    expect(r.status).toBe(200);
    conforms(S.CallRecording, r.json);
    expect(r.json).toEqual({
      object: 'call_recording',
      call_id: id,
      url: expect.stringMatching(new RegExp(`^${h.url}/`)),
      content_type: 'audio/wav',
      duration: 95,
      expires_at: new Date(h.clock.now + 24 * HOUR).toISOString(),
    });
  });

  test('each request issues a new link, and each serves the audio as a short WAV, with no key', async () => {
    const id = await logCall(h, { recording_url: 'https://calls.example/rec/2.mp3' });
    const first = (await recordingOf(h, id)).json.url;
    const second = (await recordingOf(h, id)).json.url;
    expect(second).not.toBe(first);
    for (const url of [first, second]) {
      const a = await download(url);
      expect(a.status).toBe(200);
      expect(a.type).toBe('audio/wav');
      // A RIFF/WAVE file whose sizes agree with its length: 8-bit mono PCM, one second at 8 kHz.
      expect(a.bytes.toString('ascii', 0, 4)).toBe('RIFF');
      expect(a.bytes.toString('ascii', 8, 16)).toBe('WAVEfmt ');
      expect(a.bytes.readUInt32LE(4)).toBe(a.bytes.length - 8);
      expect(a.bytes.toString('ascii', 36, 40)).toBe('data');
      expect(a.bytes.readUInt32LE(40)).toBe(a.bytes.length - 44);
      expect([a.bytes.readUInt16LE(20), a.bytes.readUInt16LE(22), a.bytes.readUInt32LE(24), a.bytes.readUInt16LE(34)]).toEqual([
        1, 1, 8000, 8,
      ]);
      expect(a.bytes.length - 44).toBe(8000);
      // Not silence: the samples move.
      expect(new Set(a.bytes.subarray(44)).size).toBeGreaterThan(10);
    }
  });

  test('a link serves the audio for 24 hours on the service clock, then 410 gone; a new request gives a working link again', async () => {
    const id = await logCall(h, { recording_url: 'https://calls.example/rec/3.mp3' });
    const old = (await recordingOf(h, id)).json.url;
    h.clock.now += 24 * HOUR - SECOND;
    expect((await download(old)).status).toBe(200);
    h.clock.now += SECOND;
    const res = await fetch(old);
    expect(res.status).toBe(410);
    const body = (await res.json()) as ServiceJson;
    conforms(S.ErrorObject, body);
    expect(body._errors[0].code).toBe('gone');
    const fresh = await recordingOf(h, id);
    expect(fresh.json.expires_at).toBe(new Date(h.clock.now + 24 * HOUR).toISOString());
    expect((await download(fresh.json.url)).status).toBe(200);
    // An address that was never a link is 404, not 410.
    expect((await download(`${h.url}/recordings/00000000-0000-4000-8000-000000000000.wav`)).status).toBe(404);
  });

  test('a call logged without a recording is 404 with the detail the decisions document gives; an unknown id is 404', async () => {
    const none = await logCall(h);
    const empty = await logCall(h, { recording_url: '' });
    for (const id of [none, empty]) {
      const r = await recordingOf(h, id);
      expectHttpError(r, 404, 'not_found');
      expect(r.json._errors[0].detail).toBe('This call has no recording');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-call']) {
      const r = await recordingOf(h, id);
      expectHttpError(r, 404, 'not_found');
      expect(r.json._errors[0].detail).not.toBe('This call has no recording');
    }
  });

  test("another account's call is 404, as if it were never logged", async () => {
    const bravos = await logCall(h, { recording_url: 'https://calls.example/rec/4.mp3' }, 'demo-key-bravo');
    expect((await recordingOf(h, bravos, 'demo-key-bravo')).status).toBe(200);
    const r = await recordingOf(h, bravos, 'demo-key-alpha');
    expectHttpError(r, 404, 'not_found');
    expect(r.json._errors[0].detail).not.toBe('This call has no recording');
  });

  test('50 in any sliding hour per account: the 51st is 429 with Retry-After until the oldest leaves the hour; refused requests use nothing', async () => {
    const id = await logCall(h, { recording_url: 'https://calls.example/rec/5.mp3' });
    const start = h.clock.now;
    for (let i = 0; i < 10; i++) expect((await recordingOf(h, id)).status).toBe(200);
    h.clock.now = start + 10 * MINUTE;
    for (let i = 0; i < 40; i++) expect((await recordingOf(h, id)).status).toBe(200);
    h.clock.now = start + 25 * MINUTE;
    const limited = await recordingOf(h, id);
    expectHttpError(limited, 429, 'rate_limited');
    conforms(S.ErrorObject, limited.json);
    // The oldest ten leave the hour at start + 60 minutes: 35 minutes from now.
    expect(limited.headers['retry-after']).toBe(String(35 * 60));
    // Its own limit: the rest of the API still answers, and another account still has its 50.
    expect((await h.send('GET', '/account-info')).status).toBe(200);
    const bravos = await logCall(h, { recording_url: 'https://calls.example/rec/6.mp3' }, 'demo-key-bravo');
    expect((await recordingOf(h, bravos, 'demo-key-bravo')).status).toBe(200);
    // One second early, still refused (and the refusals counted nothing).
    h.clock.now = start + HOUR - SECOND;
    expect((await recordingOf(h, id)).headers['retry-after']).toBe('1');
    h.clock.now = start + HOUR;
    for (let i = 0; i < 10; i++) expect((await recordingOf(h, id)).status).toBe(200);
    const again = await recordingOf(h, id);
    expectHttpError(again, 429, 'rate_limited');
    expect(again.headers['retry-after']).toBe(String(10 * 60));
    // The spec's figure is the default.
    expect(h.service.limits.recordingsPerHour).toBe(50);
  });

  test('costs no credits', async () => {
    const id = await logCall(h, { recording_url: 'https://calls.example/rec/7.mp3' });
    await recordingOf(h, id);
    expect(h.service.account('demo-key-alpha')!.spent).toEqual({ email: 0, phone: 0 });
  });
});
