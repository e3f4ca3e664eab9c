// A spreadsheet document: its sheets, owner, time zone, the current selection, the toasts shown,
// and what its formulas can name (its sheets, the bundle's custom functions).
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
  /** The selection, one range or several (a range list). */
  selection: Selection[] = [];
  activeSheetId = 0;
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
    // The selection on a deleted sheet goes; the sheet before it becomes the active sheet.
    this.selection = this.selection.filter((r) => r.sheetId !== sheet.sheetId);
    if (this.activeSheetId === sheet.sheetId) this.select(this.sheets[Math.max(0, at - 1)]!, 1, 1, 1, 1);
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  hasSheet(name: string): boolean {
    return this.sheetByName(name) !== undefined;
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
    this.activeSheetId = sheet.sheetId;
    this.selection = [{ sheetId: sheet.sheetId, row, column, numRows, numColumns }];
  }
}
