// The two Utilities calls the add-on's actions need: a fresh id and a wait.
export function newId(): string {
  return Utilities.getUuid();
}

/** Waits inside the execution (Apps Script has no timers); counts toward its time limit. */
export function pause(ms: number): void {
  Utilities.sleep(ms);
}
