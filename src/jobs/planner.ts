// Planning a run: which rows are sent, which are skipped and why, each distinct key once,
// cut into requests within the API's per-request limits.
import type { ColumnMapping } from '../sheet/columns';
import { normalizeDomain } from '../sheet/keys';
import { PART_SIZE, rowInput, type ActionId, type ActionOptions, type Payload } from './action-catalog';
import { estimateCredits, type CreditEstimate } from './credit-parts';
import { isPending, readStatus, skippedStatus } from './row-status';
import { isAnswered, type Paid } from './row-life';
import type { FoundAnswer } from './reused-answers';

export interface SourceRow {
  /** Sheet row number (1-based). */
  row: number;
  values: ReadonlyArray<unknown>;
  /** The row's current status cell for this action. */
  status: unknown;
  /** Hidden or filtered out: the person cannot see it, so it is not sent. */
  hidden?: boolean;
}

export type RowPlan =
  | { row: number; kind: 'send'; key: string }
  | { row: number; kind: 'done' | 'running' | 'blank' | 'hidden' }
  /** Answered by the paid ledger while its own cell is empty: it is told so, never sent again unasked. */
  | { row: number; kind: 'done'; paidAt: number; key: string }
  /** Its key's answer, paid for where the spreadsheet holds it, is copied onto it: nothing is sent. */
  | { row: number; kind: 'reused'; key: string; answer: FoundAnswer }
  | { row: number; kind: 'invalid' | 'excluded'; reason: string };

export interface Exclusions {
  emails: ReadonlySet<string>;
  domains: ReadonlySet<string>;
}

export interface Plan {
  rows: RowPlan[];
  /** Each distinct key once, in first-seen order, with what it sends. */
  payloads: Map<string, Payload>;
  /** Keys per request, each within the action's limit. */
  chunks: string[][];
  estimate: CreditEstimate;
  counts: PlanCounts;
}

export interface PlanCounts {
  send: number;
  distinct: number;
  duplicates: number;
  done: number;
  running: number;
  invalid: number;
  excluded: number;
  blank: number;
  hidden: number;
  /** Rows given an answer the spreadsheet already paid for (reused-answers.ts): 0 credits. */
  reused: number;
  /** Rows sent again whose earlier request may have started (an error after the service may have taken it): they may be paid twice. */
  unsure: number;
}

export interface PlanSettings {
  rerun?: boolean;
  /** Marks that no live job holds (a job that ended badly): such rows are planned again. */
  staleMarks?: boolean;
  exclusions?: Exclusions;
  /** Keys already paid for on this sheet (row-life.ts): answered, whatever their cells say now. */
  paid?: Paid;
  /**
   * Rows whose key was paid for on the sheet while no row shows its answer (automation's finding):
   * never sent, even in a run that sends again; given an answer found, else told so.
   */
  told?: ReadonlySet<number>;
  /** Answers paid for where the spreadsheet holds them, by key: rows that would send or lack theirs take them. */
  reused?: ReadonlyMap<string, FoundAnswer>;
  /** Overrides the API's per-request limit (tests use small numbers). */
  chunkSize?: number;
}

const excludedReason = (payload: Payload, exclusions: Exclusions | undefined): string | undefined => {
  if (!exclusions) return undefined;
  const p = payload as { email?: string; domain?: string; company_domain?: string };
  const domain = p.domain ?? p.company_domain ?? (p.email ? normalizeDomain(p.email) : undefined);
  const on = p.email && exclusions.emails.has(p.email) ? 'email' : domain && exclusions.domains.has(domain) ? 'domain' : undefined;
  return on && skippedStatus(`${on} is on your exclusion list`);
};

const NONE: Paid = new Map();

export const planRun = (
  action: ActionId,
  source: ReadonlyArray<SourceRow>,
  mapping: ColumnMapping,
  options: ActionOptions,
  settings: PlanSettings = {},
): Plan => {
  const rows: RowPlan[] = [];
  const payloads = new Map<string, Payload>();
  const counts: PlanCounts = {
    send: 0,
    distinct: 0,
    duplicates: 0,
    done: 0,
    running: 0,
    invalid: 0,
    excluded: 0,
    blank: 0,
    hidden: 0,
    reused: 0,
    unsure: 0,
  };
  for (const { row, values, status, hidden } of source) {
    const input = rowInput(action, values, mapping, options);
    let plan: RowPlan;
    if (hidden) plan = { row, kind: 'hidden' };
    else if ('blank' in input) plan = { row, kind: 'blank' };
    else if ('reason' in input) plan = { row, kind: 'invalid', reason: skippedStatus(input.reason) };
    else if (isPending(status) && !settings.staleMarks) plan = { row, kind: 'running' };
    else if (settings.told?.has(row) && settings.paid?.has(input.key)) {
      const answer = settings.reused?.get(input.key);
      plan = answer
        ? { row, kind: 'reused', key: input.key, answer }
        : { row, kind: 'done', paidAt: settings.paid.get(input.key)!, key: input.key };
    } else if (!settings.rerun && isAnswered(readStatus(status), input.key, settings.paid ?? NONE, 0)) {
      const paidAt = readStatus(status).kind === 'empty' ? settings.paid?.get(input.key) : undefined;
      const answer = paidAt === undefined ? undefined : settings.reused?.get(input.key);
      plan = answer
        ? { row, kind: 'reused', key: input.key, answer }
        : paidAt === undefined
          ? { row, kind: 'done' }
          : { row, kind: 'done', paidAt, key: input.key };
    } else {
      const excluded = excludedReason(input.payload, settings.exclusions);
      const answer = settings.reused?.get(input.key);
      if (excluded) plan = { row, kind: 'excluded', reason: excluded };
      else if (answer) plan = { row, kind: 'reused', key: input.key, answer };
      else {
        plan = { row, kind: 'send', key: input.key };
        if (settings.paid?.has(input.key) && readStatus(status).kind === 'error') counts.unsure++;
        if (payloads.has(input.key)) counts.duplicates++;
        else payloads.set(input.key, input.payload);
      }
    }
    rows.push(plan);
    counts[plan.kind]++;
  }
  counts.distinct = payloads.size;
  const size = settings.chunkSize ?? PART_SIZE[action];
  const keys = [...payloads.keys()];
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += size) chunks.push(keys.slice(i, i + size));
  return { rows, payloads, chunks, estimate: estimateCredits(action, payloads.size, options), counts };
};

/** Keys a plan would buy, or knows were paid for while their row shows no answer: those worth looking for elsewhere. */
export const keysWanted = (plan: Plan): Set<string> => {
  const keys = new Set(plan.payloads.keys());
  for (const r of plan.rows) if ('paidAt' in r) keys.add(r.key);
  return keys;
};
