// "Add to a sequence" from the sidebar: the account's sequences, a look at the selected rows before
// anything is sent, and the sending, with columns mapped to the sequence's fields and its overrides.
import { fail } from '../base/fail';
import * as z from 'zod/mini';
import { boolean, record, string } from '../api/kinds';
import { lazy } from '../base/lazy';
import { detectMapping } from '../sheet/columns';
import { withDocumentLock } from '../gas/active-document';
import { requireClient } from '../gas/client-factory';
import { onSelection, outcomeMessage, parse, rowDeps } from './run-tools';
import { sequenceSender } from './sequence-add';

/** The sequence, the columns sent as its fields (header -> field), the overrides turned on. */
const inputSchema = lazy(() =>
  z.object({
    sequenceId: string(),
    mapping: z.optional(record(string())),
    // By name as the sidebar offers them (decisions.md); the service refuses a name it does not know.
    overrides: z.optional(record(boolean())),
    /** The mailbox the leads are sent from (one of `listSendingMailboxes`); none: the sequence's own. */
    mailboxId: z.optional(string()),
  }),
);
type SequenceInput = z.input<ReturnType<typeof inputSchema>>;

/** The account's sequences, and whether each takes leads now: only active and paused ones do (a status the add-on does not know takes none). */
export const listSequences = (c = requireClient()) =>
  c.listSequences().map((s) => ({ ...s, accepts: s.status === 'active' || s.status === 'paused' }));

/** The account's active mailboxes, the ones a sequence's leads may be sent from, by address. */
export const listSendingMailboxes = (): Array<{ id: string; email: string }> => {
  const out: Array<{ id: string; email: string }> = [];
  for (const page of requireClient().mailboxPages(20, undefined, 'active'))
    for (const m of page.mailboxes) out.push({ id: m.id, email: m.email });
  return out.sort((a, b) => (a.email < b.email ? -1 : 1));
};

/**
 * The selected rows for the chosen sequence: how they stand (`dry`, for a preview: nothing
 * written or sent), or sent until done or out of time (`stoppedEarly`: a call again goes on).
 */
const sequenceRows = (input: unknown, dry: boolean) => {
  const req = parse(inputSchema(), input);
  // The service takes 30 requests a minute: a 429 is waited out (at most the minute it counts) and
  // the request sent again, as a 429 comes before anything is done.
  const c = requireClient({ retry: { budgetMs: 60000 } });
  const sequence = listSequences(c).find((s) => s.id === req.sequenceId);
  if (!sequence?.accepts) fail(`The sequence is ${sequence?.status ?? 'gone'}: choose one that takes leads.`);
  const { out } = onSelection(
    sequenceSender(sequence, req.mapping ?? {}, req.overrides ?? {}, req.mailboxId || undefined),
    dry ? undefined : rowDeps(c),
  );
  return {
    ...out,
    /** The columns read as email and profile URL (indexes into `headers`). */
    mapping: detectMapping(out.headers),
    message: outcomeMessage(`Add to "${sequence.name}"`, out),
  };
};

type SequenceRows = ReturnType<typeof sequenceRows>;

/** What sending would do with the selected rows, and their columns; writes and sends nothing. */
export const previewSequenceAdd = (input: SequenceInput): SequenceRows => sequenceRows(input, true);

/** Sends the selected rows to the sequence; rows added are never sent again. */
export const runSequenceAdd = (input: SequenceInput): SequenceRows => withDocumentLock(() => sequenceRows(input, false));
