// What a run would do before it does it: the request read from the sidebar or the menu, the
// plan on the selected rows, its cost by the spec's rates, and the columns it adds.
import { fail } from '../base/fail';
import { currentSpreadsheet } from '../gas/active-document';
import { anotherEditorsClaim } from '../gas/claims';
import { requireClient } from '../gas/client-factory';
import { activeUserEmail } from '../gas/current-user';
import { partSizeSetting } from '../gas/script-settings';
import * as z from 'zod/mini';
import { array, boolean, nullable, oneOf, partialRecord, string, union } from '../api/kinds';
import type { ProspectingClient } from '../api/client';
import { maxLength, minLength, upTo, withDefaults } from '../api/checks';
import { lazy } from '../base/lazy';
import { ACTION_LABELS, ACTIONS, PART_SIZE, type ActionId } from '../jobs/action-catalog';
import { partSizeFor } from '../jobs/part-size';
import { isLive } from '../jobs/job';
import type { Exclusions, PlanCounts } from '../jobs/planner';
import { prepareRun, type RunRequest, type Selection } from '../jobs/run-setup';
import { ROLE_LABELS, ROLES, type Role } from '../sheet/columns';
import { loadJobs } from '../gas/job-store';
import { readSavedMapping } from '../gas/settings';
import { activeSelection, sheetPort } from '../gas/sheet-port';
import { readPaid } from '../gas/paid-ledger';
import { parseInput, trim } from '../api/input-errors';
import { thousands } from '../base/numbers';
import { LIMITS } from '../api/requests';
import { utf8Length } from '../sheet/utf8';
import { emailProblem } from '../../contract/email-address';
import { existingList, LIST_TYPE_WORDS } from './lead-lists';
import { creditWords, plural, reusedWords } from '../jobs/credit-words';
import { REUSE_DAYS, reusableSince } from '../jobs/reused-answers';
import { findPaidAnswers } from '../gas/paid-answers';
import { reuseDays } from '../gas/kept-stores';
import { timeNow } from '../gas/clock';
import { creditParts, estimateTally, type CreditPart } from '../jobs/credit-parts';

export const runRequestSchema = lazy(() =>
  withDefaults(
    {
      action: oneOf(ACTIONS),
      options: z.object({
        revealEmail: z.optional(boolean()),
        revealPhones: z.optional(boolean()),
        listType: z.optional(oneOf(['email', 'profile', 'titles_and_company'])),
        enrich: z.optional(boolean()),
        validateEmail: z.optional(boolean()),
      }),
      fields: union([oneOf(['basic', 'all']), array(string())]),
      rerun: z.optional(boolean()),
      skipExcluded: z.optional(boolean()),
      mapping: z.optional(partialRecord(ROLES, nullable(string()))),
      list: z.optional(
        withDefaults(
          {
            name: string().check(
              trim,
              minLength(1, { error: 'Give the lead list a name.' }),
              maxLength(LIMITS.leadListName, {
                error: (issue) =>
                  `A lead list's name can be at most ${LIMITS.leadListName} characters; this one has ${thousands(String(issue.input).length)}.`,
              }),
            ),
            // The service's own rule (at most 254 characters), so an owner it would refuse never marks a row.
            owner: string().check((ctx) => {
              const problem = emailProblem(ctx.value);
              if (problem)
                ctx.issues.push({ code: 'custom', input: ctx.value, message: `The owner is not a valid email address: it ${problem}.` });
            }),
            shared: boolean(),
            visible: boolean(),
          },
          { shared: false, visible: true },
        ),
      ),
      /** Lead lists: the existing list the rows are added to, instead of a new list. */
      listId: z.optional(string()),
      /** Answers the spreadsheet paid for up to this many days ago are copied, not bought (0: never); kept for the spreadsheet. */
      reuseDays: z.optional(upTo(3650, 'The days an answer already paid for is reused')),
      confirmed: z.optional(boolean()),
      /** The estimate (its summary) the person confirmed: a start that would differ is refused. */
      seen: z.optional(string()),
    },
    { options: {}, fields: 'basic' },
  ),
);
export type RunInput = z.input<ReturnType<typeof runRequestSchema>>;
export type ParsedRunInput = z.infer<ReturnType<typeof runRequestSchema>>;

export interface RunPreview {
  action: ActionId;
  label: string;
  sheetName: string;
  headerRow: number;
  headers: string[];
  mapping: Array<{ role: Role; label: string; header: string }>;
  counts: PlanCounts;
  parts: number;
  credits: { email: number; phone: number };
  /** What the credits pay for at most, in parts: people found, emails validated or revealed, phones revealed. */
  cost: CreditPart[];
  /** Columns added to the sheet to hold the results. */
  addColumns: number;
  /** It spends credits, or is large: the person confirms it first. */
  needsConfirmation: boolean;
  summary: string;
  /** The summary without its price: the sidebar words the price from `cost`. */
  outline: string;
  /** The person's address, the default owner of a new lead list ('' when unknown). */
  defaultOwner: string;
  /** The reuse age in effect (days; 0: answers already paid for are bought again). */
  reuseDays: number;
}

const exclusions = (client: ProspectingClient): Exclusions => {
  const domains = new Set<string>();
  const emails = new Set<string>();
  for (const page of client.excludedDomainPages({ size: 1000 })) for (const d of page.excluded_domains) domains.add(d.domain.toLowerCase());
  for (const page of client.excludedEmailPages({ size: 1000 })) for (const e of page.excluded_emails) emails.add(e.email.toLowerCase());
  return { domains, emails };
};

const toRunRequest = (req: ParsedRunInput, sheetId: number): RunRequest => {
  const mapping = req.mapping ?? readSavedMapping(sheetId);
  const out: RunRequest = { action: req.action, options: req.options, fields: req.fields, rerun: req.rerun };
  if (mapping) out.mapping = mapping;
  if (req.list) out.list = req.list;
  return out;
};

/** The most bytes a job's record may spend on text the person chose; the rest of 9 KB is its parts and counts. */
const MAX_KEPT_BYTES = 3 * 1024;

/**
 * Why the text a job's record keeps (the columns' headers, the sheet's and the list's names, the
 * owner) would not fit in a user property, or undefined: each text at most as long as a list's
 * name may be, all of them together within MAX_KEPT_BYTES.
 */
const keptTextProblem = (texts: ReadonlyArray<[what: string, text: string]>): string | undefined => {
  const max = LIMITS.leadListName;
  const long = texts.find(([, text]) => text.length > max);
  if (long) return `${long[0]} is ${thousands(long[1].length)} characters long; rename it to at most ${max}.`;
  const bytes = texts.reduce((n, [, text]) => n + utf8Length(JSON.stringify(text)), 0);
  if (bytes <= MAX_KEPT_BYTES) return undefined;
  return `The names and column headers this run keeps take ${thousands(bytes)} bytes together, more than the ${thousands(MAX_KEPT_BYTES)} a run can keep; shorten the longest.`;
};

/**
 * What a preview found that a start in the same execution may use again: which rows are hidden
 * (Apps Script answers one row per call) and the exclusion lists (fetched page by page).
 */
export interface PreviewFindings {
  sheetId: number;
  selection: Selection;
  excluded: Exclusions | undefined;
}

/**
 * Reads the request, plans it on the active selection, and describes it for the person. The
 * sheet is always read again; `found` (from a preview of this execution on the same sheet)
 * saves asking for hidden rows and exclusion lists twice.
 */
export const prepare = (input: unknown, found?: PreviewFindings) => {
  const req = parseInput(runRequestSchema(), input, 'run');
  const client = requireClient();
  // Rows added to an existing list take its type and options, which decide what they send and cost.
  const adding = req.action === 'lead_list' && req.listId ? existingList(client, req.listId) : undefined;
  if (adding) {
    req.list = adding.list;
    req.options = adding.options;
  }
  const spreadsheet = currentSpreadsheet();
  const sheet = spreadsheet.getActiveSheet();
  const sheetId = sheet.getSheetId();
  const sheetName = sheet.getName();
  const reuse = found && found.sheetId === sheetId ? found : undefined;
  // The exclusion lists are fetched before the sheet is read: rows may move while they arrive.
  const excluded = req.skipExcluded ? (reuse?.excluded ?? exclusions(client)) : undefined;
  const selection = reuse?.selection ?? activeSelection(sheet);
  const request = toRunRequest(req, sheetId);
  // Row marks that no live job holds are left over from a job that ended badly.
  const live = loadJobs(spreadsheet.getId()).some((j) => isLive(j) && j.sheetId === sheetId && j.action === req.action);
  const partSize = partSizeFor(req.action, partSizeSetting());
  // Marks of another editor's job are never stale: its rows wait for results already paid for.
  const holder = live ? undefined : anotherEditorsClaim(sheetId, req.action);
  const reuseFor = req.reuseDays ?? reuseDays(REUSE_DAYS);
  const since = reusableSince(timeNow(), reuseFor);
  const prepared = prepareRun(sheetPort(sheet), selection, request, {
    exclusions: excluded,
    staleMarks: !live && !holder,
    partSize,
    paid: readPaid(spreadsheet, sheetId, req.action),
    // Run again: the person asks to buy again, whatever the spreadsheet holds.
    ...(!req.rerun && {
      answers: (keys, rows) => findPaidAnswers(spreadsheet, req.action, keys, since, req.options, { sheetId, rows }),
    }),
  });
  const kept: Array<[string, string]> = (Object.keys(prepared.mapping) as Role[]).map((role) => [
    `The header of the column read as ${ROLE_LABELS[role]}`,
    String(prepared.headers[prepared.mapping[role]!]).trim(),
  ]);
  kept.push(["The sheet's name", sheetName]);
  if (req.list) kept.push(["The lead list's name", req.list.name], ['The owner', req.list.owner]);
  const tooLong = keptTextProblem(kept);
  if (tooLong) fail(tooLong);
  const headers = prepared.headers.map((h) => String(h ?? ''));
  const { addColumns, newColumns, plan } = prepared;
  const { counts: c, estimate } = plan;
  // A run writing into more rows than one request takes is large: it asks first even when it is
  // free, for the rows and columns it writes are the person's to weigh.
  const large = c.send > PART_SIZE[req.action];
  const parts = plan.chunks.length;
  const label = ACTION_LABELS[req.action];
  // Each kind of row not sent: how many, why it is left out, and what one is called.
  const notSent: Array<[number, string, string?]> = [
    [c.duplicates, ' sent once', 'duplicate'],
    [c.done, ' already done'],
    [c.running, ` ${holder ? `held by another editor's job${holder.account ? ` (account "${holder.account}")` : ''}` : 'already running'}`],
    [c.invalid, ' that cannot be sent'],
    [c.excluded, ' on your exclusion lists'],
    [c.hidden, '', 'hidden or filtered row'],
  ];
  const skipped = notSent.filter(([n]) => n).map(([n, why, word = 'row']) => plural(n, word) + why);
  const costParts = creditParts(estimateTally(req.action, c.distinct, req.options));
  const cost = creditWords(costParts, 'up to ');
  // Why rows are not sent, each reason once (a few: a reason may name each row's own domain).
  const why = [...new Set(plan.rows.flatMap((r) => (r.kind === 'invalid' ? [r.reason.replace(/^Skipped: /, '')] : [])))];
  const outline =
    (adding
      ? `Adding ${plural(c.distinct, 'distinct row')} of "${sheetName}" to the lead list "${adding.list.name}" (matching by ${LIST_TYPE_WORDS[adding.options.listType!]})`
      : `${label} of ${plural(c.distinct, 'distinct row')} on "${sheetName}"`) +
    (parts > 1 ? ` in ${parts} parts` : '') +
    (skipped.length ? ` (skipping ${skipped.join(', ')})` : '') +
    '.' +
    (c.reused ? ` ${reusedWords(c.reused)}.` : '') +
    (c.unsure
      ? ` ${plural(c.unsure, 'row')} failed after the service may have taken ${c.unsure > 1 ? 'them' : 'it'}: sending again may pay twice.`
      : '') +
    (why.length ? ` Why rows cannot be sent: ${why.slice(0, 3).join('; ')}.` : '') +
    (large ? ` Results go into ${plural(c.send, 'row')}.` : '') +
    (addColumns || (large && newColumns)
      ? ` ${plural(large ? newColumns : addColumns, 'column')} will be added to the sheet for the results.`
      : '');
  // The price last, beside the question or the button that spends it.
  const summary = `${outline} ${cost ? `It can spend ${cost}.` : req.action === 'company' ? 'Company enrichment is free.' : 'It spends no credits.'}`;
  const preview: RunPreview = {
    action: req.action,
    label,
    sheetName,
    headerRow: prepared.headerRow,
    headers,
    // An unmapped role reads no header (there is none at -1).
    mapping: ROLES.map((role) => ({ role, label: ROLE_LABELS[role], header: headers[prepared.mapping[role] ?? -1] ?? '' })),
    counts: { ...c },
    parts,
    credits: { ...estimate },
    cost: costParts,
    addColumns,
    needsConfirmation: estimate.email + estimate.phone > 0 || large,
    summary,
    outline,
    defaultOwner: activeUserEmail(),
    reuseDays: reuseFor,
  };
  const findings: PreviewFindings = { sheetId, selection, excluded };
  return { req, client, spreadsheet, sheet, request, prepared, preview, partSize, findings };
};

/** What a run would send and cost, without changing anything. */
export const previewRun = (input: RunInput): RunPreview => prepare(input).preview;
