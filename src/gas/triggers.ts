// The one time-driven trigger this user may have in this document: a one-shot `after(ms)` for
// the next step, an hourly trigger when a one-shot cannot be made, none when no job is left.
export const CONTINUE_HANDLER = 'continueJobs';

function ours(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getUserTriggers(spreadsheet).filter((t) => t.getHandlerFunction() === CONTINUE_HANDLER);
}

export function clearContinuation(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): void {
  for (const t of ours(spreadsheet)) ScriptApp.deleteTrigger(t);
}

export function scheduleContinuation(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, delayMs: number): 'once' | 'hourly' {
  clearContinuation(spreadsheet);
  try {
    ScriptApp.newTrigger(CONTINUE_HANDLER).timeBased().after(Math.max(60000, Math.round(delayMs))).create();
    return 'once';
  } catch {
    ScriptApp.newTrigger(CONTINUE_HANDLER).timeBased().everyHours(1).create();
    return 'hourly';
  }
}
