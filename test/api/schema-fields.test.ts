// The add-on's tolerant schemas (src/api/schemas.ts) and the local service's strict ones
// (sandbox/spec-schemas.ts) are written apart, one to read answers, one to check them: every field
// the add-on reads must be one the spec or the decisions name, in every answer both describe.
import { schemas } from '../../src/api/schemas';
import { SPEC } from '../../sandbox/spec-schemas';

type Shaped = { shape?: Record<string, unknown> };
const shapeOf = (schema: unknown): Record<string, unknown> | undefined => (schema as Shaped).shape;

test('every field the add-on reads of an answer is a field the spec names for it', () => {
  const compared: string[] = [];
  for (const [name, make] of Object.entries(schemas)) {
    const spec = shapeOf((SPEC as Record<string, unknown>)[name]);
    const ours = shapeOf((make as () => unknown)());
    if (!spec || !ours) continue;
    compared.push(name);
    expect({ name, unknown: Object.keys(ours).filter((k) => !(k in spec)) }).toEqual({ name, unknown: [] });
  }
  // The answers of every part of the API, the two newest included.
  expect(compared).toEqual(expect.arrayContaining(['Person', 'Company', 'CallRecord', 'CallRecording', 'Mailbox', 'Account']));
});
