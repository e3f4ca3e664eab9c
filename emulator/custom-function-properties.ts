// Which property stores a custom function may read and write. Apps Script's custom-function guide
// ("Custom Functions in Google Sheets", Using Apps Script services) lists Properties among the
// services a custom function may call, with one note: "getUserProperties() only gets the
// properties of the spreadsheet owner. Spreadsheet editors can't set user properties in a custom
// function." The host does exactly that (the owner's store, read by everyone, written only when
// the owner's own recalculation runs). The guide is silent on the document's store in a custom
// function of an add-on (the PropertiesService reference: available "if the script is published
// and executing as an add-on", null "when document properties are not available"), so that is
// an unknowable with every answer (unknowables.ts).
import { Messages } from './errors';
import type { Execution } from './execution';
import type { CustomFunctionDocumentProperties } from './unknowables';

/** Whether `getDocumentProperties()` returns a store in this execution. */
export function documentStoreAvailable(exec: Execution, policy: CustomFunctionDocumentProperties): boolean {
  return exec.activeDocument && !(exec.mode === 'CUSTOM_FUNCTION' && policy === 'none');
}

/**
 * Why a write to a store is refused in this execution (undefined: allowed). `owner` is the
 * spreadsheet's owner, whose user properties a custom function reads.
 */
export function writeRefusal(
  exec: Execution,
  scope: 'user' | 'document' | 'script',
  owner: string,
  policy: CustomFunctionDocumentProperties,
): string | undefined {
  if (exec.mode !== 'CUSTOM_FUNCTION') return undefined;
  // The guide: editors cannot set user properties in a custom function (the store is the owner's).
  if (scope === 'user' && exec.user !== owner) return Messages.permission('setProperty');
  if (scope === 'document' && policy === 'read-only') return Messages.permission('setProperty');
  return undefined;
}
