// Pure parts of the custom functions: reading their arguments (a cell or a range, a field
// list), the rows they answer, and the short messages a cell shows for a failure.
import { ProspectingError } from '../api/errors';
import { chooseFields, type FieldDef } from './fields';
import { cellText, normalizeDomain, normalizeEmail, normalizeProfileUrl, profileUrlForRequest } from './keys';

/** A cell argument is a value; a range argument is a 2-D array. Each row's first cell is its input. */
export function inputsOf(arg: unknown): { inputs: string[]; single: boolean } {
  if (Array.isArray(arg)) return { inputs: arg.map((row) => cellText(Array.isArray(row) ? row[0] : row)), single: false };
  return { inputs: [cellText(arg)], single: true };
}

/** `"name, size"`, `"all"`, `"basic"`, or a range of field ids. */
export function fieldsOf<T>(all: ReadonlyArray<FieldDef<T>>, arg: unknown): Array<FieldDef<T>> {
  const words = (Array.isArray(arg) ? arg.flat() : [arg])
    .flatMap((v) => cellText(v).split(/[,;\s]+/))
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return chooseFields(all, 'basic');
  if (words.length === 1 && (words[0] === 'all' || words[0] === 'basic')) return chooseFields(all, words[0]);
  const byHeader = (w: string) => all.find((f) => f.id === w || f.header.toLowerCase().endsWith(` ${w}`))?.id ?? w;
  return chooseFields(all, words.map(byHeader));
}

export function headerLabels<T>(fields: ReadonlyArray<FieldDef<T>>): string[] {
  return fields.map((f) => f.header.replace(/^[^·]+· /, ''));
}

/** What a company lookup sends for an input: a domain, or a company profile URL. */
export function companyQuery(input: string): { domain: string } | { profile_url: string } | undefined {
  if (/\/company\//i.test(input)) {
    const profile = normalizeProfileUrl(input);
    if (profile) return { profile_url: profileUrlForRequest(profile) };
  }
  const domain = normalizeDomain(input);
  return domain ? { domain } : undefined;
}

/** What a person lookup sends: an email, or a profile URL. */
export function personQuery(input: string): { email: string } | { profile_url: string } | undefined {
  const email = normalizeEmail(input);
  if (email) return { email };
  const profile = normalizeProfileUrl(input);
  return profile ? { profile_url: profileUrlForRequest(profile) } : undefined;
}

export const CELL_MESSAGES = {
  notFound: 'not found',
  removed: 'removed for privacy',
  noKey: "connect your key in the add-on's settings (custom functions use the spreadsheet owner's key)",
  rateLimited: 'rate limited, try again later',
  tooMany: 'too many at once: recalculate in a minute for the rest',
  invalidKey: "the API key was refused: reconnect it in the add-on's settings",
  noCredits: 'not enough credits',
  badInput: 'not a domain or profile URL',
  badPersonInput: 'not an email or profile URL',
  failed: 'the service failed, try again later',
} as const;

/** A short message for a failed lookup, as a cell shows it. */
export function cellMessage(error: unknown): string {
  if (!(error instanceof ProspectingError)) return CELL_MESSAGES.failed;
  switch (error.kind) {
    case 'not_found':
      return CELL_MESSAGES.notFound;
    case 'unavailable_for_legal_reasons':
      return CELL_MESSAGES.removed;
    case 'rate_limited':
      return CELL_MESSAGES.rateLimited;
    case 'unauthorized':
      return CELL_MESSAGES.invalidKey;
    case 'insufficient_credits':
      return CELL_MESSAGES.noCredits;
    default:
      return CELL_MESSAGES.failed;
  }
}

/** Which failures are worth remembering: the answer will not change within hours. */
export function isLastingAnswer(error: unknown): boolean {
  return error instanceof ProspectingError && (error.kind === 'not_found' || error.kind === 'unavailable_for_legal_reasons');
}
