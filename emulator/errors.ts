// Errors the host raises: GasError carries an Apps Script message into the script's realm;
// HostFailure is a mistake in the test itself (an unanswered dialog, a bad helper call).

/** An error Apps Script would throw; the host turns it into an `Exception` inside the script's realm. */
export class GasError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

/**
 * A failure of the test setup rather than of the script. The script may catch what it is
 * thrown, so the host also records it and `host.run` rethrows it after the execution.
 */
export class HostFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostFailure';
  }
}

/** Apps Script's own wording, in one place so tests and fakes agree. */
export const Messages = {
  timeout: 'Exceeded maximum execution time',
  permission: (what: string, scope?: string) =>
    scope ? `You do not have permission to call ${what}. Required permissions: ${scope}` : `You do not have permission to call ${what}`,
  uiFromThisContext: 'Cannot call SpreadsheetApp.getUi() from this context.',
  propertyValueTooLarge: 'Argument too large: value',
  propertyStoreFull: 'You have exceeded the property storage quota. Please remove some properties and try again.',
  cacheKeyTooLarge: 'Argument too large: key',
  cacheValueTooLarge: 'Argument too large: value',
  lockTimeout: 'Lock timeout: another process was holding the lock for too long.',
  tooManyTriggers: (kind: string) => `This add-on has created too many ${kind} triggers in this document for this Google user account.`,
  addOnRecurrence: 'The recurrence interval for an Add-on trigger must be at least one hour.',
  /** Not documented by Google: the host's wording for its 'refused' policy of short one-shots. */
  /** A public report's wording for a short one-shot refused; the host's for its 'refusedAnywhere' policy. */
  clockEventsApart: 'Clock events must be scheduled at least 1 hour(s) apart.',
  backgroundOneShotRefused: 'An Add-on trigger created from a time-driven trigger must fire at least one hour later.',
  scriptTooManyTriggers: 'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
  testAsAddOn:
    'The add-on attempted an action that is not permitted in Test as add-on mode. To use this action, you must deploy the add-on.',
  urlFetchDailyQuota: 'Service invoked too many times for one day: urlfetch.',
  propertiesDailyQuota: 'Service invoked too many times for one day: properties.',
  mailDailyQuota: 'Service invoked too many times for one day: email.',
  mailNoRecipient: 'Failed to send email: no recipient',
  invalidEmail: (address: string) => `Invalid email: ${address}`,
  triggerRuntimeQuota: 'Service using too much computer time for one day',
  parametersDontMatch: (given: string, method: string) => `The parameters (${given}) don't match the method signature for ${method}.`,
  requestFailed: (origin: string, code: number, truncated: string) =>
    `Request failed for ${origin} returned code ${code}. Truncated server response: ${truncated} (use muteHttpExceptions option to examine full response)`,
  dnsError: (url: string) => `DNS error: ${url}`,
  addressUnavailable: (url: string) => `Address unavailable: ${url}`,
  invalidArgument: (name: string) => `Invalid argument: ${name}`,
  rangeOutside: 'The coordinates of the range are outside the dimensions of the sheet.',
  rowsMismatch: (data: number, range: number) =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  columnsMismatch: (data: number, range: number) =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
  rowsOutOfBounds: 'Those rows are out of bounds.',
  columnsOutOfBounds: 'Those columns are out of bounds.',
  deleteAllRows: 'Sorry, it is not possible to delete all non-frozen rows.',
  deleteAllColumns: 'Sorry, it is not possible to delete all non-frozen columns.',
  sortColumnOutside: 'The sort column must be within the range.',
  filterColumnOutside: 'The column position must be within the filter range.',
  noHtmlFile: (name: string) => `No HTML file named ${name} was found.`,
  scriptFunctionNotFound: (name: string) => `Script function not found: ${name}`,
} as const;
