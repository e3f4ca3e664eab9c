// Which user's job is running an action on a sheet, kept in document properties (shared by
// editors): row states in the sheet are shared, so two editors must not run the same action
// on the same sheet at once. A claim not refreshed for two hours is stale and ignored.
const STALE_MS = 2 * 60 * 60 * 1000;

interface Claim {
  user: string;
  job: string;
  at: number;
}

function key(sheetId: number, action: string): string {
  return `prospecting.running.${sheetId}.${action}`;
}

function me(): string {
  return Session.getTemporaryActiveUserKey();
}

function read(sheetId: number, action: string): Claim | undefined {
  const raw = PropertiesService.getDocumentProperties().getProperty(key(sheetId, action));
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Claim;
  } catch {
    return undefined;
  }
}

/** True when another editor's job runs this action on this sheet. */
export function claimedByAnother(sheetId: number, action: string): boolean {
  const claim = read(sheetId, action);
  return Boolean(claim && claim.user !== me() && Date.now() - claim.at < STALE_MS);
}

export function claim(sheetId: number, action: string, jobId: string): void {
  PropertiesService.getDocumentProperties().setProperty(key(sheetId, action), JSON.stringify({ user: me(), job: jobId, at: Date.now() }));
}

export function release(sheetId: number, action: string, jobId: string): void {
  const current = read(sheetId, action);
  if (current && current.job === jobId) PropertiesService.getDocumentProperties().deleteProperty(key(sheetId, action));
}
