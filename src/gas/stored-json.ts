// JSON kept in Apps Script's properties and caches, read back: nothing, or a damaged text, reads
// as undefined, so one bad record is dropped rather than breaking everything that reads it.

/** The value `raw` holds; undefined for none or for a text that is not JSON. */
export const parseStored = <T>(raw: string | null | undefined): T | undefined => {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
};
