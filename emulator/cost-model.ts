// The estimated Apps Script time of each service call. Every call advances the virtual clock
// by its cost, so loops of calls reach the execution limit the way they would in Apps Script.
// The table is documented in README.md; keep the two in step.

interface CostRule {
  /** Matches `Service.Class.method` names. */
  pattern: RegExp;
  base: number;
  /** Extra ms per cell read or written, for range calls. */
  perCell?: number;
}

export const COST_RULES: readonly CostRule[] = [
  { pattern: /^SpreadsheetApp\.Range\.(getValues|getDisplayValues|getFormulas|getNumberFormats|getNotes)$/, base: 50, perCell: 0.01 },
  { pattern: /^SpreadsheetApp\.Range\.(setValues|setNumberFormats|setNotes|setFormulas)$/, base: 80, perCell: 0.05 },
  { pattern: /^SpreadsheetApp\.Range\.(getValue|getDisplayValue|getFormula|getNote|getNumberFormat)$/, base: 30 },
  { pattern: /^SpreadsheetApp\.Range\.(setValue|setNote|setNumberFormat|setFormula|clear|clearContent)$/, base: 40 },
  // Row and column inserts and deletes, sorts, hiding: each reshapes the sheet.
  { pattern: /^SpreadsheetApp\.Sheet\.(insert|delete|sort|hide|show|appendRow)/, base: 100 },
  { pattern: /^SpreadsheetApp\.(Range\.sort|Filter\.remove)$/, base: 100 },
  // One row per call: reading which rows of a selection are hidden costs a call per row.
  { pattern: /^SpreadsheetApp\.Sheet\.(isRowHiddenByUser|isRowHiddenByFilter)$/, base: 1 },
  { pattern: /^SpreadsheetApp\.Spreadsheet\.(insertSheet|deleteSheet|toast)$/, base: 100 },
  { pattern: /^SpreadsheetApp\.(getActiveSpreadsheet|getActive|openById|flush)$/, base: 20 },
  { pattern: /^SpreadsheetApp\.Ui\.(showSidebar|showModalDialog|showModelessDialog)$/, base: 100 },
  { pattern: /^SpreadsheetApp\./, base: 1 },
  { pattern: /^PropertiesService\.Properties\.(getProperty|getProperties|getKeys)$/, base: 5 },
  { pattern: /^PropertiesService\.Properties\./, base: 10 },
  { pattern: /^PropertiesService\./, base: 2 },
  { pattern: /^CacheService\.Cache\.(get|getAll)$/, base: 5 },
  { pattern: /^CacheService\.Cache\./, base: 10 },
  { pattern: /^LockService\.Lock\.(tryLock|waitLock)$/, base: 5 },
  // UrlFetchApp adds the response time itself (delayMs, or DEFAULT_FETCH_MS per request).
  { pattern: /^UrlFetchApp\./, base: 0 },
  { pattern: /^ScriptApp\.(ClockTriggerBuilder|SpreadsheetTriggerBuilder)\.create$/, base: 200 },
  { pattern: /^ScriptApp\.(getProjectTriggers|getUserTriggers|deleteTrigger)$/, base: 50 },
  // Utilities.sleep advances the clock by its argument itself.
  { pattern: /^Utilities\.sleep$/, base: 0 },
  { pattern: /^Utilities\.(computeDigest|computeHmacSha256Signature|base64Encode|base64Decode)/, base: 1 },
  { pattern: /^HtmlService\./, base: 2 },
];

export const DEFAULT_CALL_MS = 1;
/** Time of one UrlFetch round trip when the service gives none. */
export const DEFAULT_FETCH_MS = 300;
/** Extra time per request of a fetchAll on top of the slowest one. */
export const FETCH_ALL_PER_REQUEST_MS = 20;

// Bound once: a global read under a test runner's vm context is slow, and this runs per row.
const isArray = Array.isArray;

function cellCount(value: unknown): number {
  if (!isArray(value)) return 0;
  let n = 0;
  // An index loop: a range's grid has up to hundreds of thousands of rows.
  for (let i = 0; i < value.length; i++) {
    const row: unknown = value[i];
    n += isArray(row) ? row.length : 1;
  }
  return n;
}

/** The cost in ms of one call; `args` and `result` size the per-cell part. */
export function callCost(name: string, args: readonly unknown[], result: unknown): number {
  const rule = COST_RULES.find((r) => r.pattern.test(name));
  if (!rule) return DEFAULT_CALL_MS;
  if (!rule.perCell) return rule.base;
  const cells = name.includes('.set') ? cellCount(args[0]) : cellCount(result);
  return rule.base + rule.perCell * cells;
}
