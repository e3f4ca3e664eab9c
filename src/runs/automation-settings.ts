// The sidebar's way into automation: turn it on or off for the active sheet, see its history,
// retry a run's failed rows, run it now. The runs themselves are in automation-run.ts.
import { timeNow } from '../gas/clock';
import { ADDON_NAME, ONE_SPREADSHEET } from '../config';
import { toast } from '../gas/ui';
import { errorText, fail } from '../base/fail';
import { isDailyQuotaMessage } from '../api/errors';
import * as z from 'zod/mini';
import { array, boolean, oneOf, string } from '../api/kinds';
import { minLength, upTo } from '../api/checks';
import { parseInput } from '../api/input-errors';
import { lazy } from '../base/lazy';
import { runDue, spentToday, type AutoRecord } from '../automation/automation-record';
import { AUTO_ACTIONS, type AutomationInput, type AutomationView } from '../automation/automation-view';
import { ACTION_LABELS, missingColumns } from '../jobs/action-catalog';
import { creditParts, estimateTally, type Tally } from '../jobs/credit-parts';
import { currentSpreadsheet, noteOpenedById, withDocumentLock, type Spreadsheet } from '../gas/active-document';
import { automated, autoStored, enlist, readAuto, readAutoUser, saveAuto, saveAutoUser, takeOver } from '../gas/automation-store';
import { isQuiet, quietWords, WATCH_MS } from '../automation/home-watch';
import { claim, claimedByAnother, release } from '../gas/claims';
import { requireClient } from '../gas/client-factory';
import { backgroundNote } from '../gas/continuation';
import { activeUserEmail } from '../gas/current-user';
import { loadDocument } from '../gas/job-store';
import { accountOf, readConnection } from '../gas/key-store';
import { recheckDays, saveRecheckDays } from '../gas/kept-stores';
import { readSavedMapping, readSettings } from '../gas/settings';
import { spendClock } from '../gas/script-utilities';
import { sheetById } from '../gas/sheet-port';
import { triggerExists } from '../gas/triggers';
import { userValues } from '../gas/user-store';
import { POLL_BUDGET_MS } from './job-loop';
import { settleForJobs } from '../gas/job-continuation';
import { runAutomation, type RunHow } from './automation-run';
import { sheetLayout } from './automation-layout';

const inputSchema = lazy(() =>
  z.object({
    on: boolean(),
    actions: array(oneOf(AUTO_ACTIONS)).check(minLength(1, { error: 'Choose at least one action to automate.' })),
    capPerRun: upTo(1_000_000, 'The credit cap per run'),
    capPerDay: upTo(1_000_000, 'The credit cap per day'),
    staleDays: upTo(365, 'The days before a result is checked again'),
    alerts: boolean(),
  }),
);

const iso = (t: number | undefined): string => (t === undefined ? '' : new Date(t).toISOString());

/** A record this version cannot read: a later version's. */
const NEWER = "This spreadsheet's automation was set up by a newer version of the add-on: reload the spreadsheet to use it.";

/** What automation does now, in one sentence. */
const statusOf = (spreadsheet: Spreadsheet, record: AutoRecord | undefined): string => {
  if (!record) return autoStored(spreadsheet.getId()) ? NEWER : 'Off. Turn it on to send new and changed rows of this sheet every hour.';
  if (!record.on) return record.wait ? `Off: ${record.wait.why}` : 'Off.';
  if (record.wait) return `Waiting: ${record.wait.why}`;
  const user = readAutoUser();
  // Background steps off stop automation; an hourly trigger in place of a sooner one is its own pace.
  const state = user.home ? loadDocument(user.home).continuation : {};
  const off = state.off ? backgroundNote(state) : '';
  if (off) return off;
  if (isQuiet(user, timeNow())) return `${quietWords(user)} It goes on at its next hourly run once its trigger can fire again.`;
  // Told for a day after automation moved here from a home that had gone quiet.
  const moved = user.moved && timeNow() - user.moved.at < WATCH_MS ? user.moved : undefined;
  if (moved)
    return `${quietWords({ tickAt: moved.since, homeName: moved.from })} "${spreadsheet.getName()}" runs it from now on, watching "${record.sheetName}".`;
  const left = record.left ? ` The last run left ${record.left} rows for the next one (the cap per run).` : '';
  const hidden = record.hidden ? ` ${record.hidden} hidden or filtered rows are left out.` : '';
  return `Watching "${record.sheetName}": new and changed rows are sent every hour.${left}${hidden}`;
};

const spentOf = (t?: Tally) => t && creditParts(t);

/** What the tab shows (the record, tidied to count today's spend, is not saved again here). */
const viewOf = (spreadsheet: Spreadsheet, record: AutoRecord | undefined): AutomationView => {
  const user = readAutoUser();
  const clock = spendClock(spreadsheet);
  const jobs = loadDocument(spreadsheet.getId()).jobs;
  const options = record?.options ?? readSettings();
  return {
    on: Boolean(record?.on),
    sheetName: record?.on ? record.sheetName : '',
    actions: record?.actions ?? ['email'],
    capPerRun: record?.capRun ?? 100,
    capPerDay: record?.capDay ?? 500,
    staleDays: record?.staleDays ?? recheckDays(),
    spentToday: record ? spentToday(record, clock) : 0,
    status: statusOf(spreadsheet, record),
    nextRunAt: iso(record && runDue(record)),
    timeZone: clock.zone,
    history: (record?.runs ?? [])
      .map((r, _, __, job = jobs.find((j) => j.id === r.job)) => ({
        id: r.id,
        at: iso(r.at),
        action: ACTION_LABELS[r.action],
        rows: r.rows,
        credits: r.credits,
        spent: spentOf(job?.spent),
        // Only the person whose job it is finds it among their jobs: no one else is offered its undo.
        ...(job && job.undoUntil! > timeNow() && { undo: job.id }),
        outcome: r.outcome ?? 'Running.',
        failed: r.failed,
        alerted: Boolean(r.alerted),
      }))
      .reverse(),
    prices: Object.fromEntries(AUTO_ACTIONS.map((a) => [a, creditParts(estimateTally(a, 1, options))])) as AutomationView['prices'],
    alerts: Boolean(user.alerts),
    alertTo: user.to ?? activeUserEmail(),
  };
};

export const getAutomation = (): AutomationView => {
  const spreadsheet = currentSpreadsheet();
  const record = readAuto(spreadsheet.getId());
  // The spreadsheet whose trigger served automation may be gone: this one takes over.
  if (record?.on && !homeServes()) withDocumentLock(() => ensureHome(spreadsheet));
  return viewOf(spreadsheet, record);
};

/**
 * On opening a spreadsheet (onOpen: properties and toasts only), a toast when the trigger that
 * runs the user's automation has gone quiet. In NONE mode nothing can be read: nothing is said.
 */
export const warnIfQuiet = (): void => {
  try {
    const user = readAutoUser();
    if (isQuiet(user, timeNow()) && automated().length)
      toast(`${quietWords(user)} Open Extensions › ${ADDON_NAME} › Automate this sheet… to start it again here.`, ADDON_NAME, 30);
  } catch (e) {
    // Not enabled in this document yet: only the menu may be built. But the day's property quota
    // spent (by this user's other scripts, say) hides whether automation stopped: say that much.
    if (isDailyQuotaMessage(errorText(e)))
      toast(
        `Apps Script's daily quota of property reads is spent, so automation could not be checked. Open the Auto tab tomorrow.`,
        ADDON_NAME,
        30,
      );
  }
};

/**
 * Whether the recorded home spreadsheet's trigger, which serves automation, is there and still
 * runs it (a trigger can stay listed while it never fires: see home-watch.ts).
 */
const homeServes = (): boolean => {
  const user = readAutoUser();
  const uid = user.home && loadDocument(user.home).continuation.uid;
  return Boolean(uid && triggerExists(uid)) && !isQuiet(user, timeNow());
};

/**
 * Makes this spreadsheet's trigger the one that serves automation when no other does: the home
 * recorded is kept while its trigger is there and runs (a deleted spreadsheet's trigger no longer
 * is; a disabled one never fires). Either way this one's trigger is left right: as the home, or
 * as a daily look at the home.
 */
const ensureHome = (spreadsheet: Spreadsheet): void => {
  const user = readAutoUser();
  // Moved from a home that went quiet while others were automated; else a fresh start here.
  const quiet = isQuiet(user, timeNow()) && automated().some((a) => a.id !== spreadsheet.getId());
  if (user.home !== spreadsheet.getId() && !homeServes()) takeOver(spreadsheet, user, quiet);
  enlist(spreadsheet.getId());
  settleForJobs(spreadsheet);
};

/** Turns automation on (for the active sheet), changes it, or turns it off. */
export const saveAutomation = (input: AutomationInput): AutomationView => {
  const req = parseInput(inputSchema(), input, 'automation setting');
  return withDocumentLock(() => {
    const spreadsheet = currentSpreadsheet();
    const id = spreadsheet.getId();
    userValues(true);
    const before = readAuto(id);
    if (!before && autoStored(id)) fail(NEWER);
    const user = readAutoUser();
    saveAutoUser({ ...user, alerts: req.alerts, to: activeUserEmail() || user.to });
    // Every editor's formulas read the age from the document, automation on or off.
    saveRecheckDays(req.staleDays);
    if (!req.on) {
      // Also when its trigger stopped it (it could not reach this spreadsheet's claims then).
      if (before) {
        for (const action of before.actions) release(before.sheetId, action, 'auto');
        saveAuto(id, { ...before, on: false });
      }
      // Jobs automation started here were stepped by the home's trigger: now they need this one's.
      settleForJobs(spreadsheet);
      return viewOf(spreadsheet, readAuto(id));
    }
    if (req.capPerRun > req.capPerDay) fail('The cap per run cannot be more than the cap per day.');
    // The narrow build cannot open a spreadsheet by id: automation's one trigger serves its own only.
    if (ONE_SPREADSHEET && automated().some((a) => a.id !== id))
      fail(`This version automates one spreadsheet at a time: turn it off in "${user.homeName}" first.`);
    const connection = readConnection();
    requireClient();
    const sheet = before?.on ? (sheetById(spreadsheet, before.sheetId) ?? spreadsheet.getActiveSheet()) : spreadsheet.getActiveSheet();
    const mapping = readSavedMapping(sheet.getSheetId());
    checkColumns(sheet, req.actions, mapping);
    for (const action of req.actions) {
      const holder = claimedByAnother(sheet.getSheetId(), action);
      if (holder)
        fail(
          `Another editor's job or automation holds ${ACTION_LABELS[action].toLowerCase()} on this sheet; automate another sheet, or ask them to finish first.`,
        );
    }
    if (before?.on) for (const action of before.actions) if (!req.actions.includes(action)) release(before.sheetId, action, 'auto');
    const settings = readSettings();
    const record: AutoRecord = {
      v: 1,
      on: true,
      sheetId: sheet.getSheetId(),
      sheetName: sheet.getName(),
      actions: req.actions,
      capRun: req.capPerRun,
      capDay: req.capPerDay,
      staleDays: req.staleDays,
      options: { revealEmail: settings.revealEmail, revealPhones: settings.revealPhones },
      fields: settings.fields,
      since: before?.on ? before.since : timeNow(),
      ...(before && { spends: before.spends, zones: before.zones, day: before.day, spent: before.spent }),
      runs: before?.runs ?? [],
    };
    if (before?.on && before.lastRunAt !== undefined) record.lastRunAt = before.lastRunAt;
    // A reason already told is not told again; the first run says whether it still holds.
    if (before?.wait?.alerted) record.wait = { why: before.wait.why, alerted: true };
    if (mapping) record.mapping = mapping;
    if (connection) record.account = accountOf(connection);
    // Other editors' runs on this sheet see that automation holds these actions here.
    for (const action of req.actions) claim(sheet.getSheetId(), action, 'auto', { auto: true, account: record.account?.name });
    // Automation's trigger reaches other spreadsheets by id: every step of this user takes the user's lock.
    if (!ONE_SPREADSHEET) noteOpenedById();
    saveAuto(id, record);
    ensureHome(spreadsheet);
    return viewOf(spreadsheet, record);
  });
};

/** Every action needs its columns: said now, not at the first hourly run. */
const checkColumns = (
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  actions: AutomationInput['actions'],
  saved: AutoRecord['mapping'],
): void => {
  const { headerRow, mapping } = sheetLayout(sheet, saved);
  for (const action of actions) {
    const missing = missingColumns(action, mapping);
    if (missing) fail(`${ACTION_LABELS[action]} needs ${missing}. Check the header row (row ${headerRow}) of "${sheet.getName()}".`);
  }
};

/** Runs this spreadsheet's automation now, from the sidebar: `how` checks its record and says how. */
const runFromSidebar = (how: (record: AutoRecord | undefined) => Partial<RunHow>): AutomationView =>
  withDocumentLock(() => {
    const spreadsheet = currentSpreadsheet();
    userValues(true);
    const record = readAuto(spreadsheet.getId());
    // The checks in `how` fail before anything runs.
    return viewOf(
      spreadsheet,
      runAutomation(spreadsheet, record!, timeNow() + POLL_BUDGET_MS, { foreign: false, background: false, ...how(record) }),
    );
  });

/** Runs this spreadsheet's automation now, whenever it last ran. */
export const runAutomationNow = (): AutomationView =>
  runFromSidebar((record) => {
    if (!record?.on) fail('Automation is off for this spreadsheet: turn it on first.');
    return { force: true };
  });

/** Sends again the rows a run left with an error (or canceled), and only those. */
export const retryFailedRows = (runId: string): AutomationView => {
  const id = string().safeParse(runId);
  if (!id.success) fail('Which run? The run id is missing.');
  return runFromSidebar((record) => {
    const retry = record?.runs.find((r) => r.id === id.data);
    if (!retry) fail('That run is no longer in the history.');
    if (retry.outcome === undefined) fail('That run is still going: wait for it to end.');
    if (!retry.failed) fail('That run has no failed rows.');
    return { retry };
  });
};
