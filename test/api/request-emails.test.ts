// Email addresses in requests follow the one rule the add-on and the service share
// (email-address.ts): internationalized addresses go out, malformed ones are refused unsent.
import { TestClient } from '../support/test-client';
import { RequestValidationError } from '../../src/api/errors';
import { FakeTransport, json } from '../support/fake-transport';
import * as f from '../support/fixtures';

function setup() {
  const transport = new FakeTransport();
  return { transport, client: new TestClient(transport, { sleep: () => {}, now: () => 0 }) };
}

/** 302 characters: a 64-character local part, and a domain of labels under the 253 limit. */
const LONG_302 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(50)}.com`;

const GOOD = ['josé@exämple.de', '用户@例子.广告', 'Jane.Doe+tag@acme.example', 'a..b@acme.example'];
const BAD: Array<[string, string, RegExp]> = [
  ['a control character', 'ja\u0000ne@acme.example', /has a space or a control character/],
  ['a line break', 'jane@acme.example\n', /has a space or a control character/],
  ['a space', 'jane doe@acme.example', /has a space or a control character/],
  ['a 65-character local part', `${'a'.repeat(65)}@acme.example`, /1 to 64 characters/],
  ['a trailing-dot domain', 'jane@acme.example.', /empty label/],
  ['a domain without a dot', 'jane@localhost', /without a dot/],
  ['two @', 'jane@doe@acme.example', /exactly one @/],
  ['302 characters', LONG_302, /longer than 254 characters/],
];

test('the 302-character address is what it says', () => {
  expect(LONG_302).toHaveLength(302);
});

test.each(GOOD)('%s is sent in a validation, an enrichment, a lookup and as a lead list owner', (email) => {
  const { transport, client } = setup();
  transport.answer(json(202, f.emailBatch()), json(202, f.personBatch()), json(200, f.person), json(202, f.leadList()));
  client.startEmailValidation({ emails: [{ email }] });
  client.startPersonEnrichment({ leads: [{ email }] });
  client.findPerson({ email });
  client.createLeadList({ name: 'x', owner: email, type: 'email', leads: [{ email }] });
  expect(transport.sent).toHaveLength(4);
});

test.each(BAD)('an address with %s is refused with its reason, and nothing is sent', (_name, email, reason) => {
  const { transport, client } = setup();
  for (const act of [
    () => client.startEmailValidation({ emails: [{ email }] }),
    () => client.startPersonEnrichment({ leads: [{ email }] }),
    () => client.findPerson({ email }),
    () => client.createLeadList({ name: 'x', owner: email, type: 'email', leads: [{ email: 'a@acme.example' }] }),
  ]) {
    let error: unknown;
    try {
      act();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(/is not a valid email address: it /);
    expect((error as Error).message).toMatch(reason);
  }
  expect(transport.sent).toHaveLength(0);
});
