// The estimated Apps Script time of each service call, with where each figure comes from. Every
// call advances the virtual clock by its cost, so loops of calls reach the execution limit the
// way they would in Apps Script. The table is documented in emulator/README.md (Cost model) and
// summed up in docs/quotas.md; keep them in step.

interface CostRule {
  /** Matches `Service.Class.method` names. */
  pattern: RegExp;
  base: number;
  /** Extra ms per cell read or written, for range calls. */
  perCell?: number;
  /** Where the figure comes from: a public measurement (address and what was measured), or a stated guess and why. */
  source: string;
}

// Public measurements the figures lean on, named once.
const BUGBUGNOW =
  'https://www.bugbugnow.net/2019/03/GoogleAppsScript-speed-up.html (1,000-row loops: getRange(i,1).getValue() per row 3,064 ms in all, about 3 ms a call; sheet.getLastRow() per iteration 160,377 ms, about 160 ms a call)';
const ZIRITIONE =
  'https://ziritione.org/post/apps_script_performance (100 runs each: getProperty avg 30-34 ms, setProperty avg 62-64 ms; cache get avg 3-4 ms, cache put avg 92-93 ms)';
const QIITA_CACHE =
  'https://qiita.com/mitonattou919/items/a0fdd1a9e4559ee4a512 (10 runs each: getScriptCache() 2-3 ms, cache put avg 56 ms, get avg 20 ms, remove avg 88 ms)';
const POEHNELT =
  'https://justin.poehnelt.com/posts/apps-script-key-value-stores (100 write+read pairs of 100 bytes: PropertiesService ~80 ms a pair, CacheService ~63 ms a pair)';
const SO_BULK =
  'https://ruby-bash.developreference.com/article/29263774/What+is+faster+ScriptDb+or+SpreadsheetApp (a Stack Overflow answer: one setValues of 4,000 cells under 50 ms, 400 row-by-row writes 164 ms before the final flush; writes are deferred, so a per-call figure for writes is not measured)';
const SMALL_OUTBOX =
  'https://sites.google.com/quickfixters.com/add-onsuniverse/faq (a mail-merge add-on’s FAQ: a message of 100 KB in all, images and attachments included, takes about 1.2 seconds to send)';
const PRE_PRACTICE =
  'https://www.pre-practice.net/2020/03/urlfetchappfetchallfetch.html (3 sequential fetches to the Google Books API 1,769 ms in all, about 590 ms each with the remote’s own time; the same 3 by fetchAll 929 ms)';

export const COST_RULES: readonly CostRule[] = [
  {
    pattern: /^SpreadsheetApp\.Range\.(getValues|getDisplayValues|getFormulas|getFormulasR1C1|getNumberFormats|getNotes)$/,
    base: 50,
    perCell: 0.01,
    source: `a stated guess: one round trip plus a small share per cell, so a 50,000-row read costs about half a second more than a small one; no public per-cell read figure was found (${SO_BULK} gives the order for bulk writes)`,
  },
  {
    pattern: /^SpreadsheetApp\.Range\.(setValues|setNumberFormats|setNotes|setFormulas|setFormulasR1C1)$/,
    base: 80,
    perCell: 0.05,
    source: `a stated guess, pessimistic next to ${SO_BULK}: writes land when Sheets flushes them, and the flush is charged to the call that wrote`,
  },
  {
    pattern: /^SpreadsheetApp\.Range\.(getValue|getDisplayValue|getFormula|getFormulaR1C1|getNote|getNumberFormat)$/,
    base: 30,
    source: `a stated guess for one uncached read; a loop of sequential reads measured about 3 ms a call (${BUGBUGNOW}), helped by Sheets' read-ahead cache, so this is pessimistic for loops`,
  },
  {
    // One formula over a range writes every cell of it and Sheets computes each: sized by the range.
    pattern: /^SpreadsheetApp\.Range\.(setFormula|setFormulaR1C1)$/,
    base: 40,
    perCell: 0.1,
    source:
      'a stated guess: the single-cell write below, plus per cell twice the bulk-write share, since Sheets computes every formula written (a SUBTOTAL over a row reads its cells)',
  },
  {
    pattern: /^SpreadsheetApp\.Range\.(setValue|setNote|setNumberFormat|clear|clearContent)$/,
    base: 40,
    source: 'a stated guess: one write round trip, less than setValues because no values travel',
  },
  {
    // Row and column inserts and deletes, sorts, hiding rows or a sheet: each reshapes the sheet.
    pattern: /^SpreadsheetApp\.Sheet\.(insert|delete|sort|hide|show|appendRow)/,
    base: 100,
    source: 'a stated guess: a structural change Sheets applies to the whole grid, a few times a plain read',
  },
  {
    pattern: /^SpreadsheetApp\.(Range\.sort|Filter\.remove)$/,
    base: 100,
    source: 'a stated guess: as for the sheet-wide structural changes',
  },
  {
    // One row per call: reading which rows of a selection are hidden costs a call per row.
    pattern: /^SpreadsheetApp\.Sheet\.(isRowHiddenByUser|isRowHiddenByFilter)$/,
    base: 10,
    source: `a stated guess between two measured bounds in ${BUGBUGNOW}: a row's hidden state is sheet metadata that the value read-ahead cache does not serve, so a call costs more than a cached getValue (3 ms) and less than a metadata call such as getLastRow (160 ms); public reports of per-row hidden checks call them slow, and at 10 ms a 50,000-row loop (500 s) passes the 6-minute limit`,
  },
  {
    pattern: /^SpreadsheetApp\.Spreadsheet\.(insertSheet|deleteSheet|toast)$/,
    base: 100,
    source: 'a stated guess: a change to the document structure (a tab made or removed), as for row inserts',
  },
  {
    pattern: /^SpreadsheetApp\.(getActiveSpreadsheet|getActive|openById|openByUrl|flush)$/,
    base: 20,
    source: 'a stated guess: opening the document handle once per execution',
  },
  {
    pattern: /^SpreadsheetApp\.Ui\.(showSidebar|showModalDialog|showModelessDialog)$/,
    base: 100,
    source: 'a stated guess: the page is sent to the browser',
  },
  {
    pattern: /^SpreadsheetApp\./,
    base: 1,
    source: `a stated guess for calls that read what the script already holds (getRange, getSheetByName, getRow); ${BUGBUGNOW} shows some metadata calls cost far more, which the rules above name`,
  },
  {
    pattern: /^PropertiesService\.Properties\.(getProperty|getProperties|getKeys)$/,
    base: 30,
    source: `measured: ${ZIRITIONE}; ${POEHNELT}`,
  },
  {
    pattern: /^PropertiesService\.Properties\./,
    base: 60,
    source: `measured: ${ZIRITIONE}; ${POEHNELT}`,
  },
  {
    pattern: /^PropertiesService\./,
    base: 2,
    source: `by analogy with the measured getScriptCache() (2-3 ms) in ${QIITA_CACHE}: getting a store handle`,
  },
  {
    pattern: /^CacheService\.Cache\.(get|getAll)$/,
    base: 5,
    source: `measured: ${ZIRITIONE} (3-4 ms); ${QIITA_CACHE} measured 20 ms`,
  },
  {
    pattern: /^CacheService\.Cache\./,
    base: 60,
    source: `measured: puts and removes in ${QIITA_CACHE} (56 and 88 ms) and ${ZIRITIONE} (92 ms)`,
  },
  {
    pattern: /^LockService\.Lock\.(tryLock|waitLock)$/,
    base: 5,
    source: 'a stated guess: an uncontended lock, plus the time waited, which the host adds',
  },
  {
    // UrlFetchApp adds the response time itself (delayMs, or DEFAULT_FETCH_MS per request).
    pattern: /^UrlFetchApp\./,
    base: 0,
    source: `the response's time, added by the host: the local service's delayMs, else DEFAULT_FETCH_MS (a stated guess, about half of the ~590 ms measured to a public API in ${PRE_PRACTICE})`,
  },
  {
    pattern: /^MailApp\.sendEmail$/,
    base: 200,
    source: `a stated guess for a short text message handed to Google's mail service: ${SMALL_OUTBOX}; an alert of a few hundred bytes carries none of that weight, so a fraction of it, but more than a property write (60 ms) since the message is queued for delivery`,
  },
  {
    pattern: /^MailApp\.getRemainingDailyQuota$/,
    base: 30,
    source: `by analogy with a property read (30 ms measured in ${ZIRITIONE}): one read from a store outside the runtime`,
  },
  {
    pattern: /^ScriptApp\.(ClockTriggerBuilder|SpreadsheetTriggerBuilder)\.create$/,
    base: 200,
    source: 'a stated guess: a write to the project’s trigger store, slower than a property write',
  },
  {
    pattern: /^ScriptApp\.(getProjectTriggers|getUserTriggers|deleteTrigger)$/,
    base: 50,
    source: 'a stated guess: a read or delete in the project’s trigger store, as for a property call',
  },
  {
    // Utilities.sleep advances the clock by its argument itself.
    pattern: /^Utilities\.sleep$/,
    base: 0,
    source: 'the time slept, added by the host',
  },
  {
    pattern: /^Utilities\.(computeDigest|computeHmacSha256Signature|base64Encode|base64Decode)/,
    base: 1,
    source: 'a stated guess: work done inside the runtime, no round trip',
  },
  {
    pattern: /^HtmlService\./,
    base: 2,
    source: 'a stated guess: building the page in the runtime; sending it is the showSidebar call',
  },
];

/** Cost of a call no rule names: a stated guess for a call answered inside the runtime. */
export const DEFAULT_CALL_MS = 1;
/** Time of one UrlFetch round trip when the service gives none (see the UrlFetchApp rule's source). */
export const DEFAULT_FETCH_MS = 300;
/** Extra time per request of a fetchAll on top of the slowest one: a stated guess (3 requests measured 929 ms against ~590 ms for one, in the UrlFetchApp rule's source). */
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

/** The cells of a range a call returned (a setter returns its range), else 0. */
function rangeCells(value: unknown): number {
  const range = value as { getNumRows?: unknown; getNumColumns?: unknown } | null;
  if (typeof range?.getNumRows !== 'function' || typeof range.getNumColumns !== 'function') return 0;
  return (range.getNumRows as () => number)() * (range.getNumColumns as () => number)();
}

/** The cost in ms of one call; `args` and `result` size the per-cell part. */
export function callCost(name: string, args: readonly unknown[], result: unknown): number {
  const rule = COST_RULES.find((r) => r.pattern.test(name));
  if (!rule) return DEFAULT_CALL_MS;
  if (!rule.perCell) return rule.base;
  // A setter given one value for the whole range (setFormulaR1C1) is sized by the range it returns.
  const cells = name.includes('.set') ? (isArray(args[0]) ? cellCount(args[0]) : rangeCells(result)) : cellCount(result);
  return rule.base + rule.perCell * cells;
}
