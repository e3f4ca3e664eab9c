// The add-on's time-driven triggers: at most one waiting one-shot per spreadsheet and user, made
// only when the plan says so, never failing the user's action when Apps Script refuses one.
import { max, min } from '../base/numbers';
import { HOUR_MS, MIN_DELAY_MS, OFF_RETRY_MS, planContinuation, type Continuation } from './continuation';
import { allContinuations, saveContinuation } from './job-store';
import { searchDue } from './search-store';
import { pacedDue } from './paced-store';
import { automationDue, readAutoUser } from './automation-store';
import { userValues } from './user-store';
import { timeNow } from './clock';
import { errorText } from '../base/fail';

export const CONTINUE_HANDLER = 'continueJobs';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const ours = (triggers: GoogleAppsScript.Script.Trigger[]): GoogleAppsScript.Script.Trigger[] => {
  return triggers.filter((t) => t.getHandlerFunction() === CONTINUE_HANDLER);
};

/** The add-on's triggers of this user in the spreadsheet. */
const inDocument = (spreadsheet: Spreadsheet): GoogleAppsScript.Script.Trigger[] => ours(ScriptApp.getUserTriggers(spreadsheet));

const deleteAll = (triggers: GoogleAppsScript.Script.Trigger[]): void => {
  for (const t of triggers) {
    try {
      ScriptApp.deleteTrigger(t);
    } catch {
      // Already gone.
    }
  }
};

/** Whether Apps Script refused with a message that holds `words`. */
const says = (e: unknown, words: RegExp): boolean => words.test(errorText(e));

const isTestDeployment = (e: unknown): boolean => says(e, /test as add-on|not permitted in test/i);

/** The per-user limit (20 a script), as opposed to the one-per-document rule of add-ons. */
const isUserLimit = (e: unknown): boolean => says(e, /too many triggers/i);

/** Another execution made this document's one trigger a moment ago. */
const isDocumentLimit = (e: unknown): boolean => says(e, /in this document/i);

/** Why a trigger could not be made, in words for the job list. */
const refusal = (e: unknown): string =>
  isTestDeployment(e)
    ? 'a test deployment cannot run triggers.'
    : isUserLimit(e)
      ? 'your account has too many triggers for this add-on.'
      : 'Apps Script refused to make a trigger.';

type Made = { uid: string; dueAt: number; hourly?: boolean; offUntil?: number } | { error: unknown };

/** A one-shot for `dueAt`, or (`hourly`) a trigger recurring each hour, its first run an hour away. */
const create = (dueAt: number, hourly = false): Made => {
  try {
    const builder = ScriptApp.newTrigger(CONTINUE_HANDLER).timeBased();
    const uid = (hourly ? builder.everyHours(1) : builder.after(max(0, Math.round(dueAt - timeNow())))).create().getUniqueId();
    return hourly ? { uid, dueAt: timeNow() + HOUR_MS, hourly } : { uid, dueAt };
  } catch (e) {
    return { error: e };
  }
};

/**
 * The trigger for `dueAt`. A one-shot due within the hour may be refused, from a time-driven run
 * or from any run ("Clock events must be scheduled at least 1 hour(s) apart."; Google does not
 * say, the host models both): it then makes an hourly trigger, which add-ons may always make, so
 * a job goes on with nobody watching. A time-driven run tries the one-shot first each time, a
 * user's action again after OFF_RETRY_MS.createFailed, so a passing refusal costs one hour at
 * most. The per-user limit counts triggers left in other documents: those are cleared and it
 * tries again.
 */
const make = (dueAt: number, background: boolean): Made => {
  let made = create(dueAt);
  if ('error' in made && isUserLimit(made.error) && removeStaleTriggers() > 0) made = create(dueAt);
  const e = 'error' in made && made.error;
  if (e && !isUserLimit(e) && !isDocumentLimit(e) && !isTestDeployment(e)) {
    made = create(dueAt, true);
    if (!background && 'uid' in made) made.offUntil = timeNow() + OFF_RETRY_MS.createFailed;
  }
  return made;
};

/**
 * Deletes the add-on's triggers that no spreadsheet with a running job or a search going on is
 * waiting for: spent one-shots and those left in documents whose work ended while nobody had them
 * open. The
 * triggers are listed before the records are read again, so one another spreadsheet has just
 * made and recorded is never taken for stale.
 */
export const removeStaleTriggers = (): number => {
  const listed = ours(ScriptApp.getProjectTriggers());
  userValues(true);
  const continuations = allContinuations();
  // The home serves automation; the deputy's trigger watches the home.
  const { home, deputy } = readAutoUser();
  const watched = new Set([home, deputy]);
  const wanted = new Set(
    continuations
      .filter(
        (c) => (c.running || searchDue(c.spreadsheetId) || pacedDue(c.spreadsheetId) || watched.has(c.spreadsheetId)) && c.continuation.uid,
      )
      .map((c) => c.continuation.uid),
  );
  const stale = listed.filter((t) => !wanted.has(t.getUniqueId()));
  deleteAll(stale);
  return stale.length;
};

/** Whether this user's trigger of the add-on with this id is there, in any spreadsheet. */
export const triggerExists = (uid: string): boolean => ScriptApp.getProjectTriggers().some((t) => t.getUniqueId() === uid);

/** The recorded trigger, if it is still there: a record may outlive its trigger. */
const verified = (spreadsheet: Spreadsheet, state: Continuation): Continuation => {
  if (!state.uid) return state;
  const exists = inDocument(spreadsheet).some((t) => t.getUniqueId() === state.uid);
  return exists ? state : {};
};

/**
 * Leaves the spreadsheet's continuation right for `nextDue` (undefined: no job runs), or sooner
 * for the spreadsheet's search when one goes on, or for automation in the spreadsheet whose
 * trigger serves it (one trigger per user for every automated spreadsheet). Returns
 * what is now known; a refused trigger turns background steps off for a while, never throws.
 * `background`: this is a time-driven run.
 */
export const settleContinuation = (
  spreadsheet: Spreadsheet,
  state: Continuation,
  nextDue: number | undefined,
  background = false,
): Continuation => {
  const now = timeNow();
  for (const due of [searchDue(spreadsheet.getId(), background), automationDue(spreadsheet.getId()), pacedDue(spreadsheet.getId())])
    if (due !== undefined) nextDue = min(nextDue ?? due, due);
  let known = state;
  let plan = planContinuation(known, nextDue, now, background);
  if (plan.kind === 'keep' && known.uid) {
    known = verified(spreadsheet, known);
    plan = planContinuation(known, nextDue, now, background);
  }
  if (plan.kind === 'keep') {
    saveContinuation(spreadsheet.getId(), known);
    return known;
  }
  deleteAll(inDocument(spreadsheet));
  let next: Continuation = {};
  if (plan.kind === 'create') {
    const made = make(plan.dueAt, background);
    if ('uid' in made) next = made;
    else if (!isDocumentLimit(made.error)) next = { off: refusal(made.error), offUntil: now + OFF_RETRY_MS.createFailed };
  }
  saveContinuation(spreadsheet.getId(), next);
  return next;
};

/**
 * For a trigger that could not take the document lock: the step holding it may be cut off at
 * the time limit, so one trigger must wait after it. Made only when none waits; nothing deleted.
 */
export const ensureSomeTrigger = (spreadsheet: Spreadsheet, dueAt = timeNow() + MIN_DELAY_MS): void => {
  if (inDocument(spreadsheet).length > 0) return;
  const made = make(dueAt, true);
  try {
    if ('uid' in made) saveContinuation(spreadsheet.getId(), made);
  } catch {
    // The properties' quota is spent: the trigger is there, its record comes with the next step.
  }
};

/** The trigger that fired is spent: delete it, so it counts toward no limit. */
export const deleteFiredTrigger = (uid: string, spreadsheet: Spreadsheet | null): void => {
  const all = spreadsheet ? ScriptApp.getUserTriggers(spreadsheet) : ScriptApp.getProjectTriggers();
  deleteAll(all.filter((t) => t.getUniqueId() === uid));
};

/**
 * For a run without its spreadsheet that cannot read which one it was made for (the day's
 * property quota spent): a trigger an hour away, whose run finds it by its record's lost trigger.
 */
export const triggerAgainLater = (): void => void create(timeNow() + HOUR_MS, true);
