// A promise a generated campaign found broken, and the one way campaigns report it: each names
// the promise, so a run can look past known ones (`PAST` variables, never set in CI).
export class Broken extends Error {
  constructor(
    readonly promise: string,
    text: string,
    detail: unknown,
  ) {
    super(`[${promise}] ${text}: ${JSON.stringify(detail)}`);
    this.name = 'BrokenPromise';
  }
}

/** Reports a broken promise unless `variable` (comma-separated promise ids) says to look past it. */
export const reporter = (variable: string) => {
  const past = new Set((process.env[variable] ?? '').split(',').filter(Boolean));
  return (promise: string, text: string, detail: unknown): void => {
    if (!past.has(promise)) throw new Broken(promise, text, detail);
  };
};
