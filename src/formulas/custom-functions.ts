// Custom functions: company and person lookups, job openings, and their header rows; lasting
// answers are returned, lookups not made yet throw their reason.
import { max, min } from '../base/numbers';
import { isString } from '../base/is-string';
import type { ProspectingClient } from '../api/client';
import { errorText, fail } from '../base/fail';
import { ProspectingError, throwUnlessProspecting } from '../api/errors';
import { schemas } from '../api/schemas';
import { JOB_SENIORITIES } from '../../contract/enumerations';
import type { ApiRequest } from '../api/transport';
import {
  CELL_MESSAGES,
  companyQuery,
  fieldsOf,
  headerLabels,
  inputsOf,
  oneCell,
  pendingMessage,
  personQuery,
  tooLargeMessage,
  transientMessage,
  verdictOf,
  worse,
  type Transient,
} from './cell-functions';
import { COMPANY_FIELDS, JOB_OPENING_HEADERS, jobOpeningCells, PERSON_FIELDS, type FieldDef } from '../sheet/fields';
import { cellText } from '../sheet/keys';
import { takeRequests, type RateBucket } from './lookup-budget';
import { fieldsVersion, queryKey, type CellValue, type Lasting } from './lookup-store';
import { keep, readKept, type Shown } from './kept-answers';
import { createClient } from '../gas/client-factory';
import { readConnection } from '../gas/key-store';
import { answerKey, readAnswer, readAnswers, saveAnswer, saveAnswers } from './lookup-cache';
import { timeNow } from '../gas/clock';
import { answersInSheets } from './sheet-answers';

/*
 * Sheets keeps a returned value until the inputs change, so only lasting answers are values; a
 * lookup that could not be made yet throws (the cell shows #ERROR! with the reason) and is
 * computed again on the next recalculation. A range is answered in one call from the cache,
 * fetching the rest in parallel groups within the shared per-minute budget, inside 30 seconds.
 */

/**
 * Requests per fetchAll. Small enough that a group whose fetchAll fails whole (one dropped
 * connection), and is then asked one request at a time, still ends inside the limit.
 */
const GROUP = 25;
/** No group starts past this time into the call (with the group's own time): Sheets stops it at 30 s. */
const SEND_UNTIL_MS = 20 * 1000;
/** What a group is expected to take until one has been timed. */
const FIRST_GROUP_MS = 3000;
/** Failures after which the rest of the call would fail the same way: stop sending. */
const STOPS: ReadonlySet<Transient> = new Set(['rate_limited', 'refused_key', 'no_credits', 'quota']);

type Row = CellValue[];

/**
 * A cell cannot wait: no retries and no sleeping. A passing fault throws, and the next
 * recalculation asks again.
 */
const clientOrReason = (): ProspectingClient | Transient => {
  const connection = readConnection();
  if (!connection) return 'no_key';
  return createClient(connection.apiKey, { retry: { maxAttempts: 1 } });
};

const cellValue = (v: unknown): CellValue =>
  v === null || v === undefined ? '' : isString(v) || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);

/** What a lookup function needs to know of its kind. */
interface LookupKind {
  fields: ReadonlyArray<FieldDef<unknown>>;
  /** What is sent for an input, or the cell's answer when nothing can be. */
  query: (input: string) => Record<string, string> | string;
  request: (c: ProspectingClient, q: Record<string, string>) => ApiRequest;
  schema: typeof schemas.CompanyLookup | typeof schemas.Person;
  bucket: RateBucket;
  /**
   * Rows not in the cache one range may look up: five minutes of the cells' budget, so a range
   * finishes in a few recalculations; a larger one belongs to the menu's run.
   */
  most: number;
  menuItem: string;
}

const LOOKUPS: Record<'company' | 'person', LookupKind> = {
  company: {
    fields: COMPANY_FIELDS,
    query: companyQuery,
    request: (c, q) => c.companyFindRequest(q),
    schema: schemas.CompanyLookup,
    bucket: 'default',
    most: 2000,
    menuItem: 'Enrich companies',
  },
  person: {
    fields: PERSON_FIELDS,
    query: personQuery,
    request: (c, q) => c.personFindRequest(q),
    schema: schemas.Person,
    bucket: 'people_find',
    most: 1500,
    menuItem: 'Enrich people',
  },
};

/**
 * Answers each distinct query as `shown` makes a cell of it: from the cache (a few getAll calls),
 * else kept in properties under `tag` (the kind and chosen fields), else fetched in groups, each
 * group's lasting answers cached before the next starts, and all of them kept at the end. Stops at the first reason that
 * would fail the rest too, when the budget is spent, or when time is short.
 */
const lookUp = (
  kind: keyof typeof LOOKUPS,
  queries: Map<string, Record<string, string>>,
  tag: string,
  shown: (a: Lasting) => Shown,
  needs: ReadonlyArray<string>,
): { answers: Map<string, Shown>; reason?: Transient } => {
  const started = timeNow();
  const def = LOOKUPS[kind];
  const ids = def.fields.map((f) => f.id);
  const answers = new Map<string, Shown>();
  for (const [q, a] of readAnswers(kind, ids, queries.keys())) answers.set(q, shown(a));
  const missing = () => [...queries.keys()].filter((q) => !answers.has(q));
  for (const [q, a] of readKept(tag, missing())) answers.set(q, a);
  // Answers a run paid for, where the spreadsheet holds them: copied, not bought again.
  const unknown = new Map(missing().map((q) => [q, queries.get(q)!]));
  for (const [q, a] of answersInSheets(kind, unknown, def.fields, needs)) answers.set(q, shown(a));
  const todo = missing();
  if (todo.length === 0) return { answers };
  // Decided before any request: a range too large is refused whole, not sent in part.
  if (todo.length > def.most) fail(tooLargeMessage(def.most, def.menuItem));
  const client = clientOrReason();
  if (isString(client)) return { answers, reason: client };
  /** The slowest group so far, claim and saving included: the next may take as long. */
  let slowest = 0;
  let reason: Transient | undefined;
  const fetched = new Map<string, Shown>();
  for (let next = 0; next < todo.length;) {
    const t0 = timeNow();
    if (t0 - started + (slowest || FIRST_GROUP_MS) > SEND_UNTIL_MS) {
      reason = worse(reason, 'time');
      break;
    }
    const granted = takeRequests(def.bucket, min(GROUP, todo.length - next));
    if (granted === 0) {
      reason = worse(reason, 'busy');
      break;
    }
    const group = todo.slice(next, (next += granted));
    const fresh = new Map<string, Lasting>();
    const sent: string[] = [];
    const requests: ApiRequest[] = [];
    for (const q of group) {
      try {
        requests.push(def.request(client, queries.get(q)!));
        sent.push(q);
      } catch {
        fresh.set(q, { message: CELL_MESSAGES.rejected });
      }
    }
    const results = requests.length ? client.sendMany(requests, def.schema()) : [];
    results.forEach((r, k) => {
      if (!(r instanceof ProspectingError)) {
        fresh.set(sent[k]!, { row: def.fields.map((f) => cellValue(f.get(r))) });
        return;
      }
      const v = verdictOf(r);
      if ('lasting' in v) fresh.set(sent[k]!, { message: v.lasting });
      else reason = worse(reason, v.transient);
    });
    saveAnswers(kind, ids, fresh);
    for (const [q, a] of fresh) fetched.set(q, shown(a));
    slowest = max(slowest, timeNow() - t0);
    if (reason && STOPS.has(reason)) break;
  }
  // Kept once, after the last group: its few property calls take none of the groups' time.
  keep(tag, fetched);
  for (const [q, a] of fetched) answers.set(q, a);
  return { answers, reason };
};

const fieldsOrMessage = <T>(all: ReadonlyArray<FieldDef<T>>, arg: unknown): Array<FieldDef<T>> | string => {
  try {
    return fieldsOf(all, arg);
  } catch (e) {
    return errorText(e);
  }
};

const lookupFunction = (kind: keyof typeof LOOKUPS, input: unknown, fields: unknown): Row[] | CellValue => {
  const def = LOOKUPS[kind];
  const chosen = fieldsOrMessage(def.fields, fields);
  if (isString(chosen)) return chosen;
  const at = chosen.map((f) => def.fields.indexOf(f));
  // The kind, the version of its fields, and the chosen fields' places, a character each.
  const tag = kind[0]! + fieldsVersion(def.fields.map((f) => f.id)) + String.fromCharCode(...at.map((j) => 48 + j));
  const { inputs, single } = inputsOf(input);
  const keys = inputs.map((x) => {
    const q = x ? def.query(x) : '';
    return isString(q) ? q : ([queryKey(q), q] as const);
  });
  const queries = new Map(keys.filter((k) => typeof k !== 'string'));
  const found = lookUp(
    kind,
    queries,
    tag,
    (a) => ('row' in a ? at.map((j) => a.row[j] ?? '') : a.message),
    chosen.map((f) => f.header),
  );
  let pending = 0;
  // Each input's answer: its row, or a message (an empty input's is empty).
  const answers = keys.map((key): Row | string => {
    if (isString(key)) return key;
    const a = found.answers.get(key[0]);
    if (a === undefined) pending++;
    return a ?? [];
  });
  if (pending > 0) {
    const reason = found.reason ?? 'failed';
    fail(single ? transientMessage(reason) : pendingMessage(reason, pending, inputs.filter(Boolean).length));
  }
  // A single cell shows its message alone, or one value, or one row; a range a message in the first column.
  if (!single) return answers.map((a) => (isString(a) ? [a, ...chosen.slice(1).map(() => '')] : a));
  const only = answers[0]!;
  return isString(only) ? only : only.length === 1 ? only[0]! : [only];
};

export const ENRICH_COMPANY = (domain: unknown, fields?: unknown): Row[] | CellValue => lookupFunction('company', domain, fields);

export const ENRICH_PERSON = (emailOrProfileUrl: unknown, fields?: unknown): Row[] | CellValue =>
  lookupFunction('person', emailOrProfileUrl, fields);

/** The header row for a lookup's chosen fields: `kind` is "company" or "person". */
export const PROSPECTING_HEADERS = (kind: unknown, fields?: unknown): Row[] | string => {
  const which = cellText(oneCell(kind, 'PROSPECTING_HEADERS kind')).toLowerCase();
  // Any other text finds no fields: an object's own built-in names have none either.
  const all = (LOOKUPS as Partial<Record<string, LookupKind>>)[which]?.fields;
  if (!all) return 'kind must be "company" or "person"';
  const chosen = fieldsOrMessage(all, fields);
  if (isString(chosen)) return chosen;
  return [headerLabels(chosen)];
};

/** `"remote; seniority: Senior, VP; department: revenue; function: sales"` */
type Seniority = (typeof JOB_SENIORITIES)[number];
type JobFilters = { seniorities?: Seniority[]; departments?: string[]; job_functions?: string[]; remote?: boolean };

export const parseJobFilters = (text: string): JobFilters | string => {
  const out: JobFilters = {};
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value = ''] = part.split(':').map((s) => s.trim());
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    switch ((name ?? '').toLowerCase()) {
      case 'remote':
        out.remote = value === '' || /^(true|yes)$/i.test(value);
        break;
      case 'seniority':
      case 'seniorities': {
        const bad = list.filter((s) => !(JOB_SENIORITIES as ReadonlyArray<string>).includes(s));
        if (bad.length) return `unknown seniority ${bad.join(', ')}`;
        out.seniorities = list as Seniority[];
        break;
      }
      case 'department':
      case 'departments':
        out.departments = list;
        break;
      case 'function':
      case 'functions':
        out.job_functions = list;
        break;
      default:
        return `unknown filter "${name}": use remote, seniority, department or function`;
    }
  }
  return out;
};

/** Pages of job openings one formula reads at most (100 each). */
const JOB_PAGES = 5;

export const JOB_OPENINGS = (domain: unknown, filters?: unknown): Row[] | string => {
  // One table of openings per call: a range of companies is refused, not answered by its first cell.
  const query = companyQuery(cellText(oneCell(domain, 'JOB_OPENINGS domain')));
  if (isString(query)) return query;
  const parsed = parseJobFilters(cellText(oneCell(filters, 'JOB_OPENINGS filters')));
  if (isString(parsed)) return parsed;
  const key = answerKey('pfs.jobs.', JSON.stringify([query, parsed]));
  const hit = readAnswer(key);
  if (hit) return JSON.parse(hit) as Row[];
  const client = clientOrReason();
  if (isString(client)) fail(transientMessage(client));
  const rows: Row[] = [JOB_OPENING_HEADERS];
  const started = timeNow();
  try {
    const pages = client.jobOpeningPages({ ...query, ...parsed }, 100)[Symbol.iterator]();
    for (let n = 0; n < JOB_PAGES; n++) {
      // Only a whole answer is an answer: a list cut short by the budget or the time is not.
      if (timeNow() - started > SEND_UNTIL_MS) fail(transientMessage('time'));
      if (takeRequests('default', 1) === 0) fail(transientMessage('busy'));
      const page = pages.next();
      if (page.done) break;
      for (const j of page.value.job_openings) rows.push(jobOpeningCells(j));
    }
  } catch (e) {
    throwUnlessProspecting(e);
    const v = verdictOf(e);
    if ('lasting' in v) return v.lasting;
    fail(transientMessage(v.transient));
  }
  if (rows.length === 1) rows.push(['no open jobs', '', '', '', '', '', '']);
  // A list too large for one cache value is still answered, only looked up again next time.
  saveAnswer(key, JSON.stringify(rows));
  return rows;
};
