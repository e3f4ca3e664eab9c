// The page: the add-on's world in a browser. It follows the host's state by long poll, redraws
// what changed, and sends what the person does to the server with its own id, so that each page
// (each browser tab) keeps its own selection, as each person's window in Sheets does; nothing here
// imitates the add-on.
import type { Commands, GridWindow, Located, PageState, SelectionView, Speed } from '../protocol';
import { formatRange, GRID_WINDOW_ROWS, parseRange } from '../protocol';
import { ActivityPanel } from './activity-panel';
import { answerDialog, command, exportUrl, gridWindow, pollState } from './api';
import { ClockBar } from './clock-bar';
import { formulaHint } from './formula-hint';
import { AddonDialog, askFilter, askImport } from './dialogs';
import { byId, clear, letters, make } from './dom';
import { SheetGrid, type Spot } from './grid';
import { MenuBar } from './menubar';
import { SidebarPanel } from './sidebar-panel';
import { Toasts } from './toasts';
import './styles.css';

/** This page's id among the pages open on the server. */
const CLIENT = crypto.randomUUID();
let state: PageState | null = null;
/** The grid window asked for: its first row's place among the sheet's visible rows. */
let offset = 0;
/** The active cell, e.g. `C2`, and what it holds (its formula, else its value). */
let focused = 'A1';
let focusedContent = '';
/** The selection last seen in the state, and the one sent and not yet seen back (older states leave the grid alone). */
let seenSelection = '';
let sentSelection: string | null = null;
let sentTimer: ReturnType<typeof setTimeout> | undefined;

let reportTimer: ReturnType<typeof setTimeout> | undefined;
/** Shows a refusal or a failure for 6 s, the newest taking the place (and the whole time) of the one before. */
function report(e: unknown): void {
  const box = byId('page-error');
  box.textContent = e instanceof Error ? e.message : String(e);
  box.hidden = false;
  clearTimeout(reportTimer);
  reportTimer = setTimeout(() => (box.hidden = true), 6000);
}

function act(run: () => Promise<unknown>): void {
  run().catch(report);
}

/** A command of this page: the server runs it with this page's selection. */
function send<K extends keyof Commands>(name: K, body: Commands[K]): Promise<unknown> {
  return command(name, { ...body, client: CLIENT });
}

/** This page's selection: its own once it acted, else the host's. */
const myView = (s: PageState): SelectionView => s.views[CLIENT] ?? { selection: s.selection, offset: s.selectionOffset };

/** The sheet this page shows: its selection's. */
const activeSheet = () => {
  if (!state) return '';
  const sheet = parseRange(myView(state).selection[0] ?? '')?.sheet;
  return sheet !== undefined && state.sheets.some((x) => x.name === sheet) ? sheet : state.activeSheet;
};

/** The selected column (from the selection's first range), 1 when none. */
const selectedColumn = () => (state && parseRange(myView(state).selection[0] ?? '')?.left) || 1;

function sendSelection(ranges: string[]): void {
  sentSelection = ranges.join();
  clearTimeout(sentTimer);
  // Should the state never show it back (another page or the add-on chose next), follow the state again.
  sentTimer = setTimeout(() => (sentSelection = null), 3000);
  act(() =>
    send('select', { ranges }).catch((e: unknown) => {
      sentSelection = null;
      throw e;
    }),
  );
}

async function filterColumn(column: number): Promise<void> {
  const sheet = activeSheet();
  const values = (await send('columnValues', { sheet, column })) as string[];
  const hidden = grid.win?.filter?.hidden[column] ?? [];
  const chosen = await askFilter(letters(column), values, hidden);
  if (chosen) await send('filter', { sheet, column, hidden: chosen });
}

const grid = new SheetGrid(byId('grid'), {
  edit: (sheet, cell, value) => act(() => send('edit', { sheet, a1: cell, value })),
  select: sendSelection,
  clear: (ranges) => act(() => send('clear', { sheet: grid.win?.sheet ?? activeSheet(), ranges })),
  fill: (sheet, source, targets, value) => act(() => send('fill', { sheet, source, targets, ...(value === undefined ? {} : { value }) })),
  paste: (sheet, at, rows) => act(() => send('paste', { sheet, at, rows })),
  sort: (column, ascending) => act(() => send('sort', { sheet: activeSheet(), column, ascending })),
  filter: (column) => act(() => filterColumn(column)),
  clearFilter: () => act(() => send('clearFilter', { sheet: activeSheet() })),
  insertRow: (before) => act(() => send('insertRows', { sheet: activeSheet(), before, count: 1 })),
  deleteRow: (row) => act(() => send('deleteRows', { sheet: activeSheet(), row, count: 1 })),
  insertColumn: (before) => act(() => send('insertColumns', { sheet: activeSheet(), before, count: 1 })),
  deleteColumn: (column) => act(() => send('deleteColumns', { sheet: activeSheet(), column, count: 1 })),
  focus: (a1, content) => {
    [focused, focusedContent] = [a1, content];
    const bar = byId<HTMLInputElement>('formula-input');
    if (document.activeElement !== bar) bar.value = content;
    showHint();
  },
  locate: async (sheet, at, rows, cols) => {
    try {
      const found = (await send('locate', { sheet, row: at.row, column: at.col, rows, columns: cols })) as Located;
      if (sheet === activeSheet()) offset = found.offset;
      await showWindow();
      return { row: found.row, col: found.column } satisfies Spot;
    } catch (e) {
      report(e);
      return undefined;
    }
  },
  page: async (index) => {
    offset = index - (index % GRID_WINDOW_ROWS);
    await showWindow();
  },
  failed: report,
});

const menus = new MenuBar(
  byId('menubar'),
  {
    file: [
      {
        label: 'Import CSV…',
        run: () =>
          act(async () => {
            const file = await askImport();
            if (file) await send('importCsv', file);
          }),
      },
      {
        label: 'Download as CSV (this sheet)',
        run: () => {
          const a = make('a', { attrs: { href: exportUrl(activeSheet()), download: `${activeSheet()}.csv` } });
          document.body.appendChild(a);
          a.click();
          a.remove();
        },
      },
      { label: '', separator: true },
      { label: 'Load 50,000 rows (new sheet)', run: () => act(() => send('loadRows', { rows: 50000 })) },
    ],
    data: [
      {
        label: 'Sort sheet by the selected column, A → Z',
        run: () => act(() => send('sort', { sheet: activeSheet(), column: selectedColumn(), ascending: true })),
      },
      {
        label: 'Sort sheet by the selected column, Z → A',
        run: () => act(() => send('sort', { sheet: activeSheet(), column: selectedColumn(), ascending: false })),
      },
      { label: '', separator: true },
      { label: 'Filter the selected column by values…', run: () => act(() => filterColumn(selectedColumn())) },
      { label: 'Remove filter', run: () => act(() => send('clearFilter', { sheet: activeSheet() })) },
    ],
  },
  (caption) => act(() => send('menu', { caption })),
);

const dialog = new AddonDialog((id, button, text) => act(() => answerDialog(id, button, text)));
const sidebar = new SidebarPanel(async (name, args) => {
  try {
    return (await send('run', { name, args })) as { ok: true; value: unknown } | { ok: false; message: string };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
});
const clock = new ClockBar(
  (speed: Speed) => act(() => send('speed', { speed })),
  () => act(() => send('nextTrigger', {})),
);
const activity = new ActivityPanel();
const toasts = new Toasts();

function renderTabs(s: PageState): void {
  const tabs = byId('tabs');
  const active = activeSheet();
  const key = JSON.stringify([s.sheets.map((x) => x.name), active]);
  if (tabs.dataset.key === key) return;
  tabs.dataset.key = key;
  clear(tabs);
  for (const sheet of s.sheets) {
    const b = make('button', {
      cls: sheet.name === active ? 'tab active' : 'tab',
      text: sheet.name,
      attrs: { type: 'button', role: 'tab', 'aria-selected': String(sheet.name === active) },
    });
    b.addEventListener('click', () => act(() => send('activate', { sheet: sheet.name })));
    tabs.appendChild(b);
  }
  // The strip scrolls: the active tab is brought into it, however many sheets come before.
  const tab = tabs.querySelector('.tab.active');
  if (!tab) return;
  const [strip, box] = [tabs.getBoundingClientRect(), tab.getBoundingClientRect()];
  if (box.left < strip.left) tabs.scrollLeft -= strip.left - box.left;
  else if (box.right > strip.right) tabs.scrollLeft += box.right - strip.right;
}

function renderPager(win: GridWindow): void {
  const pager = byId('pager');
  pager.hidden = win.visibleRows <= GRID_WINDOW_ROWS;
  byId('pager-text').textContent =
    `Rows ${(win.offset + 1).toLocaleString('en-US')}–${Math.min(win.offset + GRID_WINDOW_ROWS, win.visibleRows).toLocaleString('en-US')} of ${win.visibleRows.toLocaleString('en-US')} shown`;
}

// The grid is fetched again when the host's sheets changed or another window is asked for; one
// fetch at a time, the last wins.
let gridShown = { version: -1, sheet: '', offset: -1 };
let refreshing: Promise<void> | null = null;
/** Who waits for the window asked for: woken once the grid shows it (whatever the version), or the fetches stop. */
let windowWaiters: Array<() => void> = [];
function wakeWindowWaiters(): void {
  const waiting = windowWaiters;
  windowWaiters = [];
  for (const wake of waiting) wake();
}
function refreshGrid(): Promise<void> {
  refreshing ??= fetchWindows().finally(() => {
    refreshing = null;
    wakeWindowWaiters();
  });
  return refreshing;
}

/** Each sheet's first row as last shown: a window paged past it keeps the hint the sheet's own. */
const headerRows = new Map<string, string[]>();
/** The formula bar's hint, for the active sheet and the active cell's row. */
function showHint(): void {
  byId<HTMLInputElement>('formula-input').placeholder = formulaHint(
    headerRows.get(activeSheet()) ?? [],
    Number(/\d+$/.exec(focused)?.[0] ?? 2),
  );
}

async function fetchWindows(): Promise<void> {
  for (;;) {
    if (!state) return;
    const want = { version: state.gridVersion, sheet: activeSheet(), offset };
    if (want.version === gridShown.version && want.sheet === gridShown.sheet && want.offset === gridShown.offset) return;
    const win = await gridWindow(want.sheet, want.offset);
    const first = win.rows.find((r) => r.n === 1);
    if (first) headerRows.set(win.sheet, first.v);
    await grid.show(win);
    showHint();
    renderPager(win);
    // The server keeps a window inside the sheet and full: the pager goes on from where it is.
    if (offset === want.offset) offset = win.offset;
    gridShown = { ...want, offset: win.offset };
    byId('grid').dataset.version = String(want.version);
    byId('grid').dataset.sheet = want.sheet;
    if (state && sentSelection === null) grid.showSelection(myView(state).selection);
    if (offset === gridShown.offset) wakeWindowWaiters();
  }
}

/** Shows the window at `offset`, resolving once the grid does (a running job's new versions do not hold it up). */
function showWindow(): Promise<void> {
  const shown = new Promise<void>((resolve) => windowWaiters.push(resolve));
  refreshGrid().catch(report);
  return shown;
}

/**
 * Follows this page's selection in the state, once it shows what the page last sent: the name
 * box, and a new selection's window (a row past the window shown moves it there).
 */
function renderSelection(s: PageState): void {
  const view = myView(s);
  const key = view.selection.join();
  if (key === sentSelection) sentSelection = null;
  if (sentSelection !== null) return;
  const name = byId<HTMLInputElement>('name-box');
  if (document.activeElement !== name) name.value = (view.selection[0] ?? '').replace(/^.*!/, '');
  if (key === seenSelection) return;
  seenSelection = key;
  const first = parseRange(view.selection[0] ?? '');
  if (!first || !grid.shows(activeSheet(), first.top)) offset = view.offset;
}

function render(s: PageState): void {
  state = s;
  menus.render(s.menuTitle, s.menu);
  renderTabs(s);
  clock.update(s.clock);
  dialog.update(s.dialog);
  toasts.update(s.toasts);
  sidebar.update(s.sidebars);
  sidebar.followClock(s.clock.speed);
  sidebar.showDemoKeys(s.demoKeys);
  activity.update(s.activity);
  const busy = byId('busy');
  busy.hidden = !s.busy;
  busy.textContent = s.busy ? `Running ${s.busy}…` : '';
  renderSelection(s);
  refreshGrid().catch(report);
  if (gridShown.version === s.gridVersion && sentSelection === null) grid.showSelection(myView(s).selection);
}

/** The name box's reference, or why there is no such cell: the sheet must exist and hold it. */
function nameBoxTarget(text: string): { sheet: string; range: NonNullable<ReturnType<typeof parseRange>> } | string {
  const range = parseRange(text);
  if (!range) return `"${text}" is not a cell or a range (such as C230 or A1:D10).`;
  const sheet = range.sheet ?? activeSheet();
  const tab = state?.sheets.find((x) => x.name === sheet);
  if (!tab) return `There is no sheet "${sheet}".`;
  if (range.bottom > tab.rows || range.right > tab.columns) {
    const ref = text.slice(text.lastIndexOf('!') + 1).toUpperCase();
    return `${ref} is outside the sheet "${sheet}": it has ${tab.rows.toLocaleString('en-US')} rows and columns A to ${letters(tab.columns)}.`;
  }
  return { sheet, range };
}

byId<HTMLInputElement>('name-box').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const box = e.target as HTMLInputElement;
  const text = box.value.trim();
  if (!text) return;
  const target = nameBoxTarget(text);
  if (typeof target === 'string') {
    report(target);
    box.select();
    return;
  }
  const { sheet, range } = target;
  const only = { top: range.top, left: range.left, bottom: range.bottom, right: range.right };
  box.value = formatRange(sheet, only).replace(/^.*!/, '');
  if (sheet === grid.win?.sheet) grid.select(only);
  else {
    sendSelection([formatRange(sheet, only)]);
    grid.focus();
  }
});

// The formula bar edits the active cell as Sheets' does: Enter commits and moves down, Tab right,
// Escape puts the cell's content back; leaving it any other way (a click elsewhere) commits.
const bar = byId<HTMLInputElement>('formula-input');
let barEdit: { sheet: string; a1: string; before: string } | null = null;
bar.addEventListener('focus', () => {
  // Back from another window, the edit of the same cell goes on.
  if (barEdit?.a1 !== focused) barEdit = { sheet: grid.win?.sheet ?? activeSheet(), a1: focused, before: focusedContent };
});
function leaveBar(commit: boolean): void {
  const edit = barEdit;
  if (!edit) return;
  barEdit = null;
  const value = bar.value;
  if (commit && value !== edit.before) act(() => send('edit', { sheet: edit.sheet, a1: edit.a1, value }));
  // The active cell may have moved meanwhile (a click on another cell): the bar shows that one.
  bar.value = focused !== edit.a1 ? focusedContent : commit ? value : edit.before;
}
bar.addEventListener('keydown', (e) => {
  const moves: Record<string, [number, number]> = { Enter: [e.shiftKey ? -1 : 1, 0], Tab: [0, e.shiftKey ? -1 : 1] };
  const move = moves[e.key];
  if (e.key === 'Escape') leaveBar(false);
  else if (move) leaveBar(true);
  else return;
  e.preventDefault();
  grid.focus();
  if (move) grid.advance(...move);
});
bar.addEventListener('blur', () => {
  if (document.hasFocus()) leaveBar(true);
});
// A click on the pager leaves the keys where they were (the grid's, as Sheets' scroll bars do).
for (const id of ['pager-prev', 'pager-next']) byId(id).addEventListener('mousedown', (e) => e.preventDefault());
byId('pager-prev').addEventListener('click', () => {
  offset = Math.max(0, offset - GRID_WINDOW_ROWS);
  refreshGrid().catch(report);
});
byId('pager-next').addEventListener('click', () => {
  offset += GRID_WINDOW_ROWS;
  refreshGrid().catch(report);
});
byId('activity-toggle').addEventListener('click', () => {
  const panel = byId('activity');
  panel.classList.toggle('collapsed');
});

async function follow(): Promise<void> {
  let version = -1;
  for (;;) {
    try {
      const s = await pollState(version);
      if (s) {
        version = s.version;
        render(s);
      }
    } catch {
      byId('page-error').textContent = 'The local server stopped: run npm start again and reload.';
      byId('page-error').hidden = false;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

void follow();
