// Pure parts of the custom functions: reading their arguments (a cell or a range, a field
// list), which answers are lasting, and the words of a cell's answer or error.
import { type ErrorKind, ProspectingError, QUOTA_SPENT } from '../api/errors';
import { fail } from '../base/fail';
import { ADDON_NAME } from '../config';
import { classify, type Failure } from '../api/failure';
import { thousands } from '../base/numbers';
import { capital, chooseFields, type FieldDef } from '../sheet/fields';
import { companyLookupOf, type CompanyLookup } from '../sheet/company-lookup';
import { cellText, NOT_A_DOMAIN, normalizeEmail, normalizeProfileUrl, profileUrlForRequest } from '../sheet/keys';

/**
 * A cell argument is one input; a range (a 2-D array) is read cell by cell in reading order, row
 * by row and left to right, so a column, a row and a block are each answered one row per cell.
 */
export const inputsOf = (arg: unknown): { inputs: string[]; single: boolean } =>
  Array.isArray(arg)
    ? { inputs: arg.flatMap((row: unknown) => (Array.isArray(row) ? row : [row]).map(cellText)), single: false }
    : { inputs: [cellText(arg)], single: true };

/** The value of an argument that takes one cell; a range of several is refused in words. */
export const oneCell = (arg: unknown, what: string): unknown => {
  if (!Array.isArray(arg)) return arg;
  const cells = arg.flat();
  if (cells.length <= 1) return cells[0];
  fail(`${what} takes one cell or value, not a range of ${cells.length} cells: give it a single cell such as A2.`);
};

/** `"name, size"`, `"all"`, `"basic"`, or a range of field ids. */
export const fieldsOf = <T>(all: ReadonlyArray<FieldDef<T>>, arg: unknown): Array<FieldDef<T>> => {
  const words = (Array.isArray(arg) ? arg.flat() : [arg])
    .flatMap((v) => cellText(v).split(/[,;\s]+/))
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return chooseFields(all, 'basic');
  if (words.length === 1 && (words[0] === 'all' || words[0] === 'basic')) return chooseFields(all, words[0]);
  const byHeader = (w: string) => all.find((f) => f.id === w || f.header.toLowerCase().endsWith(` ${w}`))?.id ?? w;
  return chooseFields(all, words.map(byHeader));
};

export const headerLabels = <T>(fields: ReadonlyArray<FieldDef<T>>): string[] => fields.map((f) => f.header.replace(/^[^·]+· /, ''));

/**
 * What a company lookup sends for an input (a domain, or a company profile URL), read as the menu's
 * actions read it; else the cell's answer saying why nothing is sent.
 */
export const companyQuery = (input: string): CompanyLookup | string => {
  const found = companyLookupOf(input);
  if (!found || ('problem' in found && found.problem === NOT_A_DOMAIN)) return CELL_MESSAGES.badInput;
  return 'problem' in found ? found.problem.charAt(0).toLowerCase() + found.problem.slice(1) : found;
};

/** What a person lookup sends: an email, or a profile URL; else the cell's answer. */
export const personQuery = (input: string): { email: string } | { profile_url: string } | string => {
  const email = normalizeEmail(input);
  if (email) return { email };
  const profile = normalizeProfileUrl(input);
  return profile ? { profile_url: profileUrlForRequest(profile) } : CELL_MESSAGES.badPersonInput;
};

/** What a cell shows as an answer that stays true: kept by Sheets until the inputs change. */
export const CELL_MESSAGES = {
  notFound: 'not found',
  removed: 'removed for privacy',
  badInput: 'not a domain or profile URL',
  badPersonInput: 'not an email or profile URL',
  rejected: 'the service did not accept this input',
} as const;

/**
 * Why a lookup has no answer yet. None of these is a value: the function throws, so the cell
 * shows #ERROR! with the reason and Sheets computes it again on the next recalculation.
 */
export type Transient = 'no_key' | 'refused_key' | 'no_credits' | 'quota' | 'rate_limited' | 'busy' | 'failed' | 'time';

const MENU = `Extensions › ${ADDON_NAME}`;
const RECALCULATE = `recalculate (${MENU} › Refresh formulas in selection)`;

/**
 * Each reason's words, most telling first (the one a person must act on before a recalculation
 * can help): why, and what to do before recalculating, which every message then asks for.
 */
const SOON = 'in a minute, ';
const REASONS: Record<Transient, [why: string, first: string]> = {
  no_key: ['no API key is connected', `connect one in ${MENU} › Open sidebar (custom functions use the spreadsheet owner's key), then `],
  refused_key: ['the API key was refused', `reconnect it in ${MENU} › Open sidebar, then `],
  no_credits: ['not enough credits', 'add credits, then '],
  quota: [QUOTA_SPENT, 'once it resets (within a day), '],
  rate_limited: ["the service's rate limit was reached", SOON],
  busy: ['busy with other lookups or a running job', SOON],
  failed: ['the service did not answer', SOON],
  time: ['not looked up in time', 'to finish, '],
};

/** The reasons most telling first, in the order REASONS lists them. */
const TRANSIENT_ORDER = Object.keys(REASONS) as Transient[];

/** The more telling of two reasons. */
export const worse = (a: Transient | undefined, b: Transient): Transient =>
  a === undefined || TRANSIENT_ORDER.indexOf(b) < TRANSIENT_ORDER.indexOf(a) ? b : a;

/** The error message of a single cell without an answer yet. */
export const transientMessage = (reason: Transient): string => {
  const [why, first] = REASONS[reason];
  return `${capital(why)}: ${first}${RECALCULATE}.`;
};

/** The error message of a range whose `pending` rows of `total` have no answer yet. */
export const pendingMessage = (reason: Transient, pending: number, total: number): string => {
  const [why, first] = REASONS[reason];
  const rows = `${thousands(pending)} of ${thousands(total)} row${total === 1 ? '' : 's'}`;
  return `${rows} still to be looked up (${why}); the rows answered so far are kept: ${first}${RECALCULATE}.`;
};

/** The refusal of a range with more rows to look up than formula cells may send. */
export const tooLargeMessage = (most: number, menuItem: string): string =>
  `More than ${thousands(most)} rows to look up: use ${MENU} › ${menuItem} for a range this large.`;

/** The passing failures a person can act on, by what they mean (any other passing one simply failed). */
const TRANSIENT_OF: Partial<Record<Failure, Transient>> = {
  key: 'refused_key',
  credits: 'no_credits',
  wait: 'rate_limited',
  quota: 'quota',
};

/**
 * The lasting answers, by the kind of error. A refused input would be refused again: an answer
 * about this input, not a passing fault. Any other lasting kind is not an answer about the input.
 */
const LASTING_OF: Partial<Record<ErrorKind, string>> = {
  not_found: CELL_MESSAGES.notFound,
  unavailable_for_legal_reasons: CELL_MESSAGES.removed,
  invalid_parameter: CELL_MESSAGES.rejected,
  unsupported_value: CELL_MESSAGES.rejected,
  missing_field: CELL_MESSAGES.rejected,
  invalid_request: CELL_MESSAGES.rejected,
};

/** What a failed lookup means for its cell: a lasting message, or a reason to throw. */
export const verdictOf = (error: unknown): { lasting: string } | { transient: Transient } => {
  if (!(error instanceof ProspectingError)) return { transient: 'failed' };
  const failure = classify(error);
  const lasting = failure === 'lasting' ? LASTING_OF[error.kind] : undefined;
  return lasting ? { lasting } : { transient: TRANSIENT_OF[failure] ?? 'failed' };
};
