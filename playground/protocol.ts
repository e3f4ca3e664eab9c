// What the page and the server say to each other: the page's state (clock, sheets, menu, dialog,
// toasts, sidebars, activity with the e-mail sent, each page's selection), a window of grid rows,
// the page's commands, the A1 form of the ranges both read and write, and where Ctrl+arrows go.
import { columnToLetters, lettersToColumn, sheetRef } from '../toolkit/a1-notation';

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

/** A page's selection, and the grid window (its offset among the visible rows) that shows its first cell. */
export interface SelectionView {
  /** In A1 (`Prospects!A1:G227`), one per range, the active range first. */
  selection: string[];
  offset: number;
}

export interface PageState {
  /** Changes with anything the page shows; the grid is fetched again when `gridVersion` moves. */
  version: number;
  gridVersion: number;
  user: string;
  clock: ClockView;
  sheets: SheetTab[];
  activeSheet: string;
  /** The host's selection in A1 (`Prospects!A1:G227`), one per range: the last page's to act, or the add-on's. */
  selection: string[];
  /** The grid window that shows the host's selection (see SelectionView). */
  selectionOffset: number;
  /**
   * Each page's own selection, by the id the page sends with its commands: as each person's window
   * in Sheets has its own, and the add-on, called from a page, sees that page's.
   */
  views: Record<string, SelectionView>;
  menuTitle: string;
  menu: MenuItem[];
  dialog: PendingDialog | null;
  toasts: ToastView[];
  sidebars: SidebarView[];
  activity: ActivityView;
  /** Set while the host runs something the page asked for (a menu item, a sidebar call). */
  busy: string | null;
  /** The local service's demo keys, for the connect screen. */
  /** The local service's demo keys, each with its account's name and credits left now (`12,000 email · 0 phone credits`). */
  demoKeys: Array<{ key: string; account: string; credits: string }>;
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
  /** The last row and column holding data (where Ctrl+End goes), 0 on an empty sheet. */
  lastRow: number;
  lastColumn: number;
  /** Columns (1-based) the filter hides values of, with those values; null without a filter. */
  filter: { headerRow: number; hidden: Record<number, string[]> } | null;
}

/**
 * Rows the page asks for at once; longer sheets are paged. A window is full whenever the sheet has
 * the rows: the last one ends on the last row.
 */
export const GRID_WINDOW_ROWS = 1000;

/** The answer to `locate`: a cell, and the offset of the grid window that shows it. */
export interface Located {
  row: number;
  column: number;
  offset: number;
}

export type ImportMode = 'new-sheet' | 'replace';

/**
 * Commands the page sends (POST /api/<name> with the body). Any body may add `client`, the page's
 * id: the host's selection is then that page's while the command runs, and is that page's after.
 */
export interface Commands {
  menu: { caption: string };
  run: { name: string; args: unknown[] };
  edit: { sheet: string; a1: string; value: string };
  /** The ranges in A1 with their sheet, all on one sheet, the active range first. */
  select: { ranges: string[] };
  /**
   * Fill-down and its kin, as in Sheets: `source`'s cells repeated over each of `targets` from its
   * top-left, formulas with their relative references moved (Ctrl+D, the fill handle); `value`
   * first typed into `source`, one cell (Ctrl+Enter, or one value pasted on a range).
   */
  fill: { sheet: string; source: string; targets: string[]; value?: string };
  /** Text pasted from the clipboard at `at`, a cell each as if typed (`=…` is a formula, as Sheets takes it). */
  paste: { sheet: string; at: string; rows: string[][] };
  /** Delete on a selection: the ranges' values and formulas go (notes and formats stay). */
  clear: { sheet: string; ranges: string[] };
  activate: { sheet: string };
  sort: { sheet: string; column: number; ascending: boolean };
  filter: { sheet: string; column: number; hidden: string[] };
  clearFilter: { sheet: string };
  insertRows: { sheet: string; before: number; count: number };
  deleteRows: { sheet: string; row: number; count: number };
  insertColumns: { sheet: string; before: number; count: number };
  deleteColumns: { sheet: string; column: number; count: number };
  importCsv: { name: string; csv: string; mode: ImportMode };
  loadRows: { rows: number };
  speed: { speed: Speed };
  nextTrigger: Record<string, never>;
  columnValues: { sheet: string; column: number };
  /**
   * Where a cell is (`rows` and `columns` 0) or where Ctrl+an arrow goes from it (one of them -1 or
   * 1), across the whole sheet: answers a Located.
   */
  locate: { sheet: string; row: number; column: number; rows: number; columns: number };
}

/** Rows and columns of a sheet, 1-based and inclusive. */
export interface CellBox {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const CELL_REF = /^\$?([A-Za-z]{1,3})\$?(\d{1,8})$/;

/**
 * A cell or range as a person types it (`C230`, `a1:d10`, `$B$2`, `Sheet2!A1`, `'Bob''s list'!B2:C3`),
 * its corners in any order; undefined for anything else (no row 0, columns A to ZZZ).
 */
export function parseRange(text: string): (CellBox & { sheet?: string }) | undefined {
  const bang = text.lastIndexOf('!');
  let sheet: string | undefined;
  if (bang >= 0) {
    sheet = text.slice(0, bang);
    if (/^'.+'$/.test(sheet)) sheet = sheet.slice(1, -1).replace(/''/g, "'");
    if (!sheet) return undefined;
  }
  const corners = text
    .slice(bang + 1)
    .split(':')
    .map((ref) => CELL_REF.exec(ref.trim()));
  if (corners.length > 2 || corners.some((m) => !m)) return undefined;
  const rows = corners.map((m) => Number(m![2]));
  const columns = corners.map((m) => lettersToColumn(m![1]!));
  if (rows.some((r) => r < 1)) return undefined;
  const box = { top: Math.min(...rows), bottom: Math.max(...rows), left: Math.min(...columns), right: Math.max(...columns) };
  return sheet === undefined ? box : { sheet, ...box };
}

/** A range in A1 with its sheet, as the host writes a selection: `Prospects!C5`, `'My list'!A1:B2`. */
export function formatRange(sheet: string, box: CellBox): string {
  const start = `${columnToLetters(box.left)}${box.top}`;
  const single = box.top === box.bottom && box.left === box.right;
  return `${sheetRef(sheet)}!${single ? start : `${start}:${columnToLetters(box.right)}${box.bottom}`}`;
}

/** Whether a cell of a grid row holds data (a value shown, or a formula), as Ctrl+arrows see it. */
export function hasData(row: GridRow, column: number): boolean {
  return (row.v[column - 1] ?? '') !== '' || row.f?.[column - 1] !== undefined;
}

/**
 * Where Ctrl+an arrow goes along a line of `count` cells from place `from`, by `step` (1 or -1), as in
 * Sheets: from data next to data, to the last cell of that run; else to the next cell with data,
 * or the line's end. `filled(i)` says whether place i holds data, undefined when it is not known
 * (then so is the answer).
 */
export function dataEdge(filled: (i: number) => boolean | undefined, from: number, step: number, count: number): number | undefined {
  const end = step > 0 ? count - 1 : 0;
  if (from === end) return from;
  const [here, next] = [filled(from), filled(from + step)];
  if (here === undefined || next === undefined) return undefined;
  let i = from + step;
  for (; i !== end; i += step) {
    const f = here && next ? filled(i + step) : filled(i);
    if (f === undefined) return undefined;
    if (here && next ? !f : f) return i;
  }
  return end;
}
