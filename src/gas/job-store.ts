// Job records, kept in the user's own properties per spreadsheet: jobs spend the user's
// credits and run on the user's triggers, so other editors neither see nor touch them.
// One property per job (a record stays far below the 9 KB a value may hold) and one index.
import type { JobRecord } from '../jobs/job';

const MAX_FINISHED = 10;

function indexKey(spreadsheetId: string): string {
  return `jobs.${spreadsheetId}`;
}

function jobKey(spreadsheetId: string, jobId: string): string {
  return `job.${spreadsheetId}.${jobId}`;
}

function readIndex(props: GoogleAppsScript.Properties.Properties, spreadsheetId: string): string[] {
  try {
    const ids = JSON.parse(props.getProperty(indexKey(spreadsheetId)) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The jobs of a spreadsheet, oldest first. */
export function loadJobs(spreadsheetId: string): JobRecord[] {
  const props = PropertiesService.getUserProperties();
  const all = props.getProperties();
  const jobs: JobRecord[] = [];
  for (const id of readIndex(props, spreadsheetId)) {
    const raw = all[jobKey(spreadsheetId, id)];
    if (!raw) continue;
    try {
      jobs.push(JSON.parse(raw) as JobRecord);
    } catch {
      // A damaged record is dropped from the list rather than breaking every job.
    }
  }
  return jobs;
}

/** Saves one job, keeping every running job and the latest finished ones. */
export function saveJob(spreadsheetId: string, job: JobRecord): void {
  const props = PropertiesService.getUserProperties();
  const ids = readIndex(props, spreadsheetId);
  props.setProperty(jobKey(spreadsheetId, job.id), JSON.stringify(job));
  if (!ids.includes(job.id)) {
    ids.push(job.id);
    const jobs = loadJobs(spreadsheetId).concat(job);
    const finished = jobs.filter((j) => j.state !== 'running').sort((a, b) => b.updatedAt - a.updatedAt);
    for (const old of finished.slice(MAX_FINISHED)) {
      props.deleteProperty(jobKey(spreadsheetId, old.id));
      ids.splice(ids.indexOf(old.id), 1);
    }
    props.setProperty(indexKey(spreadsheetId), JSON.stringify(ids));
  }
}
