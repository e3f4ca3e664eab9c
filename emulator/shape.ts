// A type helper that checks a fake's methods against @types/google-apps-script: parameters must
// match exactly, while returned Apps Script objects may be the fake's own classes.

type Loosen<R> = R extends string | number | boolean | null | undefined | void | readonly unknown[] ? R : unknown;

/** The chosen methods of an Apps Script interface, with object return types loosened. */
export type Shape<T, K extends keyof T> = {
  [P in K]: T[P] extends (...args: infer A) => infer R ? (...args: A) => Loosen<R> : T[P];
};
