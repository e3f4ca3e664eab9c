// What `npm run sandbox` prints when it is listening: the base address, the demo keys with their
// credits, the usage-limit mode, faults if any, contact ids to try, the read-only view and curl lines.
import { ACCOUNTS_VIEW_PATH } from './inspect-routes';
import type { Credits, FaultOptions, UsageLimitMode } from './options';

export interface StartupAccount {
  key: string;
  name: string;
  credits: Credits;
}

/** A few contact ids an account can read with GET /contacts/<id>. */
export interface ContactsToTry {
  key: string;
  ids: ReadonlyArray<string>;
}

/** An account's sequences and leads that show the skip rules of adding leads to them. */
export interface SequencesToTry {
  key: string;
  sequences: ReadonlyArray<{ id: string; name: string; status: string }>;
  inSequence: ReadonlyArray<{ sequence: string; email: string }>;
  recentlyContacted: ReadonlyArray<string>;
}

export interface StartupInfo {
  /** The base address, e.g. `http://127.0.0.1:8787`. */
  url: string;
  accounts: ReadonlyArray<StartupAccount>;
  usageLimits: UsageLimitMode;
  faults?: FaultOptions;
  /** Contact ids the service issues per account; the section is left out while there are none. */
  contacts?: ReadonlyArray<ContactsToTry>;
  /** Sequences per account; the section is left out while there are none. */
  sequences?: ReadonlyArray<SequencesToTry>;
}

const count = (n: number) => n.toLocaleString('en-US');

function creditsText(c: Credits): string {
  if (c.email <= 0 && c.phone <= 0) return 'no credits (anything that costs credits gives 402)';
  return `${count(c.email)} email / ${count(c.phone)} phone credits`;
}

const MODE_TEXT: Record<UsageLimitMode, string> = {
  pace: "pace (every request within the per-request limits is accepted; its items wait for the hour's allowance)",
  refuse: 'refuse (a start that would pass the hourly allowance gets 429 rate_limited with Retry-After)',
};

function faultLine(f: FaultOptions | undefined): string[] {
  if (!f) return [];
  const pct = (x: number | undefined) => `${Math.round((x ?? 0) * 1000) / 10}%`;
  const parts: string[] = [];
  if (f.dropRate) parts.push(`${pct(f.dropRate)} dropped`);
  if (f.rate500) parts.push(`${pct(f.rate500)} answered 500`);
  if (f.rate429) parts.push(`${pct(f.rate429)} answered 429`);
  if (f.slowRate) parts.push(`${pct(f.slowRate)} slowed by ${count(f.slowMs ?? 0)} ms`);
  return parts.length === 0 ? [] : [`Injected faults: ${parts.join(', ')} (fault seed ${f.seed ?? 0})`];
}

/** The "a few contact ids to try" section; empty while no account has contacts to list. */
export function contactLines(contacts: ReadonlyArray<ContactsToTry>): string[] {
  const listed = contacts.filter((c) => c.ids.length > 0);
  if (listed.length === 0) return [];
  const width = Math.max(...listed.map((c) => c.key.length)) + 2;
  return [
    '',
    'A few contact ids to try (GET /contacts/<id> with that key):',
    ...listed.map((c) => `  ${c.key.padEnd(width)} ${c.ids.join(', ')}`),
  ];
}

/** The sequences section: per account, each sequence's id, status and name, and leads to try. */
export function sequenceLines(all: ReadonlyArray<SequencesToTry>): string[] {
  const listed = all.filter((a) => a.sequences.length > 0);
  if (listed.length === 0) return [];
  const width = Math.max(...listed.flatMap((a) => a.sequences.map((s) => s.status.length))) + 2;
  return [
    '',
    'Sequences (GET /sequences; POST /sequences/<id>/leads takes leads while active or paused):',
    ...listed.flatMap((a) => [
      `  ${a.key}:`,
      ...a.sequences.map((s) => `    ${s.id}  ${s.status.padEnd(width)}${s.name}`),
      `    already in: ${a.inSequence.map((e) => `${e.email} (${e.sequence})`).join(', ')}`,
      `    recently contacted: ${a.recentlyContacted.join(', ')}`,
    ]),
  ];
}

export function startupLines(info: StartupInfo): string[] {
  const width = Math.max(0, ...info.accounts.map((a) => a.key.length)) + 2;
  const key = info.accounts[0]?.key ?? '<key>';
  const auth = `-H 'Authorization: Bearer ${key}'`;
  return [
    `Prospecting API (local) listening at ${info.url}`,
    `Hourly usage limits: ${MODE_TEXT[info.usageLimits]}`,
    ...faultLine(info.faults),
    '',
    'Demo API keys (send as "Authorization: Bearer <key>"):',
    ...info.accounts.map((a) => `  ${a.key.padEnd(width)} ${a.name}: ${creditsText(a.credits)}`),
    ...contactLines(info.contacts ?? []),
    ...sequenceLines(info.sequences ?? []),
    '',
    'Credits left and spent, and usage this hour, per account (no key needed; not part of the API):',
    `  ${info.url}${ACCOUNTS_VIEW_PATH}`,
    '',
    'Try:',
    `  curl ${auth} ${info.url}/account-info`,
    `  curl ${auth} '${info.url}/companies/find?domain=harborlogistics.com'`,
    `  curl -g ${auth} '${info.url}/territories?page[size]=5'`,
    'More examples (paging, batches, cancelling): sandbox/README.md',
    '',
    'Press Ctrl-C to stop.',
  ];
}
