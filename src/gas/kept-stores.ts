// The property store formulas keep their answers in past the cache's six hours: the document's,
// read once per execution, with the spreadsheet's re-check age beside them. Apps Script's
// custom-function guide lists Properties among the services a custom function may use and is
// silent on the document's store there: where a custom function gets none, or may not write it,
// nothing is kept (the cache's six hours alone).
import { documentProperties } from './active-document';

/** The document's store and this execution's view of its values (kept in step by whoever writes). */
export interface KeptStore {
  props: GoogleAppsScript.Properties.Properties;
  values: Record<string, string>;
}

/**
 * The Auto tab's "Check results again after (days)" for this spreadsheet, kept in the document
 * (every editor's formulas read it, with the answers, in the same call), not only in the
 * automation record: that lives in the user properties of whoever saved it, and a custom function
 * reads only the owner's, so an editor's setting, or one saved with automation off, never reached them.
 */
export const RECHECK_KEY = 'pfs.recheck';

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

/** The re-check days saved for this spreadsheet (0: none named). */
export const recheckDays = (): number => parseInt(documentProperties().getProperty(RECHECK_KEY) ?? '') || 0;

/** How old an answer the spreadsheet paid for may be to be reused, as the person set it for the spreadsheet (days; 0: never). */
export const REUSE_KEY = 'pfs.reuse';

/**
 * The reuse age: as the person set it, else the re-check age, else `fallback` (also in a run that
 * reached the spreadsheet by id, which cannot read its document's store).
 */
export const reuseDays = (fallback: number): number => {
  const props = documentProperties();
  const set = parseInt(props?.getProperty(REUSE_KEY) ?? '');
  return set >= 0 ? set : parseInt(props?.getProperty(RECHECK_KEY) ?? '') || fallback;
};

export const saveReuseDays = (days: number): void => {
  documentProperties().setProperty(REUSE_KEY, String(days));
};

export const saveRecheckDays = (days: number): void => {
  documentProperties().setProperty(RECHECK_KEY, String(days));
};
