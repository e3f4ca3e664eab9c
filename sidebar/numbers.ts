// Counts as the sidebar shows them: with thousands separators, written as the server's own
// sentences write them ("50,000"), whatever the browser's language; credits in halves say why.

export const thousands = (n: number): string => n.toLocaleString('en-US');

/** Why a count of credits has a half: only person enrichment's 0.5 for each person found makes one. */
export const halves = (n: number): string => (n % 1 ? ' (0.5 for each person found)' : '');
