// Reading a stored job record: checked against its shape and brought to the current version, so
// a record saved by an earlier version of the add-on (or damaged) never reaches the engine as is.
import { isString } from '../base/is-string';
import * as z from 'zod/mini';
import { array, literal, number, oneOf, record, string, union } from '../api/kinds';
import { lazy } from '../base/lazy';
import { ACTIONS } from './action-catalog';
import { JOB_RECORD_VERSION, type JobRecord } from './job';
import type { JobLife, Running } from './job-life';

const num = number;
const running = () =>
  union([
    z.object({ s: literal('running'), mode: literal('sending') }),
    z.object({ s: literal('running'), mode: oneOf(['draining', 'canceling']), why: string() }),
  ]);

/** The fields every step relies on; the rest of the record is kept as it was saved. */
const recordSchema = lazy(() =>
  z.looseObject({
    id: string(),
    action: oneOf(ACTIONS),
    sheetId: num(),
    headerRow: num(),
    parts: array(z.looseObject({ n: num(), state: z.looseObject({ s: string() }) })),
    counts: record(num()),
    updatedAt: num(),
    nextCheckAt: num(),
    life: union([
      running(),
      z.object({
        s: literal('paused'),
        why: oneOf(['key', 'no_key', 'account']),
        was: running(),
        since: num(),
        retryAt: z.optional(num()),
      }),
      z.object({ s: literal('done') }),
      z.object({ s: oneOf(['failed', 'canceled']), why: string() }),
    ]),
  }),
);

/** A record of version 1: its state in `state`, with `canceled` and `stopSending` beside it. */
interface RecordV1 {
  state?: unknown;
  canceled?: unknown;
  stopSending?: unknown;
  message?: unknown;
  updatedAt?: unknown;
}

const lifeOfV1 = (old: RecordV1): JobLife | undefined => {
  const message = isString(old.message) ? old.message : '';
  const stop = isString(old.stopSending) ? old.stopSending : undefined;
  const was: Running = old.canceled
    ? { s: 'running', mode: 'canceling', why: message || 'Canceled.' }
    : stop
      ? { s: 'running', mode: 'draining', why: stop }
      : { s: 'running', mode: 'sending' };
  const state = old.state;
  if (state === 'running') return was;
  // Tried again at the next step: the key may work by now.
  if (state === 'paused') return { s: 'paused', why: 'key', was, since: typeof old.updatedAt === 'number' ? old.updatedAt : 0, retryAt: 0 };
  if (state === 'done') return { s: 'done' };
  return state === 'failed' || state === 'canceled' ? { s: state, why: message } : undefined;
};

/** A stored record brought to the current version, or undefined when it cannot be read as a job. */
export const readJobRecord = (raw: unknown): JobRecord | undefined => {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = { ...(raw as Record<string, unknown>) };
  if (record.v === undefined) {
    const life = lifeOfV1(record);
    if (!life) return undefined;
    delete record.state;
    delete record.canceled;
    delete record.stopSending;
    record.life = life;
    record.v = JOB_RECORD_VERSION;
  }
  return record.v === JOB_RECORD_VERSION && recordSchema().safeParse(record).success ? (record as unknown as JobRecord) : undefined;
};
