// Row actions that send one request per selected row: logging calls and reviewing phone
// numbers. Which fields they take, how columns map to them, and what each row sends.
import type { CallCreate, PhoneReview } from '../api/requests';
import { headerWords, overrideMapping } from '../sheet/columns';
import { cellText } from '../sheet/keys';
import { formulaErrorIn } from '../sheet/formula-errors';
import { OUTCOMES } from '../jobs/row-status';
import { isGuid } from '../api/schemas';
import { ProspectingError } from '../api/errors';
import type { RowRequest, RowSender } from './row-action-send';
import type { RowActionId } from './tool-types';

export interface RowField {
  field: string;
  label: string;
  required: boolean;
  /** Header words that name this field. */
  pattern: RegExp;
  kind: 'text' | 'int' | 'bool' | 'id';
}

/** A field of a row action; most take text. */
const rowField = (field: string, label: string, required: boolean, pattern: RegExp, kind: RowField['kind'] = 'text'): RowField => ({
  field,
  label,
  required,
  pattern,
  kind,
});

/** The mailbox limit the service holds, as imported and as each change is applied: a row whose limit differs is sent. */
export const MAILBOX_APPLIED = 'Limit · Applied';
/** The bounds decisions.md sets for a mailbox's daily limit. */
const MAILBOX_LIMIT = [1, 2000];

/** Each action's label, output headers (status, then id when its answer has one), done word and fields. */
export const ROW_ACTIONS: Record<RowActionId, { label: string; headers: string[]; done: string; fields: RowField[] }> = {
  log_calls: {
    label: 'Log calls',
    headers: ['Call · Status', 'Call · ID'],
    done: OUTCOMES.logged,
    fields: [
      rowField('from', 'From', true, /^(from|caller|from number|from phone)$/),
      rowField('to', 'To', true, /^(to|callee|to number|to phone|phone|number)$/),
      rowField('duration', 'Duration (seconds)', true, /^(duration|duration s|duration seconds|seconds|length)$/, 'int'),
      rowField('answered', 'Answered', true, /^(answered|was answered)$/, 'bool'),
      rowField('human', 'Human', true, /^(human|answered by human|human answered)$/, 'bool'),
      rowField('task_id', 'Task ID', true, /^(task|task id)$/, 'id'),
      rowField('user_id', 'User ID', true, /^(user|user id)$/, 'id'),
      rowField('disposition_id', 'Disposition ID', false, /^(disposition|disposition id)$/, 'id'),
      rowField('transcription', 'Transcription', false, /^(transcription|transcript)$/),
      rowField('recording_url', 'Recording URL', false, /^(recording|recording url|recording link)$/),
    ],
  },
  call_recordings: {
    label: 'Call recordings',
    headers: ['Recording · Status', 'Recording · URL', 'Recording · Expires'],
    done: OUTCOMES.linked,
    fields: [rowField('call_id', 'Call ID', true, /^(call|call id|call · id)$/, 'id')],
  },
  mailbox_limits: {
    label: 'Mailbox limits',
    headers: ['Mailbox · Status', MAILBOX_APPLIED],
    done: OUTCOMES.applied,
    fields: [
      rowField('mailbox_id', 'Mailbox ID', true, /^(mailbox|mailbox id)$/, 'id'),
      rowField('daily_email_limit', 'Daily email limit', true, /^(daily email limit|daily limit|limit)$/, 'int'),
    ],
  },
  review_phones: {
    label: 'Review phone numbers',
    headers: ['Phone review · Status'],
    done: OUTCOMES.reviewed,
    fields: [
      rowField('phone_number_id', 'Phone number ID', true, /^(phone number id|phone id|number id|phone number)$/, 'id'),
      rowField('user_id', 'User ID', true, /^(user|user id|reviewer|reviewer id)$/, 'id'),
      rowField('reason', 'Reason', true, /^(reason|review reason)$/),
    ],
  },
};

/** Field -> column index, detected from the headers, then changed by header name. */
export const rowActionMapping = (
  action: RowActionId,
  headers: ReadonlyArray<unknown>,
  overrides: Record<string, string | null> = {},
): Record<string, number> => {
  const mapping: Record<string, number> = {};
  const { fields } = ROW_ACTIONS[action];
  for (const f of fields) {
    const i = headers.findIndex((h) => f.pattern.test(headerWords(cellText(h))));
    if (i >= 0) mapping[f.field] = i;
  }
  return overrideMapping(headers, mapping, overrides, (key) => fields.some((f) => f.field === key), 'field') as Record<string, number>;
};

const parseBool = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  const t = cellText(v).toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(t)) return true;
  if (['false', 'no', 'n', '0'].includes(t)) return false;
  return undefined;
};

/** What one row sends, or why it cannot be sent. */
export const rowRequest = (action: RowActionId, row: ReadonlyArray<unknown>, mapping: Record<string, number>): RowRequest => {
  const def = ROW_ACTIONS[action];
  const body: Record<string, unknown> = {};
  let any = false;
  for (const f of def.fields) {
    const i = mapping[f.field];
    const raw = i === undefined ? '' : row[i];
    const refused = formulaErrorIn(f.label, raw);
    if (refused) return { reason: refused };
    const text = cellText(raw);
    if (text === '') {
      if (f.required) body[f.field] = undefined;
      continue;
    }
    any = true;
    if (f.kind === 'int') {
      const n = typeof raw === 'number' ? raw : Number(text);
      if (f.field === 'daily_email_limit') {
        if (!Number.isInteger(n) || n < MAILBOX_LIMIT[0]! || n > MAILBOX_LIMIT[1]!)
          return { reason: `${f.label} must be a whole number from 1 to 2,000` };
      } else if (!Number.isInteger(n) || n < 0) return { reason: `${f.label} must be a whole number of seconds` };
      body[f.field] = n;
    } else if (f.kind === 'bool') {
      const b = parseBool(raw);
      if (b === undefined) return { reason: `${f.label} must be yes or no` };
      body[f.field] = b;
    } else if (f.kind === 'id' && !isGuid(text)) {
      // The spec's ids are UUIDs: the service would refuse anything else, the row unnamed.
      return { reason: `${f.label} must be a UUID` };
    } else {
      body[f.field] = text;
    }
  }
  if (!any) return { blank: true };
  const missing = def.fields.filter((f) => f.required && body[f.field] === undefined).map((f) => f.label);
  if (missing.length) return { reason: `Missing ${missing.join(', ')}` };
  return { body };
};

/** A row action sent one row per request; `refreshAt` (asked by the person): links expired by then are fetched again. */
export const rowSender = (action: RowActionId, overrides: Record<string, string | null>, refreshAt?: number): RowSender => {
  const def = ROW_ACTIONS[action];
  const mailboxes = action === 'mailbox_limits';
  const recordings = action === 'call_recordings';
  const refresh = refreshAt !== undefined;
  return {
    headers: def.headers,
    batch: 1,
    field: (name) => def.fields.find((f) => f.field === name)?.label,
    notFound: action === 'review_phones' && 'no phone number of this account has this Phone number ID',
    conflict: mailboxes ? 'the mailbox needs reconnection: reconnect it, then apply again' : undefined,
    // Both are slow by the spec's limits (50 recordings an hour; a mailbox change a minute, and
    // one an hour for each mailbox): what is left goes on by the trigger.
    paced: mailboxes || recordings,
    // A mailbox whose limit was changed again; with `refresh`, a call whose link has expired.
    resend: mailboxes || refresh,
    planner: (headers) => {
      const mapping = rowActionMapping(action, headers, overrides);
      const at = (h: string) => headers.findIndex((x) => cellText(x) === h);
      const applied = at(MAILBOX_APPLIED);
      const [status, , expires] = def.headers.map(at);
      return (row) => {
        const planned = rowRequest(action, row, mapping);
        if (!('body' in planned)) return planned;
        // Only a changed limit is sent: one equal to what the service holds is left alone.
        if (mailboxes && applied >= 0 && cellText(row[applied]) === String(planned.body.daily_email_limit)) return { blank: true };
        // Asked to refresh: a link still valid, or a call with none, is left alone.
        if (
          refresh &&
          status! >= 0 &&
          cellText(row[status!]) &&
          (cellText(row[status!]) === OUTCOMES.no_recording || Date.parse(cellText(row[expires!])) > refreshAt)
        )
          return { blank: true };
        return planned;
      };
    },
    send: (client, [body]) => {
      const b = body!;
      if (action === 'log_calls') return [{ status: def.done, id: client.logCall(b as unknown as CallCreate).id }];
      if (mailboxes)
        return [{ status: def.done, cells: [client.setMailboxLimit(String(b.mailbox_id), Number(b.daily_email_limit)).daily_email_limit] }];
      if (action === 'call_recordings') {
        try {
          const r = client.getCallRecording(String(b.call_id));
          return [{ status: def.done, cells: [r.url, r.expires_at] }];
        } catch (e) {
          // A call logged without a recording: an answer, not a failure (never asked again by itself).
          if (e instanceof ProspectingError && e.kind === 'not_found' && /no recording/i.test(e.detail ?? ''))
            return [{ status: OUTCOMES.no_recording, cells: ['', ''] }];
          throw e;
        }
      }
      const { phone_number_id, ...review } = b;
      client.reviewPhoneNumber(String(phone_number_id), review as unknown as PhoneReview);
      return [{ status: def.done }];
    },
  };
};
