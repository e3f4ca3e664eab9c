// The fake Spreadsheet and SpreadsheetApp: sheets, the active sheet/range/selection, toasts, the UI.
import { GasError } from '../errors';
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
  'getId' | 'getName' | 'getSheetByName' | 'getSpreadsheetTimeZone' | 'getNumSheets' | 'getUrl'
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

  insertSheet(sheetName?: string, sheetIndex?: number): FakeSheet {
    const s = this.doc.addSheet(typeof sheetName === 'string' ? sheetName : undefined, sheetIndex);
    this.doc.select(s, 1, 1, 1, 1);
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

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    const model = this.doc.sheetById(sheet.getSheetId());
    if (!model) throw new GasError('Invalid argument: sheet');
    this.doc.select(model, 1, 1, 1, 1);
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

export class FakeSpreadsheetApp {
  static readonly kind = 'SpreadsheetApp';

  constructor(
    private readonly runtime: Runtime,
    private readonly documents: (id: string) => SpreadsheetModel,
    private readonly recorder: UiRecorder,
  ) {}

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
