// Find people and Find companies: how many match, then up to 10,000 of them written into a new
// sheet or below the active sheet's rows, a page at a time, resumed across executions like a
// job: the sidebar steps a search while it is open, the time-driven trigger once it is closed.
// The sidebar words what these answer.
import { max, min } from '../base/numbers';
import * as z from 'zod/mini';
import { fail } from '../base/fail';
import { type ProspectingError } from '../api/errors';
import { failureOf } from '../api/failure';
import { boolean, oneOf } from '../api/kinds';
import { lazy } from '../base/lazy';
import type { SearchBody } from '../api/requests';
import { wholeNumber } from '../api/schemas';
import { currentSpreadsheet, withDocumentLock, type Spreadsheet } from '../gas/active-document';
import { requireClient } from '../gas/client-factory';
import { readSearch, saveSearch, type SearchRecord } from '../gas/search-store';
import { sheetById } from '../gas/sheet-port';
import { ensureSomeTrigger } from '../gas/triggers';
import { safeCell } from '../sheet/cells';
import { utf8Length } from '../sheet/utf8';
import { roleOfHeader } from '../sheet/columns';
import { normalizeDomain, normalizeProfileUrl } from '../sheet/keys';
import { appendBlock, insertNumberedSheet, parse, TOOL_BUDGET_MS, UNREADABLE } from './run-tools';
import { timeNow } from '../gas/clock';

/**
 * Each kind's columns: a header and the result's field. The headers are those the enrichment's
 * column detection reads (Name, Company, Company website, Profile URL), so "Enrich people" on the
 * written rows needs no mapping (it reads a website's domain). Profile URL is last in both.
 */
const SHARED = [
  ['Location', 'location'],
  ['Profile URL', 'profile_url'],
] as const;
const COLUMNS = {
  people: [['Name', 'name'], ['Title', 'title'], ['Company', 'company.name'], ['Company website', 'company.website'], ...SHARED],
  companies: [['Company', 'name'], ['Website', 'website'], ['Size', 'size'], ['Type', 'type'], ...SHARED],
};

const searchInput = lazy(() =>
  z.looseObject({
    kind: oneOf(['people', 'companies']),
    /** Rows to write, at most 10,000 (1,000 when not given). */
    limit: z.optional(wholeNumber()),
    /** Below the rows of the active sheet, not into a new one. */
    active: z.optional(boolean()),
  }),
);
/** What the sidebar sends to count or to start a search: these, and the request's filters beside them. */
export interface SearchInput {
  kind: 'people' | 'companies';
  limit?: number;
  active?: boolean;
  [filter: string]: SearchBody[string] | boolean | undefined;
}

/**
 * The request; the rest of it is its filters, checked as the body of each search request (the
 * count's first). The search's record keeps them in one user property (9 KB at most), so filters
 * that would not fit there, with room for the rest of it, are refused before anything is made.
 */
const readInput = (input: unknown): SearchInput => {
  if (utf8Length(JSON.stringify(input)) > 8000) fail('The filters are too long to keep: shorten the lists.');
  return parse(searchInput(), input, UNREADABLE) as SearchInput;
};

/**
 * Makes or chooses the sheet, and finds where each column goes: under the header in row 1 that
 * names the same (the same text, or the role the column detection gives it), else in a new
 * column after the last, headed so. Nothing is made for a request that cannot be sent.
 */
const start = (ss: Spreadsheet, input: unknown): SearchRecord => {
  const { kind, limit = 1000, active, ...body } = readInput(input);
  const sheet = active ? ss.getActiveSheet() : insertNumberedSheet(`Search: ${kind}`);
  const width = sheet.getLastColumn();
  const top = width ? sheet.getRange(1, 1, 1, width).getValues()[0]! : [];
  const added: string[] = [];
  const heads = COLUMNS[kind].map(([header]) => {
    const role = roleOfHeader(header);
    const t: unknown = top.find((t) => t === header || (role && roleOfHeader(t) === role));
    return t === undefined ? (added.push(header), header) : String(t);
  });
  if (added.length) sheet.getRange(1, width + 1, 1, added.length).setValues([added]);
  const at = timeNow();
  const first = sheet.getLastRow() + 1;
  return {
    id: at,
    kind,
    body: body as SearchBody,
    limit: min(limit, 10000),
    sheetId: sheet.getSheetId(),
    name: sheet.getName(),
    heads,
    page: 1,
    written: 0,
    first,
    at,
  };
};

/**
 * Writes pages until the search is done or `deadline` passes, saving it after each. Each step
 * finds its columns again by their headers in row 1 (a person may insert or move columns while
 * it goes on); one gone ends it. People or companies already in the sheet are skipped and do not
 * count toward the limit. A wait the client could not sit out within its own budget (a 429, a
 * passing fault, Apps Script's quota) leaves it pending, to be tried again after `wait` seconds
 * by the sidebar's next step or the trigger; any other failure (a refused filter or key) ends it
 * with the reason. The rows written stay, and a search into the same sheet goes on past them.
 */
const step = (ss: Spreadsheet, s: SearchRecord, deadline: number): SearchRecord => {
  const id = ss.getId();
  const sheet = sheetById(ss, s.sheetId);
  const columns = COLUMNS[s.kind];
  // What identifies a row, from its cells in the kind's column order: a person's profile URL; a
  // company's website domain, else its profile URL (a company may have no website).
  const key = (cells: unknown[]) => (s.kind === 'companies' && normalizeDomain(cells[1])) || normalizeProfileUrl(cells[5]);
  s.wait = undefined;
  try {
    const c = requireClient();
    // A deleted sheet throws here, and is told so below.
    const last = sheet!.getLastRow();
    const top = sheet!.getRange(1, 1, 1, sheet!.getLastColumn()).getValues()[0]!.map(String);
    const cols = s.heads.map((h) => {
      const i = top.indexOf(h);
      if (i < 0) fail(`The column "${h}" is gone from row 1.`);
      return i + 1;
    });
    const width = max(...cols);
    const seen = new Set(
      last > 1
        ? sheet!
            .getRange(2, 1, last - 1, width)
            .getValues()
            .map((r) => key(cols.map((j): unknown => r[j - 1])))
        : [],
    );
    while (s.written < s.limit) {
      if (timeNow() >= deadline) return s;
      const { results } = c.search(
        s.kind,
        { ...s.body, page: s.page, page_size: 100 },
        columns.map((f) => f[1]),
      );
      s.page++;
      const rows: unknown[][] = [];
      for (const result of results) {
        if (s.written + rows.length >= s.limit) break;
        const cells = columns.map(([, field]) =>
          field.split('.').reduce<unknown>((o, f) => (o as Record<string, unknown> | null | undefined)?.[f], result),
        );
        const k = key(cells);
        if (k && seen.has(k)) continue;
        if (k) seen.add(k);
        const row = Array<unknown>(width).fill('');
        cells.forEach((v, j) => (row[cols[j]! - 1] = safeCell(v)));
        rows.push(row);
      }
      if (rows.length) {
        appendBlock(sheet!, rows);
        s.written += rows.length;
      }
      if (results.length < 100) break;
      saveSearch(id, s);
    }
    s.end = 'Done.';
  } catch (e) {
    const f = failureOf(e);
    if (f === 'wait' || f === 'trouble' || f === 'quota') s.wait = (e as ProspectingError).retryAfter ?? 60;
    else s.end = sheetById(ss, s.sheetId) ? (e as Error).message : 'The sheet was deleted.';
  } finally {
    s.at = timeNow();
    saveSearch(id, s);
  }
  return s;
};

/**
 * The sidebar's one call for a search. With `input`: starts it, in place of any other of the
 * spreadsheet (the sidebar offers to cancel one going on first); with `stop` too, starts nothing
 * and answers how many match (the count shown before anything is written: one result asked for).
 * With `next` (the id of the search answered before): goes on with it for a while, or (`stop`)
 * cancels it; once it has ended, selects the rows it wrote (for "Enrich these people"). With
 * neither: how the spreadsheet's last search stands (null: none), e.g. one the trigger went on
 * with while the sidebar was closed.
 */
export const runSearch = (input?: SearchInput | null, next?: number, stop?: boolean): SearchRecord | number | null => {
  const ss = currentSpreadsheet();
  const id = ss.getId();
  if (input && stop) {
    const { kind, limit: _limit, active: _active, ...body } = readInput(input);
    return requireClient().search(kind, { ...body, page: 1, page_size: 1 }, [])._pagination.total;
  }
  return input || next
    ? withDocumentLock(() => {
        let s = input ? start(ss, input) : readSearch(id, true);
        if (!s || (!input && s.id !== next)) return s;
        if (s.end) {
          // The rows from the first it wrote to the sheet's last.
          const sheet = sheetById(ss, s.sheetId);
          if (!sheet) fail(`The sheet "${s.name}" was deleted.`);
          if (s.written) sheet.getRange(`${s.first}:${sheet.getLastRow()}`).activate();
          return s;
        }
        if (stop) saveSearch(id, ((s.end = 'Canceled.'), s));
        else s = step(ss, s, timeNow() + TOOL_BUDGET_MS);
        // Once the sidebar is closed, the time-driven trigger goes on with it.
        if (!s.end) ensureSomeTrigger(ss);
        return s;
      })
    : readSearch(id, true);
};

/**
 * The time-driven trigger's share, after the jobs: a search the sidebar is not stepping goes on
 * until `deadline` (one saved moments ago has a sidebar stepping it).
 */
export const continueSearch = (ss: Spreadsheet, deadline: number): void => {
  const s = readSearch(ss.getId());
  if (s && !s.end && timeNow() - s.at > 30 * 1000) step(ss, s, deadline);
};
