// E-mail alerts the person opted into: an automated run that failed or waits, a long job that
// ended. Each caller sends at most one per run or job; the words never hold the key.
import { ADDON_NAME } from '../config';
import { ACTION_LABELS } from '../jobs/action-catalog';
import { jobView } from '../jobs/job-view';
import type { JobRecord } from '../jobs/job';
import type { Spreadsheet } from '../gas/active-document';
import { readAuto, readAutoUser } from '../gas/automation-store';
import { sendMail } from '../gas/mail';
import { capital } from '../sheet/fields';

/** A job running this long is worth an e-mail when it ends. */
export const LONG_JOB_MS = 30 * 60 * 1000;

/** Sends an alert when the person turned alerts on; true when it went. */
export const alert = (spreadsheet: Spreadsheet | null, subject: string, lines: string[]): boolean => {
  const user = readAutoUser();
  if (!user.alerts || !user.to) return false;
  const where = spreadsheet ? ['', `Spreadsheet: ${spreadsheet.getName()}`, spreadsheet.getUrl()] : [];
  const body = [...lines.filter(Boolean), ...where, '', 'Turn these e-mails off in the sidebar, on the Auto tab.'];
  return sendMail(user.to, `${ADDON_NAME}: ${subject}`, body.join('\n'));
};

/** "Done: 40 Deliverable, 2 Error", with the job's note: how a job ended, in a line. */
export const jobOutcome = (job: JobRecord): string => {
  const view = jobView(job);
  const counts = Object.entries(view.counts)
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
  return [`${capital(view.state)}${counts ? `: ${counts}` : ''}.`, view.message].filter(Boolean).join(' ');
};

/** Jobs that ended in this step: the long ones not started by automation (whose runs alert for themselves) are told. */
export const alertEndedJobs = (spreadsheet: Spreadsheet, ended: JobRecord[]): void => {
  const long = ended.filter((j) => j.updatedAt - j.createdAt >= LONG_JOB_MS);
  if (!long.length) return;
  const runs = new Set(readAuto(spreadsheet.getId())?.runs.map((r) => r.job));
  for (const job of long)
    if (!runs.has(job.id)) alert(spreadsheet, `${ACTION_LABELS[job.action]} on "${job.sheetName}" ended`, [jobOutcome(job)]);
};
