// Numbers as every layer compares and writes them. `Math.max` and `Math.min` written sixty times
// would cost dist/Code.js, which every execution loads, a third of a kilobyte.

export const { max, min } = Math;

/** `12,345`: a count as the messages write it. */
export const thousands = (n: number): string => n.toLocaleString('en-US');
