// In a world built in-process, the service is reached at the add-on's API address, so a call
// recording's link starts with it and a script in the host opens the audio through the same route.
import { join } from 'node:path';
import { API_BASE_URL } from '../../src/config';
import { buildWorld } from '../../world';

const FIXTURE = join(__dirname, '..', 'host', 'fixtures', 'addon');
const KEY = 'demo-key-alpha';

test("a recording's link is on the API address and a script's UrlFetchApp gets the WAV through the host's route", () => {
  const { host, service } = buildWorld({ bundleDir: FIXTURE, host: { addonMenuTitle: 'Prospecting' } });
  try {
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const call = JSON.parse(
      service.handle({
        method: 'POST',
        path: '/calls',
        headers,
        body: JSON.stringify({
          task_id: '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
          user_id: '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
          recording_url: 'https://calls.example/r.mp3',
        }),
      }).body,
    );
    const rec = JSON.parse(service.handle({ method: 'GET', path: `/calls/${call.id}/recording`, headers, body: '' }).body);
    expect(rec.url.startsWith(`${API_BASE_URL}/recordings/`)).toBe(true);
    const r = host.run('fetchText', [rec.url, { muteHttpExceptions: true }]);
    expect(r.ok).toBe(true);
    const got = r.value as { code: number; text: string; headers: Record<string, string> };
    expect(got.code).toBe(200);
    expect(got.headers['content-type']).toBe('audio/wav');
    expect(got.text.slice(0, 4)).toBe('RIFF');
    expect(got.text).toHaveLength(8044);
  } finally {
    void host.close();
  }
});
