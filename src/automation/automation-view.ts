// What the sidebar shows of a spreadsheet's automation and sends to change it: plain JSON, so
// it crosses google.script.run unchanged. The server's own record is in automation-record.ts.
import type { CreditPart } from '../jobs/credit-parts';

/** The actions automation can run on new and changed rows. */
export const AUTO_ACTIONS = ['email', 'person', 'company'] as const;
export type AutoAction = (typeof AUTO_ACTIONS)[number];

/** One automated run of one action, as the history lists it. */
export interface AutoRunView {
  id: string;
  /** When it started, ISO 8601. */
  at: string;
  /** The action's label: "Email validation", ... */
  action: string;
  /** Rows sent (distinct keys counted once). */
  rows: number;
  /** The most the rows sent could spend, by the spec's rates. */
  credits: number;
  /** What its job spent, by the results it read; absent while unknown (nothing sent, an older job). */
  spent?: CreditPart[];
  /** In words: "Running", "Done: 40 Deliverable, 2 Risky", "Failed: ...", "Paused: ...". */
  outcome: string;
  /** Rows that ended with an error, which "Retry the failed rows" sends again. */
  failed: number;
  /** An alert about this run was e-mailed. */
  alerted: boolean;
  /** Its job's id while the person who ran it can undo it (undoRun). */
  undo?: string;
}

export interface AutomationView {
  on: boolean;
  /** The sheet watched ('' when off): the active sheet when automation was turned on. */
  sheetName: string;
  actions: AutoAction[];
  /** Credits one run may spend at most. */
  capPerRun: number;
  /** Credits a day may spend at most, all runs of this spreadsheet together. */
  capPerDay: number;
  /** Rows whose result is older than this many days are checked again; 0: never. */
  staleDays: number;
  /** The most today's runs could have spent (their estimates), against capPerDay. */
  spentToday: number;
  /** One sentence: what automation does now, or why it waits. */
  status: string;
  /** When the next run is due, ISO 8601; '' when none. */
  nextRunAt: string;
  /** The spreadsheet's time zone (IANA): its days are the ones the daily cap counts, and its times are shown. */
  timeZone: string;
  /** Newest first. */
  history: AutoRunView[];
  /** What one row costs each action, in parts, with the options automation sends (company: none, it is free). */
  prices: Record<AutoAction, CreditPart[]>;
  /** E-mail alerts (for the user, over all spreadsheets): on or off, and the address they go to. */
  alerts: boolean;
  alertTo: string;
}

/** What the sidebar sends to turn automation on, change it or turn it off. */
export interface AutomationInput {
  on: boolean;
  actions: AutoAction[];
  capPerRun: number;
  capPerDay: number;
  staleDays: number;
  alerts: boolean;
}
