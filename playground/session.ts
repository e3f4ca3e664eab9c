// The page's commands carried out on the world, as a person would act in Sheets: menu items and
// sidebar calls run the add-on's own functions in the host; edits, sorts, filters and imports
// change the host's sheet; every execution goes to the activity log; the clock runs on its own.
import { formatCsv, parseCsv, type AppsScriptHost, type ExecutionResult, type MenuEntry } from '../emulator';
import { DEMO_ACCOUNTS } from '../sandbox';
import { ActivityLog } from './activity';
import { ClockRunner } from './clock-runner';
import { columnValues, gridWindow } from './grid-view';
import { GRID_WINDOW_ROWS, SPEEDS, type Commands, type MenuItem, type PageState } from './protocol';
import { columnToLetters as letters, sheetRef } from '../toolkit/a1-notation';
import { largeSheet } from './sample-rows';
import { MENU_TITLE, USER, type World } from './world';

/** The state the worker knows; the server adds the open dialog and what is running. */
export type WorldState = Omit<PageState, 'dialog' | 'busy'>;

export class CommandError extends Error {}

/** Sheets' limits on one spreadsheet: 18,278 columns (ZZZ) and 10 million cells. */
const MAX_COLUMNS = 18278;
const MAX_CELLS = 10_000_000;

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
  return values;
}

export class PlaygroundSession {
  readonly activity: ActivityLog;
  readonly clock: ClockRunner;
  private version = 1;
  private gridVersion = 1;
  private readonly host: AppsScriptHost;

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

  /** Carries out one command of the page; throws CommandError for a request that makes no sense. */
  handle(name: string, body: unknown, realNow: number): unknown {
    const handler = (this.handlers as Record<string, ((b: never) => unknown) | undefined>)[name];
    if (!handler) throw new CommandError(`unknown command ${name}`);
    const value = handler(body as never);
    if (name !== 'columnValues') this.changed(name !== 'select' && name !== 'speed');
    if (name === 'speed') this.clock.setSpeed((body as Commands['speed']).speed, realNow);
    return value;
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
      this.sheetNamed(sheet).userEdit(a1, String(value));
      this.recalculate();
    },
    select: ({ ranges }) => {
      if (!Array.isArray(ranges) || ranges.length === 0) throw new CommandError('nothing to select');
      this.host.select(...ranges.map(String));
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
    const before = this.host.clock.now();
    const fired = this.clock.tick(realNow);
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
      sheets: doc.sheets.map((s) => ({ name: s.name, rows: s.maxRows, columns: s.maxColumns })),
      activeSheet: doc.activeSheet().name,
      selection: doc.selection.map((r) => {
        const s = doc.sheetById(r.sheetId);
        return `${sheetRef(s?.name ?? '')}!${a1Of(r.row, r.column, r.numRows, r.numColumns)}`;
      }),
      menuTitle: MENU_TITLE,
      menu: menuItems(host.ui.menuFor(USER)?.entries ?? []),
      toasts: doc.toasts.map((t, index) => ({ index, title: t.title, message: t.message, timeoutSeconds: t.timeoutSeconds })).slice(-5),
      sidebars: shown.flatMap((s, index) => (s.kind === 'sidebar' && s.user === USER ? [{ index, title: s.title }] : [])),
      activity: this.activity.view(),
      demoKeys: DEMO_ACCOUNTS.map((a) => ({ key: a.key, account: a.name })),
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

function a1Of(row: number, column: number, numRows: number, numColumns: number): string {
  const start = `${letters(column)}${row}`;
  return numRows === 1 && numColumns === 1 ? start : `${start}:${letters(column + numColumns - 1)}${row + numRows - 1}`;
}
