// MailApp: sendEmail in its forms and getRemainingDailyQuota. Each address of a message counts
// toward the user's daily recipient quota, and every message sent is recorded, nothing leaves.
import { SEND_MAIL_SCOPE } from './auth';
import { GasError, Messages } from './errors';
import type { Runtime } from './runtime';

/** One message as the script sent it, for tests and the local page. */
export interface SentMail {
  /** Who ran the execution that sent it (the sender). */
  user: string;
  /** One address per recipient, as the script wrote them (a comma-separated list split). */
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  htmlBody?: string;
  name?: string;
  replyTo?: string;
  noReply?: boolean;
  /** The virtual time it was sent. */
  at: number;
}

/** What MailApp needs from the host for the running execution: the script's scopes and the user's quota. */
export interface MailAccount {
  /** The script's scopes; undefined when it declares none (Apps Script then grants what the code uses). */
  scopes(): ReadonlySet<string> | undefined;
  /** Counts `n` recipients toward the day, or throws Apps Script's refusal counting nothing. */
  charge(n: number): void;
  remaining(): number;
}

type Message = Omit<SentMail, 'user' | 'at'>;

// An address, alone or as `Name <address>`: something before one @, a domain with a dot after it.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const NAMED = /^[^<>]*<([^<>]+)>$/;

/** A field of the object form: missing is empty. */
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A comma-separated list as one address per recipient; empty pieces name nobody. */
function addresses(list: unknown): string[] {
  return text(list)
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

function valid(address: string): boolean {
  return ADDRESS.test(NAMED.exec(address)?.[1]?.trim() ?? address);
}

/** How Apps Script names an argument's type in `The parameters (...) don't match` messages. */
function typeName(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'string') return 'String';
  if (typeof v === 'boolean') return 'Boolean';
  return typeof v === 'object' ? 'Object' : typeof v;
}

function isOptions(v: unknown): v is GoogleAppsScript.Mail.MailAdvancedParameters {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The message of the advanced parameters (the object form, or the options of the four-argument form). */
function fromOptions(o: GoogleAppsScript.Mail.MailAdvancedParameters, base: Partial<Message> = {}): Message {
  const m: Message = {
    to: base.to ?? addresses(o.to),
    cc: addresses(o.cc),
    bcc: addresses(o.bcc),
    subject: base.subject ?? text(o.subject),
    body: base.body ?? text(o.body),
  };
  if (o.htmlBody !== undefined) m.htmlBody = String(o.htmlBody);
  if (o.name !== undefined) m.name = String(o.name);
  if (o.replyTo !== undefined) m.replyTo = String(o.replyTo);
  if (o.noReply !== undefined) m.noReply = o.noReply === true;
  return m;
}

/**
 * The message of any of sendEmail's forms, or the signature refusal Apps Script gives for others.
 * Positional arguments are bound to String parameters, so `undefined` arrives as "undefined";
 * a field missing from the object form is empty.
 */
function message(args: unknown[]): Message {
  const [a, b, c, d] = args;
  if (args.length === 1 && isOptions(a)) return fromOptions(a);
  if (args.length === 3) return { to: addresses(String(a)), cc: [], bcc: [], subject: String(b), body: String(c) };
  if (args.length === 4 && isOptions(d)) return fromOptions(d, { to: addresses(String(a)), subject: String(b), body: String(c) });
  if (args.length === 4 && typeof d === 'string') {
    return { to: addresses(String(a)), cc: [], bcc: [], replyTo: String(b), subject: String(c), body: d };
  }
  throw new GasError(Messages.parametersDontMatch(args.map(typeName).join(','), 'MailApp.sendEmail'));
}

export class FakeMailApp implements GoogleAppsScript.Mail.MailApp {
  static readonly kind = 'MailApp';

  constructor(
    private readonly runtime: Runtime,
    private readonly outbox: SentMail[],
    private readonly account: MailAccount,
  ) {}

  /** Apps Script asks for the scope before the script runs; a script whose manifest lacks it cannot call MailApp. */
  private authorize(method: string): void {
    const scopes = this.account.scopes();
    if (scopes && !scopes.has(SEND_MAIL_SCOPE)) throw new GasError(Messages.permission(`MailApp.${method}`, SEND_MAIL_SCOPE));
  }

  getRemainingDailyQuota(): number {
    this.authorize('getRemainingDailyQuota');
    return this.account.remaining();
  }

  sendEmail(message: GoogleAppsScript.Mail.MailAdvancedParameters): void;
  sendEmail(recipient: string, subject: string, body: string): void;
  sendEmail(recipient: string, subject: string, body: string, options: GoogleAppsScript.Mail.MailAdvancedParameters): void;
  sendEmail(to: string, replyTo: string, subject: string, body: string): void;
  sendEmail(...args: unknown[]): void {
    this.authorize('sendEmail');
    const m = message(args);
    const recipients = [...m.to, ...m.cc, ...m.bcc];
    if (recipients.length === 0) throw new GasError(Messages.mailNoRecipient);
    const invalid = recipients.find((r) => !valid(r));
    if (invalid !== undefined) throw new GasError(Messages.invalidEmail(invalid));
    // Every address counts, in to, cc or bcc; a message that does not fit in what is left is refused whole.
    this.account.charge(recipients.length);
    this.outbox.push({ user: this.runtime.exec().user, ...m, at: this.runtime.clock.now() });
  }
}
