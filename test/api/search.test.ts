// The client's search against constructed answers: the body it sends (checked first), the keys it
// reads of each result (the rest dropped unread, an unknown enum value kept), and a 429 waited out.
import { RequestValidationError, UnexpectedResponseError } from '../../src/api/errors';
import { apiError, fakeClient, json } from '../support/fake-transport';
import * as f from '../support/fixtures';

const page = (results: unknown[], total = results.length) => ({
  object: 'person_search_result',
  results,
  _pagination: { page: 1, page_size: 100, total, total_pages: Math.ceil(total / 100) },
});

test('posts the filters and the page, and reads each person for the keys asked only', () => {
  const { transport, client } = fakeClient();
  const someone = { ...f.person, company: { ...f.company, size: '10,000,000 employees' } };
  transport.answer(json(200, page([someone], 1234)));
  const answer = client.search('people', { person_titles: ['vp'], person_name: 'ann', page: 3, page_size: 100 }, [
    'name',
    'profile_url',
    'company.website',
    'company.size',
  ]);
  expect(transport.sent[0]).toMatchObject({
    method: 'POST',
    path: '/people/search',
    body: { person_titles: ['vp'], person_name: 'ann', page: 3, page_size: 100 },
  });
  expect(answer._pagination.total).toBe(1234);
  expect(answer.results).toEqual([
    { name: f.person.name, profile_url: f.person.profile_url, company: { website: f.company.website, size: '10,000,000 employees' } },
  ]);
});

test('companies search its own endpoint; an answer without its total is unexpected', () => {
  const { transport, client } = fakeClient();
  transport.answer(json(200, { object: 'company_search_result', results: [f.company], _pagination: { page: 1, page_size: 1 } }));
  expect(() => client.search('companies', { company_keywords: ['saas'] }, ['name'])).toThrow(UnexpectedResponseError);
  expect(transport.sent[0]!.path).toBe('/companies/search');
});

test('a filter that is not text or a list of text is refused before anything is sent', () => {
  const { transport, client } = fakeClient();
  expect(() => client.search('people', { person_titles: [1] as never }, [])).toThrow(RequestValidationError);
  expect(() => client.search('people', { company_sizes: { a: 1 } as never }, [])).toThrow(/Cannot search people: company_sizes/);
  expect(transport.sent).toHaveLength(0);
});

test('a rate-limited search waits as the service asks, then reads the page', () => {
  const { transport, client, slept } = fakeClient();
  transport.answer(apiError(429, 'rate_limited', { retryAfter: 2 }), json(200, page([f.person])));
  expect(client.search('people', {}, ['name']).results).toEqual([{ name: f.person.name }]);
  expect(slept).toEqual([2000]);
});
