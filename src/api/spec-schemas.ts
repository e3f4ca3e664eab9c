// The spec's schemas to the letter (no extra properties where the spec forbids them, only the
// spec's enum values and email addresses), with the constants of schemas.ts: for checking what
// the local service serves, never for reading answers. The bundle does not import this.
import * as z from 'zod/mini';
import { DEPARTMENTS, JOB_FUNCTIONS, type Department } from '../../contract/enumerations';
import { buildAll, lazy } from './lazy';
import * as reading from './schemas';

/** Only the spec's department and job-function keys (the reading schemas keep any). */
function specHeadcounts(): reading.Headcounts {
  const int = reading.wholeNumber();
  return {
    department: z.partialRecord(z.enum(DEPARTMENTS as unknown as [Department, ...Department[]]), int),
    jobFunction: z.strictObject(
      Object.fromEntries(
        DEPARTMENTS.map((d) => [d, z.optional(z.partialRecord(z.enum(JOB_FUNCTIONS[d] as unknown as [string, ...string[]]), int))]),
      ),
    ),
  };
}

/** ISO dates as the spec writes them (the reading schemas take the text as it came). */
const specDates: reading.DateSchemas = { date: () => z.iso.date(), dateTime: () => z.iso.datetime({ offset: true }) };

/** An error detail as the spec writes it: all four members, a source only as a pointer. */
function specErrorDetail() {
  return z.strictObject({
    code: z.string(),
    title: z.string(),
    detail: z.string(),
    source: z.optional(z.strictObject({ pointer: z.string() })),
  });
}

const strict = reading.defineSchemas(reading, specHeadcounts, specDates, specErrorDetail);

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
