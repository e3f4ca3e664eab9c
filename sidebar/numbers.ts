// Counts as the sidebar shows them: with thousands separators, written as the server's own
// sentences write them ("50,000"), whatever the browser's language.

export const thousands = (n: number): string => n.toLocaleString('en-US');
