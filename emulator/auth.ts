// Which service calls each authorization mode allows, with the message Apps Script gives when
// a call is refused. Checked before every instrumented call.
import { GasError, Messages } from './errors';
import type { Execution } from './execution';

/** The full Sheets scope: every spreadsheet the user can open (SpreadsheetApp.openById/openByUrl). */
export const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
/** Sending e-mail as the user (MailApp). */
export const SEND_MAIL_SCOPE = 'https://www.googleapis.com/auth/script.send_mail';

const Scopes = {
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
  currentSpreadsheet: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
} as const;

const DIALOGS = /^(showSidebar|showModalDialog|showModelessDialog|alert|prompt)$/;
const TRIGGER_CALLS = /^(newTrigger|getProjectTriggers|getUserTriggers|deleteTrigger)$/;
// Spreadsheet methods that change the document (custom functions may only read).
const WRITES = /^(set|insert|delete|clear|sort|hide|show|unhide|append|activate|toast|remove|move|copyTo|merge|protect|add|create)/;

function lastSegment(kind: string): string {
  return kind.slice(kind.lastIndexOf('.') + 1);
}

/** The refusal message for `kind.method` in this execution, or undefined when allowed. */
function refusal(exec: Execution, kind: string, method: string): string | undefined {
  const limited = exec.mode === 'LIMITED' || exec.mode === 'NONE';
  const label = `${lastSegment(kind)}.${method}`;

  if (kind === 'SpreadsheetApp' && method === 'getUi' && (exec.kind === 'trigger' || exec.kind === 'customFunction')) {
    return Messages.uiFromThisContext;
  }
  if (kind === 'SpreadsheetApp.Ui' && DIALOGS.test(method) && limited) return Messages.permission(label, Scopes.containerUi);
  if (kind === 'UrlFetchApp' && limited) return Messages.permission(label, Scopes.externalRequest);
  // MailApp is not among the services a custom function may use (Apps Script's custom-function guide).
  if (kind === 'MailApp' && (limited || exec.mode === 'CUSTOM_FUNCTION')) return Messages.permission(label, SEND_MAIL_SCOPE);
  if (kind === 'ScriptApp' && TRIGGER_CALLS.test(method) && (limited || exec.mode === 'CUSTOM_FUNCTION')) {
    return Messages.permission(label, Scopes.scriptApp);
  }
  // Custom functions cannot open other spreadsheets (Apps Script's custom-function guide).
  if (exec.mode === 'CUSTOM_FUNCTION' && kind === 'SpreadsheetApp' && /^openBy(Id|Url)$/.test(method)) {
    return Messages.permission(method);
  }
  if (exec.mode === 'CUSTOM_FUNCTION' && kind.startsWith('SpreadsheetApp') && WRITES.test(method)) {
    return Messages.permission(method);
  }
  if (exec.mode === 'NONE') {
    // Before the add-on is enabled in the document only the menu may be built.
    const menuOnly =
      (kind === 'SpreadsheetApp' && method === 'getUi') ||
      (kind === 'SpreadsheetApp.Ui' && /^create(Addon)?Menu$/.test(method)) ||
      kind === 'SpreadsheetApp.Menu' ||
      kind === 'Logger' ||
      kind === 'console';
    if (!menuOnly) {
      return kind.startsWith('SpreadsheetApp') ? Messages.permission(label, Scopes.currentSpreadsheet) : Messages.permission(label);
    }
  }
  return undefined;
}

export function checkAccess(exec: Execution, kind: string, method: string): void {
  const message = refusal(exec, kind, method);
  if (message) throw new GasError(message);
}
