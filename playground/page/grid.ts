// The sheet grid, drawn by Tabulator with column letters and the sheet's row numbers: it shows a
// window of the host's sheet, sends edits, selections, sorts, filters and row inserts or deletes to
// the server, and draws the host's selection. Cells are text nodes, never parsed as HTML.
import {
  TabulatorFull as Tabulator,
  type CellComponent,
  type ColumnComponent,
  type ColumnDefinition,
  type RowComponent,
} from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import type { GridRow, GridWindow } from '../protocol';
import { columnNumber, letters, sheetRef } from './dom';

export interface GridActions {
  /** A cell of `sheet` (the sheet the editor opened on, whatever is shown by the time it commits). */
  edit(sheet: string, cell: string, value: string): void;
  select(ranges: string[]): void;
  sort(column: number, ascending: boolean): void;
  filter(column: number): void;
  clearFilter(): void;
  insertRow(before: number): void;
  deleteRow(row: number): void;
  /** The cell a selection starts on, with what the formula bar shows for it. */
  focus(a1: string, content: string): void;
}

type RowData = { id: number; _n: number; _f?: Record<number, string>; _e?: Record<number, string>; [column: string]: unknown };

const COLUMN = /^[A-Z]+$/;

export class SheetGrid {
  private readonly table: Tabulator;
  private readonly built: Promise<void>;
  private columns = 0;
  private rowsJson = new Map<number, string>();
  private applying = false;
  private selectTimer: ReturnType<typeof setTimeout> | undefined;
  private shownSelection = '';
  /** The ranges as drawn from the host's selection, until the person selects something else. */
  private drawn = '';
  win: GridWindow | null = null;

  constructor(
    element: HTMLElement,
    private readonly actions: GridActions,
  ) {
    this.table = new Tabulator(element, {
      height: '100%',
      index: 'id',
      data: [],
      columns: [],
      selectableRange: 5,
      selectableRangeColumns: true,
      selectableRangeRows: true,
      selectableRangeClearCells: false,
      selectableRangeInitializeDefault: false,
      editTriggerEvent: 'dblclick',
      rowHeader: {
        field: '_n',
        title: '',
        headerSort: false,
        resizable: false,
        frozen: true,
        width: 52,
        hozAlign: 'center',
        cssClass: 'row-head',
        // The column defaults below are for cells, not for the row numbers.
        editor: false,
        headerMenu: false,
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
        editor: (cell: CellComponent, onRendered: (fn: () => void) => void, _success: unknown, cancel: () => void) =>
          this.editor(cell, onRendered, cancel),
        headerMenu: [
          {
            label: 'Sort sheet A → Z',
            action: (_e: unknown, column: ColumnComponent) => this.actions.sort(columnNumber(column.getField()), true),
          },
          {
            label: 'Sort sheet Z → A',
            action: (_e: unknown, column: ColumnComponent) => this.actions.sort(columnNumber(column.getField()), false),
          },
          { separator: true },
          {
            label: 'Filter by values…',
            action: (_e: unknown, column: ColumnComponent) => this.actions.filter(columnNumber(column.getField())),
          },
          { label: 'Remove filter', action: () => this.actions.clearFilter() },
        ],
      },
      rowFormatter: (row: RowComponent) => {
        const frozen = (this.win?.frozenRows ?? 0) >= (row.getData() as RowData)._n;
        row.getElement().classList.toggle('frozen-row', frozen);
      },
    } as unknown as ConstructorParameters<typeof Tabulator>[1]);
    this.built = new Promise((resolve) => this.table.on('tableBuilt', () => resolve()));
    // Only a person's mouse or keys choose a selection; ranges the grid makes on its own
    // (after new data, or drawing the host's selection) are not sent.
    let acted = false;
    element.addEventListener('mousedown', () => (acted = true), true);
    element.addEventListener('keydown', () => (acted = true), true);
    const changed = () => {
      if (this.applying || !acted) return;
      clearTimeout(this.selectTimer);
      this.selectTimer = setTimeout(() => this.sendSelection(), 150);
    };
    const on = this.table.on.bind(this.table) as unknown as (event: string, fn: () => void) => void;
    on('rangeChanged', changed);
    on('rangeAdded', changed);
  }

  private rowOf(row: RowComponent): number {
    return (row.getData() as RowData)._n;
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

  /** Edits the cell's formula (or value) as typed; the host's answer comes back with the next window. */
  private editor(cell: CellComponent, onRendered: (fn: () => void) => void, cancel: (value?: unknown) => void): HTMLElement {
    const data = cell.getRow().getData() as RowData;
    const field = cell.getField();
    const before = data._f?.[columnNumber(field) - 1] ?? String(cell.getValue() ?? '');
    // The editor belongs to the sheet it opened on: another sheet may be shown before it commits.
    const sheet = this.win?.sheet ?? '';
    const input = document.createElement('input');
    input.className = 'cell-editor';
    input.value = before;
    onRendered(() => {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    });
    let done = false;
    const finish = (commit: boolean) => {
      if (done) return;
      done = true;
      cancel();
      if (commit && input.value !== before) this.actions.edit(sheet, `${field}${data._n}`, input.value);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        finish(true);
      } else if (e.key === 'Escape') finish(false);
    });
    input.addEventListener('blur', () => finish(true));
    return input;
  }

  /** The grid's ranges in A1 notation (`Prospects!A1:G227`). */
  ranges(): string[] {
    const sheet = sheetRef(this.win?.sheet ?? '');
    return this.table.getRanges().flatMap((r) => {
      const rows = r.getRows().map((row) => (row.getData() as RowData)._n);
      const cols = r
        .getColumns()
        .map((c) => c.getField())
        .filter((f) => COLUMN.test(f))
        .map(columnNumber);
      if (!rows.length || !cols.length) return [];
      const [top, bottom, left, right] = [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
      const start = `${letters(left)}${top}`;
      return [top === bottom && left === right ? `${sheet}!${start}` : `${sheet}!${start}:${letters(right)}${bottom}`];
    });
  }

  private sendSelection(): void {
    const ranges = this.ranges();
    // The grid may report a range it drew for the host later: that is no choice of the person's
    // (and, past the rows on screen, it is cut short).
    if (!ranges.length || ranges.join(',') === this.drawn) return;
    this.drawn = '';
    this.shownSelection = ranges.join(',');
    this.actions.select(ranges);
    const first = this.table.getRanges()[0];
    const cell = (first?.getCells() as unknown as CellComponent[][] | undefined)?.[0]?.[0];
    if (cell && COLUMN.test(cell.getField())) {
      const data = cell.getRow().getData() as RowData;
      const f = data._f?.[columnNumber(cell.getField()) - 1];
      this.actions.focus(`${cell.getField()}${data._n}`, f ?? String(cell.getValue() ?? ''));
    }
  }

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
    this.win = win;
    if (!sameColumns) {
      this.columns = win.maxColumns;
      this.table.setColumns(this.columnDefs());
    }
    const json = new Map(win.rows.map((r) => [r.n, JSON.stringify(r)]));
    if (sameRows && sameColumns) {
      const changed = win.rows.filter((r) => json.get(r.n) !== this.rowsJson.get(r.n)).map((r) => this.rowData(r));
      if (changed.length) await this.table.updateData(changed);
    } else {
      this.applying = true;
      try {
        await this.table.replaceData(win.rows.map((r) => this.rowData(r)));
      } finally {
        this.applying = false;
      }
      this.shownSelection = '';
    }
    this.rowsJson = json;
  }

  /** Draws the host's selection, unless the grid already shows it. */
  showSelection(selection: string[]): void {
    const win = this.win;
    if (!win) return;
    const mine = selection.filter((a1) => sheetOf(a1) === win.sheet);
    if (mine.join(',') === this.shownSelection || mine.join(',') === this.ranges().join(',')) {
      this.shownSelection = mine.join(',');
      return;
    }
    const drawn: string[] = [];
    const added: unknown[] = [];
    this.applying = true;
    try {
      for (const r of this.table.getRanges()) r.remove();
      for (const a1 of mine) {
        const box = boxOf(a1);
        if (!box) continue;
        const ids = win.rows.map((r) => r.n).filter((n) => n >= box.top && n <= box.bottom);
        if (!ids.length) continue;
        const [top, bottom] = [ids[0]!, ids[ids.length - 1]!];
        const [left, right] = [Math.min(box.left, this.columns), Math.min(box.right, this.columns)];
        const start = this.table.getRow(top)?.getCell(letters(left));
        const end = this.table.getRow(bottom)?.getCell(letters(right));
        if (!start || !end) continue;
        added.push((this.table as unknown as { addRange(a: CellComponent, b: CellComponent): unknown }).addRange(start, end));
        const first = `${letters(left)}${top}`;
        drawn.push(`${sheetRef(win.sheet)}!${top === bottom && left === right ? first : `${first}:${letters(right)}${bottom}`}`);
      }
      // Removing the last range makes Tabulator add an empty one, whose bounds are not numbers:
      // laying it out beside ours throws. It goes once ours are there (they stay the active ones).
      if (added.length) for (const r of this.table.getRanges()) if (!added.includes(r)) r.remove();
    } finally {
      this.applying = false;
    }
    this.shownSelection = mine.join(',');
    this.drawn = drawn.join(',');
  }
}

function sheetOf(a1: string): string {
  const bang = a1.lastIndexOf('!');
  const name = bang < 0 ? '' : a1.slice(0, bang);
  return name.startsWith("'") ? name.slice(1, -1).replace(/''/g, "'") : name;
}

function boxOf(a1: string): { top: number; bottom: number; left: number; right: number } | undefined {
  const ref = a1.slice(a1.lastIndexOf('!') + 1);
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(ref);
  if (!m) return undefined;
  const left = columnNumber(m[1]!);
  const top = Number(m[2]);
  return { top, left, bottom: m[4] ? Number(m[4]) : top, right: m[3] ? columnNumber(m[3]) : left };
}
