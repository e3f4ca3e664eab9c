// The add-on's time-driven triggers: at most one waiting one-shot per spreadsheet and user, made
// only when the plan says so, never failing the user's action when Apps Script refuses one.
import { OFF_RETRY_MS, planContinuation, type Continuation } from '../jobs/continuation';
import { allContinuations, saveContinuation } from './job-store';

export const CONTINUE_HANDLER = 'continueJobs';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

function ours(triggers: GoogleAppsScript.Script.Trigger[]): GoogleAppsScript.Script.Trigger[] {
  return triggers.filter((t) => t.getHandlerFunction() === CONTINUE_HANDLER);
}

function deleteAll(triggers: GoogleAppsScript.Script.Trigger[]): void {
  for (const t of triggers) {
    try {
      ScriptApp.deleteTrigger(t);
    } catch {
      // Already gone.
    }
  }
}

/** Why a trigger could not be made, in words for the job list. */
function refusal(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  if (/test as add-on|not permitted in test/i.test(text)) return 'a test deployment cannot run triggers.';
  if (/too many/i.test(text)) return 'your account has too many triggers for this add-on.';
  return 'Apps Script refused to make a trigger.';
}

function create(dueAt: number): { uid: string } | { error: unknown } {
  try {
    const trigger = ScriptApp.newTrigger(CONTINUE_HANDLER).timeBased().after(Math.max(0, Math.round(dueAt - Date.now()))).create();
    return { uid: trigger.getUniqueId() };
  } catch (e) {
    return { error: e };
  }
}

/**
 * Deletes the add-on's triggers that no spreadsheet with a running job is waiting for: spent
 * one-shots and those left in documents whose jobs ended while nobody had them open.
 */
export function removeStaleTriggers(): number {
  const wanted = new Set(allContinuations().filter((c) => c.running && c.continuation.uid).map((c) => c.continuation.uid));
  const stale = ours(ScriptApp.getProjectTriggers()).filter((t) => !wanted.has(t.getUniqueId()));
  deleteAll(stale);
  for (const c of allContinuations()) if (!c.running) saveContinuation(c.spreadsheetId, {});
  return stale.length;
}

/**
 * Leaves the spreadsheet's continuation right for `nextDue` (undefined: no job runs). Returns
 * what is now known; a refused trigger turns background steps off for a while, never throws.
 */
export function settleContinuation(spreadsheet: Spreadsheet, state: Continuation, nextDue: number | undefined): Continuation {
  const plan = planContinuation(state, nextDue, Date.now());
  if (plan.kind === 'keep') return state;
  deleteAll(ours(ScriptApp.getUserTriggers(spreadsheet)));
  let next: Continuation = {};
  if (plan.kind === 'create') {
    let made = create(plan.dueAt);
    // The per-user limit counts triggers left in other documents: clear those, then try once more.
    if ('error' in made && /too many/i.test(String((made.error as Error)?.message)) && removeStaleTriggers() > 0) made = create(plan.dueAt);
    next = 'uid' in made ? { uid: made.uid, dueAt: plan.dueAt } : { off: refusal(made.error), offUntil: Date.now() + OFF_RETRY_MS.createFailed };
  }
  saveContinuation(spreadsheet.getId(), next);
  return next;
}

/** The trigger that fired is spent: delete it, so it counts toward no limit. */
export function deleteFiredTrigger(uid: string, spreadsheet: Spreadsheet | null): void {
  const all = spreadsheet ? ScriptApp.getUserTriggers(spreadsheet) : ScriptApp.getProjectTriggers();
  deleteAll(all.filter((t) => t.getUniqueId() === uid));
}
