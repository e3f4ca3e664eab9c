// The service's rules for ids, calls, bodies and email addresses, each tried through the real HTTP
// server: ids it never issued (or issued to another account) are 404, POST /calls needs its two
// ids, a body must be declared JSON, parse and match its Content-Length, and addresses follow the
// shared rule.
import { connect } from 'node:net';
import fc from 'fast-check';
import { contactIds, createLocalService, startHttpServer, type RunningServer } from '../../sandbox';
import { MAX_CONTACTS, MIN_CONTACTS } from '../../sandbox/universe/contacts';
import { T0, type ServiceJson } from './helpers';
import { expectHttpError, type HttpReply } from './http-client';

const ALPHA = 'demo-key-alpha';
const BRAVO = 'demo-key-bravo';
const USER = '5b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const TASK = '6b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

type Reply = HttpReply;

let server: RunningServer;
const clock = { now: T0 };
const service = createLocalService({ seed: 11, now: () => clock.now, processingRate: 1000, queueDelayMs: 0 });

beforeAll(async () => {
  server = await startHttpServer(service, { port: 0 });
});
afterAll(async () => {
  await server.close();
});

async function send(method: string, path: string, options: { body?: unknown; key?: string; type?: string | null } = {}): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? ALPHA}` };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (options.type !== null) headers['content-type'] = options.type ?? 'application/json';
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), json: text === '' ? undefined : JSON.parse(text) };
}

const get = (path: string, key?: string) => send('GET', path, { key });
const post = (path: string, body: unknown, key?: string) => send('POST', path, { body, key });

/** Checks a reply is the spec's error object with this status, code and (when given) pointer. */
const expectError = expectHttpError;

/**
 * Writes raw bytes to the server over a socket (fetch never sends a Content-Length that is
 * wrong) and reads the first answer. `halfClose` ends the client's side after writing, as a
 * client that has nothing more to send does.
 */
function exchange(bytes: Buffer, halfClose = false): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let got = Buffer.alloc(0);
    const done = (r: Reply | Error) => {
      socket.destroy();
      if (r instanceof Error) reject(r);
      else resolve(r);
    };
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = got.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      const body = got.subarray(end + 4);
      if (!(body.length >= length)) return;
      const text = body.subarray(0, length).toString('utf8');
      done({ status: Number(statusLine.split(' ')[1]), headers, json: text === '' ? undefined : JSON.parse(text) });
    });
    socket.on('error', (e) => done(e));
    socket.on('close', () => done(new Error(`the connection closed without a whole answer: ${JSON.stringify(got.toString('utf8'))}`)));
    socket.write(bytes);
    if (halfClose) socket.end();
  });
}

function rawRequest(path: string, body: Buffer, head: Record<string, string | number>): Buffer {
  const lines = [
    `POST ${path} HTTP/1.1`,
    `host: 127.0.0.1`,
    `authorization: Bearer ${ALPHA}`,
    ...Object.entries(head).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

const reserved = (key = ALPHA) => service.account(key)!.reserved;
const finish = () => {
  clock.now += 60_000;
};

describe('ids the service never issued are 404 not_found', () => {
  const unknownIds = ['00000000-0000-4000-8000-000000000000', '9b1f3a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'not-an-id', '12345', 'A'.repeat(80)];

  test('each contact of the account answers; any other id, of any shape, is 404', async () => {
    const ids = contactIds(service, ALPHA);
    expect(ids.length).toBeGreaterThanOrEqual(MIN_CONTACTS);
    expect(ids.length).toBeLessThanOrEqual(MAX_CONTACTS);
    for (const id of ids) {
      const r = await get(`/contacts/${id}`);
      expect(r.status).toBe(200);
      expect(r.json.id).toBe(id);
    }
    // The same id in capitals is the same contact: ids are UUIDs.
    expect((await get(`/contacts/${ids[0]!.toUpperCase()}`)).json.id).toBe(ids[0]);
    for (const id of unknownIds) expectError(await get(`/contacts/${id}`), 404, 'not_found');
    await fc.assert(
      fc.asyncProperty(fc.uuid(), async (id) => {
        fc.pre(!ids.includes(id));
        expectError(await get(`/contacts/${id}`), 404, 'not_found');
      }),
      { numRuns: 40 },
    );
  });

  test("another account's contacts are 404, both ways", async () => {
    const alpha = contactIds(service, ALPHA);
    const bravo = contactIds(service, BRAVO);
    expect(alpha.filter((id) => bravo.includes(id))).toEqual([]);
    expectError(await get(`/contacts/${bravo[0]}`, ALPHA), 404, 'not_found');
    expectError(await get(`/contacts/${alpha[0]}`, BRAVO), 404, 'not_found');
    expect((await get(`/contacts/${bravo[0]}`, BRAVO)).status).toBe(200);
  });

  test('the contacts are fixed by the seed and the account', () => {
    const again = createLocalService({ seed: 11 });
    const other = createLocalService({ seed: 12 });
    expect(contactIds(again, ALPHA)).toEqual(contactIds(service, ALPHA));
    expect(contactIds(other, ALPHA).filter((id) => contactIds(service, ALPHA).includes(id))).toEqual([]);
    expect(() => contactIds(service, 'no-such-key')).toThrow(/no account/);
  });

  const review = (id: string, key?: string) => post(`/phone_numbers/${id}/review`, { user_id: USER, reason: 'wrong_number' }, key);

  test('a phone number never handed out is 404, whatever its shape', async () => {
    for (const id of unknownIds) expectError(await review(id), 404, 'not_found');
    await fc.assert(
      fc.asyncProperty(fc.uuid(), async (id) => expectError(await review(id), 404, 'not_found')),
      { numRuns: 40 },
    );
  });

  test("a contact's phone numbers can be reviewed by its account only", async () => {
    const [id] = contactIds(service, ALPHA);
    const phone = (await get(`/contacts/${id}`)).json.phone_numbers[0];
    const r = await review(phone.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ object: 'phone_number', id: phone.id, number: phone.number, is_wrong_number: true });
    expectError(await review(phone.id, BRAVO), 404, 'not_found');
  });

  test('numbers a person lookup revealed can be reviewed by the account that looked, and by no other', async () => {
    const hidden = await get('/people/find?email=sam.rivera@example.com');
    expect(hidden.json.phone_numbers).toBeNull();
    const found = await get('/people/find?email=sam.rivera@example.com&reveal_phone_numbers=true');
    expect(found.status).toBe(200);
    const phone = found.json.phone_numbers[0];
    expect((await review(phone.id)).json.id).toBe(phone.id);
    expectError(await review(phone.id, BRAVO), 404, 'not_found');
    expect((await get('/people/find?email=sam.rivera@example.com&reveal_phone_numbers=true', BRAVO)).status).toBe(200);
    expect((await review(phone.id, BRAVO)).status).toBe(200);
  });

  test('numbers in person enrichment results and lead-list leads can be reviewed', async () => {
    const batch = await post('/people/enrichment-requests', { leads: [{ email: 'lee.park@example.com' }], reveal_phone_numbers: true });
    const list = await post('/lead-lists', {
      name: 'L',
      owner: 'o@example.com',
      type: 'email',
      leads: [{ email: 'ana.silva@example.com' }],
      options: { reveal_phone_numbers: true },
    });
    finish();
    const person = (await get(batch.json._links.self.href)).json.results[0].result;
    const lead = (await get(`/lead-lists/${list.json.id}`)).json.leads[0];
    for (const phone of [person.phone_numbers[0], lead.phone_numbers[0]]) {
      expect((await review(phone.id)).json.id).toBe(phone.id);
      expectError(await review(phone.id, BRAVO), 404, 'not_found');
    }
  });

  test("batches and lead lists: unknown ids, ids of any shape and another account's ids are 404", async () => {
    const people = await post('/people/enrichment-requests', { leads: [{ email: 'a@example.com' }] });
    const companies = await post('/companies/enrichment-requests', { companies: [{ domain: 'harborlogistics.com' }] });
    const emails = await post('/email-validations', { emails: [{ email: 'a@example.com' }] });
    const list = await post('/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: [{ email: 'a@example.com' }] });
    const own = [
      people.json._links.self.href,
      companies.json._links.self.href,
      emails.json._links.self.href,
      `/lead-lists/${list.json.id}`,
    ];
    for (const path of own) {
      expect((await get(path)).status).toBe(200);
      expectError(await get(path, BRAVO), 404, 'not_found');
    }
    for (const path of own.slice(0, 3))
      expectError(await send('PATCH', path, { body: { status: 'canceled' }, key: BRAVO }), 404, 'not_found');
    for (const base of ['/people/enrichment-requests', '/companies/enrichment-requests', '/email-validations', '/lead-lists']) {
      for (const id of [...unknownIds, '999999', '-1', '1.5']) expectError(await get(`${base}/${id}`), 404, 'not_found');
    }
  });
});

describe('POST /calls requires task_id and user_id', () => {
  test('either missing is 400 missing_field pointing at it', async () => {
    expectError(
      await post('/calls', { user_id: USER, from: '+15550100', to: '+15550199', duration: 5, answered: true, human: true }),
      400,
      'missing_field',
      '/task_id',
    );
    expectError(
      await post('/calls', { task_id: TASK, from: '+15550100', to: '+15550199', duration: 5, answered: true, human: true }),
      400,
      'missing_field',
      '/user_id',
    );
    expectError(await post('/calls', {}), 400, 'missing_field', '/task_id');
  });

  test('the two ids alone log a call; every other field is optional', async () => {
    const r = await post('/calls', { task_id: TASK, user_id: USER });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      task_id: TASK,
      user_id: USER,
      duration: 0,
      answered: false,
      human: false,
      disposition_id: null,
      transcription: null,
    });
    const full = await post('/calls', {
      task_id: TASK,
      user_id: USER,
      from: '+15550100',
      to: '+15550199',
      duration: 42,
      answered: true,
      human: true,
      transcription: 'Hi',
      recording_url: 'https://rec.example/1',
      disposition_id: USER,
    });
    expect(full.status).toBe(201);
    expect(full.json).toMatchObject({
      from: '+15550100',
      to: '+15550199',
      duration: 42,
      answered: true,
      human: true,
      transcription: 'Hi',
      disposition_id: USER,
    });
  });
});

describe('a body must be JSON', () => {
  const emails = { emails: [{ email: 'a@example.com' }] };

  test.each([
    ['text/plain', 'text/plain'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['JSON in another charset', 'application/json; charset=iso-8859-1'],
    ['a JSON-like type', 'application/vnd.api+json'],
  ])('declared as %s: 400 unsupported_value, nothing started', async (_what, type) => {
    const before = reserved();
    expectError(await send('POST', '/email-validations', { body: emails, type }), 400, 'unsupported_value');
    expect(reserved()).toEqual(before);
  });

  test('with no Content-Type at all: 400 unsupported_value', async () => {
    const body = Buffer.from(JSON.stringify(emails));
    const r = await exchange(rawRequest('/email-validations', body, { 'content-length': body.length }));
    expectError(r, 400, 'unsupported_value');
    expect(r.json._errors[0].detail).toMatch(/Content-Type/);
  });

  test('JSON declared in any letter case, with a UTF-8 charset, is read', async () => {
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"']) {
      expect((await send('POST', '/email-validations', { body: emails, type })).status).toBe(202);
    }
  });

  test.each([
    ['cut-off JSON', '{"emails": [{"email": "a@example.com"}'],
    ['not JSON', 'emails=a@example.com'],
    ['a JSON array', '[{"email": "a@example.com"}]'],
    ['a JSON string', '"a@example.com"'],
  ])('%s declared as JSON: 400 unsupported_value', async (_what, body) => {
    expectError(await send('POST', '/email-validations', { body }), 400, 'unsupported_value');
  });
});

describe('a body must match its Content-Length', () => {
  const body = Buffer.from(JSON.stringify({ emails: [{ email: 'a@example.com' }, { email: 'b@example.com' }] }));
  const json = { 'content-type': 'application/json' };

  test('a body as long as it says is read (the raw client works)', async () => {
    expect((await exchange(rawRequest('/email-validations', body, { ...json, 'content-length': body.length }))).status).toBe(202);
  });

  test('shorter, with the client waiting for the answer: 400 with the error object', async () => {
    const before = reserved();
    const r = await exchange(rawRequest('/email-validations', body, { ...json, 'content-length': body.length + 20 }));
    expectError(r, 400, 'unsupported_value');
    expect(r.json._errors[0].detail).toMatch(/short of its Content-Length/);
    expect(r.headers['connection']).toBe('close');
    expect(reserved()).toEqual(before);
  }, 20_000);

  test('shorter, with the client closing its side: 400 with the error object', async () => {
    const r = await exchange(rawRequest('/email-validations', body, { ...json, 'content-length': body.length + 20 }), true);
    expectError(r, 400, 'unsupported_value');
    expect(r.json._errors[0].detail).toMatch(/short of its Content-Length/);
  });

  test.each([
    ['a cut-off object', 7],
    ['a whole object followed by more', 0],
  ])('longer (%s): 400 with the error object, nothing started', async (_what, cut) => {
    const before = reserved();
    const sent = cut === 0 ? Buffer.concat([body, Buffer.from('{"emails":[]}')]) : body;
    const r = await exchange(
      rawRequest('/email-validations', sent, { ...json, 'content-length': cut === 0 ? body.length : body.length - cut }),
    );
    expectError(r, 400, 'unsupported_value');
    expect(r.json._errors[0].detail).toMatch(/longer than its Content-Length/);
    expect(reserved()).toEqual(before);
  });

  test('a body with no Content-Length: 400 with the error object', async () => {
    const r = await exchange(rawRequest('/email-validations', body, json));
    expectError(r, 400, 'unsupported_value');
  });

  test('bytes that are no HTTP request: 400 with the error object', async () => {
    expectError(await exchange(Buffer.from('HELLO THERE\r\n\r\n')), 400, 'unsupported_value');
  });
});

describe('email addresses follow the shared rule', () => {
  const ok = [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'c@example.com' }];

  test.each([
    ['a NUL', 'jane\u0000doe@example.com'],
    ['a control character', 'jane\u001bdoe@example.com'],
    ['a local part of 65 characters', `${'j'.repeat(65)}@example.com`],
    ['a domain with a trailing dot', 'jane.doe@example.com.'],
  ])('%s is refused with a pointer to the item', async (_why, email) => {
    const before = reserved();
    const items = [...ok, { email }];
    expectError(await post('/email-validations', { emails: items }), 400, 'unsupported_value', '/emails/3/email');
    expectError(await post('/people/enrichment-requests', { leads: items }), 400, 'unsupported_value', '/leads/3/email');
    expectError(
      await post('/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: items }),
      400,
      'unsupported_value',
      '/leads/3/email',
    );
    expectError(await post('/lead-lists', { name: 'L', owner: email, type: 'email', leads: ok }), 400, 'unsupported_value', '/owner');
    expectError(await get(`/people/find?email=${encodeURIComponent(email)}`), 400, 'invalid_parameter', '/email');
    expect(reserved()).toEqual(before);
  });

  test('internationalized addresses are accepted and come back as sent, in UTF-8', async () => {
    const idn = ['名前@例え.jp', 'josé@café.fr', 'пользователь@пример.рф'];
    const started = await post('/email-validations', { emails: idn.map((email) => ({ email })) });
    expect(started.status).toBe(202);
    const list = await post('/lead-lists', { name: 'L', owner: 'josé@café.fr', type: 'email', leads: idn.map((email) => ({ email })) });
    expect(list.status).toBe(202);
    finish();
    expect((await get(started.json._links.self.href)).json.results.map((r: ServiceJson) => r.email)).toEqual(idn);
    expect((await get(`/lead-lists/${list.json.id}`)).json.owner).toBe('josé@café.fr');
    expect([200, 404, 451]).toContain((await get(`/people/find?email=${encodeURIComponent(idn[0]!)}`)).status);
  });

  test('internationalized domains are found like any other: people, companies and deliverable addresses', async () => {
    const people = Array.from({ length: 30 }, (_, i) => `person${i}@bücher${i}.de`);
    const found = await Promise.all(people.map(async (email) => (await get(`/people/find?email=${encodeURIComponent(email)}`)).status));
    // Most are found (about 10% are not, 3% removed for privacy, by hash).
    expect(found.filter((s) => s === 200).length).toBeGreaterThan(20);
    expect((await get(`/companies/find?domain=${encodeURIComponent('café.fr')}`)).status).toBe(200);
    const started = await post('/email-validations', { emails: people.map((email) => ({ email })) });
    finish();
    const results = (await get(`${started.json._links.self.href}?page[size]=100`)).json.results.map((r: ServiceJson) => r.result);
    expect(results.filter((r: string) => r === 'deliverable').length).toBeGreaterThan(10);
  });

  test('a name read from an accented address keeps its letters', async () => {
    const person = await get(`/people/find?email=${encodeURIComponent('josé.garcía@example.com')}`);
    expect(person.status).toBe(200);
    expect(person.json.name).toBe('José García');
  });
});
