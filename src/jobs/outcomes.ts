// The words a status cell shows, and which of them mean a row is done.

export const OUTCOMES = {
  enriched: 'Enriched',
  not_found: 'Not found',
  gdpr_removed: 'Removed for privacy',
  deliverable: 'Deliverable',
  risky: 'Risky',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  added: 'Added to list',
} as const;
export type Outcome = keyof typeof OUTCOMES;

export const QUEUED = 'Queued';
export const PROCESSING = 'Processing';

const DONE = new Set<string>(Object.values(OUTCOMES));

/** A row whose status says it has its answer; it is skipped unless the person asks to run again. */
export function isDone(status: unknown): boolean {
  return typeof status === 'string' && DONE.has(status);
}

export function isPending(status: unknown): boolean {
  return status === QUEUED || status === PROCESSING;
}

export function errorStatus(message: string): string {
  return `Error: ${message}`;
}
