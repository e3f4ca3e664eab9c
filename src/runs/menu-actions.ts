// The menu's run items: each previews the run on the selected rows, asks before spending,
// starts it, and says in a toast or an alert what happened. "Check running jobs now" too.
import { ACTION_LABELS, type ActionId } from '../jobs/actions';
import { jobView } from '../jobs/engine';
import { currentSpreadsheet, withDocumentLock } from '../gas/active-document';
import { createClient, NOT_CONNECTED } from '../gas/client-factory';
import { activeUserEmail } from '../gas/current-user';
import { toast, ui } from '../gas/ui';
import { readConnection } from '../gas/key-store';
import { readSettings } from '../gas/settings';
import { backgroundNote } from '../gas/continuation';
import { STEP_BUDGET_MS, stepJobs } from './job-loop';
import { prepare, type PreviewFindings, type RunInput, type RunPreview } from './run-preview';
import { startRunWith } from './start-and-cancel';

const runFromMenu = (action: ActionId, extra: Partial<RunInput> = {}): void => {
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
  let found: PreviewFindings;
  try {
    ({ preview, findings: found } = prepare(input));
  } catch (e) {
    ui().alert(e instanceof Error ? e.message : String(e));
    return;
  }
  if (preview.counts.distinct === 0) {
    ui().alert(`Nothing to send. ${preview.summary}`);
    return;
  }
  if (preview.needsConfirmation || preview.addColumns > 0) {
    const answer = ui().alert(ACTION_LABELS[action], `${preview.summary}\n\nStart now?`, ui().ButtonSet.YES_NO);
    if (answer !== ui().Button.YES) return;
  }
  try {
    // The confirm dialog is modal: the hidden rows and exclusion lists the preview found stand.
    const view = startRunWith({ ...input, confirmed: true }, found);
    const done = view.state === 'running' ? 'It goes on in the background; results appear as they arrive.' : view.message || 'Done.';
    toast(done, ACTION_LABELS[action], 8);
  } catch (e) {
    ui().alert(e instanceof Error ? e.message : String(e));
  }
};

export const enrichPeople = (): void => {
  runFromMenu('person');
};

export const enrichCompanies = (): void => {
  runFromMenu('company');
};

export const validateEmails = (): void => {
  runFromMenu('email');
};

export const createLeadList = (): void => {
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
  const owner = activeUserEmail();
  if (!owner) {
    ui().alert('Your email address is not available here; create the list from the sidebar and enter the owner.');
    return;
  }
  runFromMenu('lead_list', { list: { name, owner, shared: false, visible: true }, options: { enrich: true, validateEmail: true } });
};

export const checkJobsNow = (): void => {
  const connection = readConnection();
  if (!connection) {
    ui().alert(NOT_CONNECTED);
    return;
  }
  const spreadsheet = currentSpreadsheet();
  const { jobs, continuation } = withDocumentLock(() =>
    stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, { force: true }),
  );
  const views = jobs
    .map((j) => jobView(j))
    .reverse()
    .slice(0, 5);
  const background = jobs.some((j) => j.life.s === 'running') ? backgroundNote(continuation) : '';
  if (views.length === 0) {
    spreadsheet.toast('No jobs yet.', 'Jobs', 5);
    return;
  }
  const lines = views.map(
    (v) =>
      `${ACTION_LABELS[v.action]} on "${v.sheetName}": ${v.state}, ${v.finished} of ${v.total} rows${v.message ? ` — ${v.message}` : ''}`,
  );
  spreadsheet.toast([...lines, ...(background ? [background] : [])].join('\n'), 'Jobs', 10);
};
