// A spreadsheet document: its sheets, owner, time zone, the current selection (and the one each
// other sheet had when it was left), the toasts shown, and what its formulas can name (its
// sheets, the bundle's custom functions).
import { GasError } from '../errors';
import type { FormulaContext } from './formulas';
import { SheetModel } from './sheet-model';

export interface Selection {
  sheetId: number;
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export interface Toast {
  message: string;
  title: string;
  timeoutSeconds: number;
  at: number;
}

export class SpreadsheetModel implements FormulaContext {
  readonly sheets: SheetModel[] = [];
  /** Upper-cased names a cell may call besides Sheets' own functions; the host fills it from the bundle. */
  customFunctions = new Set<string>();
  /** The selection, one range or several (a range list), on the active sheet. */
  selection: Selection[] = [];
  activeSheetId = 0;
  /** Sheets keeps a selection per sheet: what each sheet had selected when another became active. */
  private readonly leftSelections = new Map<number, Selection[]>();
  /** Sheets hidden from the tabs (Sheet.hideSheet). */
  readonly hiddenSheets = new Set<number>();
  readonly toasts: Toast[] = [];
  private nextSheetId = 0;

  constructor(
    readonly id: string,
    public name: string,
    readonly owner: string,
    public timeZone = 'Etc/UTC',
  ) {}

  addSheet(name?: string, index?: number): SheetModel {
    const title = name ?? `Sheet${this.sheets.length + 1}`;
    if (this.sheetByName(title)) {
      throw new GasError(`A sheet with the name "${title}" already exists. Please enter another name.`);
    }
    const sheet = new SheetModel(title, this.nextSheetId === 0 ? 0 : (this.nextSheetId * 1000003) % 2147483647);
    this.nextSheetId++;
    sheet.context = this;
    this.sheets.splice(index ?? this.sheets.length, 0, sheet);
    if (this.sheets.length === 1) this.select(sheet, 1, 1, 1, 1);
    return sheet;
  }

  /**
   * Renames a sheet as a user does on its tab; Sheets refuses a name another sheet has (case
   * ignored) and an empty one.
   */
  renameSheet(sheet: SheetModel, name: string): void {
    const title = name.trim();
    if (title === '') throw new GasError('Invalid argument: name');
    const clash = this.sheets.find((s) => s !== sheet && s.name.toLowerCase() === title.toLowerCase());
    if (clash) throw new GasError(`A sheet with the name "${title}" already exists. Please enter another name.`);
    sheet.name = title;
  }

  /**
   * Duplicates a sheet as its tab's Duplicate does: "Copy of <name>" (numbered when taken) right
   * after it, with a new id, its cells, notes, formats, frozen and hidden rows copied.
   */
  duplicateSheet(sheet: SheetModel): SheetModel {
    let title = `Copy of ${sheet.name}`;
    for (let n = 2; this.sheetByName(title); n++) title = `Copy of ${sheet.name} ${n}`;
    const copy = this.addSheet(title, this.sheets.indexOf(sheet) + 1);
    copy.copyFrom(sheet);
    return copy;
  }

  /** Deletes a sheet as its tab's Delete does; a spreadsheet keeps at least one sheet. */
  removeSheet(sheet: SheetModel): void {
    const at = this.sheets.indexOf(sheet);
    if (at < 0) throw new GasError('Invalid argument: sheet');
    if (this.sheets.length === 1) throw new GasError("You can't remove all the sheets in a document.");
    this.sheets.splice(at, 1);
    this.hiddenSheets.delete(sheet.sheetId);
    this.leftSelections.delete(sheet.sheetId);
    // The selection on a deleted sheet goes; the sheet before it becomes the active sheet.
    this.selection = this.selection.filter((r) => r.sheetId !== sheet.sheetId);
    if (this.activeSheetId === sheet.sheetId) this.activate(this.sheets[Math.max(0, at - 1)]!);
  }

  /**
   * Hides a sheet's tab (Sheet.hideSheet). Sheets keeps one sheet visible; hiding the active
   * sheet makes the next visible one active.
   */
  hideSheet(sheet: SheetModel): void {
    const visible = this.sheets.filter((s) => s !== sheet && !this.hiddenSheets.has(s.sheetId));
    if (visible.length === 0) throw new GasError("You can't hide all the sheets in a document.");
    this.hiddenSheets.add(sheet.sheetId);
    if (this.activeSheetId === sheet.sheetId) {
      const at = this.sheets.indexOf(sheet);
      this.activate(visible.find((s) => this.sheets.indexOf(s) > at) ?? visible[visible.length - 1]!);
    }
  }

  /** Makes a sheet the active one with the selection it had when it was left (A1 the first time), as switching tabs does. */
  activate(sheet: SheetModel): void {
    if (sheet.sheetId === this.activeSheetId && this.selection.length) return;
    this.leave();
    this.activeSheetId = sheet.sheetId;
    this.selection = this.leftSelections.get(sheet.sheetId) ?? [{ sheetId: sheet.sheetId, row: 1, column: 1, numRows: 1, numColumns: 1 }];
  }

  /** Sets the selection (one range or a list, all on one sheet), whose sheet becomes the active one. */
  selectRanges(ranges: Selection[]): void {
    const sheetId = ranges[0]?.sheetId ?? this.activeSheetId;
    if (sheetId !== this.activeSheetId) this.leave();
    this.activeSheetId = sheetId;
    this.selection = ranges;
  }

  /** Keeps the active sheet's selection for when it is active again. */
  private leave(): void {
    const own = this.selection.filter((r) => r.sheetId === this.activeSheetId);
    if (own.length) this.leftSelections.set(this.activeSheetId, own);
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  hasSheet(name: string): boolean {
    return this.sheetByName(name) !== undefined;
  }

  /** The sheet a formula's reference names; a sheet's own references are answered by the sheet (SheetModel.context). */
  sheetNamed(name: string | undefined): SheetModel | undefined {
    return name === undefined ? undefined : this.sheetByName(name);
  }

  isCustomFunction(name: string): boolean {
    return this.customFunctions.has(name.toUpperCase());
  }

  sheetById(id: number): SheetModel | undefined {
    return this.sheets.find((s) => s.sheetId === id);
  }

  activeSheet(): SheetModel {
    const s = this.sheetById(this.activeSheetId) ?? this.sheets[0];
    if (!s) throw new GasError('The spreadsheet has no sheets.');
    return s;
  }

  select(sheet: SheetModel, row: number, column: number, numRows: number, numColumns: number): void {
    this.selectRanges([{ sheetId: sheet.sheetId, row, column, numRows, numColumns }]);
  }
}
