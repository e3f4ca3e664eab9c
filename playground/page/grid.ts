// The sheet grid, drawn by Tabulator with column letters and the sheet's row numbers: it shows a
// window of the host's sheet and keeps the selection, the keys (moves across windows included) and
// the in-cell editor itself, as Sheets does (Tabulator's own ranges and keys are off: they held rows
// the grid replaced, and read "(" as an arrow key), and gives Tabulator's header and row menus the
// keyboard. Fill-down as in Sheets: Ctrl+D, Ctrl+Enter in the editor, copy and paste of plain text,
// and the fill handle at the selection's corner. It sends edits, fills, pastes, selections, clears,
// sorts, filters and row or column inserts or deletes to the server. Cells are text nodes, never
// parsed as HTML.
import {
  TabulatorFull as Tabulator,
  type CellComponent,
  type ColumnComponent,
  type ColumnDefinition,
  type RowComponent,
} from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import { dataEdge, formatRange, hasData, parseRange, type CellBox, type GridRow, type GridWindow } from '../protocol';
import { columnNumber, letters } from './dom';
import { fillDownSource, fromClipboardText, toClipboardText } from './grid-fill';

export interface GridActions {
  /** A cell of `sheet` (the sheet the editor opened on, whatever is shown by the time it commits). */
  edit(sheet: string, cell: string, value: string): void;
  /** The person's selection, the active range first. */
  select(ranges: string[]): void;
  /** `source` repeated over `targets` (`value` typed into `source` first), as the host's Commands['fill']. */
  fill(sheet: string, source: string, targets: string[], value?: string): void;
  /** Rows of text pasted from `at`, each cell as if typed. */
  paste(sheet: string, at: string, rows: string[][]): void;
  /** Delete on the selection. */
  clear(ranges: string[]): void;
  sort(column: number, ascending: boolean): void;
  filter(column: number): void;
  clearFilter(): void;
  insertRow(before: number): void;
  deleteRow(row: number): void;
  insertColumn(before: number): void;
  deleteColumn(column: number): void;
  /** The active cell, with what the formula bar shows for it (its formula, else its value). */
  focus(a1: string, content: string): void;
  /**
   * Where a cell of `sheet` is (`rows`, `cols` 0) or where Ctrl+an arrow goes from it, asked of the
   * host; resolves once the grid shows the window holding the answer (undefined when refused).
   */
  locate(sheet: string, at: Spot, rows: number, cols: number): Promise<Spot | undefined>;
  /** Shows the window holding the shown sheet's visible row `index` (0 the first), resolving once it does. */
  page(index: number): Promise<void>;
  /** Something the keys set off failed. */
  failed(e: unknown): void;
}

type RowData = { id: number; _n: number; _f?: Record<number, string>; _e?: Record<number, string>; [column: string]: unknown };
export type Spot = { row: number; col: number };
/** What a press on the grid selects: cells, whole rows (the row numbers) or whole columns (the letters). */
type Mode = 'cell' | 'row' | 'column';
type Editor = { input: HTMLInputElement; sheet: string; at: Spot; before: string };

const ROW_HEAD = '_n';
const ROW_HEAD_WIDTH = 52;
const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const MARKS = ['cell-selected', 'cell-active', 'head-selected', 'cell-fill'];

export class SheetGrid {
  private readonly table: Tabulator;
  private readonly built: Promise<void>;
  private columns = 0;
  private rowsJson = new Map<number, string>();
  /** The window's rows by number, and each one's place in it, as the table holds them. */
  private rows = new Map<number, GridRow>();
  private order = new Map<number, number>();
  win: GridWindow | null = null;
  /** While the table takes a new window, nothing asks it for rows (it would not find them yet). */
  private loading = false;
  private frozenRows = 0;
  /** The selection on the shown sheet, the active range first, and its active cell. */
  private boxes: CellBox[] = [];
  private cursor: Spot | null = null;
  /** Rows Tabulator laid out (their cells exist); the others get their marks when it lays them out. */
  private laidOut = new WeakSet<RowComponent>();
  private marked: Element[] = [];
  private dragging: Mode | null = null;
  private scrollPending = false;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  /** The person changed the selection and it is not sent yet: the host's older one must not undo it. */
  private unsent = false;
  private editor: Editor | null = null;
  /** The keys' actions, one after the other: one waiting for another window holds up the next. */
  private keys: Promise<void> = Promise.resolve();
  /** The formula bar's text for a cell the window no longer shows (the person paged away). */
  private held = { sheet: '', a1: '', content: '' };
  /** Tabulator's open menu (a column's or a row number's): it has the keys while it is open. */
  private menu: HTMLElement | null = null;
  /** The fill handle, on the active range's bottom-right corner; while dragged, the range and the row it reaches. */
  private readonly handle: HTMLElement;
  private filling: { from: CellBox; bottom: number } | null = null;

  constructor(
    private readonly element: HTMLElement,
    private readonly actions: GridActions,
  ) {
    const columnMenu = [
      { label: 'Sort sheet A → Z', action: (_e: unknown, c: ColumnComponent) => this.actions.sort(columnNumber(c.getField()), true) },
      { label: 'Sort sheet Z → A', action: (_e: unknown, c: ColumnComponent) => this.actions.sort(columnNumber(c.getField()), false) },
      { separator: true },
      { label: 'Insert 1 column left', action: (_e: unknown, c: ColumnComponent) => this.actions.insertColumn(columnNumber(c.getField())) },
      {
        label: 'Insert 1 column right',
        action: (_e: unknown, c: ColumnComponent) => this.actions.insertColumn(columnNumber(c.getField()) + 1),
      },
      { label: 'Delete column', action: (_e: unknown, c: ColumnComponent) => this.actions.deleteColumn(columnNumber(c.getField())) },
      { separator: true },
      { label: 'Filter by values…', action: (_e: unknown, c: ColumnComponent) => this.actions.filter(columnNumber(c.getField())) },
      { label: 'Remove filter', action: () => this.actions.clearFilter() },
    ];
    this.table = new Tabulator(element, {
      height: '100%',
      index: 'id',
      data: [],
      columns: [],
      keybindings: false,
      rowHeader: {
        field: ROW_HEAD,
        title: '',
        headerSort: false,
        resizable: false,
        frozen: true,
        width: ROW_HEAD_WIDTH,
        hozAlign: 'center',
        cssClass: 'row-head',
        // The column defaults below are for cells, not for the row numbers.
        headerMenu: false,
        headerContextMenu: false,
        formatter: (cell: CellComponent) => document.createTextNode(String(cell.getValue() ?? '')),
        contextMenu: [
          { label: 'Insert 1 row above', action: (_e: unknown, cell: CellComponent) => this.actions.insertRow(this.rowOf(cell.getRow())) },
          { label: 'Delete row', action: (_e: unknown, cell: CellComponent) => this.actions.deleteRow(this.rowOf(cell.getRow())) },
        ],
      },
      columnDefaults: {
        headerSort: false,
        width: 120,
        headerHozAlign: 'center',
        formatter: (cell: CellComponent) => this.formatCell(cell),
        headerMenu: columnMenu,
        headerContextMenu: columnMenu,
      },
      rowFormatter: (row: RowComponent) => {
        const frozen = this.frozenRows >= (row.getData() as RowData)._n;
        row.getElement().classList.toggle('frozen-row', frozen);
        this.laidOut.add(row);
        this.markRow(row);
      },
    } as unknown as ConstructorParameters<typeof Tabulator>[1]);
    this.built = new Promise((resolve) => this.table.on('tableBuilt', () => resolve()));
    element.tabIndex = 0;
    const on = this.table.on.bind(this.table) as unknown as (event: string, fn: (e: MouseEvent, x: never) => void) => void;
    on('cellMouseDown', (e, cell: CellComponent) => this.press(e, cell.getField() === ROW_HEAD ? 'row' : 'cell', this.spotOf(cell)));
    on('cellMouseEnter', (_e, cell: CellComponent) => this.dragTo(this.spotOf(cell)));
    this.handle = document.createElement('div');
    this.handle.className = 'fill-handle';
    this.handle.title = 'Drag down to fill';
    this.handle.hidden = true;
    this.handle.addEventListener('mousedown', (e) => this.pressHandle(e));
    document.addEventListener('copy', (e) => this.copy(e));
    document.addEventListener('paste', (e) => this.pasted(e));
    on('headerMouseDown', (e, column: ColumnComponent) => this.pressHeader(e, column));
    on('headerMouseEnter', (_e, column: ColumnComponent) => {
      if (this.dragging === 'column' && column.getField() !== ROW_HEAD)
        this.dragTo({ row: this.firstRow(), col: columnNumber(column.getField()) });
    });
    on('cellDblClick', (_e, cell: CellComponent) => {
      // Once Tabulator's own double-click is done selecting the cell's text in the document.
      if (cell.getField() !== ROW_HEAD) setTimeout(() => this.startEdit());
    });
    document.addEventListener('mouseup', () => {
      if (this.filling) this.endFill();
      if (!this.dragging) return;
      this.dragging = null;
      this.queueSend();
    });
    element.addEventListener('keydown', (e) => this.key(e));
    element.addEventListener(
      'scroll',
      () => {
        this.placeEditor();
        // Once Tabulator drew the rows the scroll brought.
        requestAnimationFrame(() => this.placeHandle());
      },
      true,
    );
    on('menuOpened', () => this.menuOpened());
    // A menu item run with the mouse leaves the focus on nothing: the grid takes the keys back.
    on('menuClosed', () => {
      if (!document.activeElement || document.activeElement === document.body) this.focus();
    });
    // Before anything else on the page, so the grid behind an open menu never sees its keys.
    document.addEventListener('keydown', (e) => this.menuKey(e), true);
  }

  private rowOf(row: RowComponent): number {
    return (row.getData() as RowData)._n;
  }

  private spotOf(cell: CellComponent): Spot {
    const field = cell.getField();
    return { row: this.rowOf(cell.getRow()), col: field === ROW_HEAD ? 1 : columnNumber(field) };
  }

  private formatCell(cell: CellComponent): Node {
    const data = cell.getRow().getData() as RowData;
    const index = columnNumber(cell.getField()) - 1;
    const error = data._e?.[index];
    const element = cell.getElement();
    element.classList.toggle('has-error', Boolean(error));
    element.classList.toggle('has-formula', data._f?.[index] !== undefined);
    if (error) element.title = error;
    else element.removeAttribute('title');
    return document.createTextNode(String(cell.getValue() ?? ''));
  }

  // ---- Selection -------------------------------------------------------------------------------

  /** The first row the window shows (a whole column's selection starts its active cell there). */
  private firstRow(): number {
    return this.win?.rows[0]?.n ?? 1;
  }

  /** The box from the active cell to `to`, whole rows or columns by the mode. */
  private span(mode: Mode, from: Spot, to: Spot): CellBox {
    const win = this.win!;
    const rows = { top: Math.min(from.row, to.row), bottom: Math.max(from.row, to.row) };
    const cols = { left: Math.min(from.col, to.col), right: Math.max(from.col, to.col) };
    if (mode === 'row') return { ...rows, left: 1, right: win.maxColumns };
    if (mode === 'column') return { top: 1, bottom: win.maxRows, ...cols };
    return { ...rows, ...cols };
  }

  private press(e: MouseEvent, mode: Mode, at: Spot): void {
    if (e.button !== 0 || !this.win) return;
    // No text selection, and the grid (not the cell) takes the keys.
    e.preventDefault();
    this.endEdit(true);
    this.element.focus({ preventScroll: true });
    if (e.shiftKey && this.cursor) {
      this.boxes[0] = this.span(mode, this.cursor, at);
    } else {
      this.cursor = at;
      const box = this.span(mode, at, at);
      this.boxes = e.ctrlKey || e.metaKey ? [box, ...this.boxes] : [box];
    }
    this.dragging = mode;
    this.unsent = true;
    this.draw();
  }

  private pressHeader(e: MouseEvent, column: ColumnComponent): void {
    const target = e.target as Element;
    if (target.closest('.tabulator-header-popup-button, .tabulator-col-resize-handle')) return;
    if (column.getField() !== ROW_HEAD) {
      this.press(e, 'column', { row: this.firstRow(), col: columnNumber(column.getField()) });
    } else if (e.button === 0 && this.win) {
      // The corner selects the whole sheet.
      e.preventDefault();
      this.endEdit(true);
      this.element.focus({ preventScroll: true });
      this.cursor = { row: this.firstRow(), col: 1 };
      this.boxes = [{ top: 1, left: 1, bottom: this.win.maxRows, right: this.win.maxColumns }];
      this.draw();
      this.queueSend();
    }
  }

  private dragTo(at: Spot): void {
    if (this.filling) {
      const bottom = Math.max(this.filling.from.bottom, at.row);
      if (bottom === this.filling.bottom) return;
      this.filling.bottom = bottom;
      this.draw();
      return;
    }
    if (!this.dragging || !this.cursor) return;
    const box = this.span(this.dragging, this.cursor, at);
    if (JSON.stringify(box) === JSON.stringify(this.boxes[0])) return;
    this.boxes[0] = box;
    this.draw();
  }

  /** The corner of the active range across from the active cell (what Shift+arrows move). */
  private corner(): Spot {
    const box = this.boxes[0]!;
    const at = this.cursor!;
    return { row: box.top === at.row ? box.bottom : box.top, col: box.left === at.col ? box.right : box.left };
  }

  /** The active cell, or the active range's far corner when the move extends the range. */
  private from(extend: boolean): Spot | null {
    return this.cursor && (extend && this.boxes[0] ? this.corner() : this.cursor);
  }

  /** Makes the active cell (or, extending, the active range's far corner) `to`, brought into view. */
  private place(to: Spot, extend: boolean): void {
    if (extend && this.cursor) this.boxes[0] = this.span('cell', this.cursor, to);
    else {
      this.cursor = to;
      this.boxes = [this.span('cell', to, to)];
    }
    this.scrollPending = true;
    this.draw();
    this.queueSend();
  }

  /** Whether the window shows a row, once the page brought the row's window when it did not. */
  private async shown(row: number): Promise<boolean> {
    const sheet = this.win?.sheet;
    if (sheet === undefined) return false;
    if (!this.rows.has(row)) await this.actions.locate(sheet, { row, col: 1 }, 0, 0);
    return this.win?.sheet === sheet && this.rows.has(row);
  }

  /** The place of a row of the window among the sheet's visible rows. */
  private indexOf(row: number): number {
    return this.win!.offset + this.order.get(row)!;
  }

  /** Goes to the visible row `index` of the sheet, in column `col`, bringing its window first. */
  private async toIndex(index: number, col: number, extend: boolean): Promise<void> {
    const sheet = this.win?.sheet;
    const inWindow = (i: number) => this.win && i >= this.win.offset && i < this.win.offset + this.win.rows.length;
    if (sheet === undefined) return;
    if (!inWindow(index)) await this.actions.page(index);
    const row = this.win?.sheet === sheet && inWindow(index) ? this.win.rows[index - this.win.offset] : undefined;
    if (row) this.place({ row: row.n, col }, extend);
  }

  /** Arrows, Tab, Enter's and PageDown's moves: `rows` visible rows and `cols` columns, across windows, the range grown with Shift. */
  private async step(rows: number, cols: number, extend: boolean): Promise<void> {
    const from = this.from(extend);
    if (!from || !(await this.shown(from.row))) return;
    const win = this.win!;
    const index = Math.max(0, Math.min(win.visibleRows - 1, this.indexOf(from.row) + rows));
    await this.toIndex(index, Math.max(1, Math.min(this.columns, from.col + cols)), extend);
  }

  /** Ctrl+an arrow: to the edge of the data, as in Sheets, asking the host when the window does not tell. */
  private async jump(rows: number, cols: number, extend: boolean): Promise<void> {
    const from = this.from(extend);
    if (!from || !(await this.shown(from.row))) return;
    const win = this.win!;
    let to: Spot | undefined;
    if (cols) {
      const r = this.rows.get(from.row)!;
      to = { row: from.row, col: dataEdge((i) => hasData(r, i + 1), from.col - 1, cols, this.columns)! + 1 };
    } else {
      const inWindow = (i: number) => {
        const r = win.rows[i - win.offset];
        return r ? hasData(r, from.col) : undefined;
      };
      const index = dataEdge(inWindow, this.indexOf(from.row), rows, win.visibleRows);
      to =
        index === undefined ? await this.actions.locate(win.sheet, from, rows, 0) : { row: win.rows[index - win.offset]!.n, col: from.col };
    }
    if (to && (await this.shown(to.row))) this.place(to, extend);
  }

  /** Ctrl+End: the last row and column holding data. */
  private async toEnd(extend: boolean): Promise<void> {
    const win = this.win;
    if (!win) return;
    const to = { row: Math.max(1, win.lastRow), col: Math.max(1, Math.min(this.columns, win.lastColumn)) };
    if (await this.shown(to.row)) this.place(to, extend);
  }

  /** The rows a screenful holds, as PageDown and PageUp move. */
  private screenRows(): number {
    const holder = this.element.querySelector<HTMLElement>('.tabulator-tableholder');
    const row = this.element.querySelector<HTMLElement>('.tabulator-row');
    return Math.max(1, Math.floor((holder?.clientHeight ?? 0) / (row?.offsetHeight || Infinity)));
  }

  /** Selects a range (the name box), its top-left cell active; the page moves the window there. */
  select(box: CellBox): void {
    this.endEdit(true);
    this.cursor = { row: box.top, col: box.left };
    this.boxes = [box];
    this.scrollPending = true;
    this.draw();
    this.sendSelection();
    this.element.focus({ preventScroll: true });
  }

  /** The selection in A1 with its sheet, the active range first. */
  ranges(): string[] {
    const sheet = this.win?.sheet;
    return sheet === undefined ? [] : this.boxes.map((box) => formatRange(sheet, box));
  }

  private queueSend(): void {
    this.unsent = true;
    clearTimeout(this.sendTimer);
    this.sendTimer = setTimeout(() => {
      if (!this.dragging) this.sendSelection();
    }, 120);
  }

  private sendSelection(): void {
    clearTimeout(this.sendTimer);
    this.unsent = false;
    const ranges = this.ranges();
    if (ranges.length) this.actions.select(ranges);
  }

  /** Moves as Enter (1, 0) or Tab (0, 1) do, after the keys pressed before (the formula bar commits with them). */
  advance(rows: number, cols: number): void {
    this.queue(() => this.step(rows, cols, false));
  }

  /** Draws the host's selection, unless it is the one shown. */
  showSelection(selection: string[]): void {
    const win = this.win;
    if (!win || this.unsent || selection.join() === this.ranges().join()) return;
    this.boxes = selection.flatMap((a1) => {
      const r = parseRange(a1);
      return r && r.sheet === win.sheet ? [{ top: r.top, left: r.left, bottom: r.bottom, right: r.right }] : [];
    });
    const first = this.boxes[0];
    this.cursor = first ? { row: first.top, col: first.left } : null;
    this.scrollPending = true;
    this.draw();
  }

  /** Whether the window shows a row of the sheet. */
  shows(sheet: string, row: number): boolean {
    return this.win?.sheet === sheet && this.rows.has(row);
  }

  // ---- Drawing ---------------------------------------------------------------------------------

  /** The rows a drag of the fill handle adds under the active range, shown before they are filled. */
  private fillPreview(): CellBox | null {
    const f = this.filling;
    return f && f.bottom > f.from.bottom ? { ...f.from, top: f.from.bottom + 1, bottom: f.bottom } : null;
  }

  private markRow(row: RowComponent): void {
    const n = this.rowOf(row);
    const mark = (element: HTMLElement, cls: string) => {
      element.classList.add(cls);
      this.marked.push(element);
    };
    const preview = this.fillPreview();
    if (preview && preview.top <= n && n <= preview.bottom) {
      for (let c = preview.left; c <= Math.min(preview.right, this.columns); c++) {
        const cell = row.getCell(letters(c));
        if (cell) mark(cell.getElement(), 'cell-fill');
      }
    }
    const across = this.boxes.filter((b) => b.top <= n && n <= b.bottom);
    if (!across.length) return;
    const head = row.getCell(ROW_HEAD);
    if (head) mark(head.getElement(), 'head-selected');
    for (const b of across) {
      for (let c = b.left; c <= Math.min(b.right, this.columns); c++) {
        const cell = row.getCell(letters(c));
        if (cell) mark(cell.getElement(), 'cell-selected');
      }
    }
    const at = this.cursor;
    if (at?.row === n) {
      const cell = row.getCell(letters(at.col));
      if (cell) mark(cell.getElement(), 'cell-active');
    }
  }

  /** Marks the selected cells and headers of the rows laid out, tells the formula bar, and scrolls to the active cell when it moved. */
  private draw(): void {
    for (const element of this.marked) element.classList.remove(...MARKS);
    this.marked = [];
    const win = this.win;
    if (!win || this.loading) return;
    const spans = [...this.boxes, ...(this.fillPreview() ? [this.fillPreview()!] : [])];
    for (const r of win.rows) {
      if (!spans.some((b) => b.top <= r.n && r.n <= b.bottom)) continue;
      const row = this.table.getRow(r.n);
      if (row && this.laidOut.has(row)) this.markRow(row);
    }
    for (let c = 1; c <= this.columns; c++) {
      if (!this.boxes.some((b) => b.left <= c && c <= b.right)) continue;
      const header = this.table.getColumn(letters(c))?.getElement();
      if (header) {
        header.classList.add('head-selected');
        this.marked.push(header);
      }
    }
    const at = this.cursor;
    if (at) this.actions.focus(`${letters(at.col)}${at.row}`, this.content(at));
    if (this.scrollPending) this.scrollToCursor();
    this.placeHandle();
  }

  // ---- Fill-down, copy and paste ---------------------------------------------------------------

  /** The fill handle on the bottom-right cell of the active range, when that cell is on screen and nothing is edited. */
  private placeHandle(): void {
    const box = this.filling?.from ?? this.boxes[0];
    const cell = box && !this.editor ? this.cellElement({ row: box.bottom, col: Math.min(box.right, this.columns) }) : undefined;
    const holder = this.element.querySelector('.tabulator-tableholder');
    const [c, h] = [cell?.isConnected ? cell.getBoundingClientRect() : undefined, holder?.getBoundingClientRect()];
    const inside = c && h && c.bottom > h.top && c.bottom <= h.bottom && c.right > h.left + ROW_HEAD_WIDTH && c.right <= h.right;
    this.handle.hidden = !inside;
    if (!inside) return;
    // Put in once Tabulator built the table in the element (building empties it).
    if (!this.handle.isConnected) this.element.appendChild(this.handle);
    const grid = this.element.getBoundingClientRect();
    this.handle.style.left = `${c.right - grid.left - 4}px`;
    this.handle.style.top = `${c.bottom - grid.top - 4}px`;
  }

  private pressHandle(e: MouseEvent): void {
    const box = this.boxes[0];
    if (e.button !== 0 || !box || !this.win) return;
    e.preventDefault();
    e.stopPropagation();
    this.element.focus({ preventScroll: true });
    this.filling = { from: { ...box }, bottom: box.bottom };
  }

  /** The handle let go: the active range's rows repeated down to the row reached, which the range then takes in. */
  private endFill(): void {
    const f = this.filling!;
    this.filling = null;
    const sheet = this.win?.sheet;
    if (sheet !== undefined && f.bottom > f.from.bottom) {
      const to = { ...f.from, bottom: f.bottom };
      this.actions.fill(sheet, formatRange(sheet, f.from), [formatRange(sheet, to)]);
      this.boxes[0] = to;
      this.queueSend();
    }
    this.draw();
  }

  /** Ctrl+D: each range's first row (a one-row range: the row above) copied down the range. */
  private fillDown(): void {
    const sheet = this.win?.sheet;
    if (sheet === undefined) return;
    for (const box of this.boxes) {
      const source = fillDownSource(box);
      if (source) this.actions.fill(sheet, formatRange(sheet, source), [formatRange(sheet, box)]);
    }
  }

  /** Whether the clipboard's keys are the grid's: it has the focus, no editor or menu open. */
  private hasClipboard(): boolean {
    return document.activeElement === this.element && !this.editor && !this.menuOpen() && this.cursor !== null && this.win !== null;
  }

  /** Ctrl+C: the active range's shown values as plain text (the rows the window holds, hidden ones left out, as Sheets does). */
  private copy(e: ClipboardEvent): void {
    const box = this.boxes[0];
    if (!this.hasClipboard() || !box || !e.clipboardData) return;
    const right = Math.min(box.right, this.columns);
    const rows = this.win!.rows.filter((r) => r.n >= box.top && r.n <= box.bottom);
    const text = toClipboardText(rows.map((r) => Array.from({ length: right - box.left + 1 }, (_, i) => r.v[box.left - 1 + i] ?? '')));
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
  }

  /**
   * Ctrl+V: the clipboard's text from the active range's top-left cell, each cell as if typed; one
   * value pasted on a range goes into each of its cells, as in Sheets.
   */
  private pasted(e: ClipboardEvent): void {
    const box = this.boxes[0];
    if (!this.hasClipboard() || !box || !e.clipboardData) return;
    e.preventDefault();
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    const rows = fromClipboardText(text);
    const sheet = this.win!.sheet;
    const at = `${letters(box.left)}${box.top}`;
    const one = rows.length === 1 && rows[0]!.length === 1;
    if (one && (this.boxes.length > 1 || box.bottom > box.top || box.right > box.left))
      this.actions.fill(sheet, at, this.ranges(), rows[0]![0]);
    else this.actions.paste(sheet, at, rows);
  }

  /**
   * What the formula bar shows for a cell: its formula, else its shown value; kept from when the
   * window showed it, should the person page away.
   */
  private content(at: Spot): string {
    const [sheet, a1] = [this.win?.sheet ?? '', `${letters(at.col)}${at.row}`];
    const r = this.rows.get(at.row);
    if (r) this.held = { sheet, a1, content: r.f?.[at.col - 1] ?? r.v[at.col - 1] ?? '' };
    return this.held.sheet === sheet && this.held.a1 === a1 ? this.held.content : '';
  }

  private cellElement(at: Spot): HTMLElement | undefined {
    if (this.loading || !this.rows.has(at.row)) return undefined;
    const row = this.table.getRow(at.row);
    // Tabulator answers false for a column it no longer has (one deleted meanwhile).
    const cell = row ? row.getCell(letters(at.col)) : undefined;
    return cell ? cell.getElement() : undefined;
  }

  /** Brings the active cell into view once the window shows its row. */
  private scrollToCursor(): void {
    const at = this.cursor;
    const holder = this.element.querySelector<HTMLElement>('.tabulator-tableholder');
    if (!at || !holder || this.loading || !this.rows.has(at.row)) return;
    this.scrollPending = false;
    const reveal = () => {
      const cell = this.cellElement(at);
      if (!cell?.isConnected) return;
      const [view, box] = [holder.getBoundingClientRect(), cell.getBoundingClientRect()];
      const [bottom, right] = [view.top + holder.clientHeight, view.left + holder.clientWidth];
      // The row numbers stay at the left, over the cells scrolled under them.
      const left = view.left + ROW_HEAD_WIDTH;
      if (box.top < view.top) holder.scrollTop -= view.top - box.top;
      else if (box.bottom > bottom) holder.scrollTop += box.bottom - bottom;
      if (box.left < left) holder.scrollLeft -= left - box.left;
      else if (box.right > right) holder.scrollLeft += box.right - right;
    };
    // A row Tabulator has not drawn yet is drawn by its own scroll first.
    if (this.cellElement(at)?.isConnected) reveal();
    else void this.table.scrollToRow(at.row, 'center', false).then(reveal, () => undefined);
  }

  // ---- Keys and the editor ---------------------------------------------------------------------

  private key(e: KeyboardEvent): void {
    if (this.editor || this.menuOpen() || !this.cursor || e.target !== this.element) return;
    const run = this.keyAction(e);
    if (!run) return;
    e.preventDefault();
    this.queue(run);
  }

  private queue(run: () => unknown): void {
    this.keys = this.keys.then(run).then(
      () => undefined,
      (e: unknown) => this.actions.failed(e),
    );
  }

  /** What a key does on the grid, as in Sheets; undefined for a key the grid leaves alone. */
  private keyAction(e: KeyboardEvent): (() => unknown) | undefined {
    const ctrl = e.ctrlKey || e.metaKey;
    const extend = e.shiftKey;
    const arrow = MOVES[e.key];
    if (arrow) return ctrl ? () => this.jump(arrow[0], arrow[1], extend) : () => this.step(arrow[0], arrow[1], extend);
    if (e.key === 'Tab') return () => this.step(0, extend ? -1 : 1, false);
    if (e.key === 'PageDown' || e.key === 'PageUp') {
      const rows = this.screenRows() * (e.key === 'PageDown' ? 1 : -1);
      return () => this.step(rows, 0, extend);
    }
    if (e.key === 'Home') return ctrl ? () => this.toIndex(0, 1, extend) : () => this.home(extend);
    if (e.key === 'End' && ctrl) return () => this.toEnd(extend);
    if (e.key === 'Enter' || e.key === 'F2') return () => this.editShown();
    if (e.key === 'Delete' || e.key === 'Backspace') return () => this.actions.clear(this.ranges());
    if (ctrl && e.key.toLowerCase() === 'd' && !e.altKey) return () => this.fillDown();
    if (e.key === 'ContextMenu' || (e.key === 'F10' && extend)) return () => this.openColumnMenu();
    // A printable key starts an edit that replaces the content, with that character typed.
    if (e.key.length === 1 && !ctrl && !e.altKey) return () => this.editShown(e.key);
    return undefined;
  }

  /** Home: column A of the row. */
  private async home(extend: boolean): Promise<void> {
    const from = this.from(extend);
    if (from && (await this.shown(from.row))) this.place({ row: from.row, col: 1 }, extend);
  }

  /** Opens the editor once the window shows the active cell; a key typed meanwhile goes on into it. */
  private async editShown(typed?: string): Promise<void> {
    if (this.editor) {
      if (typed) this.editor.input.value += typed;
    } else if (this.cursor && (await this.shown(this.cursor.row))) this.startEdit(typed);
  }

  /** Opens the editor on the active cell: with the content (F2, Enter, double-click), or replacing it with `typed`. */
  private startEdit(typed?: string): void {
    const win = this.win;
    const at = this.cursor;
    if (!win || !at || this.editor || this.loading || !this.rows.has(at.row)) return;
    const before = this.content(at);
    const input = document.createElement('input');
    input.className = 'cell-editor';
    input.spellcheck = false;
    input.setAttribute('aria-label', `Edit ${letters(at.col)}${at.row}`);
    input.value = typed ?? before;
    this.editor = { input, sheet: win.sheet, at, before };
    this.element.appendChild(input);
    this.placeEditor();
    window.getSelection()?.removeAllRanges();
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
    // Every key is the editor's: none reaches the grid's moves.
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      // Ctrl+Enter: what was typed goes into every cell of the selection.
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) this.endEdit(true, undefined, true);
      else if (e.key === 'Enter') this.endEdit(true, [e.shiftKey ? -1 : 1, 0]);
      else if (e.key === 'Tab') this.endEdit(true, [0, e.shiftKey ? -1 : 1]);
      else if (e.key === 'Escape') this.endEdit(false);
      else return;
      e.preventDefault();
    });
    input.addEventListener('blur', () => this.endEdit(true));
  }

  /** Keeps the editor over its cell as the grid scrolls. */
  private placeEditor(): void {
    const editor = this.editor;
    if (!editor) return;
    const cell = this.win?.sheet === editor.sheet ? this.cellElement(editor.at) : undefined;
    const box = cell?.isConnected ? cell.getBoundingClientRect() : undefined;
    editor.input.style.visibility = box ? 'visible' : 'hidden';
    if (!box) return;
    const grid = this.element.getBoundingClientRect();
    Object.assign(editor.input.style, {
      left: `${box.left - grid.left}px`,
      top: `${box.top - grid.top}px`,
      minWidth: `${box.width}px`,
      height: `${box.height}px`,
    });
  }

  /**
   * Closes the editor, sending what was typed when it changed (`everywhere`: into every cell of
   * the selection, changed or not), then moving as Enter or Tab do.
   */
  private endEdit(commit: boolean, then?: [number, number], everywhere = false): void {
    const editor = this.editor;
    if (!editor) return;
    this.editor = null;
    const value = editor.input.value;
    editor.input.remove();
    this.element.focus({ preventScroll: true });
    const a1 = `${letters(editor.at.col)}${editor.at.row}`;
    if (commit && everywhere && this.win?.sheet === editor.sheet) this.actions.fill(editor.sheet, a1, this.ranges(), value);
    else if (commit && value !== editor.before) this.actions.edit(editor.sheet, a1, value);
    this.placeHandle();
    if (then) this.advance(then[0], then[1]);
  }

  /** Whether a cell is being edited (the page leaves the editor's cell alone meanwhile). */
  editing(): boolean {
    return this.editor !== null;
  }

  /** Gives the grid the keys, as Sheets does after the name box or the formula bar. */
  focus(): void {
    this.element.focus({ preventScroll: true });
  }

  // ---- Tabulator's menus with the keyboard -----------------------------------------------------

  /** The context-menu key (or Shift+F10) opens the active cell's column menu, as a click on its ⋮ does. */
  private openColumnMenu(): void {
    const column = this.cursor && this.table.getColumn(letters(this.cursor.col));
    const button = column ? column.getElement().querySelector('.tabulator-header-popup-button') : null;
    if (!button) return;
    const box = button.getBoundingClientRect();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left, clientY: box.bottom }));
  }

  /** A menu just opened (by the mouse or the keys): its items take the focus, the first one first. */
  private menuOpened(): void {
    const menus = document.querySelectorAll<HTMLElement>('.tabulator-menu');
    const menu = menus[menus.length - 1];
    if (!menu) return;
    this.menu = menu;
    menu.setAttribute('role', 'menu');
    for (const item of this.menuItems()) {
      item.tabIndex = -1;
      item.setAttribute('role', 'menuitem');
    }
    this.menuItems()[0]?.focus();
  }

  private menuOpen(): boolean {
    if (!this.menu?.isConnected) this.menu = null;
    return this.menu !== null;
  }

  private menuItems(): HTMLElement[] {
    return [...(this.menu?.querySelectorAll<HTMLElement>('.tabulator-menu-item:not(.tabulator-menu-item-disabled)') ?? [])];
  }

  /** While a menu is open: arrows through its items (never the separators), Enter or Space runs one, Escape closes it. */
  private menuKey(e: KeyboardEvent): void {
    if (!this.menuOpen()) return;
    // No key reaches the grid behind the menu.
    e.stopPropagation();
    const items = this.menuItems();
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const by = e.key === 'ArrowDown' ? 1 : -1;
      items[at < 0 ? (by > 0 ? 0 : items.length - 1) : (at + by + items.length) % items.length]?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      // Tabulator runs the item and closes the menu on its click.
      items[at]?.click();
      this.closeMenu();
    } else if (e.key === 'Escape') this.closeMenu();
    else return;
    e.preventDefault();
  }

  /** Closes the open menu (Tabulator closes it on a click on the menu itself) and gives the grid the keys. */
  private closeMenu(): void {
    if (this.menu?.isConnected) this.menu.click();
    this.menu = null;
    this.focus();
  }

  // ---- Data ------------------------------------------------------------------------------------

  private rowData(r: GridRow): RowData {
    const d: RowData = { id: r.n, _n: r.n };
    for (let c = 1; c <= this.columns; c++) d[letters(c)] = r.v[c - 1] ?? '';
    if (r.f) d._f = r.f;
    if (r.e) d._e = r.e;
    return d;
  }

  private columnDefs(): ColumnDefinition[] {
    return Array.from({ length: this.columns }, (_, i) => ({ title: letters(i + 1), field: letters(i + 1) }));
  }

  /** Shows a window of the host's sheet, changing only the rows that changed when it can. */
  async show(win: GridWindow): Promise<void> {
    await this.built;
    const sameRows =
      this.win?.sheet === win.sheet &&
      this.win.offset === win.offset &&
      win.rows.length === this.rowsJson.size &&
      win.rows.every((r) => this.rowsJson.has(r.n));
    const sameColumns = win.maxColumns === this.columns;
    if (this.win && this.win.sheet !== win.sheet) {
      this.boxes = [];
      this.cursor = null;
    }
    this.loading = true;
    this.frozenRows = win.frozenRows;
    const json = new Map(win.rows.map((r) => [r.n, JSON.stringify(r)]));
    try {
      if (!sameColumns) {
        this.columns = win.maxColumns;
        this.table.setColumns(this.columnDefs());
      }
      if (sameRows && sameColumns) {
        const changed = win.rows.filter((r) => json.get(r.n) !== this.rowsJson.get(r.n)).map((r) => this.rowData(r));
        if (changed.length) await this.table.updateData(changed);
      } else {
        await this.table.replaceData(win.rows.map((r) => this.rowData(r)));
      }
    } finally {
      this.loading = false;
    }
    this.win = win;
    this.rows = new Map(win.rows.map((r) => [r.n, r]));
    this.order = new Map(win.rows.map((r, i) => [r.n, i]));
    this.rowsJson = json;
    this.draw();
    this.placeEditor();
  }
}
