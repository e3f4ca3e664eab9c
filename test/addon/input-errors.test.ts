// What a person sent that cannot be used is refused with one plain sentence naming the field.
import * as z from 'zod/mini';
import { parseInput } from '../../src/api/input-errors';
import { emailProblem } from '../../contract/email-address';
import { SettingsSchema } from '../../src/gas/settings';

function sentence(schema: z.ZodMiniType, value: unknown, what: string): string {
  try {
    parseInput(schema, value, what);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

const Owner = z.string().check(z.refine((s) => emailProblem(s) === undefined, { error: 'must be an email address' }));

describe('parseInput', () => {
  test('a valid value is returned parsed, with its defaults', () => {
    expect(parseInput(SettingsSchema, { fields: 'all' }, 'setting')).toEqual({
      revealEmail: false,
      revealPhones: false,
      fields: 'all',
      skipExcluded: false,
    });
  });

  test('a settings field outside its choices', () => {
    expect(sentence(SettingsSchema, { fields: 'everything' }, 'setting')).toBe('The setting "fields" must be "basic" or "all".');
  });

  test('a settings switch that is not true or false', () => {
    expect(sentence(SettingsSchema, { revealEmail: 'yes' }, 'setting')).toBe('The setting "revealEmail" must be true or false.');
  });

  test('a phrase the schema wrote follows the field name', () => {
    expect(sentence(Owner, 'not an address', 'lead list owner')).toBe('The lead list owner must be an email address.');
  });

  test('a whole sentence the schema wrote is kept as it is', () => {
    const Key = z.string().check(z.minLength(8, { error: 'That does not look like an API key: it is too short.' }));
    expect(sentence(Key, 'abc', 'API key')).toBe('That does not look like an API key: it is too short.');
  });

  test("zod's own messages become words", () => {
    const Form = z.strictObject({
      name: z.string().check(z.minLength(1), z.maxLength(5)),
      size: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
      leads: z.array(z.object({ email: z.email() })).check(z.minLength(1)),
    });
    expect(sentence(Form, { leads: [{ email: 'a@b.io' }] }, 'list')).toBe('The list "name" is missing.');
    expect(sentence(Form, { name: '', leads: [{ email: 'a@b.io' }] }, 'list')).toBe('The list "name" must not be empty.');
    expect(sentence(Form, { name: 'abcdefg', leads: [{ email: 'a@b.io' }] }, 'list')).toBe(
      'The list "name" must be at most 5 characters long.',
    );
    expect(sentence(Form, { name: 'a', size: 0, leads: [{ email: 'a@b.io' }] }, 'list')).toBe('The list "size" must be at least 1.');
    expect(sentence(Form, { name: 'a', size: 1.5, leads: [{ email: 'a@b.io' }] }, 'list')).toBe('The list "size" must be a whole number.');
    expect(sentence(Form, { name: 'a', leads: [] }, 'list')).toBe('The list "leads" needs at least one item.');
    expect(sentence(Form, { name: 'a', leads: [{ email: 'nope' }] }, 'list')).toBe('The list "leads[0].email" must be an email address.');
    expect(sentence(Form, { name: 'a', leads: [{ email: 'a@b.io' }], colour: 'red' }, 'list')).toBe(
      'The list has a field this add-on does not know: "colour".',
    );
    expect(sentence(Form, 'a string', 'list')).toBe('The list must be a group of named values.');
    expect(sentence(Form, undefined, 'list')).toBe('The list is missing.');
  });

  test('the sentence never repeats the value (it may be a secret)', () => {
    const secret = 'sk_live_should_not_show';
    for (const schema of [z.enum(['a', 'b']), z.int(), z.email(), z.string().check(z.maxLength(3)), z.string().check(z.regex(/^\d+$/))]) {
      const message = sentence(schema, secret, 'value');
      expect(message).toMatch(/^The value .*\.$/);
      expect(message).not.toContain(secret);
    }
  });

  test('one sentence: no JSON, no zod dump', () => {
    const message = sentence(z.union([z.int(), z.boolean()]), 'x', 'setting');
    expect(message).toBe('The setting is not a value this add-on can use.');
    expect(message).not.toMatch(/[{}[\]]/);
  });
});
