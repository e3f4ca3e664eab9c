// One run of the time-driven trigger, top to bottom: the spreadsheet it was made for (opened by
// id when Apps Script ran it without it), then its jobs, its search, automation, and last the one
// continuation trigger settled where automation ran.
import { HOUR_MS, OFF_RETRY_MS } from '../gas/continuation';
import { activeSpreadsheet, logLine, noteOpenedById, openSpreadsheet, tryWithDocumentLock, type Spreadsheet } from '../gas/active-document';
import { allContinuations, loadDocument, saveContinuation } from '../gas/job-store';
import { deleteFiredTrigger, ensureSomeTrigger, settleContinuation, triggerAgainLater, triggerExists } from '../gas/triggers';
import { timeNow } from '../gas/clock';
import { automationTick, automationUnreached } from './automation-run';
import { settleForJobs } from '../gas/job-continuation';
import { carryOn, STEP_BUDGET_MS, waitBeforeWork } from './job-loop';

/** Notes on the spreadsheet whose trigger this was that background steps cannot see it. */
const noteRanWithoutDocument = (spreadsheetId: string | undefined): void => {
  logLine(
    'Background step skipped: Apps Script ran this trigger without its spreadsheet. Jobs go on while the sidebar is open, or with Check running jobs now.',
  );
  if (!spreadsheetId) return;
  saveContinuation(spreadsheetId, {
    off: 'Apps Script ran the background step without this spreadsheet.',
    offUntil: timeNow() + OFF_RETRY_MS.noDocument,
  });
};

/**
 * The spreadsheet a trigger run without it was made for: by its record, else (a trigger made
 * while the records could not be read) the first whose recorded trigger is gone.
 */
const homeOf = (uid: string): string | undefined => {
  const all = allContinuations();
  const mine = all.find((c) => c.continuation.uid === uid) ?? all.find((c) => c.continuation.uid && !triggerExists(c.continuation.uid));
  return mine?.spreadsheetId;
};

/**
 * A run of the time-driven trigger (every trigger made calls it as `continueJobs`): carries on,
 * while nobody watches, the jobs of the spreadsheet it was made for, then `tools` (a search
 * the sidebar is not stepping, and paced row actions, given the time left: features of their own,
 * handed in by main.ts),
 * then, in the spreadsheet whose trigger serves it, automation; and settles the spreadsheet's
 * one continuation trigger at the end, for all three. Run without its spreadsheet, it opens
 * the one its record names by id, when the add-on's scopes allow.
 */
export const runTrigger = (
  event: { triggerUid?: unknown } | undefined,
  tools: (spreadsheet: Spreadsheet, deadline: number) => void,
): void => {
  const deadline = timeNow() + STEP_BUDGET_MS;
  const uid = event?.triggerUid === undefined || event.triggerUid === null ? '' : String(event.triggerUid);
  let spreadsheet = activeSpreadsheet();
  if (uid) deleteFiredTrigger(uid, spreadsheet);
  const byId = !spreadsheet;
  if (!spreadsheet) {
    let id: string | undefined;
    try {
      id = uid ? homeOf(uid) : undefined;
    } catch (e) {
      // The records cannot be read (the day's property quota spent): a trigger must still come back.
      triggerAgainLater();
      throw e;
    }
    spreadsheet = id ? openSpreadsheet(id) : null;
    if (!spreadsheet) {
      if (id) automationUnreached(id);
      return noteRanWithoutDocument(id);
    }
    // The first time, a step of this user's that began before the note may still run without
    // the user's lock: this run only notes, and the next comes once such a step has surely ended.
    if (noteOpenedById()) return void settleContinuation(spreadsheet, {}, timeNow() + 6 * 60 * 1000, true);
  }
  const open = spreadsheet;
  try {
    const stepped = tryWithDocumentLock(5000, () => {
      const opts = { firedUid: uid, background: true, byId, loaded: loadDocument(open.getId(), true) };
      // A trigger waits before the long work: a run cut off at the time limit is picked up by it.
      waitBeforeWork(open, opts.loaded, opts);
      carryOn(open, STEP_BUDGET_MS, { ...opts, leaveContinuation: true });
      tools(open, deadline);
      automationTick(open, deadline, byId);
      // Settled once, at the end, for what is now known of the jobs, the search and automation.
      settleForJobs(open, true, uid);
    });
    // Another step holds the spreadsheet and may be cut off at the time limit: a trigger must
    // wait after it. That step's own settling checks that its recorded trigger still exists.
    if (!stepped.ran) ensureSomeTrigger(open);
  } catch (e) {
    // A failed step (a daily quota spent: properties cannot even be read) must not leave the
    // spreadsheet, or automation, without its trigger: one comes back in an hour.
    ensureSomeTrigger(open, Date.now() + HOUR_MS);
    throw e;
  }
};
