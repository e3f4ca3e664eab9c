// The time of an execution, for everything outside the job engine (whose steps are given a clock).
// One short function, not `Date.now()` written fifty times: dist/Code.js, which every execution
// loads, carries the longer spelling once.

/** Milliseconds since 1970, now. */
export const timeNow = (): number => Date.now();
