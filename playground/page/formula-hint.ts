// The formula bar's hint: an =ENRICH_COMPANY example on the sheet's own column of domains or
// websites, read from its header row as the add-on reads headers; without one, the column it needs.
import { roleOfText } from '../../src/sheet/header-roles';
import { letters } from './dom';

/** The hint for a sheet whose first row holds `headers`, the active cell in sheet row `row`. */
export function formulaHint(headers: ReadonlyArray<string>, row: number): string {
  const at = headers.findIndex((h) => roleOfText(h) === 'domain');
  return at < 0
    ? "Select a cell, then type a value, or =ENRICH_COMPANY( ) on a cell holding a company's domain or website"
    : `Select a cell, then type a value or a formula such as =ENRICH_COMPANY(${letters(at + 1)}${Math.max(2, row)})`;
}
