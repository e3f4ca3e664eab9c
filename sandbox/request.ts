// Reading a LocalRequest: the path, its query (brackets raw or percent-encoded), the bearer key
// and the JSON body (declared as JSON and parsing), each failing with the spec's error object.
import { ApiError, invalidParameter, unsupported } from './errors';

/** Query values by decoded name; a name given several times (or as `name[]`) keeps every value. */
export type QueryParams = Map<string, string[]>;

export interface ParsedTarget {
  path: string;
  query: QueryParams;
}

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(400, 'invalid_parameter', `The query ${what} "${part}" is not valid percent-encoding`);
  }
}

export function parseTarget(target: string): ParsedTarget {
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? '' : target.slice(q + 1);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new ApiError(404, 'not_found', 'No such path');
  }
  const query: QueryParams = new Map();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq), 'name');
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1), 'value');
    const list = query.get(name);
    if (list) list.push(value);
    else query.set(name, [value]);
  }
  return { path, query };
}

/** The pointer a query parameter is reported under: `page[after]` becomes `/page/after`. */
function queryPointer(name: string): string {
  return '/' + name.replace(/\[\]$/, '').replace(/\[([^\]]*)\]/g, '/$1');
}

/** A single-valued parameter; given twice it is ambiguous and refused. */
export function queryString(query: QueryParams, name: string): string | undefined {
  const values = query.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw invalidParameter(queryPointer(name), `${name} was given more than once`);
  return values[0];
}

/** A list parameter: accepts `name[]=a&name[]=b`, `name=a&name=b` and `name=a,b`. */
export function queryList(query: QueryParams, name: string): string[] | undefined {
  const values = [...(query.get(`${name}[]`) ?? []), ...(query.get(name) ?? [])];
  if (values.length === 0) return undefined;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function queryBoolean(query: QueryParams, name: string): boolean | undefined {
  const value = queryString(query, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalidParameter(queryPointer(name), `${name} must be true or false`);
}

export function bearerKey(headers: Record<string, string>): string | undefined {
  const auth = headers['authorization'];
  if (!auth) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
  return m ? m[1]?.trim() : undefined;
}

/** Whether a Content-Type header names JSON: `application/json`, in any case, in UTF-8 if a charset is given. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type = '', ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * A request's body, parsed once for every route: none (undefined) when it is empty; otherwise it
 * must be declared `application/json` and parse, else 400 `unsupported_value` for the whole body.
 */
export function readJsonBody(headers: Record<string, string>, body: string): unknown {
  if (body === '') return undefined;
  const type = headers['content-type'];
  if (!isJsonContentType(type)) {
    throw unsupported(
      '',
      type === undefined
        ? 'The body has no Content-Type; send it as application/json'
        : `The body is ${JSON.stringify(type)}; send it as application/json`,
    );
  }
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body);
  } catch (e) {
    throw unsupported('', `The body is not valid JSON: ${(e as Error).message}`);
  }
}

/** The parsed body as a JSON object; no body and non-objects are `unsupported_value`. */
export function jsonObjectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) throw unsupported('', 'The request needs a JSON object body');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw unsupported('', 'The body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
