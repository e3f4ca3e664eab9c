// The spreadsheet this execution runs in, its properties, and its document lock: one step of the
// add-on writes to a spreadsheet at a time.
import { fail } from '../base/fail';
import { putUserValues, userValues } from './user-store';

export type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Null when Apps Script runs a time-driven trigger without the document it was made in. */
export const activeSpreadsheet = (): Spreadsheet | null => SpreadsheetApp.getActiveSpreadsheet() ?? null;

/** The spreadsheet of a user action, where there always is one. */
export const currentSpreadsheet = (): Spreadsheet => {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) fail('Open the spreadsheet first.');
  return spreadsheet;
};

/** Set while this execution works on a spreadsheet it opened by id (see `workingElsewhere`). */
let elsewhere = false;

/**
 * Runs `work` on a spreadsheet this execution opened by id while another is active (automation's
 * trigger serves every automated spreadsheet): the active document's properties are not that
 * spreadsheet's, so none are read or written meanwhile.
 */
export const workingElsewhere = <T>(on: boolean, work: () => T): T => {
  const was = elsewhere;
  elsewhere = on;
  try {
    return work();
  } finally {
    elsewhere = was;
  }
};

/** The document's properties (shared by its editors); null in a run that reached it by id. */
export const documentProperties = (): GoogleAppsScript.Properties.Properties =>
  (elsewhere ? null : PropertiesService.getDocumentProperties()) as GoogleAppsScript.Properties.Properties;

/**
 * The spreadsheet a time-driven run was made for when Apps Script ran it without it: opened by
 * id, which only the full `spreadsheets` scope allows (under `currentonly` it throws: null).
 */
export const openSpreadsheet = (id: string): Spreadsheet | null => {
  try {
    return SpreadsheetApp.openById(id);
  } catch {
    return null;
  }
};

/** Set once this user's background runs have reached a spreadsheet by id. */
const BY_ID = 'prospecting.byId';

/**
 * Notes that this user's background runs open spreadsheets by id (see `tryWithDocumentLock`);
 * true the first time.
 */
export const noteOpenedById = (): boolean => {
  if (userValues()[BY_ID]) return false;
  putUserValues({ [BY_ID]: '1' });
  return true;
};

/**
 * Runs `work` holding the document lock; false when another step holds it past `waitMs`. A run
 * that opened its spreadsheet by id has no document lock and takes the user's lock instead; once
 * this user's runs do that, every step takes the user's lock too (after the document's, always in
 * that order), so a step by id and a sidebar's step never work on one job at once.
 */
export const tryWithDocumentLock = <T>(waitMs: number, work: () => T): { ran: true; value: T } | { ran: false } => {
  const doc = LockService.getDocumentLock();
  const user = !doc || userValues()[BY_ID] ? LockService.getUserLock() : null;
  if (doc && !doc.tryLock(waitMs)) return { ran: false };
  try {
    if (user && !user.tryLock(waitMs)) return { ran: false };
    try {
      return { ran: true, value: work() };
    } finally {
      user?.releaseLock();
    }
  } finally {
    doc?.releaseLock();
  }
};

export const withDocumentLock = <T>(work: () => T): T => {
  const result = tryWithDocumentLock(10000, work);
  if (!result.ran) fail('Another step of the add-on is writing to this spreadsheet. Try again in a moment.');
  return result.value;
};

/** A line in the execution log (Apps Script's executions page), for steps nobody watches. */
export const logLine = (text: string): void => console.log(text);

export const activeSheet = (): GoogleAppsScript.Spreadsheet.Sheet => currentSpreadsheet().getActiveSheet();
