// Adding rows to a sequence, as one sender: what a row sends as its lead, what makes two rows one
// lead, and each lead's fate read from the service's answer.
import type { ProspectingClient } from '../../src/api/client';
import { InvalidStateError, NotFoundError, ServerError } from '../../src/api/errors';
import { sequenceSender } from '../../src/tools/sequence-add';

const SEQUENCE = { id: 'seq-1', name: 'Spring outreach', status: 'active' };
const HEADERS = ['Name', 'Email', 'Profile URL', 'City', 'Notes'];
const plan = (data: Record<string, string> = {}) => sequenceSender(SEQUENCE, data, {}).planner(HEADERS);

describe('what a row sends', () => {
  test('its email lower-cased and its profile URL as a full address, with the mapped columns as data', () => {
    expect(plan({ City: 'city' })(['Ada', ' MAILTO:Ada@Example.COM ', 'www.linkedin.com/in/ada/', 'Paris', ''])).toEqual({
      body: { email: 'ada@example.com', profile_url: 'https://linkedin.com/in/ada', data: { city: 'Paris' } },
    });
  });

  test('either an email or a profile URL is enough; a mapped column left blank sends no data', () => {
    expect(plan({ City: 'city' })(['Ada', '', 'https://linkedin.com/in/ada', '', ''])).toEqual({
      body: { profile_url: 'https://linkedin.com/in/ada' },
    });
    expect(plan()(['Ada', 'ada@example.com', 'not a profile', '', ''])).toEqual({ body: { email: 'ada@example.com' } });
  });

  test('a row with other cells but nothing that finds the person is refused; an empty row is no row', () => {
    expect(plan()(['Ada', 'ada at example', '', 'Paris', ''])).toEqual({ reason: 'no email or profile URL' });
    expect(plan()(['', '', '', '', null])).toEqual({ blank: true });
  });

  test('a value over 1,024 characters is refused, naming the field; 1,024 is sent', () => {
    const row = (notes: string) => ['Ada', 'ada@example.com', '', '', notes];
    expect(plan({ Notes: 'notes' })(row('x'.repeat(1025)))).toEqual({ reason: 'notes is over 1,024 characters' });
    expect(plan({ Notes: 'notes' })(row('x'.repeat(1024)))).toMatchObject({ body: { data: { notes: 'x'.repeat(1024) } } });
  });

  test('a mapped header the sheet does not have is refused in words before any row is planned', () => {
    expect(() => plan({ Title: 'title' })).toThrow('There is no column headed "Title" on this sheet.');
  });
});

test('two rows are one lead when they share an email or a profile URL, as sent', () => {
  const sender = sequenceSender(SEQUENCE, {}, {});
  expect(sender.keys?.({ email: 'ada@example.com', profile_url: 'https://linkedin.com/in/ada' })).toEqual([
    'ada@example.com',
    'https://linkedin.com/in/ada',
  ]);
  expect(sender.keys?.({ profile_url: 'https://linkedin.com/in/ada' })).toEqual(['https://linkedin.com/in/ada']);
  expect(sender.batch).toBe(250);
});

describe("each lead's fate, from the answer", () => {
  const leads = [
    { email: 'ada@example.com' },
    { email: 'bob@example.com', profile_url: 'https://linkedin.com/in/bob' },
    { profile_url: 'https://linkedin.com/in/cy' },
    { email: 'dee@example.com' },
  ];

  const answering = (answer: Record<string, unknown>) => {
    const requests: unknown[] = [];
    const client = {
      addToSequence: (id: string, body: unknown) => (requests.push([id, body]), answer),
    } as unknown as ProspectingClient;
    return { client, requests };
  };

  test('a lead a skip list names says why, in words; a lead no list names was added; the overrides go with every lead', () => {
    const { client, requests } = answering({
      total_added_to_sequence: 1,
      already_in_sequence_and_skipped: [{ email: 'ada@example.com' }],
      recently_contacted_and_skipped: [{ email: 'bob@example.com', profile_url: 'https://linkedin.com/in/bob' }],
      in_exclusion_list_and_skipped: [{ email: null, profile_url: 'https://linkedin.com/in/cy' }],
    });
    const overrides = { recently_contacted: true };
    expect(sequenceSender(SEQUENCE, {}, overrides).send(client, leads)).toEqual([
      { status: 'Skipped: already in this sequence' },
      { status: 'Skipped: contacted in the last 30 days' },
      { status: 'Skipped: on the exclusion list' },
      { status: 'Added to Spring outreach' },
    ]);
    expect(requests).toEqual([['seq-1', { leads: leads.map((l) => ({ ...l, overrides })) }]]);
  });

  test('a skip list the add-on does not know still skips its leads, in its own name', () => {
    const { client } = answering({ total_added_to_sequence: 3, bounced_before_and_skipped: [{ email: 'dee@example.com' }] });
    expect(sequenceSender(SEQUENCE, {}, {}).send(client, leads)[3]).toEqual({ status: 'Skipped: bounced_before' });
  });

  test('a list that is not a skip list skips no lead', () => {
    const { client } = answering({ total_added_to_sequence: 4, already_in_sequence: [{ email: 'ada@example.com' }] });
    expect(sequenceSender(SEQUENCE, {}, {}).send(client, leads)[0]).toEqual({ status: 'Added to Spring outreach' });
  });
});

test('a sequence gone or closed ends the whole run; another failure is the rows’ own', () => {
  const { refusal } = sequenceSender(SEQUENCE, {}, {});
  expect(refusal?.(new NotFoundError())).toBe('The sequence is gone or closed.');
  expect(refusal?.(new InvalidStateError())).toBe('The sequence is gone or closed.');
  expect(refusal?.(new ServerError())).toBe(false);
});
