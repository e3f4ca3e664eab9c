// The page: the add-on's world in a browser. It follows the host's state by long poll, redraws
// what changed, and sends what the person does to the server; nothing here imitates the add-on.
import type { GridWindow, PageState, Speed } from '../protocol';
import { GRID_WINDOW_ROWS } from '../protocol';
import { ActivityPanel } from './activity-panel';
import { answerDialog, command, exportUrl, gridWindow, pollState } from './api';
import { ClockBar } from './clock-bar';
import { AddonDialog, askFilter, askImport } from './dialogs';
import { byId, clear, columnNumber, letters, make, sheetRef } from './dom';
import { SheetGrid } from './grid';
import { MenuBar } from './menubar';
import { SidebarPanel } from './sidebar-panel';
import { Toasts } from './toasts';
import './styles.css';

let state: PageState | null = null;
let offset = 0;
/** The cell the formula bar edits, e.g. `C2`. */
let focused = 'A1';

function report(e: unknown): void {
  const box = byId('page-error');
  box.textContent = e instanceof Error ? e.message : String(e);
  box.hidden = false;
  setTimeout(() => (box.hidden = true), 6000);
}

function act(run: () => Promise<unknown>): void {
  run().catch(report);
}

const activeSheet = () => state?.activeSheet ?? '';
/** The selected column (from the selection's first range), 1 when none. */
const selectedColumn = () => {
  const m = /!([A-Z]+)\d+/.exec(state?.selection[0] ?? '');
  return m ? columnNumber(m[1]!) : 1;
};

async function filterColumn(column: number): Promise<void> {
  const sheet = activeSheet();
  const values = (await command('columnValues', { sheet, column })) as string[];
  const hidden = grid.win?.filter?.hidden[column] ?? [];
  const chosen = await askFilter(letters(column), values, hidden);
  if (chosen) await command('filter', { sheet, column, hidden: chosen });
}

const grid = new SheetGrid(byId('grid'), {
  edit: (sheet, cell, value) => act(() => command('edit', { sheet, a1: cell, value })),
  select: (ranges) => act(() => command('select', { ranges })),
  sort: (column, ascending) => act(() => command('sort', { sheet: activeSheet(), column, ascending })),
  filter: (column) => act(() => filterColumn(column)),
  clearFilter: () => act(() => command('clearFilter', { sheet: activeSheet() })),
  insertRow: (before) => act(() => command('insertRows', { sheet: activeSheet(), before, count: 1 })),
  deleteRow: (row) => act(() => command('deleteRows', { sheet: activeSheet(), row, count: 1 })),
  focus: (a1, content) => {
    focused = a1;
    byId<HTMLInputElement>('formula-input').value = content;
  },
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
            if (file) await command('importCsv', file);
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
      { label: 'Load 50,000 rows (new sheet)', run: () => act(() => command('loadRows', { rows: 50000 })) },
    ],
    data: [
      {
        label: 'Sort sheet by the selected column, A → Z',
        run: () => act(() => command('sort', { sheet: activeSheet(), column: selectedColumn(), ascending: true })),
      },
      {
        label: 'Sort sheet by the selected column, Z → A',
        run: () => act(() => command('sort', { sheet: activeSheet(), column: selectedColumn(), ascending: false })),
      },
      { label: '', separator: true },
      { label: 'Filter the selected column by values…', run: () => act(() => filterColumn(selectedColumn())) },
      { label: 'Remove filter', run: () => act(() => command('clearFilter', { sheet: activeSheet() })) },
    ],
  },
  (caption) => act(() => command('menu', { caption })),
);

const dialog = new AddonDialog((id, button, text) => act(() => answerDialog(id, button, text)));
const sidebar = new SidebarPanel(async (name, args) => {
  try {
    return (await command('run', { name, args })) as { ok: true; value: unknown } | { ok: false; message: string };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
});
const clock = new ClockBar(
  (speed: Speed) => act(() => command('speed', { speed })),
  () => act(() => command('nextTrigger', {})),
);
const activity = new ActivityPanel();
const toasts = new Toasts();

function renderTabs(s: PageState): void {
  const tabs = byId('tabs');
  const key = JSON.stringify([s.sheets.map((x) => x.name), s.activeSheet]);
  if (tabs.dataset.key === key) return;
  tabs.dataset.key = key;
  clear(tabs);
  for (const sheet of s.sheets) {
    const b = make('button', {
      cls: sheet.name === s.activeSheet ? 'tab active' : 'tab',
      text: sheet.name,
      attrs: { type: 'button', role: 'tab', 'aria-selected': String(sheet.name === s.activeSheet) },
    });
    b.addEventListener('click', () => act(() => command('activate', { sheet: sheet.name })));
    tabs.appendChild(b);
  }
}

function renderPager(win: GridWindow): void {
  const pager = byId('pager');
  pager.hidden = win.visibleRows <= GRID_WINDOW_ROWS;
  byId('pager-text').textContent =
    `Rows ${(win.offset + 1).toLocaleString('en-US')}–${Math.min(win.offset + GRID_WINDOW_ROWS, win.visibleRows).toLocaleString('en-US')} of ${win.visibleRows.toLocaleString('en-US')} shown`;
}

// The grid is fetched again when the host's sheets changed; one fetch at a time, the last wins.
let gridShown = { version: -1, sheet: '', offset: -1 };
let fetching = false;
async function refreshGrid(): Promise<void> {
  if (fetching || !state) return;
  const want = { version: state.gridVersion, sheet: state.activeSheet, offset };
  if (want.version === gridShown.version && want.sheet === gridShown.sheet && want.offset === gridShown.offset) return;
  fetching = true;
  try {
    if (want.sheet !== gridShown.sheet && gridShown.sheet !== '') offset = want.offset = 0;
    const win = await gridWindow(want.sheet, want.offset);
    await grid.show(win);
    renderPager(win);
    gridShown = want;
    byId('grid').dataset.version = String(want.version);
    byId('grid').dataset.sheet = want.sheet;
  } finally {
    fetching = false;
  }
  if (state) grid.showSelection(state.selection);
  void refreshGrid();
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
  const name = byId<HTMLInputElement>('name-box');
  const ref = (s.selection[0] ?? '').replace(/^.*!/, '');
  if (document.activeElement !== name) name.value = ref;
  focused = /^[A-Z]+\d+/.exec(ref)?.[0] ?? focused;
  void refreshGrid().catch(report);
  if (gridShown.version === s.gridVersion) grid.showSelection(s.selection);
}

byId<HTMLInputElement>('name-box').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const ref = (e.target as HTMLInputElement).value.trim().toUpperCase();
  if (ref) act(() => command('select', { ranges: [`${sheetRef(activeSheet())}!${ref}`] }));
});
byId<HTMLInputElement>('formula-input').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  act(() => command('edit', { sheet: activeSheet(), a1: focused, value: (e.target as HTMLInputElement).value }));
});
byId('pager-prev').addEventListener('click', () => {
  offset = Math.max(0, offset - GRID_WINDOW_ROWS);
  void refreshGrid().catch(report);
});
byId('pager-next').addEventListener('click', () => {
  offset += GRID_WINDOW_ROWS;
  void refreshGrid().catch(report);
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
