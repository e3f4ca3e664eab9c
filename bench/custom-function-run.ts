// `=ENRICH_COMPANY` over a column of domains in the local host, the service answering each
// request in the host's default 300 ms: what the first recalculation does against Sheets'
// 30-second limit, the rounds a person runs (Refresh formulas in selection, a minute apart, as
// the cell's error asks) until every row is answered, then one more recalculation.
import { DEFAULT_FETCH_MS, THIRTY_SECONDS, type CustomFunctionResult } from '../emulator';
import { CELL_MESSAGES } from '../src/formulas/cell-functions';
import { DIST } from './addon-run';
import { benchWorld, KEY, OWNER, type BenchWorld } from './world';

/** What one recalculation did and what its cells show. */
export interface RecalcFigures {
  /** Custom-function executions (cells run). */
  executions: number;
  /** HTTP requests sent (each fetchAll item counted). */
  fetches: number;
  http429: number;
  /** The longest cell execution, in the host's time, against THIRTY_SECONDS. */
  longestMs: number;
  timedOut: number;
  /** The cells' own JavaScript time, summed (the add-on's own CPU). */
  cpuMs: number;
  /** Rows showing a value, rows showing a lasting message (not found, ...), rows under #ERROR!. */
  values: number;
  messages: number;
  errorRows: number;
  /** The error a person sees on hovering the first cell that shows #ERROR!. */
  error?: string;
}

export interface CustomFunctionFigures {
  domains: number;
  /** The formula as first entered: one cell over the whole column. */
  formula: string;
  first: RecalcFigures;
  /** When the first recalculation refused the range: the formulas a person splits it into. */
  split?: { formulas: number; rowsEach: number };
  /** Each later round until every row has its answer (at most MAX_ROUNDS). */
  rounds: RecalcFigures[];
  /** Host minutes from the first recalculation to the end of the last round. */
  minutesToAnswer: number;
  /** The single formula over the whole column entered again once every row is cached, then recalculated. */
  again: RecalcFigures;
  fetchMs: number;
  limitMs: number;
}

/** A formula in column B at `row`, over `rows` domains. */
interface FormulaCell {
  row: number;
  rows: number;
}

const MAX_ROUNDS = 40;
/** The cells ask to recalculate "in a minute"; the add-on counts its budget over 65 seconds. */
const ROUND_GAP_MS = 65 * 1000;
/**
 * The split formulas are recalculated one after another. Run side by side, the host's cache keeps
 * one version of each key, so a cell started at the shared moment sees no entry another cell put
 * later (the budget and the answers' buckets), claims the whole budget again and overwrites the
 * other cells' answers: a limit of the local host, not of Sheets, where a cell reads the latest
 * value put before it asks.
 */
const SIDE_BY_SIDE = false;
const LASTING = new Set<string>(Object.values(CELL_MESSAGES));

const domainsFor = (n: number): string[] => Array.from({ length: n }, (_, i) => `company${i}.com`);

/** Runs `recalc` and reads what its cells did, then what every formula cell shows. */
function measure(w: BenchWorld, cells: FormulaCell[], recalc: () => CustomFunctionResult[]): RecalcFigures {
  const before = w.host.requests.length;
  const results = recalc();
  const sent = w.host.requests.slice(before);
  const f: RecalcFigures = {
    executions: results.length,
    fetches: sent.length,
    http429: sent.filter((q) => q.status === 429).length,
    longestMs: Math.max(0, ...results.map((r) => r.result?.elapsedMs ?? 0)),
    timedOut: results.filter((r) => r.timedOut).length,
    cpuMs: results.reduce((n, r) => n + (r.result?.execution.calls.report().scriptMs ?? 0), 0),
    values: 0,
    messages: 0,
    errorRows: 0,
  };
  const sheet = w.host.spreadsheet.sheetByName('Sheet1')!;
  for (const { row, rows } of cells) {
    // A 2-D answer is kept in its cell (the host does not spill it).
    const cell = sheet.cell(row, 2);
    const shown = cell?.computed;
    if (Array.isArray(shown)) {
      for (const line of shown) {
        if (LASTING.has(String(line[0]))) f.messages++;
        else f.values++;
      }
    } else {
      f.errorRows += rows;
      f.error ??= cell?.error;
    }
  }
  return f;
}

/** Refresh formulas in selection over the formula column, as the cell's error asks, then a recalculation. */
function refreshAndRecalculate(w: BenchWorld, lastRow: number): CustomFunctionResult[] {
  w.host.select(`Sheet1!B2:B${lastRow}`);
  const r = w.host.clickMenu('Refresh formulas in selection');
  if (!r.ok) throw new Error(`Refresh formulas in selection failed: ${r.error?.message}`);
  return w.host.recalculate({ concurrent: SIDE_BY_SIDE });
}

export function runCustomFunctionBench(domains: number): CustomFunctionFigures {
  const list = domainsFor(domains);
  const w = benchWorld(0, { bundleDir: DIST, filter: (f) => f.endsWith('Code.js'), addonMenuTitle: 'Prospecting for Sheets' }, [
    ['Domain', 'Company'],
    ...list.map((d) => [d, '']),
  ]);
  w.host.open();
  const connected = w.host.callFromSidebar('connect', [KEY], OWNER);
  if (!connected.ok) throw new Error(`connect failed: ${connected.error?.message}`);
  const sheet = w.host.sheet();
  const last = domains + 1;
  const formula = `=ENRICH_COMPANY(A2:A${last})`;
  const whole: FormulaCell[] = [{ row: 2, rows: domains }];
  sheet.userEdit('B2', formula);
  const startedAt = w.host.clock.now();
  const first = measure(w, whole, () => w.host.recalculate());

  // Refused whole: the person splits the range into formulas of the most rows a cell looks up.
  let cells = whole;
  let split: CustomFunctionFigures['split'];
  const most = /More than ([\d,]+) rows to look up/.exec(first.error ?? '');
  if (most) {
    const rowsEach = Number(most[1]!.replace(/,/g, ''));
    cells = [];
    for (let from = 2; from <= last; from += rowsEach) {
      const to = Math.min(last, from + rowsEach - 1);
      sheet.userEdit(`B${from}`, `=ENRICH_COMPANY(A${from}:A${to})`);
      cells.push({ row: from, rows: to - from + 1 });
    }
    split = { formulas: cells.length, rowsEach };
  }

  const rounds: RecalcFigures[] = [];
  let shown: RecalcFigures | undefined = split ? undefined : first;
  while ((!shown || shown.errorRows > 0) && rounds.length < MAX_ROUNDS) {
    if (shown) w.host.clock.advance(ROUND_GAP_MS);
    // Newly entered formulas are computed at once; later rounds go through the menu.
    const recalc = shown ? () => refreshAndRecalculate(w, last) : () => w.host.recalculate({ concurrent: SIDE_BY_SIDE });
    shown = measure(w, cells, recalc);
    rounds.push(shown);
  }
  const minutesToAnswer = (w.host.clock.now() - startedAt) / 60000;

  // Every row cached: the single formula over the whole column, as first entered, once more.
  for (const c of cells) if (c.row !== 2) sheet.userEdit(`B${c.row}`, '');
  sheet.userEdit('B2', formula);
  w.host.clock.advance(ROUND_GAP_MS);
  const again = measure(w, whole, () => refreshAndRecalculate(w, last));
  return {
    domains,
    formula,
    first,
    ...(split ? { split } : {}),
    rounds,
    minutesToAnswer,
    again,
    fetchMs: DEFAULT_FETCH_MS,
    limitMs: THIRTY_SECONDS,
  };
}
