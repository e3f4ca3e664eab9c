// A value built on first use and kept: every custom-function call evaluates the whole bundle, so
// the bundle builds no schema while it loads, only when one is first needed.

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

/** What each getter of an object of getters returns. */
export type Built<G> = { [K in keyof G]: G[K] extends () => infer T ? T : never };

/** Calls every getter of `getters`: for code outside the bundle that wants all the values at once. */
export const buildAll = <G extends Record<string, () => unknown>>(getters: G): Built<G> => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(getters)) out[key] = getters[key]!();
  return out as Built<G>;
};
