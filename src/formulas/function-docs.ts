// The JSDoc of each custom function, which the build writes above its declaration in dist/Code.js
// (Sheets reads it for autocomplete). Kept out of the bundle's code, but in dist/Code.js: short.
const OWNER_NOTE = " * Uses the spreadsheet owner's key.\n";
/** What a lookup costs over time: Sheets recalculates custom functions whenever it likes (reopening, for one). */
const KEPT_NOTE = " * Answers are kept 30 days or the Auto tab's re-check age (300 KB, where Apps Script allows): reopening is free.\n";
const LOOKUP_TAIL = ' * @return The fields, one row per input.\n * @customfunction\n';

/** JSDoc of each custom function, written above its declaration by the build. */
export const customFunctionDocs: Record<string, { params: string[]; doc: string }> = {
  ENRICH_COMPANY: {
    params: ['domain', 'fields'],
    doc:
      '/**\n * The company behind a domain, website or company profile URL, as a row of fields; given a\n' +
      ' * range, one row per cell. Free.\n' +
      KEPT_NOTE +
      OWNER_NOTE +
      ' *\n * @param {string|Array<Array<string>>} domain A domain, website or company profile URL, or a range of them.\n' +
      ' * @param {string} [fields] Field ids (name, website, size, ...), "basic" (default) or "all".\n' +
      LOOKUP_TAIL +
      ' * @example =ENRICH_COMPANY(B2:B200, "name, size, employees")\n */',
  },
  ENRICH_PERSON: {
    params: ['email_or_profile_url', 'fields'],
    doc:
      '/**\n * The person behind an email or profile URL, as a row of fields; given a range, one row per\n' +
      ' * cell. Each person found costs 0.5 email credit.\n' +
      KEPT_NOTE +
      OWNER_NOTE +
      ' *\n * @param {string|Array<Array<string>>} email_or_profile_url An email or profile URL, or a range of them.\n' +
      ' * @param {string} [fields] Field ids (name, title, company_name, ...), "basic" (default) or "all".\n' +
      LOOKUP_TAIL +
      ' * @example =ENRICH_PERSON(C2, "name, title, company_name")\n */',
  },
  JOB_OPENINGS: {
    params: ['domain', 'filters'],
    doc:
      "/**\n * A company's open jobs, one per row under a header row (up to 500). Free.\n" +
      OWNER_NOTE +
      ' *\n * @param {string} domain The company domain, website or company profile URL: one cell.\n' +
      ' * @param {string} [filters] Optional: "remote; seniority: Senior, VP; department: revenue; function: sales".\n' +
      ' * @return The job openings with a header row.\n * @customfunction\n * @example =JOB_OPENINGS("harborlogistics.com", "remote; seniority: Manager")\n */',
  },
  PROSPECTING_HEADERS: {
    params: ['kind', 'fields'],
    doc:
      '/**\n * The header row for ENRICH_COMPANY or ENRICH_PERSON with the same fields.\n' +
      ' *\n * @param {string} kind "company" or "person".\n' +
      ' * @param {string} [fields] The same fields argument as the lookup.\n' +
      ' * @return One row of headers.\n * @customfunction\n * @example =PROSPECTING_HEADERS("company", "name, size, employees")\n */',
  },
};
