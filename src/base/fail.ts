// Throwing for a person to read, and reading back what was thrown: every layer fails this way.

/**
 * Throws an Error saying `message`, for a person to read: one call in place of `throw new Error(…)`,
 * which dist/Code.js, loaded by every execution, would otherwise spell out forty times.
 */
export const fail: (message: string) => never = (message) => {
  throw new Error(message);
};

/** What was thrown, in words: an Error's message (the add-on's own are written for a person), else its text. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
