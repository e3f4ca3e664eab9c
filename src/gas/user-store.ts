// The user's own properties, read once per execution: the key, the job records and the trigger
// records all come from one getProperties call, since every property call counts toward the
// user's daily quota (50,000 on a consumer account).
let snapshot: Record<string, string> | undefined;

/** The user's properties themselves, for a value kept apart from this execution's view. */
export const userProperties = (): GoogleAppsScript.Properties.Properties => PropertiesService.getUserProperties();

/**
 * The user's properties as this execution knows them. `fresh` reads them again: an execution
 * that has just taken the document lock wants what the previous holder wrote.
 */
export const userValues = (fresh = false): Readonly<Record<string, string>> => {
  if (fresh || !snapshot) snapshot = { ...userProperties().getProperties() };
  return snapshot;
};

/** Writes values in one call and keeps this execution's view in step. */
export const putUserValues = (values: Record<string, string>): void => {
  const keys = Object.keys(values);
  if (keys.length === 0) return;
  if (keys.length === 1) userProperties().setProperty(keys[0]!, values[keys[0]!]!);
  else userProperties().setProperties(values);
  if (snapshot) Object.assign(snapshot, values);
};

/** Deletes values, one call each (Apps Script has no batch delete that keeps the others). */
export const deleteUserValues = (keys: string[]): void => {
  for (const key of keys) {
    userProperties().deleteProperty(key);
    if (snapshot) delete snapshot[key];
  }
};
