// Where the spreadsheet already holds answers it paid for: the paid ledger names, per key, the
// sheets it was paid for on and when; only those sheets are read (once each, the run's own sheet
// not at all: its rows are in hand), then the unplaced-results sheet for keys still not found.
import { ACTION_LABELS, type ActionId, type ActionOptions } from '../jobs/action-catalog';
import { answersOnSheet, answersUnplaced, lastPaid, type FoundAnswer, type ShownAnswer } from '../jobs/reused-answers';
import { paidPlaces } from './paid-ledger';
import { readSavedMapping } from './settings';
import { sheetById } from './sheet-port';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Rows = ReadonlyArray<ReadonlyArray<unknown>>;

/** The sheet paid results that found no row are kept in, for an action. */
export const unplacedSheetName = (action: ActionId): string => `${ACTION_LABELS[action]} · unplaced results`;

/** A sheet's values in one read: none when it is gone, or larger than `most` cells. */
const valuesOf = (sheet: GoogleAppsScript.Spreadsheet.Sheet | null | undefined, most: number): Rows | undefined =>
  sheet && (most === Infinity || sheet.getLastRow() * sheet.getLastColumn() <= most) ? sheet.getDataRange().getValues() : undefined;

/** The mapping the person saved for a sheet; none where the document's store cannot be read (a run by id). */
const savedMapping = (sheetId: number) => {
  try {
    return readSavedMapping(sheetId);
  } catch {
    return undefined;
  }
};

/** The run's own sheet, read already: its rows are looked in without another read. */
export interface OwnSheet {
  sheetId: number;
  rows: Rows;
}

/**
 * The answers the spreadsheet holds for `keys`, each paid for at `since` or later: the freshest
 * where several sheets hold one. A mapping the person saved for a sheet reads its inputs.
 */
export const findPaidAnswers = (
  spreadsheet: Spreadsheet,
  action: ActionId,
  keys: ReadonlySet<string>,
  since: number,
  options: ActionOptions,
  own?: OwnSheet,
  /** Sheets larger than this are not read (a formula's 30 seconds cannot wait for any size). */
  most = Infinity,
): Map<string, FoundAnswer> => {
  const found = new Map<string, FoundAnswer>();
  const places = paidPlaces(spreadsheet, action);
  const take = (key: string, answer: ShownAnswer, at: number) => {
    if (!(at <= (found.get(key)?.at ?? -Infinity))) found.set(key, { ...answer, at });
  };
  for (const [sheetId, paid] of places) {
    const want = new Set([...keys].filter((k) => paid.get(k)! >= since));
    if (want.size === 0) continue;
    const rows = own?.sheetId === sheetId ? own.rows : valuesOf(sheetById(spreadsheet, sheetId), most);
    if (!rows) continue;
    for (const [key, answer] of answersOnSheet(action, rows, want, options, savedMapping(sheetId))) take(key, answer, paid.get(key)!);
  }
  // Results that found no row are in the ledger under the sheet they were paid for on.
  const dates = places.map(([, paid]) => paid);
  const rest = new Set([...keys].filter((k) => !found.has(k) && lastPaid(dates, k)! >= since));
  if (rest.size) {
    const rows = valuesOf(spreadsheet.getSheetByName(unplacedSheetName(action)), most);
    if (rows) for (const [key, answer] of answersUnplaced(action, rows, rest)) take(key, answer, lastPaid(dates, key)!);
  }
  return found;
};
