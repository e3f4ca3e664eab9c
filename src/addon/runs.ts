// Running actions on selected rows: preview with the cost, start, poll (sidebar, trigger or
// "check now"), cancel. Thin: it wires the jobs to the active spreadsheet, locks and triggers.
import * as z from 'zod/mini';
import type { ProspectingClient } from '../api/client';
import { ACTION_LABELS, ACTIONS, type ActionId } from '../jobs/actions';
import type { JobRecord, JobView } from '../jobs/job';
import type { Exclusions } from '../jobs/planner';
import { abandonJob, advanceJob, cancelJob as cancelJobSteps, jobView } from '../jobs/runner';
import { createJob, prepareRun, type RunRequest, type Selection } from '../jobs/start';
import { ROLE_LABELS, ROLES, type Role } from '../sheet/columns';
import { createClient } from '../gas/client-factory';
import { loadJobs, saveJob } from '../gas/job-store';
import { readConnection } from '../gas/key-store';
import { readSavedMapping, readSettings, saveMapping } from '../gas/settings';
import { sheetById, sheetPort } from '../gas/sheet-port';
import { claim, claimedByAnother, release } from '../gas/claims';
import { clearContinuation, scheduleContinuation } from '../gas/triggers';

export const NOT_CONNECTED = "Connect your API key first: open Extensions › Prospecting for Sheets › Open sidebar.";

/** How long one execution keeps stepping jobs: well inside Apps Script's 6 minutes. */
const STEP_BUDGET_MS = 4.5 * 60 * 1000;
/** How long starting a run waits for a small batch to finish before handing over to a trigger. */
const START_WAIT_MS = 25 * 1000;
/** When the safety trigger fires if a step never gets to schedule the next one. */
const SAFETY_DELAY_MS = 7 * 60 * 1000;
/** How long a sidebar poll may take: the sidebar waits for it. */
const POLL_BUDGET_MS = 20 * 1000;

const RunRequestSchema = z.object({
  action: z.enum(ACTIONS),
  options: z._default(
    z.object({
      revealEmail: z.optional(z.boolean()),
      revealPhones: z.optional(z.boolean()),
      listType: z.optional(z.enum(['email', 'profile', 'titles_and_company'])),
      enrich: z.optional(z.boolean()),
      validateEmail: z.optional(z.boolean()),
    }),
    {},
  ),
  fields: z._default(z.union([z.enum(['basic', 'all']), z.array(z.string())]), 'basic'),
  rerun: z.optional(z.boolean()),
  skipExcluded: z.optional(z.boolean()),
  mapping: z.optional(z.partialRecord(z.enum(ROLES), z.nullable(z.string()))),
  list: z.optional(
    z.object({
      name: z.string().check(z.trim(), z.minLength(1, { error: 'Give the lead list a name.' })),
      owner: z.email({ error: 'The owner must be an email address.' }),
      shared: z._default(z.boolean(), false),
      visible: z._default(z.boolean(), true),
    }),
  ),
  confirmed: z.optional(z.boolean()),
});
export type RunInput = z.input<typeof RunRequestSchema>;

export interface RunPreview {
  action: ActionId;
  label: string;
  sheetName: string;
  headerRow: number;
  headers: string[];
  mapping: Array<{ role: Role; label: string; header: string }>;
  counts: { send: number; distinct: number; duplicates: number; done: number; running: number; invalid: number; excluded: number; blank: number };
  parts: number;
  credits: { email: number; phone: number };
  needsConfirmation: boolean;
  summary: string;
  /** The person's address, the default owner of a new lead list ('' when unknown). */
  defaultOwner: string;
}

function parseRequest(input: unknown): z.infer<typeof RunRequestSchema> {
  const parsed = RunRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`The request could not be read (${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}).`);
  }
  return parsed.data;
}

function requireClient(): ProspectingClient {
  const connection = readConnection();
  if (!connection) throw new Error(NOT_CONNECTED);
  return createClient(connection.apiKey);
}

function activeSelection(sheet: GoogleAppsScript.Spreadsheet.Sheet): Selection {
  const range = sheet.getActiveRange();
  const firstRow = range ? range.getRow() : 1;
  const lastRow = range ? range.getLastRow() : sheet.getLastRow();
  const width = Math.max(1, sheet.getLastColumn());
  return { firstRow, lastRow, firstRowValues: sheet.getRange(firstRow, 1, 1, width).getValues()[0] ?? [] };
}

function exclusions(client: ProspectingClient): Exclusions {
  const domains = new Set<string>();
  const emails = new Set<string>();
  for (const page of client.excludedDomainPages({ size: 1000 })) for (const d of page.excluded_domains) domains.add(d.domain.toLowerCase());
  for (const page of client.excludedEmailPages({ size: 1000 })) for (const e of page.excluded_emails) emails.add(e.email.toLowerCase());
  return { domains, emails };
}

function toRunRequest(req: z.infer<typeof RunRequestSchema>, sheetId: number): RunRequest {
  const mapping = req.mapping ?? readSavedMapping(sheetId);
  const out: RunRequest = { action: req.action, options: req.options, fields: req.fields, rerun: req.rerun };
  if (mapping) out.mapping = mapping;
  if (req.list) out.list = req.list;
  return out;
}

function formatCredits(credits: { email: number; phone: number }): string {
  const parts: string[] = [];
  if (credits.email) parts.push(`${credits.email.toLocaleString('en-US')} email credit${credits.email === 1 ? '' : 's'}`);
  if (credits.phone) parts.push(`${credits.phone.toLocaleString('en-US')} phone credit${credits.phone === 1 ? '' : 's'}`);
  return parts.join(' and ');
}

function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function prepare(input: unknown) {
  const req = parseRequest(input);
  const client = requireClient();
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.getActiveSheet();
  const request = toRunRequest(req, sheet.getSheetId());
  const prepared = prepareRun(sheetPort(sheet), activeSelection(sheet), request, req.skipExcluded ? exclusions(client) : undefined);
  const { plan } = prepared;
  const c = plan.counts;
  const skipped = [
    c.duplicates ? `${plural(c.duplicates, 'duplicate')} sent once` : '',
    c.done ? `${plural(c.done, 'row')} already done` : '',
    c.running ? `${plural(c.running, 'row')} already running` : '',
    c.invalid ? `${plural(c.invalid, 'row')} that cannot be sent` : '',
    c.excluded ? `${plural(c.excluded, 'row')} on your exclusion lists` : '',
  ].filter(Boolean);
  const cost = formatCredits(plan.estimate);
  const summary =
    `${ACTION_LABELS[req.action]} of ${plural(c.distinct, 'distinct row')} on "${sheet.getName()}"` +
    (plan.chunks.length > 1 ? ` in ${plan.chunks.length} parts` : '') +
    (skipped.length ? ` (skipping ${skipped.join(', ')})` : '') +
    (cost ? `. It can spend up to ${cost}.` : '. It spends no credits.');
  const preview: RunPreview = {
    action: req.action,
    label: ACTION_LABELS[req.action],
    sheetName: sheet.getName(),
    headerRow: prepared.headerRow,
    headers: prepared.grid.headers.map((h) => String(h ?? '')),
    mapping: ROLES.map((role) => ({
      role,
      label: ROLE_LABELS[role],
      header: prepared.mapping[role] === undefined ? '' : String(prepared.grid.headers[prepared.mapping[role]!] ?? ''),
    })),
    counts: { ...c },
    parts: plan.chunks.length,
    credits: { ...plan.estimate },
    needsConfirmation: plan.estimate.email + plan.estimate.phone > 0,
    summary,
    defaultOwner: Session.getActiveUser().getEmail(),
  };
  return { req, client, spreadsheet, sheet, request, prepared, preview };
}

/** What a run would send and cost, without changing anything. */
export function previewRun(input: unknown): RunPreview {
  return prepare(input).preview;
}

export function withDocumentLock<T>(work: () => T): T {
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(10000)) throw new Error('Another step of the add-on is writing to this spreadsheet. Try again in a moment.');
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}

/** Steps the running jobs of this spreadsheet, then leaves one trigger for the next due one. */
function stepJobs(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, client: ProspectingClient, budgetMs: number, force: boolean, only?: string): JobRecord[] {
  const id = spreadsheet.getId();
  const deadline = Date.now() + budgetMs;
  const before = loadJobs(id);
  // If this execution is cut off at Apps Script's limit, this trigger picks the work up.
  if (budgetMs > 0 && before.some((j) => j.state === 'running')) scheduleContinuation(spreadsheet, SAFETY_DELAY_MS);
  for (const job of before) {
    if (job.state !== 'running' || (only && job.id !== only)) continue;
    if (!force && job.nextCheckAt > Date.now()) continue;
    if (Date.now() >= deadline) break;
    const sheet = sheetById(spreadsheet, job.sheetId);
    if (!sheet) {
      job.state = 'failed';
      job.message = 'The sheet of this job was deleted.';
      saveJob(id, job);
      continue;
    }
    advanceJob(job, { client, sheet: sheetPort(sheet), now: () => Date.now(), deadline, save: (j) => saveJob(id, j) });
    if (job.state === 'running') claim(job.sheetId, job.action, job.id);
    else release(job.sheetId, job.action, job.id);
  }
  const jobs = loadJobs(id);
  const running = jobs.filter((j) => j.state === 'running');
  if (running.length === 0) clearContinuation(spreadsheet);
  else scheduleContinuation(spreadsheet, Math.min(...running.map((j) => j.nextCheckAt)) - Date.now());
  return jobs;
}

/** Starts a run on the selected rows. A run that spends credits must be confirmed first. */
export function startRun(input: unknown): JobView {
  return withDocumentLock(() => {
    const { req, client, spreadsheet, sheet, request, prepared, preview } = prepare(input);
    if (req.action === 'lead_list' && !req.list) throw new Error('Give the lead list a name and an owner (an email address).');
    if (preview.needsConfirmation && !req.confirmed) throw new Error(`Please confirm first: ${preview.summary}`);
    const ssId = spreadsheet.getId();
    const busy = loadJobs(ssId).find((j) => j.state === 'running' && j.sheetId === sheet.getSheetId() && j.action === req.action);
    const what = withArticle(ACTION_LABELS[req.action].toLowerCase());
    if (busy) throw new Error(`${what.charAt(0).toUpperCase()}${what.slice(1)} is already running on this sheet. Wait for it or cancel it first.`);
    if (claimedByAnother(sheet.getSheetId(), req.action)) {
      throw new Error(`Another editor is running ${what} on this sheet. Wait for it to finish, or use another sheet.`);
    }
    if (req.mapping) saveMapping(sheet.getSheetId(), req.mapping);
    const job = createJob(prepared, request, { id: Utilities.getUuid(), sheetId: sheet.getSheetId(), sheetName: sheet.getName(), now: Date.now() });
    if (job.state === 'running') claim(job.sheetId, job.action, job.id);
    saveJob(ssId, job);
    const waitUntil = Date.now() + START_WAIT_MS;
    let jobs = stepJobs(spreadsheet, client, STEP_BUDGET_MS, true, job.id);
    let current = jobs.find((j) => j.id === job.id) ?? job;
    while (current.state === 'running' && current.nextCheckAt < waitUntil) {
      Utilities.sleep(Math.max(500, current.nextCheckAt - Date.now()));
      jobs = stepJobs(spreadsheet, client, STEP_BUDGET_MS, false, job.id);
      current = jobs.find((j) => j.id === job.id) ?? current;
    }
    return jobView(current);
  });
}

/** The jobs of this spreadsheet, newest first. */
export function listJobs(): JobView[] {
  return loadJobs(SpreadsheetApp.getActiveSpreadsheet().getId()).map(jobView).reverse();
}

/** Called by the open sidebar: steps the due jobs briefly and says when to ask again. */
export function pollJobs(): { jobs: JobView[]; nextPollSeconds: number } {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const running = loadJobs(spreadsheet.getId()).filter((j) => j.state === 'running');
  if (running.length === 0) return { jobs: listJobs(), nextPollSeconds: 0 };
  const jobs = withDocumentLock(() => stepJobs(spreadsheet, requireClient(), POLL_BUDGET_MS, false));
  const next = jobs.filter((j) => j.state === 'running').map((j) => j.nextCheckAt);
  const nextPollSeconds = next.length ? Math.max(2, Math.ceil((Math.min(...next) - Date.now()) / 1000)) : 0;
  return { jobs: jobs.map(jobView).reverse(), nextPollSeconds };
}

export function cancelJob(jobId: unknown): JobView {
  const id = z.string().safeParse(jobId);
  if (!id.success) throw new Error('Which job? The job id is missing.');
  return withDocumentLock(() => {
    const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
    const job = loadJobs(spreadsheet.getId()).find((j) => j.id === id.data);
    if (!job) throw new Error('That job is no longer in the list.');
    if (job.state !== 'running') return jobView(job);
    const sheet = sheetById(spreadsheet, job.sheetId);
    if (!sheet) throw new Error('The sheet of this job was deleted.');
    const ssId = spreadsheet.getId();
    cancelJobSteps(job, { client: requireClient(), sheet: sheetPort(sheet), now: () => Date.now(), deadline: Date.now() + POLL_BUDGET_MS, save: (j) => saveJob(ssId, j) });
    if (job.state !== 'running') release(job.sheetId, job.action, job.id);
    stepJobs(spreadsheet, requireClient(), 0, false);
    return jobView(job);
  });
}

/** The time-driven trigger: carries the jobs on while nobody watches. */
export function continueJobs(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const connection = readConnection();
  if (!connection) {
    clearContinuation(spreadsheet);
    return;
  }
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(10000)) {
    scheduleContinuation(spreadsheet, 60000);
    return;
  }
  try {
    stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, false);
  } finally {
    lock.releaseLock();
  }
}

// ---- Menu handlers -------------------------------------------------------------------------

function ui() {
  return SpreadsheetApp.getUi();
}

function runFromMenu(action: ActionId, extra: Partial<RunInput> = {}): void {
  if (!readConnection()) {
    ui().alert(NOT_CONNECTED);
    return;
  }
  const settings = readSettings();
  const input: RunInput = {
    action,
    options: { revealEmail: settings.revealEmail, revealPhones: settings.revealPhones },
    fields: settings.fields,
    skipExcluded: settings.skipExcluded,
    ...extra,
  };
  let preview: RunPreview;
  try {
    preview = previewRun(input);
  } catch (e) {
    ui().alert(e instanceof Error ? e.message : String(e));
    return;
  }
  if (preview.counts.distinct === 0) {
    ui().alert(`Nothing to send. ${preview.summary}`);
    return;
  }
  if (preview.needsConfirmation) {
    const answer = ui().alert(ACTION_LABELS[action], `${preview.summary}\n\nStart now?`, ui().ButtonSet.YES_NO);
    if (answer !== ui().Button.YES) return;
  }
  try {
    const view = startRun({ ...input, confirmed: true });
    const done = view.state === 'running' ? 'It goes on in the background; results appear as they arrive.' : view.message || 'Done.';
    SpreadsheetApp.getActiveSpreadsheet().toast(done, ACTION_LABELS[action], 8);
  } catch (e) {
    ui().alert(e instanceof Error ? e.message : String(e));
  }
}

export function enrichPeople(): void {
  runFromMenu('person');
}

export function enrichCompanies(): void {
  runFromMenu('company');
}

export function validateEmails(): void {
  runFromMenu('email');
}

export function createLeadList(): void {
  if (!readConnection()) {
    ui().alert(NOT_CONNECTED);
    return;
  }
  const answer = ui().prompt('Create a lead list', 'Name of the new lead list:', ui().ButtonSet.OK_CANCEL);
  if (answer.getSelectedButton() !== ui().Button.OK) return;
  const name = answer.getResponseText().trim();
  if (!name) {
    ui().alert('A lead list needs a name.');
    return;
  }
  const owner = Session.getActiveUser().getEmail();
  if (!owner) {
    ui().alert('Your email address is not available here; create the list from the sidebar and enter the owner.');
    return;
  }
  runFromMenu('lead_list', { list: { name, owner, shared: false, visible: true }, options: { enrich: true, validateEmail: true } });
}

export function checkJobsNow(): void {
  const connection = readConnection();
  if (!connection) {
    ui().alert(NOT_CONNECTED);
    return;
  }
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const jobs = withDocumentLock(() => stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, true));
  const views = jobs.map(jobView).reverse().slice(0, 5);
  if (views.length === 0) {
    spreadsheet.toast('No jobs yet.', 'Jobs', 5);
    return;
  }
  const lines = views.map((v) => `${ACTION_LABELS[v.action]} on "${v.sheetName}": ${v.state}, ${v.finished} of ${v.total} rows${v.message ? ` — ${v.message}` : ''}`);
  spreadsheet.toast(lines.join('\n'), 'Jobs', 10);
}

/**
 * Before a disconnect: the running jobs of this spreadsheet are canceled at the service while the
 * key still works, and ended here either way, so no row keeps waiting for a key that is gone.
 */
export function stopJobsForDisconnect(): void {
  const connection = readConnection();
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (!connection || !spreadsheet) return;
  const ssId = spreadsheet.getId();
  withDocumentLock(() => {
    for (const job of loadJobs(ssId)) {
      if (job.state !== 'running') continue;
      const sheet = sheetById(spreadsheet, job.sheetId);
      const save = (j: JobRecord) => saveJob(ssId, j);
      if (sheet) {
        const deps = { client: createClient(connection.apiKey), sheet: sheetPort(sheet), now: () => Date.now(), deadline: Date.now() + POLL_BUDGET_MS, save };
        try {
          cancelJobSteps(job, deps);
        } catch {
          // The service could not be told; the job still ends here.
        }
        abandonJob(job, deps, 'Canceled: the account was disconnected.');
      } else {
        job.state = 'canceled';
        job.message = 'Canceled: the account was disconnected.';
        save(job);
      }
      release(job.sheetId, job.action, job.id);
    }
    clearContinuation(spreadsheet);
  });
}
