// Whether a value is text: the type guard every layer shares. `typeof value === 'string'` written
// thirty times would cost dist/Code.js, which every execution loads, a third of a kilobyte.

export const isString = (value: unknown): value is string => typeof value === 'string';
