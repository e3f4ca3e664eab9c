// What the page and the server say to each other: the page's state (clock, sheets, menu, dialog,
// toasts, sidebars, activity with the e-mail sent), a window of grid rows, and the page's commands. Types only.

/** How fast the host's clock runs against real time; 'skip' jumps from trigger to trigger. */
export type Speed = 0 | 1 | 60 | 600 | 'skip';
export const SPEEDS: readonly Speed[] = [0, 1, 60, 600, 'skip'];

export type MenuItem = { type: 'item'; caption: string } | { type: 'separator' } | { type: 'submenu'; title: string; items: MenuItem[] };

export interface PendingDialog {
  id: number;
  kind: 'alert' | 'prompt';
  title: string;
  prompt: string;
  /** The buttons offered, in Sheets' order (OK, CANCEL, YES, NO). */
  buttons: string[];
}

export interface ToastView {
  index: number;
  title: string;
  message: string;
  timeoutSeconds: number;
}

export interface SidebarView {
  /** Serves as /sidebar/<index>. */
  index: number;
  title: string;
}

export interface ExecutionView {
  id: number;
  functionName: string;
  /** What started it: menu, sidebar, trigger, customFunction, simpleTrigger. */
  kind: string;
  mode: string;
  /** Virtual time it started and ran (ms). */
  startedAt: number;
  elapsedMs: number;
  ok: boolean;
  /** Its error as Apps Script reports it, when it failed. */
  error?: string;
  /** Apps Script service calls made, and their estimated time per the host's cost model. */
  calls: number;
  servicesMs: number;
  scriptMs: number;
  /** The most made calls, by name. */
  topCalls: Array<[string, number]>;
}

export interface RequestView {
  at: number;
  method: string;
  /** The path and query, never the key (it travels in a header the page never sees). */
  path: string;
  status: number | null;
}

/** A message the add-on sent through MailApp (the host sends nothing: it keeps it). */
export interface MailView {
  /** Its place among every message sent since the page's world started. */
  id: number;
  /** Virtual time it was sent. */
  at: number;
  /** One address per recipient. */
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The plain-text body. */
  body: string;
}

interface QuotaView {
  urlFetch: number;
  urlFetchLimit: number;
  properties: number;
  propertiesLimit: number;
  /** E-mail recipients, every address of to, cc and bcc. */
  mail: number;
  mailLimit: number;
  triggerRuntimeMs: number;
  triggerRuntimeLimitMs: number;
}

export interface ActivityView {
  executions: ExecutionView[];
  requests: RequestView[];
  mail: MailView[];
  /** Totals since the page's world started. */
  executionCount: number;
  requestCount: number;
  mailCount: number;
  quota: QuotaView;
}

export interface ClockView {
  now: number;
  speed: Speed;
  /** When the next time-driven trigger is due (virtual ms), or null. */
  nextTriggerAt: number | null;
  triggers: number;
}

interface SheetTab {
  name: string;
  rows: number;
  columns: number;
}

export interface PageState {
  /** Changes with anything the page shows; the grid is fetched again when `gridVersion` moves. */
  version: number;
  gridVersion: number;
  user: string;
  clock: ClockView;
  sheets: SheetTab[];
  activeSheet: string;
  /** The selection in A1 (`Prospects!A1:G227`), one per range. */
  selection: string[];
  menuTitle: string;
  menu: MenuItem[];
  dialog: PendingDialog | null;
  toasts: ToastView[];
  sidebars: SidebarView[];
  activity: ActivityView;
  /** Set while the host runs something the page asked for (a menu item, a sidebar call). */
  busy: string | null;
  /** The local service's demo keys, for the connect screen. */
  demoKeys: Array<{ key: string; account: string }>;
}

export interface GridRow {
  /** The sheet's row number. */
  n: number;
  /** Shown text, one per column from A. */
  v: string[];
  /** Formulas by column index (0 = A), for editing. */
  f?: Record<number, string>;
  /** The hover text of an error cell, by column index. */
  e?: Record<number, string>;
}

export interface GridWindow {
  sheet: string;
  gridVersion: number;
  maxRows: number;
  maxColumns: number;
  frozenRows: number;
  /** Visible rows (not hidden by the user or a filter) in the whole sheet. */
  visibleRows: number;
  /** Index of the first row returned among the visible rows. */
  offset: number;
  rows: GridRow[];
  /** Columns (1-based) the filter hides values of, with those values; null without a filter. */
  filter: { headerRow: number; hidden: Record<number, string[]> } | null;
}

/** Rows the page asks for at once; longer sheets are paged. */
export const GRID_WINDOW_ROWS = 1000;

export type ImportMode = 'new-sheet' | 'replace';

/** Commands the page sends (POST /api/<name> with the body). */
export interface Commands {
  menu: { caption: string };
  run: { name: string; args: unknown[] };
  edit: { sheet: string; a1: string; value: string };
  select: { ranges: string[] };
  activate: { sheet: string };
  sort: { sheet: string; column: number; ascending: boolean };
  filter: { sheet: string; column: number; hidden: string[] };
  clearFilter: { sheet: string };
  insertRows: { sheet: string; before: number; count: number };
  deleteRows: { sheet: string; row: number; count: number };
  importCsv: { name: string; csv: string; mode: ImportMode };
  loadRows: { rows: number };
  speed: { speed: Speed };
  nextTrigger: Record<string, never>;
  columnValues: { sheet: string; column: number };
}
