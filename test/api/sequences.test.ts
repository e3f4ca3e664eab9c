// The client's sequences: every page listed, a status it does not know kept as text; leads checked
// before they go, a 5xx after sending ambiguous (never sent again), every skipped list read.
import { RequestValidationError, UnexpectedResponseError, type ProspectingError } from '../../src/api/errors';
import { apiError, fakeClient, json } from '../support/fake-transport';

const sequence = (id: string, status: string) => ({
  id,
  name: `Sequence ${id}`,
  status,
  created_by_user_id: 'u1',
  created_by_user_email: 'alex@sales.example',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
});

const answer = (lists: Record<string, unknown> = {}) => ({
  total: 2,
  total_added_to_sequence: 1,
  duplicate_emails: [],
  duplicate_profile_urls: [],
  already_in_sequence_and_skipped: [{ email: 'b@x.example', profile_url: null }],
  in_exclusion_list_and_skipped: [],
  ...lists,
});

test('listSequences follows every page and keeps a status it does not know', () => {
  const { transport, client } = fakeClient();
  transport.answer(
    json(200, {
      sequences: [sequence('s1', 'active')],
      _links: { self: { href: '/sequences' }, next: { href: '/sequences?page[after]=c1' } },
    }),
    json(200, { sequences: [sequence('s2', 'hibernating')], _links: { self: { href: '/sequences?page[after]=c1' } } }),
  );
  expect(client.listSequences()).toEqual([
    { id: 's1', name: 'Sequence s1', status: 'active' },
    { id: 's2', name: 'Sequence s2', status: 'hibernating' },
  ]);
  expect(transport.lines).toEqual(['GET /sequences', 'GET /sequences?page[after]=c1']);
});

test('addToSequence posts the leads, with their fields and overrides, and reads every skipped list', () => {
  const { transport, client } = fakeClient();
  transport.answer(json(200, answer({ unsubscribed_and_skipped: [{ email: 'c@x.example', profile_url: null }] })));
  const leads = [
    { email: 'a@x.example', data: { first_name: 'Ann' }, overrides: { ignore_exclusion_list: true } },
    { email: 'b@x.example', profile_url: 'https://linkedin.com/in/b' },
  ];
  const read = client.addToSequence('s 1', { leads });
  expect(read.total_added_to_sequence).toBe(1);
  expect(read['unsubscribed_and_skipped']).toEqual([{ email: 'c@x.example', profile_url: null }]);
  expect(transport.sent[0]).toMatchObject({ method: 'POST', path: '/sequences/s%201/leads', body: { leads } });
});

test('leads are checked before anything goes: none, more than 250, a bad email', () => {
  const { transport, client } = fakeClient();
  const many = Array.from({ length: 251 }, (_, i) => ({ email: `p${i}@x.example` }));
  for (const leads of [[], many, [{ email: 'not an email' }]]) {
    expect(() => client.addToSequence('s1', { leads })).toThrow(RequestValidationError);
  }
  expect(() => client.addToSequence('s1', { leads: many })).toThrow(/more than 250 leads/);
  expect(transport.sent).toHaveLength(0);
});

test('a skipped list that is not a list of leads is no answer; a 5xx after sending may have added them', () => {
  const { transport, client } = fakeClient();
  transport.answer(json(200, answer({ in_exclusion_list_and_skipped: [42] })), apiError(500, 'internal_server_error'));
  const leads = [{ email: 'a@x.example' }];
  const unreadable = (() => {
    try {
      client.addToSequence('s1', { leads });
    } catch (e) {
      return e;
    }
  })();
  expect(unreadable).toBeInstanceOf(UnexpectedResponseError);
  expect((unreadable as ProspectingError).ambiguous).toBe(true);
  expect(() => client.addToSequence('s1', { leads })).toThrow(expect.objectContaining({ kind: 'server', ambiguous: true }));
  // Neither was sent twice.
  expect(transport.sent).toHaveLength(2);
});
