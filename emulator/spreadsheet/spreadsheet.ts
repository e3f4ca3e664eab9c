// The fake Spreadsheet and SpreadsheetApp: sheets, the active sheet/range/selection, toasts, the UI.
import { SPREADSHEETS_SCOPE } from '../auth';
import { GasError, Messages } from '../errors';
import type { Runtime } from '../runtime';
import type { Shape } from '../shape';
import { parseA1 } from './a1';
import { type FakeRange, FakeRangeList } from './range';
import { FakeSheet } from './sheet';
import type { SheetModel } from './sheet-model';
import type { SpreadsheetModel } from './spreadsheet-model';
import { FakeUi, type UiRecorder } from './ui';

type SpreadsheetApi = Shape<
  GoogleAppsScript.Spreadsheet.Spreadsheet,
  'getId' | 'getName' | 'getSheetByName' | 'getSpreadsheetTimeZone' | 'setSpreadsheetTimeZone' | 'getNumSheets' | 'getUrl'
>;

export class FakeSpreadsheet implements SpreadsheetApi {
  static readonly kind = 'SpreadsheetApp.Spreadsheet';

  constructor(
    private readonly doc: SpreadsheetModel,
    private readonly runtime: Runtime,
  ) {}

  _sheet(model: SheetModel): FakeSheet {
    return new FakeSheet(this.doc, model, () => this);
  }

  _selectionRanges(): FakeRange[] {
    return this.doc.selection.flatMap((s) => {
      const model = this.doc.sheetById(s.sheetId);
      return model ? [this._sheet(model)._range(s.row, s.column, s.numRows, s.numColumns)] : [];
    });
  }

  getId(): string {
    return this.doc.id;
  }

  getName(): string {
    return this.doc.name;
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.doc.id}/edit`;
  }

  getSpreadsheetTimeZone(): string {
    return this.doc.timeZone;
  }

  /**
   * Spreadsheet.setSpreadsheetTimeZone: "Sets the time zone for the spreadsheet" (a name such as
   * "America/New_York"). Dates written since read in the new zone; a name no zone has is refused.
   */
  setSpreadsheetTimeZone(timezone: string): void {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: String(timezone) });
    } catch {
      throw new GasError(`Invalid argument: ${String(timezone)}`);
    }
    this.doc.timeZone = String(timezone);
  }

  getNumSheets(): number {
    return this.doc.sheets.length;
  }

  getSheets(): FakeSheet[] {
    return this.doc.sheets.map((s) => this._sheet(s));
  }

  getSheetByName(name: string): FakeSheet | null {
    const s = this.doc.sheetByName(name);
    return s ? this._sheet(s) : null;
  }

  getSheetById(id: number): FakeSheet | null {
    const s = this.doc.sheetById(id);
    return s ? this._sheet(s) : null;
  }

  /** A new sheet, which becomes the active sheet (as in Apps Script); the sheet left keeps its selection for when it is active again. */
  insertSheet(sheetName?: string, sheetIndex?: number): FakeSheet {
    const s = this.doc.addSheet(typeof sheetName === 'string' ? sheetName : undefined, sheetIndex);
    this.doc.activate(s);
    return this._sheet(s);
  }

  deleteSheet(sheet: FakeSheet): void {
    const model = this.doc.sheetById(sheet.getSheetId());
    if (!model) throw new GasError('Invalid argument: sheet');
    this.doc.removeSheet(model);
  }

  getActiveSheet(): FakeSheet {
    return this._sheet(this.doc.activeSheet());
  }

  /**
   * Makes the sheet active with the selection it last had. Apps Script restores it when
   * `restoreSelection` is true; the host restores it either way, as switching tabs does.
   */
  setActiveSheet(sheet: FakeSheet, restoreSelection?: boolean): FakeSheet {
    void restoreSelection;
    const model = this.doc.sheetById(sheet.getSheetId());
    if (!model) throw new GasError('Invalid argument: sheet');
    this.doc.activate(model);
    return this._sheet(model);
  }

  getRange(a1Notation: string): FakeRange {
    const a = parseA1(a1Notation);
    const model = a.sheetName !== undefined ? this.doc.sheetByName(a.sheetName) : this.doc.activeSheet();
    if (!model) throw new GasError('Range not found');
    return this._sheet(model).getRange(a1Notation.slice(a1Notation.lastIndexOf('!') + 1));
  }

  getActiveRange(): FakeRange | null {
    return this._selectionRanges()[0] ?? null;
  }

  getActiveRangeList(): FakeRangeList | null {
    const ranges = this._selectionRanges();
    return ranges.length ? new FakeRangeList(ranges) : null;
  }

  setActiveRange(range: FakeRange): FakeRange {
    return range.activate();
  }

  toast(msg: string, title?: string, timeoutSeconds?: number): void {
    this.doc.toasts.push({ message: String(msg), title: title ?? '', timeoutSeconds: timeoutSeconds ?? 5, at: this.runtime.clock.now() });
  }
}

/** What opening a spreadsheet by id needs from the host: its documents and the script's OAuth scopes. */
export interface DocumentAccess {
  find(id: string): SpreadsheetModel | undefined;
  /** The script's scopes; undefined when it declares none (Apps Script then grants what the code uses). */
  scopes(): ReadonlySet<string> | undefined;
}

export class FakeSpreadsheetApp {
  static readonly kind = 'SpreadsheetApp';

  constructor(
    private readonly runtime: Runtime,
    private readonly documents: (id: string) => SpreadsheetModel,
    private readonly recorder: UiRecorder,
    private readonly access?: DocumentAccess,
  ) {}

  /**
   * A spreadsheet by id. It needs the full spreadsheets scope (spreadsheets.currentonly reaches
   * only the document the script is bound to), and it is not the active document: the run's
   * getActiveSpreadsheet(), document lock, properties and cache stay as they were.
   */
  openById(id: string): FakeSpreadsheet {
    const scopes = this.access?.scopes();
    if (scopes && !scopes.has(SPREADSHEETS_SCOPE)) throw new GasError(Messages.permission('SpreadsheetApp.openById', SPREADSHEETS_SCOPE));
    const doc = this.access?.find(String(id));
    if (!doc) throw new GasError('Unexpected error while getting the method or property openById on object SpreadsheetApp.');
    return new FakeSpreadsheet(doc, this.runtime);
  }

  openByUrl(url: string): FakeSpreadsheet {
    const scopes = this.access?.scopes();
    if (scopes && !scopes.has(SPREADSHEETS_SCOPE)) throw new GasError(Messages.permission('SpreadsheetApp.openByUrl', SPREADSHEETS_SCOPE));
    const id = /\/spreadsheets\/d\/([^/?#]+)/.exec(String(url))?.[1];
    const doc = id === undefined ? undefined : this.access?.find(id);
    if (!doc) throw new GasError('Unexpected error while getting the method or property openByUrl on object SpreadsheetApp.');
    return new FakeSpreadsheet(doc, this.runtime);
  }

  /** The active spreadsheet; null in a time-driven trigger run with no document. */
  _active(): FakeSpreadsheet | null {
    const exec = this.runtime.exec();
    return exec.activeDocument ? new FakeSpreadsheet(this.documents(exec.spreadsheetId), this.runtime) : null;
  }

  getActiveSpreadsheet(): FakeSpreadsheet | null {
    return this._active();
  }

  getActive(): FakeSpreadsheet | null {
    return this._active();
  }

  getActiveSheet(): FakeSheet | null {
    return this._active()?.getActiveSheet() ?? null;
  }

  getActiveRange(): FakeRange | null {
    return this._active()?.getActiveRange() ?? null;
  }

  getActiveRangeList(): FakeRangeList | null {
    return this._active()?.getActiveRangeList() ?? null;
  }

  setActiveRange(range: FakeRange): FakeRange {
    return range.activate();
  }

  getUi(): FakeUi {
    return new FakeUi(this.recorder, this.runtime);
  }

  flush(): void {}
}
