// The one email-address rule that the add-on and the local service share (decisions.md,
// "Requests"): one `@`, a local part of 1 to 64 characters, a domain of 1 to 253 characters
// with a dot, no spaces or control characters, at most 254 in all; UTF-8 is allowed.

/** Lengths count characters as the service does (code points), not UTF-16 units. */
function length(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

// Whitespace of any script, the C0/C1 control characters (NUL included), and the invisible
// format controls that hide or reorder text (zero-width space, word joiner, byte-order mark,
// direction marks and overrides). Joiners (U+200C, U+200D) stay: some scripts spell with them.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

/** Why `text` is not a valid email address, or undefined when it is. */
export function emailProblem(text: string): string | undefined {
  if (FORBIDDEN.test(text)) return 'has a space or a control character';
  const at = text.indexOf('@');
  if (at < 0 || at !== text.lastIndexOf('@')) return 'needs exactly one @';
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (length(local) < 1 || length(local) > 64) return 'has a part before the @ that is not 1 to 64 characters long';
  if (length(domain) < 1 || length(domain) > 253) return 'has a domain that is not 1 to 253 characters long';
  if (!domain.includes('.')) return 'has a domain without a dot';
  if (domain.startsWith('.') || domain.endsWith('.') || domain.includes('..')) return 'has a domain with an empty label';
  if (length(text) > 254) return 'is longer than 254 characters';
  return undefined;
}

export function isEmailAddress(text: string): boolean {
  return emailProblem(text) === undefined;
}
