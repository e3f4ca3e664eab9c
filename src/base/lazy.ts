// A value built on first use and kept: every custom-function call evaluates the whole bundle, so
// the bundle builds nothing costly (a schema, a table) while it loads, only when it is first needed.

/** A getter that runs `build` the first time it is called and returns that same value after. */
export const lazy = <T>(build: () => T): (() => T) => {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
};
