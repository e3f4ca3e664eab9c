// Custom functions: company and person lookups, job openings, and their header rows. A range
// is answered in one call, fetching in parallel groups; answers are cached so recalculating,
// sorting or reopening the sheet spends no credits and no fetch quota again.
import type { ProspectingClient } from '../api/client';
import { ProspectingError } from '../api/errors';
import { CompanyLookupSchema, JOB_SENIORITIES, PersonSchema } from '../api/schemas';
import type { ApiRequest } from '../api/transport';
import {
  CELL_MESSAGES,
  cellMessage,
  companyQuery,
  fieldsOf,
  headerLabels,
  inputsOf,
  isLastingAnswer,
  personQuery,
} from '../sheet/cell-functions';
import { COMPANY_FIELDS, PERSON_FIELDS, type FieldDef } from '../sheet/fields';
import { cellText } from '../sheet/keys';
import { createClient } from '../gas/client-factory';
import { readConnection } from '../gas/key-store';

/** Requests per fetchAll. */
const GROUP = 50;
/**
 * Lookups one call may send: the service allows 350 `/people/find` and 500 other requests a
 * minute, and one call runs well inside a minute. The rest of a larger range waits for the
 * next recalculation, when the answered rows come from the cache.
 */
const PER_CALL = { company: 500, person: 350 } as const;
/** Stop starting new groups after this long; Sheets cuts a custom function off at 30 s. */
const BUDGET_MS = 22 * 1000;
const CACHE_SECONDS = 6 * 60 * 60;

type Row = Array<string | number | boolean>;
type Lookup = { value: unknown } | { error: string };

function cache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getUserCache();
}

function cacheKey(kind: string, query: object): string {
  const digest = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, `${kind}|${JSON.stringify(query)}`);
  return `pfs.${kind}.${Utilities.base64EncodeWebSafe(digest)}`;
}

function clientOrMessage(): ProspectingClient | string {
  const connection = readConnection();
  if (!connection) return CELL_MESSAGES.noKey;
  // A cell waits for its answer: a short retry budget, inside the 30 s limit.
  return createClient(connection.apiKey, { retry: { maxAttempts: 3, budgetMs: 8000, maxDelayMs: 4000 } });
}

/**
 * Looks up each query once: cached answers first (one getAll), the rest in groups with
 * fetchAll, storing found answers and lasting misses (one putAll per group).
 */
function lookupAll(kind: 'company' | 'person', queries: Array<object | undefined>, makeRequest: (c: ProspectingClient, q: object) => ApiRequest): Lookup[] | string {
  const out: Lookup[] = new Array(queries.length);
  const keys = queries.map((q) => (q ? cacheKey(kind, q) : ''));
  const store = cache();
  const cached = store.getAll(keys.filter(Boolean));
  const pending = new Map<string, number[]>();
  queries.forEach((q, i) => {
    if (!q) return;
    const hit = cached[keys[i]!];
    if (hit) out[i] = JSON.parse(hit) as Lookup;
    else pending.set(keys[i]!, [...(pending.get(keys[i]!) ?? []), i]);
  });
  if (pending.size === 0) return out;
  const client = clientOrMessage();
  if (typeof client === 'string') return client;
  const schema = kind === 'company' ? CompanyLookupSchema : PersonSchema;
  const todo = [...pending.entries()];
  for (const [, rows] of todo.splice(PER_CALL[kind])) for (const i of rows) out[i] = { error: CELL_MESSAGES.tooMany };
  const started = Date.now();
  for (let g = 0; g < todo.length; g += GROUP) {
    const group = todo.slice(g, g + GROUP);
    if (Date.now() - started > BUDGET_MS) {
      for (const [, rows] of group) for (const i of rows) out[i] = { error: 'not looked up in time: recalculate to finish' };
      continue;
    }
    const answers = client.sendMany(group.map(([, rows]) => makeRequest(client, queries[rows[0]!]!)), schema);
    const toCache: Record<string, string> = {};
    answers.forEach((answer, k) => {
      const [key, rows] = group[k]!;
      const lookup: Lookup = answer instanceof ProspectingError ? { error: cellMessage(answer) } : { value: answer };
      for (const i of rows) out[i] = lookup;
      if (!(answer instanceof ProspectingError) || isLastingAnswer(answer)) toCache[key] = JSON.stringify(lookup);
    });
    if (Object.keys(toCache).length) store.putAll(toCache, CACHE_SECONDS);
  }
  return out;
}

function rowsFor<T>(inputs: string[], lookups: Lookup[] | string, fields: Array<FieldDef<T>>, invalid: string): Row[] {
  const blank = (): Row => fields.map(() => '');
  const message = (text: string): Row => [text, ...fields.slice(1).map(() => '')];
  return inputs.map((input, i) => {
    if (!input) return blank();
    if (typeof lookups === 'string') return message(lookups);
    const lookup = lookups[i];
    if (!lookup) return message(invalid);
    if ('error' in lookup) return message(lookup.error);
    return fields.map((f) => {
      const v = f.get(lookup.value as T);
      return v === null || v === undefined ? '' : (v as string | number | boolean);
    });
  });
}

/** A single cell's answer: its message alone when it has no data, else one row. */
function answer(rows: Row[], single: boolean, lookups: Lookup[] | string, invalid: string): Row[] | string {
  if (!single) return rows;
  if (typeof lookups === 'string') return lookups;
  const only = lookups[0];
  if (!only) return rows[0]!.every((c) => c === '') ? '' : invalid;
  if ('error' in only) return only.error;
  return rows[0]!.length === 1 ? (rows[0]![0] as string) : rows;
}

function fieldsOrMessage<T>(all: ReadonlyArray<FieldDef<T>>, arg: unknown): Array<FieldDef<T>> | string {
  try {
    return fieldsOf(all, arg);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** What a lookup function needs to know of its kind. */
const LOOKUPS = {
  company: {
    fields: COMPANY_FIELDS as ReadonlyArray<FieldDef<unknown>>,
    query: companyQuery,
    request: (c: ProspectingClient, q: object) => c.companyFindRequest(q),
    invalid: CELL_MESSAGES.badInput,
  },
  person: {
    fields: PERSON_FIELDS as ReadonlyArray<FieldDef<unknown>>,
    query: personQuery,
    request: (c: ProspectingClient, q: object) => c.personFindRequest(q),
    invalid: CELL_MESSAGES.badPersonInput,
  },
} as const;

function lookupFunction(kind: keyof typeof LOOKUPS, input: unknown, fields: unknown): Row[] | string {
  const def = LOOKUPS[kind];
  const chosen = fieldsOrMessage(def.fields, fields);
  if (typeof chosen === 'string') return chosen;
  const { inputs, single } = inputsOf(input);
  const lookups = lookupAll(kind, inputs.map((x) => (x ? def.query(x) : undefined)), def.request);
  return answer(rowsFor(inputs, lookups, chosen, def.invalid), single, lookups, def.invalid);
}

export function ENRICH_COMPANY(domain: unknown, fields?: unknown): Row[] | string {
  return lookupFunction('company', domain, fields);
}

export function ENRICH_PERSON(emailOrProfileUrl: unknown, fields?: unknown): Row[] | string {
  return lookupFunction('person', emailOrProfileUrl, fields);
}

/** The header row for a lookup's chosen fields: `kind` is "company" or "person". */
export function PROSPECTING_HEADERS(kind: unknown, fields?: unknown): Row[] | string {
  const which = cellText(kind).toLowerCase();
  const all = which === 'company' ? COMPANY_FIELDS : which === 'person' ? PERSON_FIELDS : undefined;
  if (!all) return 'kind must be "company" or "person"';
  const chosen = fieldsOrMessage(all as ReadonlyArray<FieldDef<unknown>>, fields);
  if (typeof chosen === 'string') return chosen;
  return [headerLabels(chosen)];
}

const JOB_HEADER: Row = ['Title', 'Location', 'Seniorities', 'Departments', 'Job functions', 'First seen', 'URL'];

/** `"remote; seniority: Senior, VP; department: revenue; function: sales"` */
type Seniority = (typeof JOB_SENIORITIES)[number];
type JobFilters = { seniorities?: Seniority[]; departments?: string[]; job_functions?: string[]; remote?: boolean };

export function parseJobFilters(text: string): JobFilters | string {
  const out: JobFilters = {};
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, value = ''] = part.split(':').map((s) => s.trim());
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
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
}

export function JOB_OPENINGS(domain: unknown, filters?: unknown): Row[] | string {
  const input = cellText(Array.isArray(domain) ? domain[0]?.[0] : domain);
  const query = companyQuery(input);
  if (!query) return CELL_MESSAGES.badInput;
  const parsed = parseJobFilters(cellText(filters));
  if (typeof parsed === 'string') return parsed;
  const key = cacheKey('jobs', { ...query, ...parsed });
  const store = cache();
  const hit = store.get(key);
  if (hit) return JSON.parse(hit) as Row[];
  const client = clientOrMessage();
  if (typeof client === 'string') return client;
  const rows: Row[] = [JOB_HEADER];
  try {
    let pages = 0;
    for (const page of client.jobOpeningPages({ ...query, ...parsed }, 100)) {
      for (const j of page.job_openings) {
        rows.push([j.title, j.raw_location ?? '', j.seniorities.join(', '), j.departments.join(', '), j.job_functions.join(', '), j.first_seen_at, j.url]);
      }
      if (++pages >= 5) break;
    }
  } catch (e) {
    return cellMessage(e);
  }
  if (rows.length === 1) rows.push(['no open jobs', '', '', '', '', '', '']);
  const text = JSON.stringify(rows);
  if (text.length < 90000) store.put(key, text, CACHE_SECONDS);
  return rows;
}
