// One automated run of a spreadsheet, and automation's share of a run of the one hourly trigger
// that serves every automated spreadsheet of the user (trigger-run.ts): runs brought up to date
// from their jobs, then, when due, each action's new, changed and stale rows sent within the
// caps, and the jobs stepped a while.
import { max } from '../base/numbers';
import { executionStart, timeNow } from '../gas/clock';
import { errorText } from '../base/fail';
import { ProspectingError } from '../api/errors';
import { addRun, allowance, HOUR_MS, runDue, spend, waitFor, type AutoRecord, type AutoRun } from '../automation/automation-record';
import { pickRows } from '../automation/candidates';
import { ACTION_LABELS, missingColumns, STATUS_HEADERS } from '../jobs/action-catalog';
import { isLive, isRunning, type PauseWhy } from '../jobs/job-life';
import type { JobRecord } from '../jobs/job';
import { STAMP_HEADERS, stampText } from '../jobs/row-stamp';
import { answeredBeforeStatus } from '../jobs/row-status';
import { prepareRun, type RunRequest } from '../jobs/run-setup';
import { openSpreadsheet, workingElsewhere, type Spreadsheet } from '../gas/active-document';
import { automated, beat, enlist, readAuto, readAutoUser, saveAuto, takeOver } from '../gas/automation-store';
import { isQuiet, quietWords } from '../automation/home-watch';
import { createClient } from '../gas/client-factory';
import { loadDocument } from '../gas/job-store';
import { isJobAccount, readConnection } from '../gas/key-store';
import { sleep, spendClock } from '../gas/script-utilities';
import { hiddenAmong, sheetById, sheetPort } from '../gas/sheet-port';
import { notePaid, readPaid } from '../gas/paid-ledger';
import { findPaidAnswers } from '../gas/paid-answers';
import { reuseDays } from '../gas/kept-stores';
import { REUSE_DAYS, reusableSince } from '../jobs/reused-answers';
import { alert, jobOutcome } from './alerts';
import { stepJobs, type StepOptions } from './job-loop';
import { partSizeFor } from '../jobs/part-size';
import { partSizeSetting } from '../gas/script-settings';
import { recordJob } from './start-and-cancel';
import { sheetLayout } from './automation-layout';

/** How long a run waits for the jobs it started, so that small ones end in the same execution. */
const WAIT_MS = 60 * 1000;
/** A run starts only with this much of the execution left: reading a large sheet takes a while. */
const MIN_LEFT_MS = 60 * 1000;

export interface RunHow {
  /** Not the spreadsheet this execution runs for: its document's properties are not read (see `workingElsewhere`). */
  foreign: boolean;
  /** A trigger run's: its jobs' steps leave the continuation to the run, which settles it at its end. */
  background: boolean;
  /** Run now, whenever the last run was. */
  force?: boolean;
  /** Send again only the rows this run left with an error. */
  retry?: AutoRun;
}

/** Brings each run still going up to date with its job, alerting once when one fails or pauses. */
const settleRuns = (spreadsheet: Spreadsheet, record: AutoRecord): void => {
  const jobs = loadDocument(spreadsheet.getId()).jobs;
  for (const run of record.runs) {
    if (run.outcome !== undefined || !run.job) continue;
    const job = jobs.find((j) => j.id === run.job);
    if (job && isLive(job)) {
      // Paused for the key: the same wait, and the same one alert, as a run that finds the key refused.
      if (job.life.s === 'paused') run.alerted = !wait(spreadsheet, record, pauseWhy(job.life.why, record));
      continue;
    }
    run.outcome = job ? jobOutcome(job) : 'Ended; its job is no longer kept.';
    const count = (label: string) => (job?.counts[label] ?? 0) - (job?.before?.[label] ?? 0);
    // Rows of a part that may have started are never retried by themselves: told apart.
    const unsure = job?.parts.reduce((n, p) => n + (p.state.s === 'ambiguous' ? (p.rows ?? 0) : 0), 0) ?? 0;
    run.failed = Math.max(0, count('Error') + count('Canceled') - unsure);
    // Failed, or rows in error (not a person's cancel): told once, until a run ends well.
    const why = job?.life.s === 'failed' ? job.life.why : count('Error') ? 'rows' : undefined;
    if (!why) delete record.failedTold;
    else if (record.failedTold !== why) {
      record.failedTold = why;
      run.alerted = alert(spreadsheet, `an automated run on "${record.sheetName}" failed`, [
        `${ACTION_LABELS[run.action]}: ${run.outcome}`,
        run.failed ? `Retry the ${run.failed} failed rows from the sidebar's Auto tab.` : '',
        unsure
          ? `${unsure} rows may have been paid for already (the service may have taken them before an error): they are never sent again by themselves. To buy them again, select them and run the action yourself.`
          : '',
      ]);
    }
  }
};

/** Why automation waits for its key, in the words of each reason a job pauses for. */
const pauseWhy = (why: PauseWhy, record: AutoRecord): string =>
  why === 'no_key'
    ? 'No API key is connected: connect again in the sidebar.'
    : why === 'key'
      ? 'The service refused the API key: connect again in the sidebar.'
      : `Another account is connected; automation spends account "${record.account?.name}"'s credits. Connect it again, or turn automation off and on.`;

/** Automation waits (a new reason is e-mailed once); false always, for `return wait(...)`. */
const wait = (spreadsheet: Spreadsheet | null, record: AutoRecord, why: string, until = timeNow() + HOUR_MS, code = why): false => {
  if (waitFor(record, why, until, code) || !record.wait!.alerted) {
    alert(spreadsheet, `automation on "${record.sheetName}" is waiting`, [why]);
    record.wait!.alerted = true;
  }
  return false;
};

/**
 * Marks and stamps the rows each action sends now, as jobs; returns the jobs started and the
 * sheet's cells as read and written (nothing went out since).
 */
const startJobs = (spreadsheet: Spreadsheet, sheet: GoogleAppsScript.Spreadsheet.Sheet, record: AutoRecord, how: RunHow) => {
  const port = sheetPort(sheet);
  const { grid, headerRow, mapping, frozenRows } = sheetLayout(sheet, record.mapping);
  const header = headerRow - 1;
  const clock = spendClock(spreadsheet);
  const live = loadDocument(spreadsheet.getId()).jobs.filter((j) => isLive(j) && j.sheetId === record.sheetId);
  const started: string[] = [];
  let capped = 0;
  let waited = false;
  let spent = 0;
  let hidden = 0;
  record.left = 0;
  // Each run starts with the next action, so a tight cap per run serves them all in turn.
  const turn = record.runs.length % record.actions.length;
  for (const action of how.retry ? [how.retry.action] : [...record.actions.slice(turn), ...record.actions.slice(0, turn)]) {
    // A job of this action still runs (its rows are its own); paused, automation says why it waits.
    const busy = live.find((j) => j.action === action);
    if (busy) {
      if (busy.life.s === 'paused') waited = !wait(spreadsheet, record, pauseWhy(busy.life.why, record));
      continue;
    }
    const missing = missingColumns(action, mapping);
    if (missing) {
      waited = !wait(
        spreadsheet,
        record,
        `${ACTION_LABELS[action]} needs ${missing}, and the top rows of "${record.sheetName}" have no such header.`,
      );
      continue;
    }
    const rows = grid.rows.slice(header + 1).map((values, i) => ({ row: headerRow + 1 + i, values }));
    const status = grid.columnIn(header, STATUS_HEADERS[action]) ?? -1;
    const stamp = grid.columnIn(header, STAMP_HEADERS[action]!);
    const cap = allowance(record, clock, spent);
    const retryAt = how.retry && Math.floor(how.retry.at / 60000) * 60000;
    const paid = readPaid(spreadsheet, record.sheetId, action);
    const settings = { action, options: record.options, now: timeNow(), staleDays: record.staleDays, credits: cap.credits, retryAt };
    // Due rows the person hid or filtered out are left, as a run from the menu leaves them (never
    // holders of a key's answer, so the others are picked as before); one look finds them all.
    const all = pickRows({ rows, mapping, status, stamp, paid }, { ...settings, credits: Infinity });
    const shut = hiddenAmong(sheet, all.send);
    const skip = new Set(all.send.filter((r) => shut.has(r)));
    hidden += skip.size;
    const picked = pickRows({ rows: rows.filter((r) => !skip.has(r.row)), mapping, status, stamp, paid }, settings);
    if (cap.day) capped += picked.left;
    else record.left += picked.left;
    // Results without a stamp (from before automation watched the sheet, or whose stamp was
    // removed) are dated when automation first finds them: never taken for stale too soon.
    if (picked.firstStamps.length) {
      const at = grid.placeColumns(header, [STAMP_HEADERS[action]!])[0]!;
      for (const { row, fingerprint } of picked.firstStamps) grid.set(row - 1, at, stampText(timeNow(), fingerprint));
    }
    notePaid(spreadsheet, record.sheetId, action, picked.paid);
    // A key already answered in another row: its result (and stamp) copied, not paid for again.
    const prefix = STATUS_HEADERS[action].split(' · ')[0] + ' · ';
    const columns = grid.row(header).flatMap((h, c) => (String(h).startsWith(prefix) ? [c] : []));
    for (const { row, from } of picked.copies) for (const c of columns) grid.set(row - 1, c, grid.get(from - 1, c));
    grid.flush();
    // Rows whose key was paid for here while no row shows its answer go with the run, never sent:
    // an answer the spreadsheet holds elsewhere is copied onto them, else they say they were paid for.
    const told = picked.told.map((t) => t.row);
    if (picked.send.length === 0 && told.length === 0) continue;
    const request: RunRequest = { action, options: record.options, fields: record.fields, rerun: true, stamp: true };
    if (record.mapping) request.mapping = record.mapping;
    const ranges = [...picked.send, ...told].map((row) => ({ firstRow: row, lastRow: row }));
    const partSize = partSizeFor(action, partSizeSetting());
    // An answer is reused only while it would not be checked again: the tighter of the two ages.
    const since = max(reusableSince(timeNow(), reuseDays(REUSE_DAYS)), reusableSince(timeNow(), record.staleDays || Infinity));
    const prepared = prepareRun(port, { ranges, hidden: new Set(), frozenRows }, request, {
      headerRow,
      grid,
      partSize,
      paid,
      told: new Set(told),
      answers: (keys, rows) => findPaidAnswers(spreadsheet, action, keys, since, record.options, { sheetId: record.sheetId, rows }),
    });
    if (picked.send.length === 0 && prepared.plan.counts.reused === 0) {
      // Only rows paid for here, and nothing to copy onto them: they say so, and no run is kept for it.
      for (const r of prepared.plan.rows) if ('paidAt' in r) grid.set(r.row - 1, status, answeredBeforeStatus(r.paidAt));
      grid.flush();
      continue;
    }
    const job = recordJob(spreadsheet.getId(), sheet, prepared, request, partSize);
    const estimate = prepared.plan.estimate.email + prepared.plan.estimate.phone;
    spend(record, clock.now, estimate);
    spent += estimate;
    addRun(record, { id: job.id, at: job.createdAt, action, rows: prepared.plan.counts.send, credits: estimate, job: job.id, failed: 0 });
    if (isLive(job)) started.push(job.id);
  }
  if (capped)
    wait(
      spreadsheet,
      record,
      `Today's cap of ${record.capDay} credits is reached: ${capped} rows wait for tomorrow, or a higher cap.`,
      undefined,
      'cap',
    );
  else if (record.wait && !waited) delete record.wait;
  record.hidden = hidden;
  return { started, left: capped + record.left, held: { sheetId: record.sheetId, rows: grid.rows } };
};

/**
 * One automated run of a spreadsheet: its runs brought up to date; then, when due (or `force`d),
 * with a working key of the account it pays with, each action's due rows sent, and the jobs
 * stepped for up to a minute. Saves the record.
 */
export const runAutomation = (spreadsheet: Spreadsheet, record: AutoRecord, deadline: number, how: RunHow): AutoRecord => {
  const id = spreadsheet.getId();
  workingElsewhere(how.foreign, () => {
    settleRuns(spreadsheet, record);
    const sheet = sheetById(spreadsheet, record.sheetId);
    if (!sheet) {
      record.on = false;
      return wait(spreadsheet, record, `The sheet "${record.sheetName}" was deleted, so automation stopped.`);
    }
    record.sheetName = sheet.getName();
    if (!how.force && !how.retry && (runDue(record) ?? Infinity) > timeNow()) return;
    const connection = readConnection();
    if (!connection) return wait(spreadsheet, record, pauseWhy('no_key', record));
    if (record.account && !isJobAccount(record, connection)) return wait(spreadsheet, record, pauseWhy('account', record));
    const client = createClient(connection.apiKey);
    try {
      client.getAccount();
    } catch (e) {
      if (!(e instanceof ProspectingError)) throw e;
      return wait(spreadsheet, record, e.kind === 'unauthorized' ? pauseWhy('key', record) : e.message);
    }
    if (!how.retry) record.lastRunAt = executionStart;
    const { started, left, held } = startJobs(spreadsheet, sheet, record, how);
    // The failed rows a cap held back can still be retried.
    if (how.retry && started.length) how.retry.failed = left;
    saveAuto(id, record);
    const until = Math.min(timeNow() + WAIT_MS, deadline);
    /**
     * Steps the jobs until `until` at most; answers those it started that still run. Not a run by
     * id for the paused jobs' sake: automation's claim keeps other editors' jobs off its actions,
     * so its own paused jobs may go on here once the key works again. In a trigger run, the run
     * settles the continuation at its end.
     */
    const step = (opts: StepOptions = {}) =>
      stepJobs(spreadsheet, client, Math.max(0, until - timeNow()), { ...opts, leaveContinuation: how.background }).jobs.filter(
        (j) => started.includes(j.id) && isRunning(j),
      );
    // The first job's first send plans from the cells just read and marked; later ones read again.
    let jobs: JobRecord[] = [];
    for (const [i, only] of started.entries()) jobs = step({ force: true, only, ...(i ? {} : { held }) });
    let next: number;
    while (jobs.length && (next = Math.min(...jobs.map((j) => j.nextCheckAt))) < until) {
      sleep(Math.max(500, next - timeNow()));
      jobs = step();
    }
    settleRuns(spreadsheet, record);
    return;
  });
  saveAuto(id, record);
  return record;
};

/**
 * Automation's share of a trigger run in the home spreadsheet: every automated spreadsheet whose
 * work is due gets its run (the home's own jobs were stepped already), the longest waiting first,
 * while time lasts. The trigger run then settles the trigger for the next. `byId`: the home itself
 * was opened by id.
 */
export const automationTick = (home: Spreadsheet, deadline: number, byId: boolean): void => {
  const user = readAutoUser();
  // Another automated spreadsheet's watch: when the home went quiet, this one takes over, and says so.
  if (user.home !== home.getId()) {
    if (!readAuto(home.getId())?.on) return;
    // A spreadsheet whose trigger still runs (a former home enabled again) may watch for the next stop.
    if (!isQuiet(user, timeNow())) return enlist(home.getId());
    takeOver(home, user);
    alert(home, `automation now runs from "${home.getName()}"`, [
      quietWords(user),
      `"${home.getName()}" runs it from now on. To run it from "${user.homeName}" again, open it and use the Auto tab.`,
    ]);
  }
  beat(home);
  const due = automated()
    .map((a) => ({ ...a, at: runDue(a.record) ?? Infinity }))
    .sort((a, b) => a.at - b.at);
  for (const { id, record } of due) {
    if (deadline - timeNow() < MIN_LEFT_MS) break;
    const elsewhere = id !== home.getId();
    const spreadsheet = elsewhere ? openSpreadsheet(id) : home;
    if (!spreadsheet) {
      // Deleted, or no longer shared with this user: nothing more can be done for it.
      record.on = false;
      wait(
        null,
        record,
        `A spreadsheet automated on "${record.sheetName}" could not be opened (deleted, or no longer shared with you), so its automation stopped.`,
      );
      saveAuto(id, record);
      continue;
    }
    const foreign = elsewhere || byId;
    if (elsewhere) {
      // Its jobs go on here too: no trigger of its own serves the jobs automation started.
      const connection = readConnection();
      if (connection)
        workingElsewhere(true, () =>
          stepJobs(spreadsheet, createClient(connection.apiKey), Math.max(0, deadline - timeNow() - MIN_LEFT_MS), {
            byId: false,
            leaveContinuation: true,
          }),
        );
    }
    const current = readAuto(id) ?? record;
    try {
      runAutomation(spreadsheet, current, deadline, { foreign, background: true });
    } catch (e) {
      // One spreadsheet's trouble never holds up the others: it waits its hour, saying why.
      current.lastRunAt = executionStart;
      wait(spreadsheet, current, `The last run stopped: ${errorText(e)}`);
      saveAuto(id, current);
    }
  }
};

/**
 * The home's trigger ran without its spreadsheet and could not open it by id (the add-on's
 * scopes may allow only the spreadsheet a run is made in): no automated spreadsheet can be
 * reached in the background, so each stops, saying so in its tab, and one e-mail tells of all.
 */
export const automationUnreached = (homeId: string): void => {
  const all = readAutoUser().home === homeId ? automated() : [];
  const why = (sheet: string) =>
    `Apps Script ran automation's trigger without its spreadsheet, and the spreadsheet automated on "${sheet}" could not be opened by id, so its automation stopped.`;
  for (const { id, record } of all) {
    record.on = false;
    waitFor(record, why(record.sheetName));
    record.wait!.alerted = true;
    saveAuto(id, record);
  }
  if (all.length)
    alert(
      null,
      'automation stopped',
      all.map((a) => why(a.record.sheetName)),
    );
};
