// A success whose body cannot be read (HTML, not JSON, cut off) is passing for a read, asked
// again; for a request that starts work it means the work started with its id lost: ambiguous.
import type { ProspectingClient } from '../../src/api/client';
import { type ProspectingError, UnexpectedResponseError, UnreadableResponseError } from '../../src/api/errors';
import { isAmbiguous, nextRetryDelay, type RetryPolicy } from '../../src/api/retry';
import { CompanyLookupSchema } from '../../src/api/schemas';
import type { ApiResponse } from '../../src/api/transport';
import { fakeClient, json } from '../support/fake-transport';
import * as f from '../support/fixtures';

const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 4000, budgetMs: 20000 };

const setup = () => fakeClient({ retry: policy });

const html = (status = 200): ApiResponse => ({
  status,
  headers: { 'content-type': 'text/html' },
  text: '<html><body>Bad gateway, try later</body></html>',
});
const cutOff = (status: number, body: unknown): ApiResponse => {
  const text = JSON.stringify(body);
  return { status, headers: { 'content-type': 'application/json' }, text: text.slice(0, Math.floor(text.length / 2)) };
};
const empty = (status: number): ApiResponse => ({ status, headers: {}, text: '' });

function caught(act: () => unknown): ProspectingError {
  try {
    act();
  } catch (e) {
    return e as ProspectingError;
  }
  throw new Error('expected a failure');
}

describe('the policy', () => {
  test('an unreadable answer is retried for reads and ambiguous for requests that start work', () => {
    expect(nextRetryDelay({ kind: 'unreadable', status: 200 }, 1, 0, 'idempotent', policy, () => 0.5)).toBeGreaterThan(0);
    expect(nextRetryDelay({ kind: 'unreadable', status: 202 }, 1, 0, 'starts_work', policy, () => 0.5)).toBeUndefined();
    expect(isAmbiguous({ kind: 'unreadable', status: 202 }, 'starts_work')).toBe(true);
    expect(isAmbiguous({ kind: 'unreadable', status: 200 }, 'idempotent')).toBe(false);
  });
});

describe('reads', () => {
  test('an HTML page with status 200 is asked again, and the next answer is used', () => {
    const { transport, client, slept } = setup();
    transport.answer(html(), json(200, { id: f.UUID(1), name: 'Acme' }));
    expect(client.getAccount().name).toBe('Acme');
    expect(transport.sent).toHaveLength(2);
    expect(slept).toHaveLength(1);
  });

  test('a batch page cut off on the way is asked again', () => {
    const { transport, client } = setup();
    const page = f.emailBatch('completed', [
      { object: 'email_validation_result', email: 'a@acme.example', result: 'risky', catch_all: true },
    ]);
    transport.answer(cutOff(200, page), json(200, page));
    expect(client.getEmailValidation(f.UUID(4)).value.results).toHaveLength(1);
    expect(transport.lines).toEqual([`GET /email-validations/${f.UUID(4)}`, `GET /email-validations/${f.UUID(4)}`]);
  });

  test('unreadable every time: an UnreadableResponseError in words, not ambiguous, after the attempts', () => {
    const { transport, client } = setup();
    transport.answer(html(), cutOff(200, f.personBatch()), empty(200));
    const error = caught(() => client.getPersonEnrichment(17));
    expect(error).toBeInstanceOf(UnreadableResponseError);
    expect(error.kind).toBe('unreadable');
    expect(error.message).toBe('The service sent an answer that could not be read. It will be asked again.');
    expect(error.ambiguous).toBe(false);
    expect(error.status).toBe(200);
    expect(error.detail).toMatch(/^an empty body/);
    expect(transport.sent).toHaveLength(3);
  });

  test('the detail says what came, never the body itself', () => {
    const { transport, client } = setup();
    transport.answer(html(), html(), html());
    const error = caught(() => client.getAccount());
    expect(error.detail).toBe('an HTML page (48 characters, text/html)');
  });

  test('sendMany asks again only the request whose answer could not be read', () => {
    const { transport, client } = setup();
    transport.answer(json(200, f.companyLookup), cutOff(200, f.companyLookup), json(200, f.companyLookup));
    const out = client.sendMany(
      [client.companyFindRequest({ domain: 'a.example' }), client.companyFindRequest({ domain: 'b.example' })],
      CompanyLookupSchema,
    );
    expect(out.every((o) => !(o instanceof Error))).toBe(true);
    expect(transport.lines).toEqual([
      'GET /companies/find?domain=a.example',
      'GET /companies/find?domain=b.example',
      'GET /companies/find?domain=b.example',
    ]);
  });

  test('valid JSON of the wrong shape is not asked again: the same answer would come', () => {
    const { transport, client } = setup();
    transport.answer(json(200, { hello: 'world' }));
    const error = caught(() => client.getAccount());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.kind).toBe('unexpected_response');
    expect(error.ambiguous).toBe(false);
    expect(transport.sent).toHaveLength(1);
  });
});

describe('requests that start work', () => {
  const starts: Array<[string, (c: ProspectingClient) => unknown, ApiResponse]> = [
    ['an email validation answered with an HTML page', (c) => c.startEmailValidation({ emails: [{ email: 'a@acme.example' }] }), html(202)],
    [
      'a person enrichment answered with JSON cut off',
      (c) => c.startPersonEnrichment({ leads: [{ email: 'a@acme.example' }] }),
      cutOff(202, f.personBatch()),
    ],
    [
      'a company enrichment answered with an empty body',
      (c) => c.startCompanyEnrichment({ companies: [{ domain: 'acme.example' }] }),
      empty(202),
    ],
    [
      'a lead list answered with JSON cut off',
      (c) => c.createLeadList({ name: 'x', owner: 'o@acme.example', type: 'email', leads: [{ email: 'a@acme.example' }] }),
      cutOff(202, f.leadList()),
    ],
    [
      'a call answered with text',
      (c) =>
        c.logCall({
          from: '1',
          to: '2',
          duration: 3,
          answered: true,
          human: true,
          task_id: '11111111-2222-4333-8444-555555555551',
          user_id: '11111111-2222-4333-8444-555555555552',
        }),
      { status: 201, headers: {}, text: 'Created' },
    ],
  ];

  test.each(starts)('%s: sent once, unreadable and ambiguous', (_name, act, answer) => {
    const { transport, client } = setup();
    transport.answer(answer, json(202, f.emailBatch()));
    const error = caught(() => act(client));
    expect(error).toBeInstanceOf(UnreadableResponseError);
    expect(error.kind).toBe('unreadable');
    expect(error.ambiguous).toBe(true);
    expect(error.message).toBe('The service took the request, but its answer could not be read.');
    expect(transport.sent).toHaveLength(1);
  });

  test('a start answered with JSON of the wrong shape is ambiguous too: it did start', () => {
    const { transport, client } = setup();
    transport.answer(json(202, { id: 'not-a-number', object: 'company_enrichment' }));
    const error = caught(() => client.startCompanyEnrichment({ companies: [{ domain: 'acme.example' }] }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.ambiguous).toBe(true);
    expect(transport.sent).toHaveLength(1);
  });
});

test('a phone review answered 200 with an empty body means reviewed', () => {
  const { transport, client } = setup();
  transport.answer(empty(200));
  expect(client.reviewPhoneNumber(f.UUID(3), { user_id: f.UUID(10), reason: 'wrong_number' })).toEqual({});
});
