// The JSDoc of each custom function, which the build writes above its declaration in dist/Code.js
// (Sheets reads it for autocomplete). Kept out of the bundle: it is only text for the build.
const OWNER_NOTE = " * Runs with the spreadsheet owner's connected key: in a shared sheet, lookups spend the owner's credits.\n";

/** JSDoc of each custom function, written above its declaration by the build. */
export const customFunctionDocs: Record<string, { params: string[]; doc: string }> = {
  ENRICH_COMPANY: {
    params: ['domain', 'fields'],
    doc:
      '/**\n * The company behind a domain, website or company profile URL, as a row of fields. Given a range (a\n' +
      ' * column, a row or a block), answers every cell of it at once, one row per cell in reading order.\n' +
      ' * Answers are cached for six hours.\n' +
      OWNER_NOTE +
      ' *\n * @param {string|Array<Array<string>>} domain A domain, website or company profile URL, or a range of them.\n' +
      ' * @param {string} [fields] Comma-separated field ids (name, website, industry, size, employees, location, ...), "basic" (default) or "all".\n' +
      ' * @return The chosen fields, one row per input cell.\n * @customfunction\n * @example =ENRICH_COMPANY(B2:B200, "name, size, employees")\n */',
  },
  ENRICH_PERSON: {
    params: ['email_or_profile_url', 'fields'],
    doc:
      '/**\n * The person behind an email or profile URL, as a row of fields. Given a range (a column, a\n' +
      ' * row or a block), answers every cell of it at once, one row per cell in reading order. Each person found costs 0.5 email credit, at most once a day; answers are cached.\n' +
      OWNER_NOTE +
      ' *\n * @param {string|Array<Array<string>>} email_or_profile_url An email or profile URL, or a range of them.\n' +
      ' * @param {string} [fields] Comma-separated field ids (name, title, location, company_name, ...), "basic" (default) or "all".\n' +
      ' * @return The chosen fields, one row per input cell.\n * @customfunction\n * @example =ENRICH_PERSON(C2, "name, title, company_name")\n */',
  },
  JOB_OPENINGS: {
    params: ['domain', 'filters'],
    doc:
      "/**\n * A company's open jobs, one per row under a header row (up to 500).\n" +
      OWNER_NOTE +
      ' *\n * @param {string} domain The company domain, website or company profile URL: one cell, not a range.\n' +
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
