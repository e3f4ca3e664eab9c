// The property store formulas keep their answers in past the cache's six hours: the document's,
// read once per execution. Apps Script's custom-function guide lists Properties among the
// services a custom function may use and is silent on the document's store there: where a
// custom function gets none, or may not write it, nothing is kept (the cache's six hours alone).
/** The document's store and this execution's view of its values (kept in step by whoever writes). */
export interface KeptStore {
  props: GoogleAppsScript.Properties.Properties;
  values: Record<string, string>;
}

let store: KeptStore | null | undefined;

/** The document's store, or null where a custom function gets none. */
export const keptStore = (): KeptStore | null => {
  if (store === undefined) {
    store = null;
    try {
      const props = PropertiesService.getDocumentProperties();
      if (props) store = { props, values: props.getProperties() };
    } catch {
      // None here.
    }
  }
  return store;
};
