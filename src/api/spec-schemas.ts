// The spec's schemas to the letter (no extra properties where the spec forbids them, only the
// spec's enum values and email addresses), with the constants of schemas.ts: for checking what
// the local service serves, never for reading answers. The bundle does not import this.
import { buildAll } from './lazy';
import * as reading from './schemas';

/** Every strict schema built at once, as values, with the constants of schemas.ts. */
export const SPEC = { ...reading, ...buildAll(reading.defineSchemas(true, reading.specHeadcounts, reading.specDates)) };
