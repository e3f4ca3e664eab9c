// The fixed moment synthetic history is dated against, so generated dates never depend on the
// clock and stay the same across restarts.

const ANCHOR_MS = Date.UTC(2025, 8, 30, 12, 0, 0);
const DAY_MS = 86400000;

const dates = new Map<number, string>();

/** A plain date `YYYY-MM-DD` some days before the anchor (remembered: people are built in bulk). */
export function daysBefore(days: number): string {
  let date = dates.get(days);
  if (date === undefined) {
    date = new Date(ANCHOR_MS - days * DAY_MS).toISOString().slice(0, 10);
    if (dates.size < 100000) dates.set(days, date);
  }
  return date;
}

/** A date-time with milliseconds some ms before the anchor. */
export function msBefore(ms: number): string {
  return new Date(ANCHOR_MS - ms).toISOString();
}

export const DAY = DAY_MS;
