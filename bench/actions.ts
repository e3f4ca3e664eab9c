// The three actions the bench compares: what the add-on is asked for, where its status column
// is, and the naive script that does the same row by row.
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../sandbox';
import { STATUS_HEADERS } from '../src/jobs/action-catalog';
import { OUTCOMES } from '../src/jobs/row-status';

export type BenchAction = 'person' | 'company' | 'email';
export const BENCH_ACTIONS: readonly BenchAction[] = ['person', 'company', 'email'];

export interface ActionDef {
  id: BenchAction;
  label: string;
  /** The add-on's status column and the words that end a row there. */
  statusHeader: string;
  outcomes: readonly string[];
  /** The naive script's folder, its entry point for the trigger and its status column (from 0). */
  naiveDir: string;
  naiveStatusColumn: number;
  /** Items a row spends of the service's hourly usage limit it falls under. */
  hourlyLimit: number;
}

const NAIVE = join(__dirname, 'naive');

export const ACTION_DEFS: Record<BenchAction, ActionDef> = {
  person: {
    id: 'person',
    label: 'person enrichment',
    statusHeader: STATUS_HEADERS.person,
    outcomes: [OUTCOMES.enriched, OUTCOMES.not_found, OUTCOMES.gdpr_removed],
    naiveDir: join(NAIVE, 'person'),
    naiveStatusColumn: 6,
    hourlyLimit: DEFAULT_LIMITS.enrichmentsPerHour,
  },
  company: {
    id: 'company',
    label: 'company enrichment',
    statusHeader: STATUS_HEADERS.company,
    outcomes: [OUTCOMES.enriched, OUTCOMES.not_found],
    naiveDir: join(NAIVE, 'company'),
    naiveStatusColumn: 6,
    hourlyLimit: DEFAULT_LIMITS.enrichmentsPerHour,
  },
  email: {
    id: 'email',
    label: 'email validation',
    statusHeader: STATUS_HEADERS.email,
    outcomes: [OUTCOMES.deliverable, OUTCOMES.risky, OUTCOMES.undeliverable, OUTCOMES.unknown],
    naiveDir: join(NAIVE, 'email'),
    naiveStatusColumn: 4,
    hourlyLimit: DEFAULT_LIMITS.validationsPerHour,
  },
};

/** The naive scripts mark a row started but not answered this way (email validation only). */
export const NAIVE_PENDING = 'Pending ';

/** Hours the service's hourly usage limit needs for `rows` items: the floor (3.33 h for 50,000). */
export function hourlyLimitHours(action: BenchAction, rows: number): number {
  return rows / ACTION_DEFS[action].hourlyLimit;
}
