// The page's commands carried out on the world, as a person would act in Sheets: menu items and
// sidebar calls run the add-on's own functions in the host, with the selection of the page they
// came from; edits, clears, sorts, filters, row and column inserts and imports change the host's
// sheet; every execution goes to the activity log; the clock runs on its own.
import { a1ToR1c1, formatCsv, parseCsv, r1c1ToA1, type AppsScriptHost, type ExecutionResult, type MenuEntry } from '../emulator';
import { DEMO_ACCOUNTS } from '../sandbox';
import { ActivityLog } from './activity';
import { ClockRunner } from './clock-runner';
import { columnValues, gridWindow, locate, windowOffset } from './grid-view';
import {
  formatRange,
  GRID_WINDOW_ROWS,
  parseRange,
  SPEEDS,
  type CellBox,
  type Commands,
  type MenuItem,
  type PageState,
  type SelectionView,
} from './protocol';
import { columnToLetters as letters, sheetRef } from '../toolkit/a1-notation';
import { largeSheet } from './sample-rows';
import { MENU_TITLE, USER, type World } from './world';

/** The state the worker knows; the server adds the open dialog and what is running. */
export type WorldState = Omit<PageState, 'dialog' | 'busy'>;

export class CommandError extends Error {}

/** Sheets' limits on one spreadsheet: 18,278 columns (ZZZ) and 10 million cells. */
const MAX_COLUMNS = 18278;
const MAX_CELLS = 10_000_000;
/** Pages whose selection is kept; the longest unheard-of goes first. */
const MAX_VIEWS = 32;
/** Commands that only read the sheet: the page shows nothing new after them. */
const READS = new Set(['columnValues', 'locate']);
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Cells one fill or paste may write: a whole column of the 50,000-row sheet, and more. */
const MAX_FILL_CELLS = 1_000_000;

/**
 * A CSV field as Sheets imports it, read as if typed, except text a number or a formula would lose,
 * which stays text: a leading "+" (phone numbers), zeros before other digits, more digits than a
 * number keeps (15), and "-" before anything but a number.
 */
function imported(field: string): string {
  const t = field.trim();
  const numeric = NUMERIC.test(t);
  const digits = t
    .replace(/^[+-]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '');
  const keep = t.startsWith('+') || (t.startsWith('-') && !numeric) || (numeric && (/^-?0\d/.test(t) || digits.length > 15));
  return keep ? `'${field}` : field;
}

/** The page a command came from (its `client`), if it says. */
function clientOf(body: unknown): string | undefined {
  const client = (body as { client?: unknown } | null)?.client;
  return typeof client === 'string' && /^[\w-]{1,64}$/.test(client) ? client : undefined;
}

/** A CSV's rows, refused with a reason Sheets would give when empty or past its limits. */
function importable(csv: string): string[][] {
  const values = parseCsv(csv);
  const width = values.reduce((w, r) => Math.max(w, r.length), 0);
  if (values.length === 0 || width === 0) throw new CommandError('The file holds no rows to import.');
  if (width > MAX_COLUMNS)
    throw new CommandError(
      `The file has ${width.toLocaleString('en-US')} columns; a sheet holds at most ${MAX_COLUMNS.toLocaleString('en-US')}.`,
    );
  if (values.length * width > MAX_CELLS)
    throw new CommandError(
      `The file has ${(values.length * width).toLocaleString('en-US')} cells; a spreadsheet holds at most 10,000,000.`,
    );
  return values.map((row) => row.map(imported));
}

export class PlaygroundSession {
  readonly activity: ActivityLog;
  readonly clock: ClockRunner;
  private version = 1;
  private gridVersion = 1;
  private readonly host: AppsScriptHost;
  /** Each page's own selection, by its client id, the page heard from last at the end. */
  private readonly views = new Map<string, string[]>();

  constructor(
    readonly world: World,
    realNow: number,
  ) {
    this.host = world.host;
    this.activity = new ActivityLog(this.host, USER);
    this.clock = new ClockRunner(this.host, realNow, (r) => {
      this.activity.record(r);
      this.recalculate();
      this.changed();
    });
    for (const r of world.startup) this.activity.record(r);
  }

  /** Marks that what the page shows changed (the grid included). */
  changed(grid = true): void {
    this.version++;
    if (grid) this.gridVersion++;
  }

  /** Runs the add-on's custom functions whose cells changed, as Sheets does after an edit. */
  private recalculate(): void {
    for (const r of this.host.recalculate({ asUser: USER })) this.activity.record(r.result);
  }

  private ran(result: ExecutionResult): ExecutionResult {
    this.activity.record(result);
    this.recalculate();
    return result;
  }

  private sheetNamed(name: string) {
    if (!this.host.spreadsheet.sheetByName(name)) throw new CommandError(`There is no sheet "${name}".`);
    return this.host.sheet(name);
  }

  /**
   * Carries out one command of the page; throws CommandError for a request that makes no sense.
   * A command from a page runs with that page's selection, and leaves it the page's.
   */
  handle(name: string, body: unknown, realNow: number): unknown {
    const handler = (this.handlers as Record<string, ((b: never) => unknown) | undefined>)[name];
    if (!handler) throw new CommandError(`unknown command ${name}`);
    const client = clientOf(body);
    if (client) this.restoreView(client);
    try {
      const value = handler(body as never);
      if (!READS.has(name)) this.changed(name !== 'select' && name !== 'speed');
      if (name === 'speed') this.clock.setSpeed((body as Commands['speed']).speed, realNow);
      return value;
    } finally {
      if (client) this.keepView(client);
    }
  }

  /** Makes the page's selection the host's, as far as its ranges are still in their sheet. */
  private restoreView(client: string): void {
    const ranges = this.stillThere(this.views.get(client) ?? []);
    if (ranges.length) this.host.select(...ranges);
    else this.views.delete(client);
  }

  /** Keeps the host's selection as the page's (it may have chosen it, or the add-on for it). */
  private keepView(client: string): void {
    const selection = this.selectionA1();
    if (this.views.get(client)?.join() !== selection.join()) this.changed(false);
    this.views.delete(client);
    this.views.set(client, selection);
    if (this.views.size > MAX_VIEWS) this.views.delete(this.views.keys().next().value!);
  }

  /** The ranges whose sheet still exists and still holds them (a sheet deleted or narrowed since drops them). */
  private stillThere(ranges: string[]): string[] {
    return ranges.filter((a1) => {
      const r = parseRange(a1);
      const sheet = r?.sheet === undefined ? undefined : this.host.spreadsheet.sheetByName(r.sheet);
      return r && sheet && r.bottom <= sheet.maxRows && r.right <= sheet.maxColumns;
    });
  }

  private selectionA1(): string[] {
    const doc = this.host.spreadsheet;
    return doc.selection.map((r) =>
      formatRange(doc.sheetById(r.sheetId)?.name ?? '', {
        top: r.row,
        left: r.column,
        bottom: r.row + r.numRows - 1,
        right: r.column + r.numColumns - 1,
      }),
    );
  }

  /** A selection with the grid window that shows its first cell. */
  private view(selection: string[]): SelectionView {
    const first = parseRange(selection[0] ?? '');
    const sheet = first?.sheet;
    const offset =
      first && sheet && this.host.spreadsheet.sheetByName(sheet) ? windowOffset(this.host, sheet, first.top, GRID_WINDOW_ROWS) : 0;
    return { selection, offset };
  }

  /**
   * A range of `sheet` the page names: a reference inside the sheet's grid, else refused with the
   * reason (Sheets has no cell past the last row or column).
   */
  private rangeIn(sheet: string, a1: string): CellBox {
    const model = this.sheetNamed(sheet).model;
    const r = parseRange(a1);
    if (!r) throw new CommandError(`"${a1}" is not a cell or a range (such as C230 or A1:D10).`);
    if (r.sheet !== undefined && r.sheet !== sheet) throw new CommandError(`${a1} is not on the sheet "${sheet}".`);
    if (r.bottom > model.maxRows || r.right > model.maxColumns) {
      throw new CommandError(
        `${a1.slice(a1.lastIndexOf('!') + 1)} is outside the sheet "${sheet}": it has ${model.maxRows.toLocaleString('en-US')} rows and columns A to ${letters(model.maxColumns)}.`,
      );
    }
    return r;
  }

  private readonly handlers: { [K in keyof Commands]: (body: Commands[K]) => unknown } = {
    menu: ({ caption }) => {
      const r = this.ran(this.host.clickMenu(String(caption), { user: USER }));
      return { ok: r.ok, message: r.ok ? undefined : r.error?.message };
    },
    run: ({ name, args }) => {
      const r = this.host.callFromSidebar(String(name), Array.isArray(args) ? args : [], USER);
      this.ran(r);
      return r.ok ? { ok: true, value: r.value } : { ok: false, message: r.error?.message ?? 'failed' };
    },
    edit: ({ sheet, a1, value }) => {
      const cell = this.rangeIn(sheet, String(a1));
      if (cell.bottom > cell.top || cell.right > cell.left) throw new CommandError(`${a1} is a range: an edit goes into one cell.`);
      this.sheetNamed(sheet).userEdit(`${letters(cell.left)}${cell.top}`, String(value));
      this.recalculate();
    },
    select: ({ ranges }) => {
      if (!Array.isArray(ranges) || ranges.length === 0) throw new CommandError('nothing to select');
      const sheet = parseRange(String(ranges[0]))?.sheet ?? this.host.spreadsheet.activeSheet().name;
      const boxes = ranges.map((a1) => this.rangeIn(sheet, String(a1)));
      this.host.select(...boxes.map((box) => formatRange(sheet, box)));
    },
    fill: ({ sheet, source, targets, value }) => {
      const helper = this.sheetNamed(sheet);
      const from = this.rangeIn(sheet, String(source));
      const boxes = (Array.isArray(targets) ? targets : []).map((a1) => this.rangeIn(sheet, String(a1)));
      const cells = boxes.reduce((n, b) => n + (b.bottom - b.top + 1) * (b.right - b.left + 1), 0);
      if (cells > MAX_FILL_CELLS)
        throw new CommandError(`That fills ${cells.toLocaleString('en-US')} cells; the page fills at most 1,000,000 at once.`);
      if (value !== undefined) helper.userEdit(`${letters(from.left)}${from.top}`, String(value));
      // What each source cell holds, read before any is written: a formula in R1C1 (its relative
      // references move with it), else its value, text kept as text.
      const [height, width] = [from.bottom - from.top + 1, from.right - from.left + 1];
      const content: Array<(row: number, column: number) => unknown> = [];
      for (let r = from.top; r <= from.bottom; r++) {
        for (let c = from.left; c <= from.right; c++) {
          const formula = helper.model.cell(r, c)?.formula;
          const v = helper.model.value(r, c);
          const r1c1 = formula ? a1ToR1c1(formula, r, c) : undefined;
          content.push(r1c1 ? (row, column) => r1c1ToA1(r1c1, row, column) : () => (typeof v === 'string' && v !== '' ? `'${v}` : v));
        }
      }
      for (const box of boxes) {
        for (let r = box.top; r <= box.bottom; r++) {
          for (let c = box.left; c <= box.right; c++) {
            if (r >= from.top && r <= from.bottom && c >= from.left && c <= from.right) continue;
            const put = content[((r - box.top) % height) * width + ((c - box.left) % width)]!;
            helper.userEdit(`${letters(c)}${r}`, put(r, c));
          }
        }
      }
      this.recalculate();
    },
    paste: ({ sheet, at, rows }) => {
      const helper = this.sheetNamed(sheet);
      const start = this.rangeIn(sheet, String(at));
      const lines = (Array.isArray(rows) ? rows : []).map((line) => (Array.isArray(line) ? line.map(String) : [String(line)]));
      const width = lines.reduce((w, line) => Math.max(w, line.length), 0);
      if (!width) return;
      if (lines.length * width > MAX_FILL_CELLS) throw new CommandError('That is more than the page pastes at once (1,000,000 cells).');
      const box = { ...start, bottom: start.top + lines.length - 1, right: start.left + width - 1 };
      this.rangeIn(sheet, formatRange(sheet, box));
      lines.forEach((line, i) => line.forEach((text, j) => helper.userEdit(`${letters(start.left + j)}${start.top + i}`, text)));
      // The pasted cells are the selection, as in Sheets.
      this.host.select(formatRange(sheet, box));
      this.recalculate();
    },
    clear: ({ sheet, ranges }) => {
      const helper = this.sheetNamed(sheet);
      for (const box of (Array.isArray(ranges) ? ranges : []).map((a1) => this.rangeIn(sheet, String(a1)))) {
        for (let row = box.top; row <= box.bottom; row++) {
          for (let column = box.left; column <= box.right; column++) {
            const cell = helper.model.cell(row, column);
            if (cell && (cell.formula || cell.value !== '')) helper.userEdit(`${letters(column)}${row}`, '');
          }
        }
      }
      this.recalculate();
    },
    activate: ({ sheet }) => {
      this.sheetNamed(sheet);
      this.host.select(`${sheetRef(sheet)}!A1`);
    },
    sort: ({ sheet, column, ascending }) => {
      this.sheetNamed(sheet).userSort(Number(column), ascending !== false);
      this.recalculate();
    },
    filter: ({ sheet, column, hidden }) => {
      const s = this.sheetNamed(sheet);
      s.userFilterValues(Number(column), (hidden ?? []).map(String), Math.max(1, s.model.frozenRows));
    },
    clearFilter: ({ sheet }) => {
      this.sheetNamed(sheet).clearFilter();
    },
    insertRows: ({ sheet, before, count }) => {
      this.sheetNamed(sheet).userInsertRows(Number(before), Number(count) || 1);
    },
    deleteRows: ({ sheet, row, count }) => {
      this.sheetNamed(sheet).userDeleteRows(Number(row), Number(count) || 1);
      this.recalculate();
    },
    insertColumns: ({ sheet, before, count }) => {
      const helper = this.sheetNamed(sheet);
      const n = Number(count) || 1;
      const columns = helper.model.maxColumns + n;
      if (columns > MAX_COLUMNS) throw new CommandError(`A sheet holds at most ${MAX_COLUMNS.toLocaleString('en-US')} columns.`);
      if (columns * helper.model.maxRows > MAX_CELLS) throw new CommandError('A spreadsheet holds at most 10,000,000 cells.');
      helper.userInsertColumns(Number(before), n);
      this.recalculate();
    },
    deleteColumns: ({ sheet, column, count }) => {
      this.sheetNamed(sheet).userDeleteColumns(Number(column), Number(count) || 1);
      this.recalculate();
    },
    importCsv: ({ name, csv, mode }) => {
      const values = importable(String(csv));
      if (mode === 'replace') {
        const active = this.host.spreadsheet.activeSheet();
        this.host.sheet(active.name).userClear().load(values);
        this.recalculate();
        return { sheet: active.name };
      }
      const sheet = this.freeName(String(name || 'Imported').replace(/\.csv$/i, '') || 'Imported');
      this.host.sheet(sheet).load(values).setFrozenRows(1);
      this.host.select(`${sheetRef(sheet)}!A1`);
      this.recalculate();
      return { sheet };
    },
    loadRows: ({ rows }) => {
      const count = Math.max(1, Math.min(50000, Math.floor(Number(rows)) || 50000));
      const sheet = this.freeName(`${count.toLocaleString('en-US')} prospects`);
      this.host.sheet(sheet).load(largeSheet(count)).setFrozenRows(1);
      this.host.select(`${sheetRef(sheet)}!A1`);
      return { sheet };
    },
    speed: ({ speed }) => {
      if (!SPEEDS.includes(speed)) throw new CommandError(`no speed ${String(speed)}`);
    },
    nextTrigger: () => ({ fired: this.clock.fireNext() }),
    columnValues: ({ sheet, column }) => {
      const s = this.sheetNamed(sheet);
      return columnValues(this.host, sheet, Number(column), Math.max(1, s.model.frozenRows));
    },
    locate: ({ sheet, row, column, rows, columns }) => {
      const [r, c] = [Number(row), Number(column)];
      if (!Number.isInteger(r) || !Number.isInteger(c) || r < 1 || c < 1) throw new CommandError('locate needs a row and a column from 1.');
      this.rangeIn(sheet, `${letters(c)}${r}`);
      return locate(this.host, sheet, r, c, Math.sign(Number(rows)) || 0, Math.sign(Number(columns)) || 0, GRID_WINDOW_ROWS);
    },
  };

  private freeName(base: string): string {
    let name = base;
    for (let k = 2; this.host.spreadsheet.sheetByName(name); k++) name = `${base} (${k})`;
    return name;
  }

  grid(sheet: string, offset: number, limit = GRID_WINDOW_ROWS) {
    this.sheetNamed(sheet);
    return gridWindow(this.host, sheet, offset, Math.min(limit, GRID_WINDOW_ROWS), this.gridVersion);
  }

  exportCsv(sheet: string): string {
    return formatCsv(this.sheetNamed(sheet).displayValues());
  }

  /** Moves the clock for the real time passed; true when anything the page shows changed. */
  tick(realNow: number): boolean {
    const [before, speed] = [this.host.clock.now(), this.clock.speed];
    const fired = this.clock.tick(realNow);
    // Skipping the waits ended on its own: the clock bar shows the speed back.
    if (this.clock.speed !== speed) this.changed(false);
    if (fired) return true;
    // The clock moving alone changes only the time shown: a new state once a virtual second passed.
    if (Math.floor(this.host.clock.now() / 1000) !== Math.floor(before / 1000)) this.changed(false);
    return this.host.clock.now() !== before;
  }

  state(): WorldState {
    const host = this.host;
    const doc = host.spreadsheet;
    const next = host.triggers.nextDue();
    const shown = host.ui.shown;
    return {
      version: this.version,
      gridVersion: this.gridVersion,
      user: USER,
      clock: {
        now: host.clock.now(),
        speed: this.clock.speed,
        nextTriggerAt: next?.dueAt ?? null,
        triggers: host.triggerList({ user: USER }).length,
      },
      // A hidden sheet has no tab, as in Sheets (the add-on's paid ledger is one).
      sheets: doc.sheets
        .filter((s) => !doc.hiddenSheets.has(s.sheetId))
        .map((s) => ({ name: s.name, rows: s.maxRows, columns: s.maxColumns })),
      activeSheet: doc.activeSheet().name,
      selection: this.selectionA1(),
      selectionOffset: this.view(this.selectionA1()).offset,
      views: Object.fromEntries(
        [...this.views].flatMap(([client, ranges]) => {
          const mine = this.stillThere(ranges);
          return mine.length ? [[client, this.view(mine)]] : [];
        }),
      ),
      menuTitle: MENU_TITLE,
      menu: menuItems(host.ui.menuFor(USER)?.entries ?? []),
      toasts: doc.toasts.map((t, index) => ({ index, title: t.title, message: t.message, timeoutSeconds: t.timeoutSeconds })).slice(-5),
      sidebars: shown.flatMap((s, index) => (s.kind === 'sidebar' && s.user === USER ? [{ index, title: s.title }] : [])),
      activity: this.activity.view(),
      demoKeys: DEMO_ACCOUNTS.map((a) => {
        const left = this.world.service.account(a.key)?.credits ?? a.credits;
        const n = (x: number) => x.toLocaleString('en-US');
        return { key: a.key, account: a.name, credits: `${n(left.email)} email · ${n(left.phone)} phone credits` };
      }),
    };
  }

  /** The HTML of a sidebar the add-on showed (by its index among everything shown). */
  sidebarHtml(index: number): string | undefined {
    const s = this.host.ui.shown[index];
    return s && s.kind === 'sidebar' ? s.html : undefined;
  }
}

function menuItems(entries: MenuEntry[]): MenuItem[] {
  return entries.map((e): MenuItem =>
    e.type === 'item'
      ? { type: 'item', caption: e.caption }
      : e.type === 'separator'
        ? { type: 'separator' }
        : { type: 'submenu', title: e.title, items: menuItems(e.entries) },
  );
}
