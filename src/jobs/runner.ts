// Moving a job on by one step: send queued rows in parts, read finished results page by page,
// write them to the rows that hold their key, and end the job clearly. Each step is bounded in
// time and resumable: rows carry their state in the status column, the record carries cursors.
import type { ProspectingClient } from '../api/client';
import { ProspectingError } from '../api/errors';
import { detectMapping, type ColumnMapping, type Role } from '../sheet/columns';
import { Grid, type SheetPort } from '../sheet/grid';
import { REQUEST_LIMIT, rowInput, STATUS_HEADERS, type Payload } from './actions';
import { BATCH_KINDS, type ResultCell } from './batch-kinds';
import type { JobPart, JobRecord, JobView } from './job';
import { errorStatus, isDone, OUTCOMES, PROCESSING, QUEUED } from './outcomes';

export interface StepDeps {
  client: ProspectingClient;
  sheet: SheetPort;
  now: () => number;
  /** Stop starting new work after this time (ms epoch). */
  deadline: number;
  /** Persists the record; called after every change that must survive a cut-off. */
  save: (job: JobRecord) => void;
  /** Results per page read (the API allows up to 1,000). */
  pageSize?: number;
  /** Rows per part; the API's per-request limit unless a test sets fewer. */
  partSize?: number;
}

const PART = /^Processing(?: \(part (\d+)\))?$/;

export function processingStatus(part: number, parts: number): string {
  return parts > 1 || part > 1 ? `${PROCESSING} (part ${part})` : PROCESSING;
}

export function partOfStatus(status: unknown): number | undefined {
  if (typeof status !== 'string') return undefined;
  const m = PART.exec(status);
  return m ? Number(m[1] ?? 1) : undefined;
}

export function outputHeaders(job: Pick<JobRecord, 'action' | 'fields'>): string[] {
  const fields = BATCH_KINDS[job.action].fields;
  return job.fields.map((id) => fields.find((f) => f.id === id)!.header);
}

/** The job's columns on the sheet as it is now: inputs by header text, status and outputs. */
function columns(job: JobRecord, grid: Grid) {
  const mapping: ColumnMapping = {};
  for (const role of Object.keys(job.mapping) as Role[]) {
    const i = grid.columnOf(job.mapping[role]!);
    if (i !== undefined) mapping[role] = i;
  }
  const [status, ...outputs] = grid.ensureColumns([STATUS_HEADERS[job.action], ...outputHeaders(job)]);
  return { mapping, status: status!, outputs };
}

function keyOfRow(job: JobRecord, grid: Grid, mapping: ColumnMapping, index: number): string | undefined {
  const input = rowInput(job.action, grid.rows[index] ?? [], mapping, job.options);
  return 'key' in input ? input.key : undefined;
}

function message(e: unknown): string {
  if (e instanceof ProspectingError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** Sets every row of the part (or every queued row) still waiting to a final message. */
function settleRows(grid: Grid, statusCol: number, match: (status: unknown) => boolean, status: string): void {
  grid.rows.forEach((_, i) => {
    if (match(grid.get(i, statusCol))) grid.set(i, statusCol, status);
  });
}

function countStatuses(grid: Grid, statusCol: number): Record<string, number> {
  const counts: Record<string, number> = {};
  grid.rows.forEach((_, i) => {
    const s = grid.get(i, statusCol);
    if (typeof s === 'string' && s) counts[s.startsWith('Error:') ? 'Error' : s] = (counts[s.startsWith('Error:') ? 'Error' : s] ?? 0) + 1;
  });
  return counts;
}

function distinctQueuedKeys(job: JobRecord, grid: Grid, cols: ReturnType<typeof columns>): number {
  const keys = new Set<string>();
  grid.rows.forEach((_, i) => {
    if (grid.get(i, cols.status) !== QUEUED) return;
    const key = keyOfRow(job, grid, cols.mapping, i);
    if (key !== undefined) keys.add(key);
  });
  return keys.size;
}

/** Sends the next part: distinct keys of queued rows, up to the part size. Marks rows first. */
function sendPart(job: JobRecord, grid: Grid, cols: ReturnType<typeof columns>, deps: StepDeps): boolean {
  const limit = deps.partSize ?? REQUEST_LIMIT[job.action];
  const payloads = new Map<string, Payload>();
  const rowsOfPart: number[] = [];
  grid.rows.forEach((row, i) => {
    if (grid.get(i, cols.status) !== QUEUED) return;
    const input = rowInput(job.action, row, cols.mapping, job.options);
    if (!('key' in input)) {
      grid.set(i, cols.status, 'reason' in input ? input.reason : errorStatus('the row was emptied before it was sent'));
      return;
    }
    if (!payloads.has(input.key)) {
      if (payloads.size >= limit) return;
      payloads.set(input.key, input.payload);
    }
    rowsOfPart.push(i);
  });
  if (payloads.size === 0) return false;

  const n = job.parts.length + 1;
  const part: JobPart = { n, state: 'sending', skip: 0 };
  const expectedParts = n - 1 + Math.ceil(distinctQueuedKeys(job, grid, cols) / limit);
  const status = processingStatus(n, expectedParts);
  for (const i of rowsOfPart) grid.set(i, cols.status, status);
  grid.flush();
  job.parts.push(part);
  deps.save(job);

  try {
    const started = BATCH_KINDS[job.action].start(deps.client, [...payloads.values()], {
      options: job.options,
      list: job.list,
      part: n,
      parts: expectedParts,
    });
    part.id = started.id;
    part.state = 'open';
    job.nextCheckAt = deps.now();
    deps.save(job);
    return true;
  } catch (e) {
    job.parts.pop();
    if (e instanceof ProspectingError && e.kind === 'rate_limited') {
      // Refused before anything started: the rows wait for a later step.
      for (const i of rowsOfPart) grid.set(i, cols.status, QUEUED);
      noteFailure(job, grid, cols, e, deps);
      deps.save(job);
      return false;
    }
    const text = e instanceof ProspectingError && e.ambiguous
      ? errorStatus(`${message(e)} It may have started; nothing was re-sent so no credit is spent twice. Run again to retry.`)
      : errorStatus(message(e));
    for (const i of rowsOfPart) grid.set(i, cols.status, text);
    settleRows(grid, cols.status, (s) => s === QUEUED, errorStatus(`Not sent: ${message(e)}`));
    job.error = message(e);
    job.message = job.error;
    deps.save(job);
    return false;
  }
}

/** What reading a part gave in one step: results to write, and whether the part ended. */
interface PartReading {
  part: JobPart;
  results: ResultCell[];
  /** The leftover rows' status when the part ended; undefined while it goes on. */
  leftover?: string;
  error?: unknown;
}

/**
 * Reads pages of one part while time allows, keeping the results (nothing is written here).
 * The cursor moves only past pages whose results are kept, so a failure loses nothing.
 */
function readPart(job: JobRecord, part: JobPart, deps: StepDeps): PartReading {
  const kind = BATCH_KINDS[job.action];
  const reading: PartReading = { part, results: [] };
  try {
    while (deps.now() < deps.deadline) {
      const page = kind.read(deps.client, part.id!, part.href, deps.pageSize ?? 1000);
      if (page.url) part.url = page.url;
      const fresh = page.items.slice(part.skip);
      for (const item of fresh) reading.results.push(kind.toCell(item, job.options));
      if (page.nextHref) {
        part.href = page.nextHref;
        part.skip = 0;
        continue;
      }
      part.skip += fresh.length;
      if (page.finished) {
        part.state = page.endedAs === 'canceled' ? 'canceled' : page.endedAs === 'error' ? 'failed' : 'done';
        reading.leftover =
          part.state === 'canceled'
            ? 'Canceled before it was processed'
            : part.state === 'failed'
              ? errorStatus('the service could not process this row')
              : job.action === 'lead_list'
                ? // A lead list lists only the leads it matched.
                  OUTCOMES.not_found
                : errorStatus('the row changed while it ran, so its result was not written. Run again for it.');
      } else {
        job.nextCheckAt = deps.now() + Math.max(1, page.retryAfterSeconds ?? 5) * 1000;
      }
      break;
    }
  } catch (e) {
    reading.error = e;
  }
  return reading;
}

/** Writes a part's results to the rows that hold their key and still wait for this part. */
function applyReading(job: JobRecord, reading: PartReading, grid: Grid, cols: ReturnType<typeof columns>): void {
  const fields = BATCH_KINDS[job.action].fields;
  const chosen = job.fields.map((id) => fields.findIndex((f) => f.id === id));
  const ofPart = (s: unknown) => partOfStatus(s) === reading.part.n;
  const rowsByKey = new Map<string, number[]>();
  grid.rows.forEach((_, i) => {
    if (!ofPart(grid.get(i, cols.status))) return;
    const key = keyOfRow(job, grid, cols.mapping, i);
    if (key !== undefined) rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), i]);
  });
  for (const cell of reading.results) {
    if (cell.key === undefined) continue;
    for (const i of rowsByKey.get(cell.key) ?? []) {
      grid.set(i, cols.status, cell.status);
      chosen.forEach((f, k) => grid.set(i, cols.outputs[k]!, f >= 0 ? cell.values[fields[f]!.id] ?? '' : ''));
    }
  }
  if (reading.leftover) settleRows(grid, cols.status, ofPart, reading.leftover);
}

/** After this many steps in a row that the service failed, a job ends instead of waiting on. */
export const MAX_FAILED_STEPS = 12;

/** Waits longer after each failed step: 1, 2, 4 … minutes, at most 30, or what the service asked. */
function backoffMs(job: JobRecord, retryAfterSeconds: number | undefined): number {
  if (retryAfterSeconds !== undefined) return Math.max(1000, retryAfterSeconds * 1000);
  return Math.min(30, Math.pow(2, Math.max(0, (job.failures ?? 1) - 1))) * 60 * 1000;
}

/** A step the service failed: wait and try again, or end the job when it keeps failing. */
function noteFailure(job: JobRecord, grid: Grid, cols: ReturnType<typeof columns>, e: ProspectingError, deps: StepDeps): void {
  job.failures = (job.failures ?? 0) + 1;
  if (job.failures < MAX_FAILED_STEPS) {
    job.nextCheckAt = deps.now() + backoffMs(job, e.retryAfterSeconds);
    job.message = `${message(e)} Will try again (${job.failures} of ${MAX_FAILED_STEPS}).`;
    return;
  }
  job.error = `${message(e)} Stopped after ${job.failures} tries; run again for the rest.`;
  job.message = job.error;
  for (const part of job.parts) if (part.state === 'open') part.state = 'failed';
  settleRows(grid, cols.status, (s) => s === QUEUED || partOfStatus(s) !== undefined, errorStatus(job.error));
}

/**
 * Runs one step of a job. Returns when the job ended, is waiting for the service, or the
 * deadline came. All sheet changes are written before the record that relies on them is saved.
 */
export function advanceJob(job: JobRecord, deps: StepDeps): void {
  if (job.state !== 'running') return;
  const grid = new Grid(deps.sheet, job.headerRow);
  const cols = columns(job, grid);
  const failuresBefore = job.failures ?? 0;
  let failure: unknown;
  // A part cut off while being sent may or may not have started: never send it again.
  for (const part of job.parts) {
    if (part.state !== 'sending') continue;
    part.state = 'failed';
    settleRows(grid, cols.status, (s) => partOfStatus(s) === part.n, errorStatus('the run was interrupted while sending; nothing was re-sent so no credit is spent twice. Run again to retry.'));
  }
  try {
    while (deps.now() < deps.deadline && !job.error && !job.canceled && grid.rows.some((_, i) => grid.get(i, cols.status) === QUEUED)) {
      if (!sendPart(job, grid, cols, deps)) break;
    }
  } catch (e) {
    failure = e;
  }
  grid.flush();

  const readings: PartReading[] = [];
  for (const part of job.parts) {
    if (part.state !== 'open' || deps.now() >= deps.deadline || failure !== undefined) continue;
    const reading = readPart(job, part, deps);
    readings.push(reading);
    if (reading.error !== undefined) failure = reading.error;
  }

  // Write time: the sheet is read again, so rows moved while the service answered are found.
  const sheet = new Grid(deps.sheet, job.headerRow);
  const now = columns(job, sheet);
  for (const reading of readings) applyReading(job, reading, sheet, now);
  if (failure !== undefined) {
    if (!(failure instanceof ProspectingError)) throw failure;
    if (failure.kind === 'rate_limited' || failure.kind === 'server' || failure.kind === 'network') {
      noteFailure(job, sheet, now, failure, deps);
    } else {
      job.error = message(failure);
      job.message = job.error;
      for (const part of job.parts) if (part.state === 'open') part.state = 'failed';
      settleRows(sheet, now.status, (s) => s === QUEUED || partOfStatus(s) !== undefined, errorStatus(job.error));
    }
  } else if (failuresBefore > 0 && job.failures === failuresBefore) {
    // A step the service answered: the count of failures in a row starts again.
    job.failures = 0;
    if (!job.error && !job.canceled) job.message = undefined;
  }
  if (job.canceled) settleRows(sheet, now.status, (s) => s === QUEUED, 'Canceled before it was sent');
  const queued = sheet.rows.some((_, i) => sheet.get(i, now.status) === QUEUED);
  if (job.state === 'running' && !queued && job.parts.every((p) => p.state !== 'open' && p.state !== 'sending')) {
    job.state = job.error || job.parts.some((p) => p.state === 'failed') ? 'failed' : job.canceled || job.parts.some((p) => p.state === 'canceled') ? 'canceled' : 'done';
    if (job.state === 'done') job.message = undefined;
    else job.message ??= job.state === 'canceled' ? 'Canceled.' : 'Some rows could not be processed.';
  }
  job.counts = countStatuses(sheet, now.status);
  sheet.flush();
  job.updatedAt = deps.now();
  deps.save(job);
}

/**
 * Cancels a job: its open parts are canceled at the service, queued rows are not sent, and
 * this step and the next write what finished before the cancel, then end the job as canceled.
 */
export function cancelJob(job: JobRecord, deps: StepDeps): void {
  if (job.state !== 'running') return;
  const kind = BATCH_KINDS[job.action];
  for (const part of job.parts) {
    if (part.state !== 'open' || !kind.cancel) continue;
    try {
      kind.cancel(deps.client, part.id!);
    } catch (e) {
      if (!(e instanceof ProspectingError && e.kind === 'invalid_state')) throw e;
    }
  }
  job.canceled = true;
  job.message = 'Canceled.';
  job.nextCheckAt = deps.now();
  advanceJob(job, deps);
}

/** Ends a job at once, without the service: its waiting rows say why. Results already written stay. */
export function abandonJob(job: JobRecord, deps: Pick<StepDeps, 'sheet' | 'now' | 'save'>, reason: string): void {
  if (job.state !== 'running') return;
  const grid = new Grid(deps.sheet, job.headerRow);
  const cols = columns(job, grid);
  settleRows(grid, cols.status, (s) => s === QUEUED || partOfStatus(s) !== undefined, errorStatus(reason));
  for (const part of job.parts) if (part.state === 'open' || part.state === 'sending') part.state = 'canceled';
  job.state = 'canceled';
  job.message = reason;
  job.counts = countStatuses(grid, cols.status);
  grid.flush();
  job.updatedAt = deps.now();
  deps.save(job);
}

export function jobView(job: JobRecord): JobView {
  const finished = Object.keys(job.counts)
    .filter((s) => isDone(s) || s === 'Error' || s.startsWith('Canceled'))
    .reduce((n, s) => n + (job.counts[s] ?? 0), 0);
  return {
    id: job.id,
    action: job.action,
    sheetName: job.sheetName,
    state: job.state,
    message: job.message ?? '',
    total: job.total,
    finished,
    counts: { ...job.counts },
    canCancel: job.state === 'running' && !job.canceled && Boolean(BATCH_KINDS[job.action].cancel),
    links: job.parts.map((p) => p.url).filter((u): u is string => Boolean(u)),
  };
}

/** Detects the mapping of a sheet's header row, as header texts. */
export function mappingByHeader(headers: ReadonlyArray<unknown>, mapping: ColumnMapping = detectMapping(headers)): Partial<Record<Role, string>> {
  const out: Partial<Record<Role, string>> = {};
  for (const role of Object.keys(mapping) as Role[]) out[role] = String(headers[mapping[role]!]).trim();
  return out;
}
