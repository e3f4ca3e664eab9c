// The shared email-address rule as the local service applies it: refused addresses are 400
// `unsupported_value` pointing at the item, internationalized addresses go through every endpoint.
import fc from 'fast-check';
import { isEmailAddress } from '../../contract/email-address';
import { allPages, expectError, firstError, harness } from './helpers';

const REFUSED: Array<[string, string]> = [
  ['a NUL', 'jane\u0000doe@example.com'],
  ['a control character', 'jane\u0007doe@example.com'],
  ['a line feed at the end', 'jane.doe@example.com\n'],
  ['a space at the start', ' jane.doe@example.com'],
  ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
  ['a domain with a trailing dot', 'jane.doe@example.com.'],
  ['two @', 'jane@doe@example.com'],
  ['a domain without a dot', 'jane@localhost'],
  ['a zero-width space', 'jane\u200bdoe@example.com'],
  ['a right-to-left override', 'jane\u202edoe@example.com'],
  ['a byte-order mark', '\ufeffjane.doe@example.com'],
];

// A zero-width joiner spells some scripts (Sinhala, Persian): it is not an invisible trick.
const ACCEPTED = ['名前@例え.jp', 'josé@café.fr', `${'a'.repeat(64)}@example.com`, 'ශ්\u200dරී@example.lk'];

describe('email addresses in requests', () => {
  test.each(REFUSED)('%s is refused with a pointer to the item', (_why, email) => {
    const h = harness();
    const emails = [{ email: 'ok@example.com' }, { email }];
    const validation = h.call('POST', '/email-validations', { emails });
    expectError(validation, 400, 'unsupported_value', '/emails/1/email');
    expect(firstError(validation).detail).toContain('is not an email address');
    expectError(h.call('POST', '/people/enrichment-requests', { leads: emails }), 400, 'unsupported_value', '/leads/1/email');
    expectError(
      h.call('POST', '/lead-lists', { name: 'L', owner: 'o@example.com', type: 'email', leads: emails }),
      400,
      'unsupported_value',
      '/leads/1/email',
    );
    expectError(
      h.call('POST', '/lead-lists', { name: 'L', owner: email, type: 'email', leads: [{ email: 'ok@example.com' }] }),
      400,
      'unsupported_value',
      '/owner',
    );
    expectError(h.get(`/people/find?email=${encodeURIComponent(email)}`), 400, 'invalid_parameter', '/email');
    expect(h.service.account('demo-key-alpha')!.reserved).toEqual({ email: 0, phone: 0 });
  });

  test('internationalized addresses and a 64-character local part are accepted and come back as sent', () => {
    const h = harness({ processingRate: 1000, queueDelayMs: 0 });
    const emails = ACCEPTED.map((email) => ({ email }));
    const validation = h.call('POST', '/email-validations', { emails });
    expect(validation.status).toBe(202);
    const people = h.call('POST', '/people/enrichment-requests', { leads: emails });
    expect(people.status).toBe(202);
    const list = h.call('POST', '/lead-lists', { name: 'L', owner: 'josé@café.fr', type: 'email', leads: emails });
    expect(list.status).toBe(202);
    h.clock.advance(1000);
    const results = allPages(h, validation.json._links.self.href, 'results');
    expect(results.map((r) => r.email)).toEqual(ACCEPTED);
    for (const r of results) expect(['deliverable', 'risky', 'undeliverable', 'unknown']).toContain(r.result);
    expect(allPages(h, people.json._links.self.href, 'results').map((r) => r.email)).toEqual(ACCEPTED);
    expect(h.get(`/lead-lists/${list.json.id}`).json).toMatchObject({ status: 'completed', owner: 'josé@café.fr' });
    expect([200, 404, 451]).toContain(h.get(`/people/find?email=${encodeURIComponent('名前@例え.jp')}`).status);
  });
});

describe('the service and the add-on apply one rule', () => {
  // Addresses near the rule's edges: any characters (controls, spaces, UTF-8) on either side of
  // one or two @, local parts around 64 characters, domains with and without dots at their ends.
  const anyCodePoint = fc
    .integer({ min: 0, max: 0x10ffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => String.fromCodePoint(c));
  const part = (max: number) =>
    fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '名', '.', ' ', '\u0000', '\u0085', '\t', '-'), anyCodePoint), maxLength: max });
  const address = fc.oneof(
    fc
      .tuple(part(70), fc.constantFrom('@', '@@', ''), part(20), fc.constantFrom('.com', '.', '', '.com.', '.jp'))
      .map(([l, at, d, tld]) => `${l}${at}${d}${tld}`),
    fc.tuple(fc.integer({ min: 60, max: 68 }), part(8)).map(([n, d]) => `${'x'.repeat(n)}@${d || 'example'}.com`),
    fc.emailAddress(),
  );

  test('a batch is accepted exactly when the add-on would send every address, else refused at the first it would not', () => {
    const h = harness({ accounts: [{ key: 'k', name: 'Many credits', credits: { email: 1e9, phone: 0 } }] }, 'k');
    fc.assert(
      fc.property(fc.array(address, { minLength: 1, maxLength: 6 }), (emails) => {
        const answer = h.call('POST', '/email-validations', { emails: emails.map((email) => ({ email })) });
        const firstBad = emails.findIndex((e) => !isEmailAddress(e));
        if (firstBad < 0) expect(answer.status).toBe(202);
        // An empty address is a missing one; any other the add-on would not send is a bad value.
        else expectError(answer, 400, emails[firstBad] === '' ? 'missing_field' : 'unsupported_value', `/emails/${firstBad}/email`);
      }),
      { numRuns: 300 },
    );
  });
});
