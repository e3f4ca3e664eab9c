// Where Google is silent, the host takes either answer: each unknowable is a policy with a kind
// answer (the default) and an unkind one. `APPS_SCRIPT_UNKNOWABLES=unkind` makes the unkind
// answers the defaults of every host built in the process, so a test file can run under both
// (jest runs the policy-sensitive files a second time that way); a host option or setter given
// by a test still wins.

/** Whether a time-driven trigger's execution sees its spreadsheet as the active one. */
export type TriggerDocument = 'active' | 'none';

/**
 * When a one-shot clock trigger due in less than an hour may be made. Google documents that
 * add-on triggers recur at most hourly, and published add-ons chain a short `after(ms)` one-shot
 * from a user's action; Google does not say whether a short one-shot is refused, and a public
 * report shows "Clock events must be scheduled at least 1 hour(s) apart." So: 'allowed' (any
 * execution may make one), 'refused' (not from a time-driven run) and 'refusedAnywhere' (not
 * from any execution, a menu click included).
 */
export type BackgroundOneShots = 'allowed' | 'refused' | 'refusedAnywhere';

/**
 * Whether a custom function gets the document's lock and cache. Apps Script documents that
 * `LockService.getDocumentLock()` and `CacheService.getDocumentCache()` return null "outside the
 * context of a containing document" and is silent on an add-on's custom functions: 'given' (the
 * spreadsheet's own) or 'none' (both null).
 */
export type CustomFunctionDocument = 'given' | 'none';

/**
 * What a custom function gets from `getDocumentProperties()` (see custom-function-properties.ts):
 * 'read-write' the document's store as any execution has it; 'read-only' the store, with every
 * write refused; 'none' null, as outside a containing document.
 */
export type CustomFunctionDocumentProperties = 'read-write' | 'read-only' | 'none';

/**
 * What becomes of a one-shot that comes due while its trigger cannot fire (the add-on disabled
 * in its document, uninstalled, or waiting for re-authorization). Google documents that the
 * triggers stop firing and, for a document, that they work again once the add-on is enabled,
 * but not whether a one-shot missed meanwhile is lost: 'late' (it fires once it can) or 'dropped'
 * (it never fires, and stays listed as spent).
 */
export type MissedOneShots = 'late' | 'dropped';

export interface Unknowables {
  triggerDocument: TriggerDocument;
  backgroundOneShots: BackgroundOneShots;
  customFunctionDocument: CustomFunctionDocument;
  customFunctionDocumentProperties: CustomFunctionDocumentProperties;
  missedOneShots: MissedOneShots;
}

export const KIND_ANSWERS: Unknowables = {
  triggerDocument: 'active',
  backgroundOneShots: 'allowed',
  customFunctionDocument: 'given',
  customFunctionDocumentProperties: 'read-write',
  missedOneShots: 'late',
};

export const UNKIND_ANSWERS: Unknowables = {
  triggerDocument: 'none',
  backgroundOneShots: 'refusedAnywhere',
  customFunctionDocument: 'none',
  customFunctionDocumentProperties: 'none',
  missedOneShots: 'dropped',
};

/**
 * The environment variable that picks the defaults: 'kind' (or unset), 'unkind' (every unkind
 * answer), or a comma-separated list of the policies to answer unkindly (`triggerDocument,missedOneShots`).
 */
export const UNKNOWABLES_ENV = 'APPS_SCRIPT_UNKNOWABLES';

/** The defaults for a host built now, by the environment variable. */
export function defaultUnknowables(env: Record<string, string | undefined> = process.env): Unknowables {
  const answer = (env[UNKNOWABLES_ENV] ?? '').trim();
  if (answer === '' || answer === 'kind') return { ...KIND_ANSWERS };
  if (answer === 'unkind') return { ...UNKIND_ANSWERS };
  const out: Unknowables = { ...KIND_ANSWERS };
  for (const name of answer.split(',').map((n) => n.trim())) {
    if (!(name in UNKIND_ANSWERS))
      throw new Error(
        `${UNKNOWABLES_ENV} must be 'kind', 'unkind' or policy names (${Object.keys(UNKIND_ANSWERS).join(', ')}), not '${name}'`,
      );
    Object.assign(out, { [name]: UNKIND_ANSWERS[name as keyof Unknowables] });
  }
  return out;
}
