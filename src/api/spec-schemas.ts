// The spec's schemas to the letter (no extra properties where the spec forbids them, only the
// spec's enum values and email addresses), with the constants of schemas.ts: for checking what
// the local service serves, never for reading answers. The bundle does not import this.
import * as z from 'zod/mini';
import { buildAll, lazy } from './lazy';
import * as reading from './schemas';

/** An error detail as the spec writes it: all four members, a source only as a pointer. */
function specErrorDetail() {
  return z.strictObject({
    code: z.string(),
    title: z.string(),
    detail: z.string(),
    source: z.optional(z.strictObject({ pointer: z.string() })),
  });
}

const strict = reading.defineSchemas(reading, reading.specHeadcounts, reading.specDates, specErrorDetail);

/** The spec's schemas the add-on never reads, so built here and not in the bundle. */
function unread(s: reading.Schemas) {
  const int = lazy(reading.wholeNumber);
  const ErrorObject = lazy(() =>
    z.object({
      object: z.literal('error'),
      _errors: z.array(s.ErrorDetail()),
      _links: z.optional(s.Links()),
    }),
  );
  const Pagination = lazy(() =>
    z.object({
      page: int(),
      page_size: int(),
      total: int(),
      total_pages: z.optional(int()),
    }),
  );
  const PersonSearchResult = lazy(() =>
    z.object({
      object: z.literal('person_search_result'),
      results: z.array(s.Person()),
      _pagination: Pagination(),
      _errors: z.optional(z.array(s.ErrorDetail())),
    }),
  );
  const CompanySearchResult = lazy(() =>
    z.object({
      object: z.literal('company_search_result'),
      results: z.array(s.Company()),
      _pagination: Pagination(),
      _errors: z.optional(z.array(s.ErrorDetail())),
    }),
  );
  return { ErrorObject, Pagination, PersonSearchResult, CompanySearchResult };
}

/** Every strict schema built at once, as values, with the constants of schemas.ts. */
export const SPEC = { ...reading, ...buildAll({ ...strict, ...unread(strict) }) };

/** An error answer as the spec writes it. */
export type ErrorObject = z.infer<typeof SPEC.ErrorObject>;
