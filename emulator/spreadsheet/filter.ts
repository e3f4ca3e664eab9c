// The fake Filter and FilterCriteria a script reaches through Sheet.getFilter(): the filter's
// range, the values hidden per column, and removing it.
import { GasError, Messages } from '../errors';
import type { Shape } from '../shape';
import type { FakeRange } from './range';
import type { SheetModel } from './sheet-model';

type FilterApi = Shape<GoogleAppsScript.Spreadsheet.Filter, 'getColumnFilterCriteria' | 'getRange' | 'remove'>;
type FilterCriteriaApi = Shape<GoogleAppsScript.Spreadsheet.FilterCriteria, 'getHiddenValues' | 'getVisibleValues'>;

export class FakeFilterCriteria implements FilterCriteriaApi {
  static readonly kind = 'SpreadsheetApp.FilterCriteria';

  constructor(private readonly hidden: readonly string[]) {}

  getHiddenValues(): string[] {
    return [...this.hidden];
  }

  /** Visible values are only set on filters of sheets connected to databases. */
  getVisibleValues(): string[] {
    return [];
  }
}

export class FakeFilter implements FilterApi {
  static readonly kind = 'SpreadsheetApp.Filter';

  constructor(
    private readonly model: SheetModel,
    private readonly makeRange: (row: number, column: number, numRows: number, numColumns: number) => FakeRange,
  ) {}

  private state() {
    // A script may keep a Filter after remove(); Apps Script then fails its calls.
    if (!this.model.filter) throw new GasError('This filter no longer exists.');
    return this.model.filter;
  }

  getRange(): FakeRange {
    const f = this.state();
    return this.makeRange(f.rows.start, f.columns.start, f.rows.count, f.columns.count);
  }

  /** The criteria on a sheet column of the filter's range, or null when that column is not filtered. */
  getColumnFilterCriteria(columnPosition: number): FakeFilterCriteria | null {
    const f = this.state();
    if (columnPosition < f.columns.start || columnPosition >= f.columns.start + f.columns.count) {
      throw new GasError(Messages.filterColumnOutside);
    }
    const hidden = f.hiddenValues.get(columnPosition);
    return hidden ? new FakeFilterCriteria(hidden) : null;
  }

  remove(): void {
    this.state();
    this.model.clearFilter();
  }
}
