// Job records, kept in the user's own properties per spreadsheet: jobs spend the user's
// credits and run on the user's triggers, so other editors neither see nor touch them.
import type { JobRecord } from '../jobs/job';

const MAX_FINISHED = 10;

function storeKey(spreadsheetId: string): string {
  return `jobs.${spreadsheetId}`;
}

export function loadJobs(spreadsheetId: string): JobRecord[] {
  const raw = PropertiesService.getUserProperties().getProperty(storeKey(spreadsheetId));
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as JobRecord[]) : [];
  } catch {
    return [];
  }
}

/** Saves one job, keeping every running job and the latest finished ones. */
export function saveJob(spreadsheetId: string, job: JobRecord): void {
  const jobs = loadJobs(spreadsheetId).filter((j) => j.id !== job.id);
  jobs.push(job);
  const running = jobs.filter((j) => j.state === 'running');
  const finished = jobs.filter((j) => j.state !== 'running').sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_FINISHED);
  const kept = [...running, ...finished].sort((a, b) => a.createdAt - b.createdAt);
  PropertiesService.getUserProperties().setProperty(storeKey(spreadsheetId), JSON.stringify(kept));
}
