// The time of an execution, for everything outside the job engine (whose steps are given a clock).
// One short function, not `Date.now()` written fifty times: dist/Code.js, which every execution
// loads, carries the longer spelling once.

/** Milliseconds since 1970, now. */
export const timeNow = (): number => Date.now();

/**
 * When this execution began: Apps Script evaluates the script's global code at the start of each
 * execution, so this is read once per run. An hourly run counts its hour from here, since the
 * trigger that brings the next run was made during this one and fires an hour after it was made.
 */
export const executionStart = Date.now();
