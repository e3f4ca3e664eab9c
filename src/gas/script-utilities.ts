// The Utilities calls the add-on needs: a fresh id, a wait, and a digest for cache keys.
export const newId = (): string => Utilities.getUuid();

/** Waits inside the execution (Apps Script has no timers); counts toward its time limit. */
export const pause = (ms: number): void => Utilities.sleep(ms);

/** The SHA-256 digest of `text` (UTF-8) in web-safe base64. */
export const sha256WebSafe = (text: string): string =>
  Utilities.base64EncodeWebSafe(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8));

/** The day holding an instant in a time zone, `2026-11-26`: the days a spreadsheet's daily credit cap counts. */
export const dayIn = (timeZone: string, at: number): string => Utilities.formatDate(new Date(at), timeZone, 'yyyy-MM-dd');
