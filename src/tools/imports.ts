// Listings of the API as sheet rows: each import's header and how a page becomes rows.
import type { Contact, ExcludedDomain, ExcludedEmail, JobOpeningPage, Mailbox, Territory } from '../api/schemas';
import { MAILBOX_APPLIED } from './row-actions';
import { JOB_OPENING_HEADERS, jobOpeningCells } from '../sheet/fields';

export const IMPORT_HEADERS = {
  territories: ['Territory', 'Territory ID'],
  job_openings: ['Company', 'Domain', ...JOB_OPENING_HEADERS, 'Job ID'],
  excluded_domains: ['Domain', 'Reason', 'Reasons', 'Source', 'Added'],
  excluded_emails: ['Email', 'Reason', 'Reasons', 'Source', 'Added'],
  contact: ['Field', 'Value', 'Detail', 'Sequence', 'When'],
  // The limit to edit, and the limit the service holds: "Apply mailbox limits" sends rows that differ.
  mailboxes: ['Email', 'Provider', 'Mailbox status', 'User', 'Daily email limit', MAILBOX_APPLIED, 'Mailbox ID'],
} as const;

export type ImportKind = keyof typeof IMPORT_HEADERS;

const list = (items: ReadonlyArray<string> | undefined) => (items ?? []).join(', ');

export const territoryRows = (items: ReadonlyArray<Territory>): unknown[][] => items.map((t) => [t.name, t.id]);

/** A mailbox's status as the service words it (`needs_reconnection`), in plain words. */
export const mailboxRows = (items: ReadonlyArray<Mailbox>): unknown[][] =>
  items.map((m) => [
    m.email,
    m.email_provider ?? '',
    m.status.replace(/_/g, ' '),
    m.user?.name ?? m.user?.email ?? '',
    m.daily_email_limit,
    m.daily_email_limit,
    m.id,
  ]);

export const jobOpeningRows = (page: JobOpeningPage): unknown[][] =>
  page.job_openings.map((j) => [page.company.name ?? '', page.company.domain ?? '', ...jobOpeningCells(j), j.id]);

export const exclusionRows = (items: ReadonlyArray<ExcludedDomain | ExcludedEmail>): unknown[][] =>
  items.map((x) => ['domain' in x ? x.domain : x.email, x.excluded_reason, list(x.excluded_reasons), x.source, x.date_added]);

/** A contact as field/value rows, then its phone numbers, then its recent activity, newest first. */
export const contactRows = (c: Contact): unknown[][] => {
  const fields: Array<[string, unknown]> = [
    ['Name', c.name],
    ['First name', c.first_name],
    ['Last name', c.last_name],
    ['Email', c.email],
    ['Title', c.title],
    ['Company', c.company_name],
    ['Company domain', c.company_domain],
    ['Profile URL', c.profile_url],
    ['Location', c.location],
    ['Time zone', c.time_zone],
    ['Owner', c.owner],
    ['Created', c.created_at],
    ['Last contacted', c.last_contacted_at],
    ['Contact ID', c.id],
  ];
  const rows: unknown[][] = fields.map(([k, v]) => [k, v ?? '', '', '', '']);
  for (const p of c.phone_numbers ?? [])
    rows.push(['Phone', p.number, [p.kind ?? p.type, p.is_wrong_number ? 'wrong number' : ''].filter(Boolean).join(', '), '', '']);
  for (const a of c.recent_activity ?? []) rows.push(['Activity', a.event_type, a.sequence_type, a.sequence_name, a.event_at]);
  return rows;
};
