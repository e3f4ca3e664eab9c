// The larger and the smaller of numbers, as every layer compares them. `Math.max` and `Math.min`
// written sixty times would cost dist/Code.js, which every execution loads, a third of a kilobyte.

export const { max, min } = Math;
