// The menu's run items: each previews the run on the selected rows, asks before spending,
// starts it, and says in a toast or an alert what happened. "Check running jobs now" too.
import { ACTION_LABELS, type ActionId } from '../jobs/action-catalog';
import { jobView } from '../jobs/job-view';
import type { JobView } from '../jobs/job';
import { creditWords } from '../jobs/credit-words';
import { isRunning } from '../jobs/job-life';
import { currentSpreadsheet, withDocumentLock } from '../gas/active-document';
import { createClient, NOT_CONNECTED } from '../gas/client-factory';
import { activeUserEmail } from '../gas/current-user';
import { toast, ui } from '../gas/ui';
import { readConnection, type StoredConnection } from '../gas/key-store';
import { errorText } from '../base/fail';
import { readSettings } from '../gas/settings';
import { backgroundNote } from '../gas/continuation';
import { STEP_BUDGET_MS, stepJobs } from './job-loop';
import { prepare, type RunInput } from './run-preview';
import { startRunWith } from './start-and-cancel';

const alert = (message: string): void => {
  ui().alert(message);
};

/** The connected key, or undefined once the person was told how to connect. */
const connected = (): StoredConnection | undefined => {
  const connection = readConnection();
  if (!connection) alert(NOT_CONNECTED);
  return connection;
};

/** What a job spent, in a sentence. */
const spentWords = (view: Pick<JobView, 'spent'>): string => {
  const words = creditWords(view.spent ?? []);
  return words ? `Spent ${words}.` : 'No credits spent.';
};

const runFromMenu = (action: ActionId, extra: Partial<RunInput> = {}): void => {
  if (!connected()) return;
  const settings = readSettings();
  const input: RunInput = {
    action,
    options: { revealEmail: settings.revealEmail, revealPhones: settings.revealPhones },
    fields: settings.fields,
    skipExcluded: settings.skipExcluded,
    ...extra,
  };
  try {
    const { preview, findings, req } = prepare(input);
    if (preview.counts.distinct === 0) {
      alert(`Nothing to send. ${preview.outline}`);
      return;
    }
    if (preview.needsConfirmation || preview.addColumns > 0) {
      const o = req.options;
      const on = (yes?: boolean) => (yes ? 'on' : 'off');
      // A new list's options decide what it costs: the dialog names them, and where they change.
      const options =
        action === 'lead_list'
          ? `\n\nOptions: enrich ${on(o.enrich)}, validate emails ${on(o.validateEmail)}, reveal phones ${on(o.revealPhones)} (change them in the sidebar's Run tab).`
          : '';
      const answer = ui().alert(ACTION_LABELS[action], `${preview.summary}${options}\n\nStart now?`, ui().ButtonSet.YES_NO);
      if (answer !== ui().Button.YES) return;
    }
    // The confirm dialog is modal: the hidden rows and exclusion lists the preview found stand.
    const view = startRunWith({ ...input, confirmed: true }, findings);
    const label = ACTION_LABELS[action];
    // A run refused or held up (no credits, a refused key, a spent quota) says why in an alert.
    if (view.message) ui().alert(label, view.message, ui().ButtonSet.OK);
    else if (view.state === 'running') toast('It goes on in the background; results appear as they arrive.', label, 8);
    else toast(`Done. ${spentWords(view)}`, label, 8);
  } catch (e) {
    alert(errorText(e));
  }
};

export const enrichPeople = (): void => runFromMenu('person');

export const enrichCompanies = (): void => runFromMenu('company');

export const validateEmails = (): void => runFromMenu('email');

export const createLeadList = (): void => {
  if (!connected()) return;
  const answer = ui().prompt('Create a lead list', 'Name of the new lead list:', ui().ButtonSet.OK_CANCEL);
  if (answer.getSelectedButton() !== ui().Button.OK) return;
  const name = answer.getResponseText().trim();
  const owner = name && activeUserEmail();
  if (!name) alert('A lead list needs a name.');
  else if (!owner) alert('Your email address is not available here; create the list from the sidebar and enter the owner.');
  else
    runFromMenu('lead_list', {
      list: { name, owner, shared: false, visible: true },
      options: { enrich: true, validateEmail: true, revealPhones: false },
    });
};

export const checkJobsNow = (): void => {
  const connection = connected();
  if (!connection) return;
  const spreadsheet = currentSpreadsheet();
  const { jobs, continuation } = withDocumentLock(() =>
    stepJobs(spreadsheet, createClient(connection.apiKey), STEP_BUDGET_MS, { force: true }),
  );
  const views = jobs
    .map((j) => jobView(j))
    .reverse()
    .slice(0, 5);
  const background = jobs.some(isRunning) ? backgroundNote(continuation) : '';
  if (views.length === 0) {
    spreadsheet.toast('No jobs yet.', 'Jobs', 5);
    return;
  }
  const lines = views.map((v) => {
    // Rows a cancel ended count as finished, but they are not done: a canceled job says which is which.
    const canceled = v.state === 'canceled' ? (v.counts.Canceled ?? 0) : 0;
    return `${ACTION_LABELS[v.action]} on "${v.sheetName}": ${v.state}, ${v.finished - canceled} of ${v.total} rows${canceled ? ` (${canceled} canceled)` : ''}${v.message ? ` — ${v.message}` : ''}`;
  });
  spreadsheet.toast([...lines, ...(background ? [background] : [])].join('\n'), 'Jobs', 10);
};
