// The Utilities calls the add-on needs: a fresh id, a wait, a digest for cache keys, and days in a time zone.
import type { SpendClock } from '../automation/automation-record';
import { timeNow } from './clock';
export const newId = (): string => Utilities.getUuid();

/** Waits inside the execution (Apps Script has no timers); counts toward its time limit. */
export const sleep = (ms: number): void => Utilities.sleep(ms);

/** The SHA-256 digest of `text` (UTF-8) in web-safe base64. */
export const sha256WebSafe = (text: string): string =>
  Utilities.base64EncodeWebSafe(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8));

/** A spreadsheet's time zone now, and the day holding an instant in a zone (`2026-11-26`): what its daily credit cap counts. */
export const spendClock = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): SpendClock => ({
  zone: spreadsheet.getSpreadsheetTimeZone(),
  now: timeNow(),
  dayOf: (zone, at) => Utilities.formatDate(new Date(at), zone, 'yyyy-MM-dd'),
});
